// The second search of a series of checks (the king's and pawns' own final
// captures left out, threats.cpp) must not make a known answer unknown by
// itself (review of #21, point 2; docs/repetition.md "Unknown").
#include <catch2/catch.hpp>

#include "xqrec/core/fen.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/rules/threats.h"
#include "xqrec/core/rules/values.h"

#include "check_gain.h"

using namespace xq;
using namespace xq::rules;

TEST_CASE("A known series of checks is not made unknown by the search without the pawns' captures",
          "[rules][24.3][26.8]") {
  // 谢业枧–柯永庆 (ccbridge .ubb), the position whose chases a repetition
  // asks for, Red to move; 6 checks, 500 positions (the rules as cxa2020
  // sets them). Every first check's plain search is known within the
  // budget; the search without the pawns' final captures gave each check a
  // budget of its own and ran out on one, which made the whole answer
  // unknown. It now shares one budget per position, as the plain search
  // does, and a check it leaves open is asked again alone with 8 times the
  // budget: known, and the same chases as without a budget.
  const Position pos(*parse_fen("1R1akab2/9/4b4/r8/4C4/2P6/3r5/3NB4/4A4/3AK1B2 w"));
  ThreatOptions opt;
  opt.check_depth = 6;
  opt.check_nodes = 500;
  opt.capture_duties = opt.pawn_capture_check_chases = opt.pawn_takes_after_checks_is_pawns = true;

  // The precondition: the plain search alone is known for every check.
  {
    Position p = pos;
    rules::detail::RootThreatsOnDemand root(p, Color::Black, kCrossedPawnValue);
    rules::detail::GainByChecks search(kCrossedPawnValue, root, opt.check_nodes);
    MoveList checks;
    p.generate_legal_checks(checks);
    for (Move k : checks) REQUIRE_FALSE(search.gain(p, k, opt.check_depth).unknown);
  }
  const Chases budgeted = find_chase_targets(pos, Color::Red, opt);
  ThreatOptions unlimited = opt;
  unlimited.check_nodes = 100'000'000;
  const Chases full = find_chase_targets(pos, Color::Red, unlimited);
  CHECK_FALSE(full.unknown);
  CHECK_FALSE(budgeted.unknown);
  REQUIRE(budgeted.targets.size() == full.targets.size());
  for (std::size_t i = 0; i < full.targets.size(); ++i) {
    CHECK(budgeted.targets[i].victim == full.targets[i].victim);
    CHECK(budgeted.targets[i].gain == full.targets[i].gain);
  }
}
