// The move notations xqrec reads and writes.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace xq::notation {

enum class Notation : std::uint8_t {
  Chinese,  // 炮二平五 / 炮８平５, every dialect
  Wxf,      // C2.5 (WXF letters, either set, either convention)
  Iccs,     // h2e2 / H2-E2
  Auto,     // as a hint only: detect from the text
};

std::string_view notation_name(Notation n);  // "chinese", "wxf", "iccs", "auto"
// The inverse of notation_name (exact, lower-case).
std::optional<Notation> notation_from_name(std::string_view name);

}  // namespace xq::notation
