// FEN for Xiangqi: "rnbakabnr/9/1c5c1/... w - - 0 1".
//
// Reading accepts the side letters w, r (Red) and b (Black), truncated FENs
// (missing trailing fields), and the WXF letters E (elephant) and H (horse)
// besides B and N. Writing uses the standard letters and w/b.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "xqrec/core/result.h"
#include "xqrec/core/setup.h"

namespace xq {

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

struct FenError {
  std::string code;     // stable: "empty", "rank-count", "file-count", "bad-piece", "bad-side", ...
  std::size_t column;   // 1-based byte column in the FEN text
  std::string message;  // one line, for people
};

// A syntax check only; judge the position with check_setup().
Result<Setup, std::vector<FenError>> parse_fen(std::string_view text);

std::string to_fen(const Setup& setup);

// Writes a string for messages: printable ASCII kept, anything else escaped
// (\xNN), cut after `limit` bytes.
std::string printable(std::string_view text, std::size_t limit = 120);

}  // namespace xq
