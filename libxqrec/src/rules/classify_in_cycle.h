// Internal to the rules: classify_move (classify.h) asking its searches
// through one cycle's memo of threat searches (threat_memo.h), so that the
// moves of one judged cycle share the answers (verdict.cpp).
#pragma once

#include "xqrec/core/rules/classify.h"
#include "threat_memo.h"

namespace xq::rules::detail {

MoveClassification classify_move(const Position& before, Move m, RuleSet rules, const ThreatOptions& opt,
                                 ThreatMemo& memo);

}  // namespace xq::rules::detail
