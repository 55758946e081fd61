// check_move: the reason for every kind of illegal move.
#include <catch2/catch.hpp>

#include <random>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"
#include "make_if_legal_check.h"

using xq::MoveError;

namespace {

xq::Position at(std::string_view fen) {
  const auto s = xq::parse_fen(fen);
  REQUIRE(s.ok());
  return xq::Position(*s);
}

MoveError why(const xq::Position& pos, std::string_view iccs) {
  const auto m = xq::parse_iccs(iccs);
  REQUIRE(m.ok());
  return pos.check_move(*m);
}

}  // namespace

TEST_CASE("legal moves from the start", "[legality]") {
  const xq::Position pos;
  CHECK(why(pos, "h2e2") == MoveError::None);
  CHECK(why(pos, "h0g2") == MoveError::None);
  CHECK(why(pos, "h2h9") == MoveError::None);  // cannon captures the horse over one screen
  CHECK(why(pos, "c3c4") == MoveError::None);
  CHECK(why(pos, "e0e1") == MoveError::None);
}

TEST_CASE("each reason a move fails", "[legality]") {
  const xq::Position pos;
  CHECK(why(pos, "e4e5") == MoveError::NoPiece);
  CHECK(why(pos, "h7e7") == MoveError::WrongSide);
  CHECK(why(pos, "a0b0") == MoveError::CapturesOwnPiece);
  CHECK(why(pos, "a0b1") == MoveError::NotAPieceMove);
  CHECK(why(pos, "a0a5") == MoveError::PathBlocked);
  CHECK(why(pos, "b0d1") == MoveError::HorseLegBlocked);  // the elephant on c0 blocks the leg
  CHECK(why(pos, "d0c1") == MoveError::LeavesPalace);
  CHECK(why(pos, "e0d0") == MoveError::CapturesOwnPiece);
  CHECK(why(pos, "c3b3") == MoveError::PawnSidewaysBeforeRiver);
  CHECK(why(pos, "h2h7") == MoveError::CannonCaptureNeedsScreen);
  CHECK(why(pos, "b2b7") == MoveError::CannonCaptureNeedsScreen);
  CHECK(why(pos, "h2h8") == MoveError::PathBlocked);  // a cannon only jumps to capture
  CHECK(why(pos, "e3e3") == MoveError::NullMove);

  // Horse leg: the horse on b0 with a piece on b1.
  const auto legged = at("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/1P7/RNBAKABNR w");
  CHECK(why(legged, "b0c2") == MoveError::HorseLegBlocked);
  // Elephant eye: a piece on d1 blocks c0-e2.
  const auto eyed = at("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3P5/RNBAKABNR w");
  CHECK(why(eyed, "c0e2") == MoveError::ElephantEyeBlocked);
  // Elephant at the river bank may not cross.
  const auto river = at("3k5/9/9/9/9/2B6/9/9/9/4K4 w");
  CHECK(why(river, "c4e6") == MoveError::ElephantCrossesRiver);
  // A crossed pawn moves sideways but never back.
  const auto pawn = at("3k5/9/9/9/2P6/9/9/9/9/4K4 w");
  CHECK(why(pawn, "c5b5") == MoveError::None);
  CHECK(why(pawn, "c5c4") == MoveError::PawnMovesBackward);
  // Cannon over two screens.
  const auto screens = at("3k5/9/9/9/9/9/9/9/4K4/C1P1p1c2 w");
  CHECK(why(screens, "a0g0") == MoveError::CannonCaptureTooManyScreens);
  CHECK(why(screens, "a0e0") == MoveError::None);
  // King leaving its palace.
  const auto king = at("4k4/9/9/9/9/9/9/9/9/3K5 w");
  CHECK(why(king, "d0c0") == MoveError::LeavesPalace);
  CHECK(why(king, "d0d2") == MoveError::NotAPieceMove);
}

TEST_CASE("king safety: check and facing kings", "[legality]") {
  // The red rook on e1 pins nothing; moving the red king's shield opens the file.
  const auto facing = at("4k4/9/9/9/9/9/9/9/4R4/4K4 w");
  CHECK(why(facing, "e1d1") == MoveError::KingsFacing);
  CHECK(why(facing, "e1e5") == MoveError::None);
  // A black rook gives check on the e-file behind a red piece: moving it away leaves the king in check.
  const auto pinned = at("3k5/4r4/9/9/9/9/9/9/4N4/4K4 w");
  CHECK(why(pinned, "e1d3") == MoveError::LeavesKingInCheck);
  // In check, a move that ignores it is refused.
  const auto check = at("3k5/4r4/9/9/9/9/9/9/9/3AKA3 w");
  CHECK(check.in_check());
  CHECK(why(check, "d0e1") == MoveError::None);  // blocks
  CHECK(why(check, "f0f1") == MoveError::NotAPieceMove);
  CHECK(why(check, "e0e1") == MoveError::LeavesKingInCheck);
}

