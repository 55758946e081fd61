// The answer of a bounded search for a series of checks (杀 24.2, 将军得子
// 24.3): the rules allow any number of checks, the searches stop at a depth
// and a budget of positions (docs/repetition.md, "Series of checks").
#pragma once

#include <cstdint>

namespace xq::rules {

enum class SearchAnswer : std::uint8_t {
  Found,    // proven: every defence loses within the depth
  Refuted,  // proven: some defence holds at every depth up to the limit
  // The budget ran out before the depth was searched in full: a deeper
  // line might still be found. A depth limit itself is no unknown: it is
  // the rule as implemented (ThreatOptions), as with every depth before.
  Unknown,
};

}  // namespace xq::rules
