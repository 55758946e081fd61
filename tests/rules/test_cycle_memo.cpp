// The answers kept while a cycle is judged (cycle_memo.h): has_mate_in_one
// and the walk's capture balances, asked again and again in one scope, in
// another order and after other positions took the slots, answer as the
// searches they spare; a new scope (a ThreatMemo) searches again.
#include <catch2/catch.hpp>

#include <random>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/values.h"

#include "capturing_games.h"
#include "cycle_memo.h"
#include "threat_memo.h"
#include "winning_captures.h"

using namespace xq;
using namespace xq::rules;

namespace {

// has_mate_in_one as written before the table: every legal check, and
// whether the other side has a legal move after it.
bool searched_mate_in_one(Position& pos) {
  MoveList checks;
  pos.generate_legal_checks(checks);
  for (Move m : checks) {
    Undo u;
    pos.make_legal(m, u);
    const bool mate = !pos.has_legal_move();
    pos.undo(m, u);
    if (mate) return true;
  }
  return false;
}

// Positions of random games that take whenever they can, the most valuable
// piece first (kings soon stand bare: mates in one come up), each also with
// the other side to move.
std::vector<Position> random_positions(unsigned seed, int games, int plies) {
  return xqtest::capturing_game_positions(seed, games, plies, {4, true, true});
}

}  // namespace

TEST_CASE("kept mate-in-one answers are the searched ones", "[rules][exchange]") {
  std::vector<Position> positions = random_positions(20261207, 300, 150);
  std::vector<bool> expected;
  long mates = 0;
  for (Position& pos : positions) {
    expected.push_back(searched_mate_in_one(pos));
    mates += expected.back();
  }
  // More positions than slots: kept answers are replaced by others' all along.
  REQUIRE(positions.size() > 40000);
  CHECK(mates > 500);
  CHECK(long(positions.size()) - mates > 500);
  const rules::detail::CycleMemoScope scope;
  const long searched_before = rules::detail::cycle_memo_counts().mates;
  std::mt19937 rng(17);
  long asked = 0;
  for (int round = 0; round < 3; ++round) {
    // Each round in its own order; positions met again soon (as a search
    // meets them) and after many others.
    std::vector<std::size_t> order(positions.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (round > 0) std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) {
      for (int again = 0; again < 1 + int(rng() % 3); ++again) {
        INFO(to_fen(positions[i].setup()) << " round " << round);
        REQUIRE(has_mate_in_one(positions[i]) == expected[i]);
        ++asked;
      }
    }
  }
  // Answers were kept (and so the comparison tested them): most of the
  // positions asked again at once, few of those asked in the next round.
  const long searched = rules::detail::cycle_memo_counts().mates - searched_before;
  CHECK(asked - searched > asked / 3);
}

TEST_CASE("a new scope of mate-in-one answers searches again", "[rules][exchange]") {
  Position pos = random_positions(5, 1, 40).back();
  const rules::detail::CycleMemoScope scope;
  const long before = rules::detail::cycle_memo_counts().mates;
  const bool mate = has_mate_in_one(pos);
  CHECK(rules::detail::cycle_memo_counts().mates == before + 1);
  CHECK(has_mate_in_one(pos) == mate);
  CHECK(rules::detail::cycle_memo_counts().mates == before + 1);  // kept
  // The other side to move is another position (its key differs).
  Position other = pos.with_side_to_move(~pos.side_to_move());
  CHECK(has_mate_in_one(other) == searched_mate_in_one(other));
  CHECK(rules::detail::cycle_memo_counts().mates == before + 2);
  {
    // A judged cycle's memo starts a scope: the answer is searched again.
    const rules::detail::ThreatMemo memo;
    CHECK(has_mate_in_one(pos) == mate);
    CHECK(rules::detail::cycle_memo_counts().mates == before + 3);
  }
}

TEST_CASE("kept capture balances are the exchanges played out", "[rules][exchange]") {
  std::vector<Position> positions = random_positions(99, 150, 120);
  const int pvs[] = {kCrossedPawnValue, kFloatingPawnLow, kFloatingPawnHigh};
  const rules::detail::CycleMemoScope scope;
  const long played_before = rules::detail::cycle_memo_counts().balances;
  std::mt19937 rng(3);
  long asked = 0, pawn_values_differ = 0;
  for (int round = 0; round < 3; ++round) {
    std::vector<std::size_t> order(positions.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (round > 0) std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) {
      Position& pos = positions[i];
      // Every capture of material the walk hands on (no floor), in each
      // pawn value, against the exchange played out (exchange.h); a
      // position met again at once (as a search meets them) and after
      // many others.
      for (int again = 0; again < 1 + int(rng() % 3); ++again)
      for (const int pv : pvs) {
        const int floor = -1000;
        rules::detail::winning_captures<false>(pos, pv, false, floor, [](Move) { return true; },
                                               [&](Move c, int balance, const rules::detail::MateRefutes&) {
          INFO(to_fen(pos.setup()) << " capture " << c.from().name() << c.to().name() << " pv " << pv);
          REQUIRE(balance == capture_balance(pos, c, pv));
          if (pv == kFloatingPawnHigh && balance != capture_balance(pos, c, kFloatingPawnLow)) ++pawn_values_differ;
          ++asked;
          return true;
        });
      }
    }
  }
  CHECK(asked > 20000);
  CHECK(pawn_values_differ > 100);  // a balance kept for one pawn value would be read for another
  const long played = rules::detail::cycle_memo_counts().balances - played_before;
  CHECK(asked - played > asked / 3);
}

