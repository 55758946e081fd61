// ICCS coordinate notation: "h2e2", also written "H2-E2".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "xqrec/core/result.h"
#include "xqrec/core/types.h"

namespace xq {

struct IccsError {
  std::size_t column;  // 1-based byte column of the offending character
  std::string message;
};

// Accepts "h2e2", "H2E2", "h2-e2", "H2-E2" (any case), nothing else.
Result<Move, IccsError> parse_iccs(std::string_view text);

namespace detail {
// Per byte: its file (a-i, A-I) and its rank times nine (0-9), or 0xFF.
struct IccsBytes {
  std::array<std::uint8_t, 256> file{}, rank9{};
};
constexpr IccsBytes make_iccs_bytes() {
  IccsBytes b;
  for (int c = 0; c < 256; ++c) {
    b.file[std::size_t(c)] = c >= 'a' && c <= 'i' ? std::uint8_t(c - 'a') : c >= 'A' && c <= 'I' ? std::uint8_t(c - 'A') : 0xFF;
    b.rank9[std::size_t(c)] = c >= '0' && c <= '9' ? std::uint8_t((c - '0') * kFiles) : 0xFF;
  }
  return b;
}
inline constexpr IccsBytes kIccsBytes = make_iccs_bytes();
}  // namespace detail

// The move of a plain four-character ICCS text ("h2e2", "H2E2"), or
// Move::none(): the readers' fast path, with no error to build. By table:
// the replay of a large ICCS archive asks it for every ply.
inline Move parse_plain_iccs(std::string_view t) {
  if (t.size() != 4) return Move::none();
  const auto* u = reinterpret_cast<const unsigned char*>(t.data());
  const auto& b = detail::kIccsBytes;
  const unsigned f1 = b.file[u[0]], r1 = b.rank9[u[1]], f2 = b.file[u[2]], r2 = b.rank9[u[3]];
  if ((f1 | r1 | f2 | r2) & 0x80u) return Move::none();
  return Move(Square(int(f1 + r1)), Square(int(f2 + r2)));
}

enum class IccsStyle { Lower, UpperDash };  // "h2e2" / "H2-E2"
std::string to_iccs(Move m, IccsStyle style = IccsStyle::Lower);

}  // namespace xq
