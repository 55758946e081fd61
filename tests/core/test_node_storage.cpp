// A game's node storage: move texts held inline or on the heap, and nodes
// in chunks that never move, so that a long game grows without a copy.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "xqrec/core/game.h"

using namespace xq;

TEST_CASE("move text: short texts inline, long ones on the heap, copies apart", "[game]") {
  MoveText a("炮二平五");  // 12 bytes of UTF-8
  CHECK(a == "炮二平五");
  CHECK_FALSE(a.on_heap());
  const std::string long_text(40, 'x');
  MoveText b(long_text);
  CHECK(b.on_heap());
  CHECK(b == long_text);
  CHECK(b.heap_bytes() == 40);
  MoveText c = b;
  c = "h2e2";
  CHECK(b == long_text);
  CHECK(c == "h2e2");
  CHECK_FALSE(c.on_heap());
  MoveText d = std::move(b);
  CHECK(d == long_text);
  CHECK(b.empty());  // NOLINT: moved from, empty
  // A part of itself.
  c = c.view().substr(1);
  CHECK(c == "2e2");
  // Every length, over a shorter and a longer text.
  const std::string letters = "abcdefghijklmnopqrstuvwxyz";
  for (std::size_t n = 0; n <= 20; ++n) {
    const std::string_view s = std::string_view(letters).substr(0, n);
    MoveText t("previous");
    t.assign(s);
    CHECK(t.view() == s);
    t.assign(letters);
    t.assign(s);
    CHECK(t.view() == s);
  }
}

TEST_CASE("chunked vector: nodes stay where they are as the game grows", "[game]") {
  ChunkedVector<int, 4> v;  // chunks of 16
  std::vector<const int*> where;
  for (int i = 0; i < 100; ++i) {
    v.emplace_back(i);
    if (i >= 16) where.push_back(&v[std::size_t(i)]);  // the first chunk grows as a vector does
  }
  REQUIRE(v.size() == 100);
  for (int i = 16; i < 100; ++i) CHECK(&v[std::size_t(i)] == where[std::size_t(i - 16)]);
  int expected = 0;
  for (int x : v) CHECK(x == expected++);
  CHECK(expected == 100);
  CHECK(v.back() == 99);
  v.resize(20);
  CHECK(v.size() == 20);
  CHECK(v.capacity() == 32);  // the chunks past the second are freed
  v.resize(23);
  CHECK(v[22] == 0);
  ChunkedVector<int, 4> moved = std::move(v);
  CHECK(moved.size() == 23);
  CHECK(v.empty());  // NOLINT: moved from, empty
  v.emplace_back(7);
  CHECK(v[0] == 7);
}

TEST_CASE("game node: 56 bytes, its text and its one child inline", "[game]") {
  CHECK(sizeof(GameNode) == 56);
  GameRecord r;
  GameNode n;
  n.text = "h2e2";
  const NodeId id = r.add_child(r.root(), n);
  CHECK(r.node(id).text == "h2e2");
  CHECK(r.nodes.size() == 2);
}

TEST_CASE("node children: one inline, more in a block, back to inline", "[game]") {
  NodeChildren c;
  CHECK(c.empty());
  CHECK(c.size() == 0);
  c.push_back(7);
  CHECK(c.size() == 1);
  CHECK(c.front() == 7);
  for (NodeId id = 8; id < 20; ++id) c.push_back(id);
  REQUIRE(c.size() == 13);
  for (std::size_t i = 0; i < c.size(); ++i) CHECK(c[i] == NodeId(7 + i));
  NodeChildren copy = c;
  NodeChildren moved = std::move(c);
  CHECK(c.empty());  // NOLINT: moved from, empty
  CHECK(moved.size() == 13);
  while (copy.size() > 1) copy.erase(copy.begin());
  CHECK(copy.size() == 1);
  CHECK(copy.front() == 19);
  copy.erase(copy.begin());
  CHECK(copy.empty());
  moved.clear();
  CHECK(moved.empty());
  moved.push_back(3);
  CHECK(moved[0] == 3);
}