TEST_CASE("a kept balance answers only its own position, capture and pawn value", "[rules][exchange]") {
  // Every move between two squares in each pawn value, for a few keys: more
  // entries than slots, so that many share one with another capture or
  // pawn value of the same position. Each answers its own balance or none.
  const rules::detail::CycleMemoScope scope;
  std::mt19937_64 rng(11);
  const int pvs[] = {kCrossedPawnValue, kFloatingPawnLow, kFloatingPawnHigh};
  const auto balance_of = [](Move c, int p) { return int(c.raw()) * 3 + p % 3; };
  long asked = 0, found = 0;
  for (int round = 0; round < 4; ++round) {
    const std::uint64_t keys[] = {rng() | 1, rng() | 1};
    for (int pass = 0; pass < 2; ++pass)
      for (const std::uint64_t key : keys)
        for (const int pv : pvs)
          for (int from = 0; from < kSquares; ++from)
            for (int to = 0; to < kSquares; ++to) {
              const Move c{Square(from), Square(to)};
              const std::optional<int> kept = rules::detail::kept_capture_balance({key, 0}, c, pv);
              ++asked;
              if (kept) {
                ++found;
                REQUIRE(*kept == balance_of(c, pv));
              }
              if (pass == 0) rules::detail::keep_capture_balance({key, 0}, c, pv, balance_of(c, pv));
            }
  }
  CHECK(asked > 100000);
  CHECK(found > 2000);  // the second pass finds what the slots still hold
}

TEST_CASE("kept capture lists are the generator's for every set they hold", "[rules][exchange]") {
  // The captures of a random set of the other side's pieces kept, then
  // asked for random sets: a subset of the kept one answers the
  // generator's list of that subset, in its order; any other set none.
  std::vector<Position> positions = random_positions(23, 100, 120);
  const rules::detail::CycleMemoScope scope;
  std::mt19937 rng(5);
  long answered = 0, declined = 0;
  for (Position& pos : positions) {
    const auto random_set = [&](const SquareSet& from) {
      SquareSet s;
      from.for_each([&](Square sq) {
        if (rng() % 3 != 0) s.insert(sq);
      });
      return s;
    };
    const SquareSet theirs = pos.occupied(~pos.side_to_move());
    const SquareSet stored = random_set(theirs);
    MoveList list;
    pos.generate_legal_captures_of(stored, list);
    rules::detail::keep_captures_of(rules::detail::memo_key(pos), stored, list);
    for (int ask = 0; ask < 6; ++ask) {
      const SquareSet victims = ask < 3 ? random_set(stored) : random_set(theirs);
      MoveList expected, kept;
      pos.generate_legal_captures_of(victims, expected);
      INFO(to_fen(pos.setup()) << " ask " << ask);
      if (rules::detail::kept_captures_of(rules::detail::memo_key(pos), victims, kept)) {
        REQUIRE(list.size() <= 14);
        REQUIRE((stored & victims) == victims);
        REQUIRE(std::vector<Move>(kept.begin(), kept.end()) == std::vector<Move>(expected.begin(), expected.end()));
        ++answered;
      } else {
        REQUIRE(((stored & victims) != victims || list.size() > 14));
        ++declined;
      }
      // Another position (the other side to move) is not answered.
      MoveList other;
      REQUIRE(!rules::detail::kept_captures_of({pos.key() ^ 1, rules::detail::memo_key(pos).kings}, victims, other));
    }
  }
  CHECK(answered > 5000);
  CHECK(declined > 1000);
}

TEST_CASE("a capture list longer than a slot holds is not kept", "[rules][exchange]") {
  // Four red rooks among Black's pawns, two horses by the cannons (a relaxed
  // set-up): 18 captures of Black's pieces, more than the slot's 14. Kept
  // whole, it would overrun the slot's array into the next slot.
  auto setup = parse_fen("rnbakabnr/9/1cN3Nc1/pRpRpRpRp/9/9/9/9/9/4K4 r");
  REQUIRE(setup);
  const Position pos(*setup);
  const SquareSet theirs = pos.occupied(Color::Black);
  MoveList list;
  pos.generate_legal_captures_of(theirs, list);
  REQUIRE(list.size() > 16);
  const rules::detail::CycleMemoScope scope;
  const long kept_before = rules::detail::cycle_memo_counts().capture_lists;
  rules::detail::keep_captures_of(rules::detail::memo_key(pos), theirs, list);
  MoveList kept;
  CHECK(!rules::detail::kept_captures_of(rules::detail::memo_key(pos), theirs, kept));
  CHECK(rules::detail::cycle_memo_counts().capture_lists == kept_before);
}

TEST_CASE("a move list longer than a slot holds is not kept", "[rules][exchange]") {
  // The start position: 44 legal moves, more than the slot's 24. Kept whole,
  // the list would overrun the slot's array into the next slot; not kept,
  // it is generated anew each time, the same.
  auto setup = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r");
  REQUIRE(setup);
  const Position pos(*setup);
  MoveList plain;
  pos.generate_legal(plain);
  REQUIRE(plain.size() > 24);
  const rules::detail::CycleMemoScope scope;
  const long kept_before = rules::detail::cycle_memo_counts().move_lists;
  for (int round = 0; round < 2; ++round) {
    MoveList list;
    rules::detail::legal_moves_kept(pos, list);
    REQUIRE(list.size() == plain.size());
    for (std::size_t i = 0; i < list.size(); ++i) CHECK(list[i] == plain[i]);
  }
  CHECK(rules::detail::cycle_memo_counts().move_lists == kept_before);
}
