// Verdict::undecided (issue #21): a loss that rests on moves of the other
// side read as allowed only because a search ran out of budget.
#pragma once

#include "xqrec/core/rules/threats.h"
#include "xqrec/core/rules/verdict.h"

namespace xq::rules::detail {

// v is a CXA verdict decided from its moves as proven (judge_cxa). If it
// makes a side lose and the other side has moves whose class is unknown
// (MoveClassification::unknown), the cycle is judged again with those moves
// read as the heaviest class they may be; if the loss goes away in that
// reading, v becomes an undecided draw. `opt`: the budgets, for the
// explanation.
void settle_unknowns(Verdict& v, const ThreatOptions& opt);

}  // namespace xq::rules::detail
