// The legal move generators against the plain definition of a legal move
// (a pseudo-legal move after which the mover's king, tested on a copy, is
// not attacked) in set-ups crowded around the king: enemy rooks, cannons
// and the other king on its lines with screens and blockers, horses with
// their legs blocked or free, pawns beside it, often several checks at once.
// The generators spare the king test to the moves the one walk of the king's
// lines (its pins, screens and checkers) clears; here that walk meets the
// cases random games meet rarely.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "xqrec/core/position.h"

#include "crowded_setups.h"
#include "plain_moves.h"

namespace {

using xq::test::plain_legal;
using xq::test::require_same_list;

// How each generator gets its own copy of a walked position: rebuilt from
// its set-up (the check state not yet known), or copied as it stands (the
// check state make left). Relaxed walks copy: with two kings of a colour a
// set-up read again may track the other king than the walk did.
enum class Copies { Rebuilt, AsTheyStand };

// Every generator against the plain definition, on `pos` as it stands and
// on copies of it (see Copies) with and without the check state asked
// first (what spares the king test when the king is known safe): all legal
// moves, their count, whether there is one, the captures (all of them, of
// each enemy piece alone and of all together, and to each square), the
// checks. Captures of a king are no moves: left out by the piece's type,
// but by the tracked kings' squares where victims are chosen (a second
// king of a colour is a piece like any other there).
void require_generators_agree(const xq::Position& pos, Copies copies) {
  const xq::MoveList want = plain_legal(pos);
  const xq::Color them = ~pos.side_to_move();
  const auto takes_king = [&](xq::Move m) { return pos.at(m.to()).type() == xq::PieceType::King; };
  xq::MoveList want_captures, want_checks;
  for (xq::Move m : want) {
    if (takes_king(m)) continue;
    if (!pos.at(m.to()).empty()) want_captures.push(m);
    if (pos.gives_check(m)) want_checks.push(m);
  }
  {
    xq::Position same = pos;
    xq::MoveList list;
    same.generate_legal(list);
    require_same_list(list, want);
    REQUIRE(xq::Position(pos).has_legal_move() == !want.empty());
  }
  for (const bool asked : {false, true}) {
    const auto copy = [&] {
      xq::Position p = copies == Copies::Rebuilt ? xq::Position(pos.setup()) : pos;
      if (asked) (void)p.in_check();
      return p;
    };
    xq::MoveList got;
    copy().generate_legal(got);
    require_same_list(got, want);
    REQUIRE(copy().count_legal() == want.size());
    REQUIRE(copy().has_legal_move() == !want.empty());
    const xq::Position any = copy();
    REQUIRE(any.in_check() == any.king_attacked(any.side_to_move()));
    copy().generate_legal_captures(got);
    require_same_list(got, want_captures);
    // Each enemy piece as the only victim, then all of them.
    std::vector<xq::SquareSet> victims;
    pos.occupied(them).for_each([&](xq::Square s) {
      xq::SquareSet one;
      one.insert(s);
      victims.push_back(one);
    });
    victims.push_back(pos.occupied(them));
    for (const xq::SquareSet& targets : victims) {
      xq::MoveList wanted;
      for (xq::Move m : want)
        if (targets.contains(m.to()) && m.to() != pos.king(xq::Color::Red) && m.to() != pos.king(xq::Color::Black))
          wanted.push(m);
      copy().generate_legal_captures_of(targets, got);
      require_same_list(got, wanted);
    }
    pos.occupied(them).for_each([&](xq::Square s) {
      xq::MoveList wanted;
      for (xq::Move m : want)
        if (m.to() == s && !takes_king(m)) wanted.push(m);
      copy().generate_legal_captures_to(s, got);
      require_same_list(got, wanted);
    });
    copy().generate_legal_checks(got);
    require_same_list(got, want_checks);
  }
}

// A set-up crowded around the side to move's king (see the file comment);
// pieces of any kind anywhere, as relaxed set-ups allow.
xq::Setup crowded_setup(std::mt19937& rng) {
  const xq::Color us = rng() % 2 ? xq::Color::Red : xq::Color::Black, them = ~us;
  xq::test::CrowdedSetup s(rng, us);
  // Our king in its palace, or now and then across the river.
  const int home = us == xq::Color::Red ? 0 : 7;
  const xq::Square k = rng() % 10 == 0 ? xq::Square(3 + int(rng() % 3), us == xq::Color::Red ? 7 + int(rng() % 3) : int(rng() % 3))
                                       : xq::Square(3 + int(rng() % 3), home + int(rng() % 3));
  s.centre_on(k);
  s.put(k, xq::Piece(us, xq::PieceType::King));
  // The other king in its palace, on our king's file one time in three.
  const int away = us == xq::Color::Red ? 7 : 0;
  s.put(xq::Square(rng() % 3 == 0 ? k.file() : 3 + int(rng() % 3), away + int(rng() % 3)), xq::Piece(them, xq::PieceType::King));
  // Their rooks and cannons on the king's lines, horses and a pawn within
  // two files and ranks of it.
  const unsigned line_pieces = 1 + rng() % 3;
  for (unsigned i = 0; i < line_pieces; ++i)
    s.put(s.on_line(), xq::Piece(them, rng() % 2 ? xq::PieceType::Rook : xq::PieceType::Cannon));
  const unsigned horses = rng() % 3;
  for (unsigned i = 0; i < horses; ++i) s.put(s.near(2), xq::Piece(them, xq::PieceType::Horse));
  if (rng() % 3 == 0) s.put(s.near(2), xq::Piece(them, xq::PieceType::Pawn));
  // Blockers and screens of both sides, of any kind but the king.
  const unsigned others = 2 + rng() % 8;
  for (unsigned i = 0; i < others; ++i) {
    const xq::Color c = rng() % 2 ? us : them;
    const xq::Piece p(c, xq::PieceType(2 + rng() % 6));
    s.put(rng() % 2 ? s.on_line() : rng() % 2 ? s.near(2) : xq::Square(int(rng() % xq::kSquares)), p);
  }
  return s.setup();
}

// Each of `count` set-ups made by `make`, and three plies on from it by
// random legal moves (the check state make leaves), checked by `agree`;
// the share in check must pass 1 / `in_check_one_in` (else the answers in
// check would go untried).
template <class Make, class Agree>
void walk_set_ups(std::mt19937& rng, int count, int in_check_one_in, Make make, Agree agree) {
  int in_check = 0, positions = 0;
  for (int n = 0; n < count; ++n) {
    xq::Position walked(make(rng));
    for (int ply = 0;; ++ply) {
      agree(walked);
      in_check += walked.in_check();
      ++positions;
      if (ply == 3) break;
      xq::MoveList legal;
      walked.generate_legal(legal);
      if (legal.empty()) break;
      xq::Undo u;
      walked.make_legal(legal[rng() % legal.size()], u);
    }
  }
  REQUIRE(in_check * in_check_one_in > positions);
}

}  // namespace

