// A game's node storage: move texts held inline or on the heap, and nodes
// in chunks that never move, so that a long game grows without a copy.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "xqrec/core/game.h"
#include "xqrec/core/node_locations.h"

using namespace xq;

TEST_CASE("move text: short texts inline, long ones on the heap, copies apart", "[game]") {
  MoveText a("炮二平五");  // 12 bytes of UTF-8: the most held inline
  CHECK(a == "炮二平五");
  CHECK_FALSE(a.on_heap());
  MoveText thirteen("炮二平五+");
  CHECK(thirteen.on_heap());
  CHECK(thirteen == "炮二平五+");
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

TEST_CASE("chunked vector: elements kept made past the size serve again, with values anew", "[game]") {
  const auto name = [](std::size_t i) {  // "s0", "s1" ...
    std::string s(1, 's');
    s += std::to_string(i);
    return s;
  };
  ChunkedVector<std::string, 2, true> v;  // chunks of 4, elements kept made
  for (std::size_t i = 0; i < 10; ++i) v.emplace_back(name(i));
  v.truncate_keeping(3);
  CHECK(v.size() == 3);
  CHECK(v.made() == 10);
  CHECK(v.back() == "s2");  // the last of the size, not of the elements made
  {
    const ChunkedVector<std::string, 2, true> copy = v;  // the size's elements only
    CHECK(copy.size() == 3);
    CHECK(copy.made() == 3);
    CHECK(copy.back() == "s2");
    ChunkedVector<std::string, 2, true> assigned;
    assigned.emplace_back("x");
    assigned = v;
    CHECK(assigned.made() == 3);
    CHECK(assigned[0] == "s0");
  }
  std::size_t seen = 0;
  for (const std::string& s : v) CHECK(s == name(seen++));
  CHECK(seen == 3);
  // reuse_back: the next element as it was, now part of the sequence.
  std::string* r = v.reuse_back();
  REQUIRE(r);
  CHECK(*r == "s3");
  CHECK(&v[3] == r);
  CHECK(v.size() == 4);
  // emplace_back over a kept element: its new value, at the next index.
  CHECK(v.emplace_back("new") == "new");
  CHECK(v.size() == 5);
  CHECK(v[4] == "new");
  CHECK(v.back() == "new");
  CHECK(v.made() == 10);
  // The chunks past the one of the last element go, with what they kept.
  v.free_unused_chunks();
  CHECK(v.made() == 8);
  CHECK(v.capacity() == 8);
  CHECK(v[7] == "s7");
  // Growing assigns the kept ones a value-initialised element, then makes new.
  v.resize(9);
  CHECK(v.size() == 9);
  CHECK(v.made() == 9);
  CHECK(v[5] == "");
  CHECK(v[7] == "");
  CHECK(v[8] == "");
  // A shrinking resize keeps nothing made past it.
  v.truncate_keeping(2);
  v.resize(1);
  CHECK(v.made() == 1);
  CHECK(v.reuse_back() == nullptr);
  CHECK(v.size() == 1);
  // A move carries the kept elements; clear keeps none.
  v.emplace_back("a");
  v.emplace_back("b");
  v.truncate_keeping(1);
  ChunkedVector<std::string, 2, true> moved = std::move(v);
  CHECK(moved.size() == 1);
  CHECK(moved.made() == 3);
  CHECK(v.made() == 0);  // NOLINT: moved from, empty
  r = moved.reuse_back();
  REQUIRE(r);
  CHECK(*r == "a");
  moved.clear();
  CHECK(moved.made() == 0);
  CHECK(moved.reuse_back() == nullptr);
}

TEST_CASE("game node: 28 bytes, its text and its one child inline, its location the record's", "[game]") {
  CHECK(sizeof(GameNode) == 28);
  GameRecord r;
  GameNode n;
  n.text = "h2e2";
  const NodeId id = r.add_child(r.root(), n, {120, 7, 3});
  CHECK(r.node(id).text == "h2e2");
  CHECK(r.nodes.size() == 2);
  CHECK(r.where(id) == SourceLocation{120, 7, 3});
  CHECK(r.where(r.root()) == SourceLocation{});
  const NodeId unlocated = r.add_child(id, n);
  CHECK(r.where(unlocated) == SourceLocation{});
  CHECK(r.where(id) == SourceLocation{120, 7, 3});
}

TEST_CASE("node locations: every value back exactly, a few bytes a node", "[game]") {
  std::vector<SourceLocation> want;
  // A text game's moves: a few bytes apart, 20 a line (every form: the
  // same columns on, fewer, more, none, 127 and 128 bytes).
  for (std::uint32_t i = 0; i < 5000; ++i)
    want.push_back({1000 + std::uint64_t(i) * 9, 3 + i / 20, 1 + (i % 20) * 9});
  for (std::uint32_t i = 0; i < 200; ++i)
    want.push_back({50000 + std::uint64_t(i) * 13 + (i % 7 == 0 ? 114 : 0) + (i % 11 == 0 ? 243 : 0), 400,
                    1 + i * 5 + (i % 3 == 0 ? 59 : 0) + (i % 13 == 0 ? 300 : 0)});
  for (std::uint32_t i = 0; i < 200; ++i)  // a move pair a line, and lines past
    want.push_back({60000 + std::uint64_t(i) * 9 + (i % 7 == 0 ? 240 : 0), 500 + i / 2 + (i % 9 == 0 ? 2 : 0),
                    std::uint32_t(i % 2 ? 9 : 1 + (i % 5 == 0 ? 60 : 0))});
  want.push_back(want.back());
  // Any values (a JSON game gives its own): backwards, the largest, zero.
  const std::uint64_t big = ~std::uint64_t{0};
  for (SourceLocation s : {SourceLocation{big, 0xFFFFFFFFu, 0xFFFFFFFFu}, SourceLocation{}, SourceLocation{5, 1, 1},
                           SourceLocation{big - 1, 2, 0xFFFFFFFFu}, SourceLocation{0, 0xFFFFFFFFu, 0}})
    for (int k = 0; k < 20; ++k) want.push_back(s);
  std::uint64_t x = 88172645463325252ull;  // xorshift: the same every run
  for (int i = 0; i < 3000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    want.push_back({x, std::uint32_t(x >> 32) >> (i % 32), std::uint32_t(x) >> (i % 29)});
  }
  NodeLocations l;
  for (const SourceLocation& s : want) l.push_back(s);
  REQUIRE(l.size() == want.size());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < want.size(); ++i) wrong += !(l[i] == want[i]);
  CHECK(wrong == 0);
  CHECK(l[want.size()] == SourceLocation{});  // past the end: none
  // The text game's part: about a byte and a half a node (and room to
  // grow), not 16.
  NodeLocations text_game;
  for (std::size_t i = 0; i < 5000; ++i) text_game.push_back(want[i]);
  CHECK(text_game.bytes() < 5000 * 3);
  // Copied and moved whole; what is moved from is empty.
  NodeLocations copy = text_game;
  NodeLocations moved = std::move(text_game);
  CHECK(text_game.size() == 0);  // NOLINT: moved from, empty
  for (std::size_t i = 0; i < 5000; i += 7) wrong += !(copy[i] == want[i]) + !(moved[i] == want[i]);
  // One changed in the middle; cut at every remainder of the 16.
  l.set(17, {1, 2, 3});
  want[17] = {1, 2, 3};
  for (std::size_t i = 0; i < want.size(); ++i) wrong += !(l[i] == want[i]);
  CHECK(wrong == 0);
  for (std::size_t cut : {std::size_t(6000), std::size_t(5001), std::size_t(4096), std::size_t(33), std::size_t(1)}) {
    l.resize(cut);
    REQUIRE(l.size() == cut);
    for (std::size_t i = 0; i < cut; ++i) wrong += !(l[i] == want[i]);
    l.push_back({9, 9, 9});
    CHECK(l[cut] == SourceLocation{9, 9, 9});
    l.resize(cut);
  }
  CHECK(wrong == 0);
  l.resize(3);
  CHECK(l[2] == SourceLocation{});  // grown: unknown locations
  l.clear();
  CHECK(l.size() == 0);
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

TEST_CASE("node children: notes out of line with the variations, each kept when the other changes", "[game]") {
  GameNode n;
  n.children.push_back(5);
  n.edit_notes().comment_after = "after";  // a block for one child and notes
  CHECK(n.children.size() == 1);
  CHECK(n.children.front() == 5);
  for (NodeId id = 6; id < 40; ++id) n.children.push_back(id);  // grown twice and more, the notes moved along
  CHECK(n.children.size() == 35);
  CHECK(n.comment_after() == "after");
  while (n.children.size() > 1) n.children.erase(n.children.begin());
  CHECK(n.children.front() == 39);
  CHECK(n.comment_after() == "after");  // erasing variations keeps the notes
  n.children.clear();
  CHECK(n.children.empty());
  CHECK(n.comment_after() == "after");  // so does clearing the children
  n.children.push_back(8);
  CHECK(n.children.size() == 1);
  CHECK(n.children[0] == 8);
  // A copy carries both; emptied notes are not copied.
  GameNode copy = n;
  CHECK(copy.comment_after() == "after");
  CHECK(copy.children.front() == 8);
  n.clear_notes();
  CHECK(n.comment_after().empty());
  CHECK(copy.comment_after() == "after");
  GameNode plain = n;
  CHECK(plain.children.size() == 1);
  CHECK(plain.comment_after().empty());
  // Notes alone (no child: a variation's last move, or the root of a game
  // without moves), NAGs, and a comment too long to keep when cleared.
  GameNode last;
  last.edit_notes().nags.push_back(14);
  last.edit_notes().comment_before = std::string(300, 'c');
  CHECK(last.children.empty());
  CHECK(last.nags() == std::vector<int>{14});
  last.clear_notes();
  CHECK(last.nags().empty());
  CHECK(last.comment_before().empty());
  CHECK(last.children.empty());
  last.children.push_back(2);
  last.children.push_back(3);
  CHECK(last.children.size() == 2);
  CHECK(last.comment_before().empty());
  // A move carries both and leaves the moved-from node empty.
  GameNode moved = std::move(copy);
  CHECK(moved.comment_after() == "after");
  CHECK(moved.children.front() == 8);
  CHECK(copy.children.empty());  // NOLINT: moved from, empty
  CHECK(copy.comment_after().empty());  // NOLINT
  // Assigning replaces both.
  moved = last;
  CHECK(moved.children.size() == 2);
  CHECK(moved.comment_after().empty());
}

TEST_CASE("game record: a game at the move bound with comments, NAGs, variations and a long text, copied whole",
          "[game]") {
  // 2^20 nodes: a main line with a comment, a NAG and a one-move variation
  // every 1000th move, and one unreadable token of 64 KiB as a move's text.
  GameRecord r;
  NodeId at = r.root();
  const std::string token(std::size_t(64) << 10, 'z');
  std::size_t variations = 0;
  while (r.nodes.size() < (std::size_t(1) << 20)) {
    GameNode n;
    const std::size_t k = r.nodes.size();
    n.text = k == 777 ? std::string_view(token) : std::string_view("h2e2");
    const NodeId id = r.add_child(at, std::move(n));
    if (k % 1000 == 0 && r.nodes.size() < (std::size_t(1) << 20)) {
      r.node(id).edit_notes().comment_after = "note " + std::to_string(k);
      r.node(id).edit_notes().nags.push_back(int(k % 7));
      GameNode alt;
      alt.text = "b2e2";
      r.add_child(at, std::move(alt));  // a variation to this move
      ++variations;
    }
    at = id;
  }
  REQUIRE(r.nodes.size() == std::size_t(1) << 20);
  const GameRecord copy = r;
  std::size_t notes = 0, branching = 0;
  for (NodeId id = 0; id < NodeId(copy.nodes.size()); ++id) {
    const GameNode& a = r.node(id);
    const GameNode& b = copy.node(id);
    REQUIRE(a.text == b.text);
    REQUIRE(a.parent == b.parent);
    REQUIRE(std::vector<NodeId>(a.children.begin(), a.children.end()) ==
            std::vector<NodeId>(b.children.begin(), b.children.end()));
    REQUIRE(a.comment_after() == b.comment_after());
    REQUIRE(a.nags() == b.nags());
    notes += !b.comment_after().empty();
    branching += b.children.size() > 1;
  }
  CHECK(notes == variations);
  CHECK(branching == variations);
  CHECK(copy.node(777).text.size() == token.size());  // before the first variation: node k is move k
  CHECK(copy.node(777).text.on_heap());
}
