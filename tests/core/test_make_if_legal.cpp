// make_if_legal against the plain definition of a legal move: a move by the
// piece's own rules (the pseudo-legal generator), after which the mover's
// king is not attacked (the attack test on a copy, and the arithmetic
// geometry's list of attackers). make_if_legal tests the king only through
// what the move changed when the king was known safe: this walks the cache
// states replay leaves (moves played by make_if_legal), fresh positions, the
// side to move flipped (the other king may stand in check) and relaxed
// set-ups (kings across the river, elephants and advisors anywhere, two kings).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"
#include "make_if_legal_check.h"

using xq::MoveError;

namespace {

// Whether the two kings stand on one file with nothing between them (the
// flying general, which attacks even from the next square).
bool kings_facing(const xq::Position& pos) {
  const xq::Square a = pos.king(xq::Color::Red), b = pos.king(xq::Color::Black);
  if (!a.valid() || !b.valid() || a.file() != b.file()) return false;
  const int step = b.rank() > a.rank() ? 1 : -1;
  for (int r = a.rank() + step; r != b.rank(); r += step)
    if (!pos.at(xq::Square(a.file(), r)).empty()) return false;
  return true;
}

// Every pseudo-legal move and some others (from each square of the side to
// move to a few random squares) through make_if_legal on `pos`, whose check
// cache is in whatever state the caller left it.
void require_plain_verdicts(xq::Position& pos, std::mt19937& rng) {
  const xq::Color us = pos.side_to_move();
  const std::string before = xq::to_fen(pos.setup());
  const std::uint64_t key = pos.key();
  xq::MoveList pseudo;
  pos.generate_pseudo_legal(pseudo);
  std::vector<xq::Move> moves(pseudo.begin(), pseudo.end());
  for (int a = 0; a < xq::kSquares; ++a) {
    if (pos.at(xq::Square(a)).empty() || pos.at(xq::Square(a)).color() != us) continue;
    for (int i = 0; i < 3; ++i) moves.push_back(xq::Move(xq::Square(a), xq::Square(int(rng() % xq::kSquares))));
  }
  for (xq::Move m : moves) {
    INFO(before << " " << xq::to_iccs(m));
    bool legal = false;
    xq::Setup made;
    std::uint64_t made_key = 0;
    bool after_in_check = false;
    MoveError want = pos.check_move(m);  // the piece-rule reasons are check_move's own
    if (pseudo.contains(m)) {
      xq::Position copy = pos;
      xq::Undo cu;
      copy.make(m, cu);
      made = copy.setup();
      made_key = copy.key();
      // The king make() tracks (with two kings of a colour, the one that
      // moved), and the arithmetic geometry's attackers, which have the
      // flying general only from afar: kings facing count beside them.
      const bool attacked = copy.king_attacked(us);
      const xq::Square k = copy.king(us);
      xq::SquareSet others = k.valid() ? copy.attackers(k, ~us) : xq::SquareSet();
      const bool facing = kings_facing(copy);
      REQUIRE(attacked == (!others.empty() || facing));
      legal = !attacked;
      // Kings facing is the reason only when nothing else attacks the king
      // (the other king steps beside it only in its own palace).
      if (facing && std::abs(copy.king(~us).rank() - k.rank()) > 1) others.erase(copy.king(~us));
      want = legal ? MoveError::None : others.empty() ? MoveError::KingsFacing : MoveError::LeavesKingInCheck;
      after_in_check = copy.king_attacked(copy.side_to_move());
    } else {
      REQUIRE(want != MoveError::None);
      REQUIRE(want != MoveError::LeavesKingInCheck);
      REQUIRE(want != MoveError::KingsFacing);
    }
    REQUIRE(pos.check_move(m) == want);
    xq::Undo u;
    if (!xq::test::require_played_iff_legal(pos, m, legal, before, u)) continue;
    // The position make() gives, and the check state of the attack test.
    REQUIRE(pos.setup() == made);
    REQUIRE(pos.key() == made_key);
    REQUIRE(pos.in_check() == after_in_check);
    xq::test::require_undone(pos, m, u, key, before);
  }
}

// A relaxed set-up: kings anywhere (sometimes none or two of a colour),
// any piece on any square.
xq::Setup relaxed_setup(std::mt19937& rng) {
  xq::Setup s;
  const auto put_somewhere = [&](xq::Piece p) {
    for (;;) {
      const xq::Square q(int(rng() % xq::kSquares));
      if (s.at(q).empty()) return s.put(q, p);
    }
  };
  for (const xq::Color c : {xq::Color::Red, xq::Color::Black}) {
    const unsigned kings = rng() % 16 == 0 ? 0 : rng() % 12 == 0 ? 2 : 1;
    for (unsigned i = 0; i < kings; ++i) put_somewhere(xq::Piece(c, xq::PieceType::King));
    const unsigned n = 3 + rng() % 14;
    for (unsigned i = 0; i < n; ++i) put_somewhere(xq::Piece(c, xq::PieceType(2 + rng() % 6)));
  }
  s.side_to_move = rng() % 2 ? xq::Color::Red : xq::Color::Black;
  return s;
}

// Plays up to `plies` random moves by make_if_legal (the replay path), testing
// every position on the way in each cache state.
void walk(xq::Position pos, int plies, std::mt19937& rng) {
  for (int ply = 0; ply < plies; ++ply) {
    require_plain_verdicts(pos, rng);
    xq::Position fresh(pos.setup());
    require_plain_verdicts(fresh, rng);
    xq::Position asked(pos.setup());
    (void)asked.in_check();
    require_plain_verdicts(asked, rng);
    xq::Setup other = pos.setup();
    other.side_to_move = ~other.side_to_move;
    xq::Position flipped(other);
    require_plain_verdicts(flipped, rng);
    xq::MoveList legal;
    pos.generate_legal(legal);
    if (legal.empty()) return;
    xq::Undo u;
    REQUIRE(pos.make_if_legal(legal[rng() % legal.size()], u));
  }
}

}  // namespace

