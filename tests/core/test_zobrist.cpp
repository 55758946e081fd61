#include <catch2/catch.hpp>
#include <set>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"

TEST_CASE("keys depend on the side to move and on every piece", "[zobrist]") {
  const auto red = xq::parse_fen("3k5/9/9/9/9/9/9/9/9/4K4 w");
  const auto black = xq::parse_fen("3k5/9/9/9/9/9/9/9/9/4K4 b");
  CHECK(xq::Position(*red).key() != xq::Position(*black).key());
  // All positions one move from the start have distinct keys.
  xq::Position pos;
  xq::MoveList moves;
  pos.generate_legal(moves);
  std::set<std::uint64_t> keys;
  for (xq::Move m : moves) {
    xq::Undo u;
    pos.make(m, u);
    keys.insert(pos.key());
    pos.undo(m, u);
  }
  CHECK(keys.size() == moves.size());
}

TEST_CASE("transpositions reach the same key", "[zobrist]") {
  auto play = [](std::initializer_list<const char*> line) {
    xq::Position pos;
    for (const char* t : line) {
      const xq::Move m = *xq::parse_iccs(t);
      REQUIRE(pos.is_legal(m));
      xq::Undo u;
      pos.make(m, u);
    }
    return pos;
  };
  const auto a = play({"h2e2", "h9g7", "b0c2", "b9c7"});
  const auto b = play({"b0c2", "b9c7", "h2e2", "h9g7"});
  CHECK(a.key() == b.key());
  CHECK(a.key() == a.compute_key());
}
