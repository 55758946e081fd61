// The left-right mirror of squares, moves and set-ups.
#include <catch2/catch.hpp>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/mirror.h"

using namespace xq;

TEST_CASE("mirror: files swap a<->i and b<->h and so on while the e-file and the rank stay", "[mirror]") {
  CHECK(mirrored(Square(0, 0)) == Square(8, 0));
  CHECK(mirrored(Square(1, 9)) == Square(7, 9));
  CHECK(mirrored(Square(4, 5)) == Square(4, 5));
  CHECK(mirrored(Square(3, 2)) == Square(5, 2));
  CHECK(mirrored(Square::none()) == Square::none());
  for (int i = 0; i < kSquares; ++i) CHECK(mirrored(mirrored(Square(i))) == Square(i));
}

TEST_CASE("mirror: a move mirrors both squares and none stays none", "[mirror]") {
  CHECK(to_iccs(mirrored(Move(Square(7, 2), Square(4, 2)))) == "b2e2");  // h2e2 -> b2e2
  CHECK(to_iccs(mirrored(Move(Square(4, 3), Square(4, 4)))) == "e3e4");  // the e-file maps to itself
  CHECK(mirrored(Move::none()).is_none());
}

TEST_CASE("mirror: the start position is its own mirror but an asymmetric set-up is not", "[mirror]") {
  CHECK(mirrored(Setup::start()) == Setup::start());
  Setup s = Setup::start();
  s.put(Square(0, 0), Piece());  // no rook on a0
  const Setup m = mirrored(s);
  CHECK(m != s);
  CHECK(m.at(Square(8, 0)).empty());
  CHECK(m.at(Square(0, 0)) == Piece(Color::Red, PieceType::Rook));
  CHECK(mirrored(m) == s);
}
