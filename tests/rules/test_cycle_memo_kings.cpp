// The answers kept while a cycle is judged (cycle_memo.h) are of the board,
// the side to move AND the kings the position tracks: with two kings of a
// colour (a relaxed set-up) the same board (the same Zobrist key) tracks the
// first king found when read from a FEN, the one that moved there when
// reached by moves, and a mate in one is a mate of the tracked king.
#include <catch2/catch.hpp>

#include "xqrec/core/fen.h"
#include "xqrec/core/rules/exchange.h"

#include "cycle_memo.h"

using namespace xq;
using namespace xq::rules;

namespace {

Position from_fen(const char* fen) {
  auto setup = parse_fen(fen);
  REQUIRE(setup);
  return Position(*setup);
}

}  // namespace

TEST_CASE("a kept mate-in-one answer is of the position's tracked kings too", "[rules][exchange]") {
  // Black kings on d7 (the first found, tracked) and f7, a black pawn on e8;
  // Red: king e0 behind an advisor, a rook on c1. Black's d7 king steps to d8
  // and stays the tracked one; the same board read from a FEN tracks f7.
  Position moved = from_fen("9/4p4/3k1k3/9/9/9/9/9/2R1A4/4K4 b");
  REQUIRE(moved.king(Color::Black) == Square(3, 7));
  Undo u;
  moved.make_legal(Move(Square(3, 7), Square(3, 8)), u);
  const Position read = from_fen("9/3kp4/5k3/9/9/9/9/9/2R1A4/4K4 r");
  REQUIRE(moved.key() == read.key());
  REQUIRE(moved.king(Color::Black) == Square(3, 8));
  REQUIRE(read.king(Color::Black) == Square(5, 7));
  // Rc1-d1 mates the d8 king (d7, d9 on the file, e8 its own pawn); the f7
  // king has e7 after Rc1-f1 and f8 after Rc1-c7.
  for (const bool moved_first : {true, false}) {
    INFO("asked first: " << (moved_first ? "the moved-to position" : "the one read"));
    const rules::detail::CycleMemoScope scope;
    Position a = moved_first ? moved : read, b = moved_first ? read : moved;
    const bool a_mate = has_mate_in_one(a), b_mate = has_mate_in_one(b);
    CHECK(a_mate == moved_first);
    CHECK(b_mate == !moved_first);
  }
}
