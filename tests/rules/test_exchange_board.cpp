// The exchanges played on a bare copy of the board (exchange_board.h) and the
// walk of winning captures that uses them (winning_captures.h), against the
// straightforward walk they replace: every exchange played with the
// position's own legal captures and make/undo. Positions from random games
// that capture whenever they can, so that exchanges, pins, discovered
// attacks, x-rayed roots and checks all come up.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/values.h"

#include "capturing_games.h"
#include "exchange_board.h"
#include "winning_captures.h"

using namespace xq;
using namespace xq::rules;

namespace {

// exchange.cpp's gain_on before the bare board: what the side to move gains
// by the exchange on sq, every capture made on the position.
int reference_gain_on(Position& pos, Square sq, int depth, int pv, int enough = 1 << 20) {
  const Piece victim = pos.at(sq);
  if (victim.empty() || victim.type() == PieceType::King || depth >= 12) return 0;
  MoveList legal;
  pos.generate_legal_captures_to(sq, legal);
  bool tried[kPieceTypeCount] = {};
  int best = 0;
  const int v = piece_value(victim, sq, pv);
  for (Move m : legal) {
    const PieceType t = pos.at(m.from()).type();
    if (t != PieceType::Rook && t != PieceType::Cannon) {
      if (tried[int(t)]) continue;
      tried[int(t)] = true;
    }
    Undo u;
    pos.make_legal(m, u);
    const int back = reference_gain_on(pos, sq, depth + 1, pv, v - best);
    pos.undo(m, u);
    best = std::max(best, v - back);
    if (best >= v || best >= enough) break;
  }
  return best;
}

int reference_balance(Position& pos, Move c, int pv) {
  const int v = piece_value(pos.at(c.to()), c.to(), pv);
  Undo u;
  pos.make_legal(c, u);
  const int back = reference_gain_on(pos, c.to(), 1, pv);
  pos.undo(c, u);
  return v - back;
}

// What a walk hands to `win`, in order.
struct Winning {
  Move capture;
  int balance;
  bool operator==(const Winning&) const = default;
};

// The walk as it was written first: every legal capture of material, its
// exchange played on the position. `raise` says which win lifts the floor.
template <class Raise>
std::vector<Winning> reference_walk(Position& pos, int pv, int floor, Raise&& raise) {
  std::vector<Winning> out;
  MoveList captures;
  pos.generate_legal_captures(captures);
  for (Move c : captures) {
    if (!is_material(pos.at(c.to()), c.to()) || piece_value(pos.at(c.to()), c.to(), pv) <= floor) continue;
    const int balance = reference_balance(pos, c, pv);
    if (balance <= floor) continue;
    out.push_back({c, balance});
    if (raise(c, balance)) floor = balance;
  }
  return out;
}

template <class Raise>
std::vector<Winning> walk(Position& pos, int pv, int start, Raise&& raise) {
  std::vector<Winning> out;
  int floor = start;
  rules::detail::winning_captures<false>(pos, pv, false, floor, [](Move) { return true; },
                                  [&](Move c, int balance, const rules::detail::MateRefutes&) {
    out.push_back({c, balance});
    if (raise(c, balance)) floor = balance;
    return true;
  });
  return out;
}

// Positions of random games that take whenever they can (the most valuable
// piece first half of the time).
std::vector<Position> random_positions(unsigned seed, int games, int plies) {
  return xqtest::capturing_game_positions(seed, games, plies, {3, false, false});
}

}  // namespace

TEST_CASE("exchanges on the bare board are those played on the position", "[rules][exchange]") {
  const std::vector<Position> positions = random_positions(20261207, 150, 120);
  long captures = 0, exchanges = 0, recaptured = 0;
  for (Position pos : positions) {
    MoveList list;
    pos.generate_legal_captures(list);
    for (const int pv : {kCrossedPawnValue, kFloatingPawnLow, kFloatingPawnHigh}) {
      for (Move c : list) {
        ++captures;
        const int expected = reference_balance(pos, c, pv);
        if (expected < piece_value(pos.at(c.to()), c.to(), pv)) ++recaptured;
        INFO(to_fen(pos.setup()) << " capture " << c.from().name() << c.to().name() << " pv " << pv);
        REQUIRE(capture_balance(pos, c, pv) == expected);
      }
      // The exchange on every square, for the side to move, from scratch.
      for (int s = 0; s < kSquares; ++s) {
        const Square sq(s);
        if (pos.at(sq).empty()) continue;
        ++exchanges;
        REQUIRE(exchange_gain_on(pos, sq, pv) == reference_gain_on(pos, sq, 0, pv));
      }
    }
  }
  // The games met what the test is about.
  CHECK(captures > 10000);
  CHECK(recaptured > 2000);
  CHECK(exchanges > 100000);
}

