// A repetition's verdict for an arbiter (`xqrec adjudicate --html`, and the
// repetition part of the audit's report): the board before the cycle with
// the cycle's moves as arrows and the chased pieces ringed; each move in
// Chinese notation (ICCS in a title) with its class (将 杀 捉 兑 献 拦 跟 闲)
// and its targets, with the line proving each 杀 or chase by checks when the
// verdict has them (rules::add_proof_lines); the verdict, who must change,
// each side's summary, the articles and the explanation.
#pragma once

#include <string>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/verdict.h"

namespace xq::report {

// `before`: the position before the verdict's first ply.
std::string verdict_section(const Position& before, const rules::Verdict& verdict);

}  // namespace xq::report
