// ICCS coordinate notation: "h2e2", also written "H2-E2".
#pragma once

#include <string>
#include <string_view>

#include "xqrec/result.h"
#include "xqrec/types.h"

namespace xq {

struct IccsError {
  std::size_t column;  // 1-based byte column of the offending character
  std::string message;
};

// Accepts "h2e2", "H2E2", "h2-e2", "H2-E2" (any case), nothing else.
Result<Move, IccsError> parse_iccs(std::string_view text);

enum class IccsStyle { Lower, UpperDash };  // "h2e2" / "H2-E2"
std::string to_iccs(Move m, IccsStyle style = IccsStyle::Lower);

}  // namespace xq