TEST_CASE("the walk of winning captures hands on what the straightforward walk finds", "[rules][exchange]") {
  const std::vector<Position> positions = random_positions(7, 150, 120);
  long wins = 0;
  for (Position pos : positions) {
    for (const int start : {0, 1, 2}) {
      // The floor as the searches move it: raised by every win, by some, by none.
      const auto every = [](Move, int) { return true; };
      const auto some = [](Move c, int balance) { return (c.from().index() + balance) % 2 == 0; };
      const auto none = [](Move, int) { return false; };
      const int pv = kCrossedPawnValue;
      const auto a = walk(pos, pv, start, every);
      REQUIRE(a == reference_walk(pos, pv, start, every));
      REQUIRE(walk(pos, pv, start, some) == reference_walk(pos, pv, start, some));
      REQUIRE(walk(pos, pv, start, none) == reference_walk(pos, pv, start, none));
      wins += long(a.size());
    }
  }
  CHECK(wins > 5000);
}

namespace {

// A relaxed set-up (what the audit reads on): at most the standard count of
// each kind, anywhere on the board; no king, one or two of a colour, in or
// out of the palace, so that kings across the river (attacked by advisors,
// elephants and the other king), missing kings and a second king that moves
// as any piece come up.
Position random_relaxed(std::mt19937& rng) {
  Setup s;
  for (const Color c : {Color::Red, Color::Black}) {
    const int kings = rng() % 8 == 0 ? 0 : rng() % 6 == 0 ? 2 : 1;
    for (int k = 0; k < kings; ++k) {
      const bool palace = rng() % 4 != 0;
      const Square sq = palace ? Square(3 + int(rng() % 3), (c == Color::Red ? 0 : 7) + int(rng() % 3))
                               : Square(int(rng() % kSquares));
      s.put(sq, Piece(c, PieceType::King));
    }
  }
  int count[2][kPieceTypeCount] = {};
  const int most[kPieceTypeCount] = {0, 0, 2, 2, 2, 2, 2, 5};
  const int pieces = 4 + int(rng() % 36);
  for (int i = 0; i < pieces; ++i) {
    const Square sq(int(rng() % kSquares));
    const Color c = rng() % 2 ? Color::Red : Color::Black;
    const PieceType t = PieceType(2 + rng() % 6);
    if (!s.at(sq).empty() || count[index(c)][int(t)] == most[int(t)]) continue;
    ++count[index(c)][int(t)];
    s.put(sq, Piece(c, t));
  }
  s.side_to_move = rng() % 2 ? Color::Red : Color::Black;
  return Position(s);
}

}  // namespace

TEST_CASE("exchanges on the bare board are those played on relaxed set-ups", "[rules][exchange]") {
  std::mt19937 rng(20261207);
  long captures = 0, gains = 0;
  for (int i = 0; i < 10000; ++i) {
    Position pos = random_relaxed(rng);
    const int pv = kCrossedPawnValue;
    MoveList list;
    pos.generate_legal_captures(list);
    for (Move c : list) {
      ++captures;
      INFO(to_fen(pos.setup()) << " capture " << c.from().name() << c.to().name());
      REQUIRE(capture_balance(pos, c, pv) == reference_balance(pos, c, pv));
    }
    for (int s = 0; s < kSquares; ++s) {
      const Square sq(s);
      if (pos.at(sq).empty()) continue;
      const int expected = reference_gain_on(pos, sq, 0, pv);
      gains += expected > 0;
      INFO(to_fen(pos.setup()) << " exchange on " << sq.name());
      REQUIRE(exchange_gain_on(pos, sq, pv) == expected);
    }
  }
  // The set-ups met what the test is about.
  CHECK(captures > 12000);
  CHECK(gains > 8000);
}
