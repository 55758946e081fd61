#include "xqrec/core/json_text.h"

#include <cstdint>

namespace xq {

namespace {

// Length of the valid UTF-8 sequence at s[i], or 0.
std::size_t utf8_len(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  std::size_t n;
  std::uint32_t cp, min;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1Fu, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0Fu, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07u, min = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (b(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
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
    if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
      ++i;
      continue;
    }
    if (c >= 0x80) {
      if (const std::size_t n = utf8_len(s, i); n != 0) {
        i += n;
        continue;
      }
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