TEST_CASE("make_if_legal agrees with the plain definition along random games", "[legality]") {
  std::mt19937 rng(20261207);
  for (int game = 0; game < 40; ++game) walk(xq::Position(), 120, rng);
}

TEST_CASE("make_if_legal agrees with the plain definition from relaxed set-ups", "[legality]") {
  std::mt19937 rng(717);
  for (int game = 0; game < 400; ++game) walk(xq::Position(relaxed_setup(rng)), 12, rng);
}

// Each way a move changes what attacks a king: a screen or blocker leaving a
// line, a new screen, a horse's leg or an elephant's eye cleared, the mover
// giving check itself (set-ups the random walks meet rarely).
TEST_CASE("make_if_legal sees every attack a move opens", "[legality]") {
  std::mt19937 rng(3);
  for (const char* fen : {
           "4k4/9/9/9/4r4/9/9/4R4/9/4K4 w",         // the rook on the file pinned by a rook
           "4k4/9/9/9/4c4/9/9/4P4/4N4/4K4 w",       // one of a cannon's two screens leaving
           "4k4/9/9/9/4c4/9/9/9/3N5/4K4 w",         // a move onto the file makes a screen
           "4k4/9/9/9/9/9/9/9/4N4/4K4 w",           // the horse leaving the file: kings facing
           "4k4/9/9/9/9/9/4P4/3n5/3N5/4K4 w",       // d1 is the leg of the black horse d2
           "9/1P6c/9/8n/1K3P3/5A1p1/2k3C1R/1n7/B4P3/3Pp4 b",  // an elephant's eye pinned
           "4R4/1p5R1/7P1/6a1p/5P1c1/3B5/P1r6/Kk2n1N2/5p3/1P7 b",
           "4k4/5k3/9/9/9/9/9/9/9/3K5 b",          // two black kings
           "3Rk4/5k3/9/9/9/9/9/9/9/3K5 b",
       }) {
    INFO(fen);
    const auto setup = xq::parse_fen(fen);
    REQUIRE(setup);
    walk(xq::Position(*setup), 3, rng);
  }
}
