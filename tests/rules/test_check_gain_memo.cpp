// The check-gain search's memo (window_memo.h) changes no answer: every
// first check of every position of the case files' cycles, with either side
// to move, searched with and without it at several depths gives the same
// gain, victim, taker and depth. Without a budget the answers must be equal;
// with the default one, the memo may only settle what was unknown, and then
// as the unbudgeted search does. The kept move lists (ordered_moves.h)
// change nothing at all: the same answers, unknown ones included, after the
// same number of positions.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "case_positions.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/values.h"

#include "check_gain.h"

using namespace xq;
using namespace xq::rules;
using xq::rules::detail::GainByChecks;

using xqtest::case_positions;

namespace {

std::string describe(const GainByChecks::Answer& a) {
  return "gain " + std::to_string(a.gain) + " victim " + (a.victim.valid() ? a.victim.name() : "-") + " depth " +
         std::to_string(a.depth) + (a.unknown ? " unknown" : "");
}

// The answers for every first check of `pos` (its side to move), one search
// object for them all as threats.cpp uses it; `nodes` adds the positions it
// searched.
std::vector<GainByChecks::Answer> answers(const Position& pos0, int depth, long budget, bool memo, long& nodes,
                                          bool lists = true) {
  Position pos = pos0;
  xq::rules::detail::RootThreatsOnDemand root(pos, ~pos.side_to_move(), kCrossedPawnValue);
  GainByChecks search(kCrossedPawnValue, root, budget);
  search.use_memo(memo);
  search.use_move_lists(lists);
  MoveList checks;
  pos.generate_legal_checks(checks);
  std::vector<GainByChecks::Answer> out;
  for (Move k : checks) out.push_back(search.gain(pos, k, depth));
  nodes += search.nodes();
  return out;
}

bool same(const GainByChecks::Answer& a, const GainByChecks::Answer& b) {
  if (a.unknown != b.unknown) return false;
  if (a.gain == INT_MIN || b.gain == INT_MIN) return a.gain == b.gain;
  if (a.gain <= 0 || b.gain <= 0) return a.gain <= 0 && b.gain <= 0;  // no gain: the rest unspecified
  return a.gain == b.gain && a.victim == b.victim && a.taker == b.taker &&
         a.taker_opens_check == b.taker_opens_check && a.depth == b.depth;
}

void compare_file(const std::string& name) {
  int compared = 0, settled = 0;
  long nodes = 0, nodes_memo = 0, ignored = 0;
  for (const auto& c : xqtest::read_cases(std::string(XQREC_TEST_DATA) + "/rules/" + name)) {
    for (const Position& p : case_positions(c))
      for (const Color side : {Color::Red, Color::Black}) {
        const Position pos = with_side_to_move(p, side);
        if (pos.king_attacked(~side)) continue;  // the other side in check: no question asked
        for (const int depth : {2, 3, 4, 6}) {
          INFO(name << " [" << c.id << "] depth " << depth << " side " << (side == Color::Red ? "red" : "black"));
          const auto full = answers(pos, depth, 1'000'000'000, false, nodes);
          const auto full_memo = answers(pos, depth, 1'000'000'000, true, nodes_memo);
          const auto budgeted = answers(pos, depth, 500, false, ignored);
          const auto budgeted_memo = answers(pos, depth, 500, true, ignored);
          REQUIRE(full.size() == full_memo.size());
          for (std::size_t i = 0; i < full.size(); ++i) {
            INFO("check " << i << ": without " << describe(full[i]) << ", with " << describe(full_memo[i]));
            CHECK(same(full[i], full_memo[i]));
            INFO("budget 500: without " << describe(budgeted[i]) << ", with " << describe(budgeted_memo[i]));
            if (budgeted[i].unknown && !budgeted_memo[i].unknown) {
              CHECK(same(budgeted_memo[i], full[i]));
              ++settled;
            } else {
              CHECK(same(budgeted[i], budgeted_memo[i]));
            }
            ++compared;
          }
        }
      }
  }
  INFO(name << ": " << compared << " answers compared, " << settled << " settled by the memo; positions searched "
            << nodes << " without, " << nodes_memo << " with");
  CHECK(compared > 0);
  // The memo is used: it spares positions.
  CHECK(nodes_memo < nodes);
}

}  // namespace

TEST_CASE("check-gain memo: the same answers without it (checks.txt)", "[rules][check][memo]") {
  compare_file("checks.txt");
}

TEST_CASE("check-gain memo: the same answers without it (cxa.txt, precedence.txt)", "[rules][check][memo]") {
  compare_file("cxa.txt");
  compare_file("precedence.txt");
}

namespace {

// The move lists kept per position: the same search, position for position.
void compare_lists(const std::string& name) {
  int compared = 0;
  for (const auto& c : xqtest::read_cases(std::string(XQREC_TEST_DATA) + "/rules/" + name)) {
    for (const Position& p : case_positions(c))
      for (const Color side : {Color::Red, Color::Black}) {
        const Position pos = with_side_to_move(p, side);
        if (pos.king_attacked(~side)) continue;
        for (const int depth : {2, 3, 4, 6})
          for (const long budget : {500L, 1'000'000'000L}) {
            INFO(name << " [" << c.id << "] depth " << depth << " budget " << budget << " side "
                      << (side == Color::Red ? "red" : "black"));
            long nodes_kept = 0, nodes_fresh = 0;
            const auto kept = answers(pos, depth, budget, true, nodes_kept, true);
            const auto fresh = answers(pos, depth, budget, true, nodes_fresh, false);
            REQUIRE(kept.size() == fresh.size());
            for (std::size_t i = 0; i < kept.size(); ++i) {
              INFO("check " << i << ": kept " << describe(kept[i]) << ", generated " << describe(fresh[i]));
              CHECK(same(kept[i], fresh[i]));
              ++compared;
            }
            CHECK(nodes_kept == nodes_fresh);
          }
      }
  }
  INFO(name << ": " << compared << " answers compared");
  CHECK(compared > 0);
}

}  // namespace

TEST_CASE("check-gain move lists: the same search without them", "[rules][check][memo]") {
  compare_lists("checks.txt");
  compare_lists("cxa.txt");
  compare_lists("precedence.txt");
}

// The memo answers a window from the bounds it proved, as the search would.
TEST_CASE("window memo: bounds and exact values", "[rules][check][memo]") {
  xq::rules::detail::WindowMemo<int> memo;
  CHECK_FALSE(memo.find(1, 2, 0, 10));
  memo.store(1, 2, 3, 10, 3, 7);  // at most 3
  CHECK_FALSE(memo.find(1, 2, 2, 10));  // might be 3 or less: not settled
  CHECK(memo.find(1, 2, 3, 10)->value == 3);  // at most lo: lo, no witness
  CHECK(memo.find(1, 2, 5, 10)->value == 5);
  CHECK(memo.find(1, 2, 5, 10)->witness == 0);
  CHECK_FALSE(memo.find(1, 3, 5, 10));  // another number of checks
  memo.store(2, 2, 0, 4, 6, 9);  // at least 6
  CHECK(memo.find(2, 2, 0, 6)->value == 6);
  CHECK_FALSE(memo.find(2, 2, 0, 7));
  memo.store(2, 2, 0, 20, 8, 11);  // exactly 8, witness 11
  CHECK(memo.find(2, 2, 0, 20)->value == 8);
  CHECK(memo.find(2, 2, 0, 20)->witness == 11);
  CHECK(memo.find(2, 2, 8, 20)->value == 8);  // at most lo
  CHECK(memo.find(2, 2, 8, 20)->witness == 0);
}