TEST_CASE("check_move agrees with generate_legal on every move", "[legality]") {
  const char* fens[] = {
      "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
      "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
      "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
      "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
      "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w",
      "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w",
  };
  for (const char* fen : fens) {
    for (const char* side : {" w", " b"}) {
      const std::string f = std::string(fen).substr(0, std::string(fen).find(' ')) + side;
      const auto s = xq::parse_fen(f);
      REQUIRE(s.ok());
      const xq::Position pos(*s);
      xq::MoveList legal;
      pos.generate_legal(legal);
      std::size_t count = 0;
      for (int a = 0; a < xq::kSquares; ++a)
        for (int b = 0; b < xq::kSquares; ++b) {
          const xq::Move m{xq::Square(a), xq::Square(b)};
          const bool ok = pos.check_move(m) == MoveError::None;
          INFO(f << " " << xq::to_iccs(m));
          CHECK(ok == legal.contains(m));
          count += ok;
        }
      CHECK(count == legal.size());
      CHECK(pos.count_legal() == legal.size());
    }
  }
}

// The check cache and the king-exposure shortcut of check_move, along random
// games: every pseudo-legal move judged the same as the full generator, the
// cached check state equal to a fresh computation after make and undo.
TEST_CASE("check_move and the check cache agree with a fresh position along random games", "[legality]") {
  std::mt19937 rng(11);
  for (int game = 0; game < 150; ++game) {
    xq::Position pos;
    for (int ply = 0; ply < 160; ++ply) {
      const xq::Position fresh(pos.setup());
      REQUIRE(pos.in_check() == fresh.king_attacked(fresh.side_to_move()));
      xq::MoveList legal, pseudo;
      fresh.generate_legal(legal);
      pos.generate_pseudo_legal(pseudo);
      for (xq::Move m : pseudo) {
        INFO(xq::to_fen(pos.setup()) << " " << xq::to_iccs(m));
        REQUIRE((pos.check_move(m) == MoveError::None) == legal.contains(m));
      }
      REQUIRE(pos.has_legal_move() == !legal.empty());
      if (legal.empty()) break;
      // Undo restores the cached state too.
      const xq::Move probe = legal[rng() % legal.size()];
      xq::Undo pu;
      pos.make(probe, pu);
      (void)pos.in_check();
      pos.undo(probe, pu);
      REQUIRE(pos.in_check() == fresh.king_attacked(fresh.side_to_move()));
      // make_legal finds the check state from the lines the move touches:
      // it must agree with a fresh position after the move.
      pos.make_legal(probe, pu);
      const xq::Position after(pos.setup());
      REQUIRE(pos.in_check() == after.king_attacked(after.side_to_move()));
      pos.undo(probe, pu);
      xq::Undo u;
      if (game % 2 == 0)
        pos.make_legal(legal[rng() % legal.size()], u);
      else
        pos.make(legal[rng() % legal.size()], u);
    }
  }
}

// A set-up may leave the side not to move in check: make_legal must not take
// the other king's safety for granted then.
TEST_CASE("make_legal keeps a check the set-up already gave", "[legality]") {
  // Black king e9 attacked by the rook e5, Red to move; a3a4 touches no line
  // of the black king, yet Black is in check after it.
  auto setup = xq::parse_fen("4k4/9/9/9/4R4/9/P8/9/9/3K5 w");
  REQUIRE(setup);
  xq::Position pos(*setup);
  xq::Undo u;
  pos.make_legal(xq::Move(xq::Square(0, 3), xq::Square(0, 4)), u);
  CHECK(pos.in_check());
}

// make_if_legal is the replay path: it must accept exactly the moves
// check_move accepts (every from/to pair, not only pseudo-legal ones, so
// that its table-driven geometry is tested against the arithmetic one), play
// them as make() does, and leave the position untouched when it refuses.
TEST_CASE("make_if_legal accepts exactly what check_move accepts", "[legality]") {
  std::mt19937 rng(23);
  for (int game = 0; game < 12; ++game) {
    xq::Position pos;
    for (int ply = 0; ply < 100; ++ply) {
      const std::string before = xq::to_fen(pos.setup());
      const std::uint64_t key = pos.key();
      for (int a = 0; a < xq::kSquares; ++a) {
        if (pos.at(xq::Square(a)).empty()) continue;
        for (int b = 0; b < xq::kSquares; ++b) {
          const xq::Move m{xq::Square(a), xq::Square(b)};
          INFO(before << " " << xq::to_iccs(m));
          const bool legal = pos.check_move(m) == MoveError::None;
          xq::Undo u;
          if (!xq::test::require_played_iff_legal(pos, m, legal, before, u)) continue;
          const xq::Position after(pos.setup());
          REQUIRE(pos.in_check() == after.king_attacked(after.side_to_move()));
          xq::test::require_undone(pos, m, u, key, before);
        }
      }
      xq::MoveList legal;
      pos.generate_legal(legal);
      if (legal.empty()) break;
      xq::Undo u;
      pos.make_legal(legal[rng() % legal.size()], u);
    }
  }
}
