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

// The move of a plain four-character ICCS text ("h2e2", "H2E2"), or
// Move::none(): the readers' fast path, with no error to build.
inline Move parse_plain_iccs(std::string_view t) {
  if (t.size() != 4) return Move::none();
  const auto file = [](char c) { return c >= 'a' && c <= 'i' ? c - 'a' : c >= 'A' && c <= 'I' ? c - 'A' : -1; };
  const auto rank = [](char c) { return c >= '0' && c <= '9' ? c - '0' : -1; };
  const int f1 = file(t[0]), r1 = rank(t[1]), f2 = file(t[2]), r2 = rank(t[3]);
  if ((f1 | r1 | f2 | r2) < 0) return Move::none();
  return Move(Square(f1, r1), Square(f2, r2));
}

enum class IccsStyle { Lower, UpperDash };  // "h2e2" / "H2-E2"
std::string to_iccs(Move m, IccsStyle style = IccsStyle::Lower);

}  // namespace xq