TEST_CASE("the legal generators agree with make and the attack test around a crowded king", "[movegen]") {
  std::mt19937 rng(20261207);
  walk_set_ups(rng, 6000, 4, crowded_setup, [](const xq::Position& p) { require_generators_agree(p, Copies::Rebuilt); });
}

namespace {

// A relaxed set-up: our king across the river half the time, enemy
// elephants and horses around it with their eyes and legs held or free,
// none, one or two kings of each colour, pieces of any kind near.
xq::Setup relaxed_setup(std::mt19937& rng) {
  const xq::Color us = rng() % 2 ? xq::Color::Red : xq::Color::Black, them = ~us;
  xq::test::CrowdedSetup s(rng, us);
  const bool across = rng() % 2;
  const int palace = (us == xq::Color::Red) == across ? 7 : 0;
  const xq::Square k(3 + int(rng() % 3), palace + int(rng() % 3));
  s.centre_on(k);
  if (rng() % 12) s.put(k, xq::Piece(us, xq::PieceType::King));
  for (unsigned i = 0, n = rng() % 3; i < n; ++i) {  // 0-2 kings of theirs, now and then next to ours
    s.put(rng() % 2 ? s.near(1) : xq::Square(3 + int(rng() % 3), (them == xq::Color::Red ? 0 : 7) + int(rng() % 3)),
          xq::Piece(them, xq::PieceType::King));
  }
  if (rng() % 6 == 0) s.put(s.near(2), xq::Piece(us, xq::PieceType::King));  // a second king of ours
  const xq::PieceType near_kinds[] = {xq::PieceType::Elephant, xq::PieceType::Horse, xq::PieceType::Advisor,
                                      xq::PieceType::Pawn, xq::PieceType::Rook, xq::PieceType::Cannon};
  for (unsigned i = 0, n = rng() % 4; i < n; ++i) s.put(s.near(2), xq::Piece(them, near_kinds[rng() % 6]));
  if (rng() % 2) {  // an enemy elephant whose eye a piece of ours holds
    const int df = rng() % 2 ? 1 : -1, dr = rng() % 2 ? 1 : -1;
    const int f = k.file() + 2 * df, r = k.rank() + 2 * dr;
    if (f >= 0 && f < xq::kFiles && r >= 0 && r < xq::kRanks) {
      s.put(xq::Square(f, r), xq::Piece(them, xq::PieceType::Elephant));
      s.put(xq::Square(k.file() + df, k.rank() + dr), xq::Piece(us, xq::PieceType(2 + rng() % 6)));
    }
  }
  // The eyes and legs, and the lines: pieces of both sides of any kind.
  for (unsigned i = 0, n = 2 + rng() % 7; i < n; ++i) {
    const xq::Piece p(rng() % 2 ? us : them, xq::PieceType(2 + rng() % 6));
    const unsigned where = rng() % 3;
    const xq::Square on_file(k.file(), int(rng() % xq::kRanks)), on_rank(int(rng() % xq::kFiles), k.rank());
    s.put(where == 0 ? s.near(1) : where == 1 ? on_file : on_rank, p);
  }
  return s.setup();
}

}  // namespace

TEST_CASE("the legal generators agree with make and the attack test in relaxed set-ups", "[movegen]") {
  std::mt19937 rng(20261208);
  walk_set_ups(rng, 3000, 8, relaxed_setup, [](const xq::Position& p) { require_generators_agree(p, Copies::AsTheyStand); });
}
