#include "xqrec/core/json_text.h"

#include <cstdint>
#include <cstring>

namespace xq {

namespace {

// Length of the valid UTF-8 sequence at s[i], or 0. The three-byte form
// (CJK text) first, its two exclusions (overlong E0 80..9F, surrogates ED
// A0..BF) tested on the second byte without building the code point.
std::size_t utf8_len(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  const auto continuation = [](unsigned char x) { return (x & 0xC0) == 0x80; };
  if ((c & 0xF0) == 0xE0) {
    if (i + 3 > s.size() || !continuation(b(i + 1)) || !continuation(b(i + 2))) return 0;
    if ((c == 0xE0 && b(i + 1) < 0xA0) || (c == 0xED && b(i + 1) >= 0xA0)) return 0;
    return 3;
  }
  if (c >= 0xC2 && c <= 0xDF) return i + 2 <= s.size() && continuation(b(i + 1)) ? 2 : 0;
  if (c < 0xF0 || c > 0xF4) return c < 0x80 ? 1 : 0;
  if (i + 4 > s.size() || !continuation(b(i + 1)) || !continuation(b(i + 2)) || !continuation(b(i + 3))) return 0;
  // F0 80..8F is overlong, F4 90..BF beyond U+10FFFF.
  if ((c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) >= 0x90)) return 0;
  return 4;
}

// Whether none of eight bytes needs a look: no control (< 0x20), '"', '\\',
// DEL nor byte of 0x80 or more. A word test per eight bytes instead of four
// tests per byte: most of a game's JSON line is ASCII (FENs, messages).
bool plain_word(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const auto has_zero = [&](std::uint64_t x) { return (x - kOnes) & ~x; };
  const std::uint64_t below_space = (w - kOnes * 0x20) & ~w;
  const std::uint64_t flagged = below_space | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\')) |
                                has_zero(w ^ (kOnes * 0x7F)) | w;
  return (flagged & kHigh) == 0;
}

void append_hex4(std::string& out, unsigned v) {
  static const char* hex = "0123456789abcdef";
  out += "\\u";
  out += hex[v >> 12 & 15];
  out += hex[v >> 8 & 15];
  out += hex[v >> 4 & 15];
  out += hex[v & 15];
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  // Bytes that need no escape are copied in runs, not one by one.
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      // The last bytes of a text of eight or more are tested as its last
      // word, overlapping bytes already passed.
      const std::size_t at = i + 8 <= s.size() ? i : s.size() >= 8 ? s.size() - 8 : i;
      std::uint64_t word;
      if (at + 8 <= s.size() && (std::memcpy(&word, s.data() + at, 8), plain_word(word))) {
        i = at + 8;
        continue;
      }
      if (c >= 0x20 && c != 0x7F && c != '"' && c != '\\') {
        ++i;
        continue;
      }
    } else if (const std::size_t n = utf8_len(s, i); n != 0) {
      i += n;
      continue;
    }
    out.append(s.data() + run, i - run);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        // A control character or DEL escaped; a byte that is not valid
        // UTF-8 becomes U+FFFD (I-JSON, RFC 7493: valid Unicode only; a lone
        // surrogate escape is rejected by strict parsers).
        append_hex4(out, c >= 0x80 ? 0xFFFDu : c);
    }
    run = ++i;
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

std::string json_string(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

}  // namespace xq
