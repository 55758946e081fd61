// The move lists kept while a cycle is judged (cycle_memo.h): the legal
// checks, the legal moves and the legal captures onto one square, asked
// again and again in one scope, in another order and after other positions
// took the slots, are the generators' lists, move for move in their order;
// a capture list read from kept legal moves is too, for every square (empty,
// our own, a king's: none).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "xqrec/core/fen.h"

#include "capturing_games.h"
#include "cycle_memo.h"

using namespace xq;

namespace {

std::vector<Move> as_vector(const MoveList& l) { return {l.begin(), l.end()}; }

// Two positions of one key whose tracked kings differ: `generate` gives
// them different lists, and `kept` gives each its own in one scope, whichever
// is asked first.
template <class Generate, class Kept>
void require_kept_per_king(const Position& a, const Position& b, Generate generate, Kept kept) {
  MoveList la, lb;
  (a.*generate)(la);
  (b.*generate)(lb);
  REQUIRE(as_vector(la) != as_vector(lb));
  for (const bool a_first : {true, false}) {
    const rules::detail::CycleMemoScope scope;
    for (const Position* p : a_first ? std::vector<const Position*>{&a, &b} : std::vector<const Position*>{&b, &a}) {
      MoveList expected, got;
      (p->*generate)(expected);
      kept(*p, got);
      REQUIRE(as_vector(got) == as_vector(expected));
    }
  }
}

// A list holding a move already: a kept answer must replace what is there.
MoveList dirty() {
  MoveList l;
  l.push(Move(Square(0), Square(1)));
  return l;
}

}  // namespace

TEST_CASE("kept legal checks, legal moves and captures onto a square are the generators'", "[rules][exchange]") {
  // Capture-biased random games: checks, replies to checks, pins, bare kings.
  std::vector<Position> positions = xqtest::capturing_game_positions(20261207, 120, 150, {4, true, true});
  REQUIRE(positions.size() > 15000);
  const rules::detail::CycleMemoScope scope;
  const long kept_before = rules::detail::cycle_memo_counts().move_lists;
  std::mt19937 rng(29);
  long asked = 0, in_check = 0, from_legal = 0, captures = 0;
  for (int round = 0; round < 3; ++round) {
    std::vector<std::size_t> order(positions.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (round > 0) std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) {
      const Position& pos = positions[i];
      INFO(to_fen(pos.setup()) << " round " << round);
      MoveList checks, legal;
      pos.generate_legal_checks(checks);
      pos.generate_legal(legal);
      in_check += round == 0 && pos.in_check();
      // The captures onto every square, before and after the legal moves
      // are asked (read from their own kind, then from the legal moves when
      // those are kept), a position met again at once and after many others.
      const bool legal_first = rng() % 2 == 0;
      for (int again = 0; again < 1 + int(rng() % 3); ++again) {
        MoveList kept = dirty();
        if (legal_first) {
          rules::detail::legal_moves_kept(pos, kept);
          REQUIRE(as_vector(kept) == as_vector(legal));
        }
        for (int s = 0; s < kSquares; ++s) {
          MoveList expected, to = dirty();
          pos.generate_legal_captures_to(Square(s), expected);
          rules::detail::legal_captures_to_kept(pos, Square(s), to);
          INFO("captures onto " << Square(s).name());
          REQUIRE(as_vector(to) == as_vector(expected));
          captures += !expected.empty();
        }
        from_legal += legal_first && legal.size() <= 24;
        kept = dirty();
        rules::detail::legal_checks_kept(pos, kept);
        REQUIRE(as_vector(kept) == as_vector(checks));
        kept = dirty();
        rules::detail::legal_moves_kept(pos, kept);
        REQUIRE(as_vector(kept) == as_vector(legal));
        asked += 3 + kSquares;
      }
    }
  }
  CHECK(in_check > 300);
  CHECK(from_legal > 3000);
  CHECK(captures > 10000);
  // Lists were kept (and so the comparisons tested them), most asked again.
  const long kept = rules::detail::cycle_memo_counts().move_lists - kept_before;
  CHECK(asked - kept > asked / 3);
}

TEST_CASE("a kept move list is of the position's tracked kings too", "[rules][exchange]") {
  // As test_cycle_memo_kings.cpp: Black kings on d7 (tracked) and f7; the d7
  // king steps to d8 and stays the tracked one, the same board read from a
  // FEN tracks f7, which Red's rook on f1 attacks. Red's checks and Black's
  // moves (all of them, or the answers to the check) differ with the king.
  auto setup = parse_fen("9/4p4/3k1k3/9/9/9/9/9/4AR3/4K4 b");
  REQUIRE(setup);
  Position moved(*setup);
  Undo u;
  moved.make_legal(Move(Square(3, 7), Square(3, 8)), u);
  auto read_setup = parse_fen("9/3kp4/5k3/9/9/9/9/9/4AR3/4K4 r");
  REQUIRE(read_setup);
  const Position read(*read_setup);
  REQUIRE(moved.key() == read.key());
  REQUIRE(moved.king(Color::Black) != read.king(Color::Black));
  require_kept_per_king(moved, read, &Position::generate_legal_checks, rules::detail::legal_checks_kept);
  // With Black to move: the tracked king's replies differ as well.
  require_kept_per_king(moved.with_side_to_move(Color::Black), read.with_side_to_move(Color::Black),
                        &Position::generate_legal, rules::detail::legal_moves_kept);
}
