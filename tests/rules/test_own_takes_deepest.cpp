// The search without the king's and pawns' own final captures reads each
// check against the least defences of the whole gain (check_gain.h
// leave_out), and those depend on the depth: one more check may make
// another reply the least defence, against which only the pawn's capture
// wins. So its answer is that of the deepest depth completed, even when a
// shallower depth gained more (GainByChecks::gain; docs/repetition.md).
#include <catch2/catch.hpp>

#include <algorithm>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/threats.h"
#include "xqrec/core/rules/values.h"

#include "check_gain.h"

using namespace xq;
using namespace xq::rules;
using xq::rules::detail::GainByChecks;

namespace {

// 陶汉明–李德志 (BGN World Xiangqi Challenge), Red to move after ply 98.
// 炮e5f5+: at 2 checks the least defence is 士f7e8 (e6f6+ e8f7 炮f5xf7 wins
// the advisor, 1); at 3 checks 士f7e8 loses more, and the least defence is
// 车f3xf5, which only the pawn g5 punishes (g5xf5: the rook for the cannon,
// 2). Under cxa2020 (26.8 兵借其他子抽吃) that is the pawn's own chase.
constexpr const char* kFen = "2ba1kb2/6N2/5a3/p3P4/4C1P1p/9/5r2n/4BC3/4A4/2B1KA3 w";

}  // namespace

TEST_CASE("Own captures left out: the deepest depth's least defences are read, not the largest gain",
          "[rules][24.3][26.8]") {
  Position pos(*parse_fen(kFen));
  const Move k = parse_plain_iccs("e5f5");
  rules::detail::RootThreatsOnDemand root(pos, Color::Black, kCrossedPawnValue);
  for (const int depth : {3, 4}) {
    INFO("check depth " << depth);
    GainByChecks search(kCrossedPawnValue, root, 100'000'000), without(kCrossedPawnValue, root, 100'000'000);
    without.leave_out({.king = false, .pawns = true, .pawns_opening_check = false});
    const GainByChecks::Answer a = search.gain(pos, k, depth);
    CHECK(a.gain == 2);
    CHECK(a.victim == Square(5, 3));  // the rook f3, taken by the pawn
    CHECK(a.taker.type() == PieceType::Pawn);
    const GainByChecks::Answer o = without.gain(pos, k, depth, &search.least_replies());
    CHECK_FALSE(o.unknown);
    CHECK(o.gain <= 0);  // not the 1 (the advisor f7) of 2 checks
  }
}

TEST_CASE("Own captures left out: a pawn's chase at 3 checks is not the cannon's chase of 2 checks",
          "[rules][24.3][26.8]") {
  const Position pos(*parse_fen(kFen));
  ThreatOptions opt;  // as cxa2020 sets them, 3 and 4 checks
  opt.capture_duties = opt.pawn_capture_check_chases = opt.pawn_takes_after_checks_is_pawns = true;
  opt.check_nodes = 100'000'000;
  for (const int depth : {3, 4}) {
    INFO("check depth " << depth);
    opt.check_depth = depth;
    const Chases c = find_chase_targets(pos, Color::Red, opt);
    CHECK_FALSE(c.unknown);
    const auto series = std::find_if(c.targets.begin(), c.targets.end(), [](const ChaseTarget& t) {
      return t.by_checks && to_iccs(t.first_check) == "e5f5";
    });
    REQUIRE(series != c.targets.end());
    CHECK(series->victim == Square(5, 3));
    CHECK(series->gain == 2);
    CHECK(series->king_or_pawn);
    CHECK(series->pawn_takes);
  }
}
