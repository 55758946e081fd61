// The CXA decision of a verdict from its classified moves (verdict.cpp),
// shared with the reading of unknown classes (undecided.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "xqrec/core/rules/verdict.h"

namespace xq::rules::detail {

// Summarises both sides of v.moves and decides v (outcome, must_change,
// articles, explanation) under v.rules, a CXA edition. With
// `unknowns_read_forbidden`, that side's moves that may chase more than they
// are proven to (UnknownClasses::chase) count as plain 捉 of a rook or an
// unrooted piece (the classes themselves are the caller's to set).
void judge_cxa(Verdict& v, std::optional<Color> unknowns_read_forbidden = std::nullopt);

// The articles a CXA verdict cites only because a side loses (2011/2020
// 23.5.1, 23.5.2.2): the articles that name the loss, not the rule.
std::vector<std::string> loss_only_articles(RuleSet rules);

// "Red" or "Black", as the explanations name a side.
inline std::string side_word(Color c) { return c == Color::Red ? "Red" : "Black"; }

}  // namespace xq::rules::detail
