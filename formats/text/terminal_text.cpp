#include "xqrec/formats/terminal_text.h"

#include "xqrec/formats/visitor.h"

#include <unicode/utf8.h>

namespace xq::formats {

namespace {

constexpr const char* kHex = "0123456789abcdef";

}  // namespace

void append_hex_escapes(std::string& out, std::string_view bytes) {
  for (const char b : bytes) {
    const auto c = static_cast<unsigned char>(b);
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
}

void append_printable(std::string& out, std::string_view s) {
  out.reserve(out.size() + s.size());
  std::size_t run = 0;  // start of the bytes copied as they are
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7F) {
      ++i;
      continue;
    }
    std::size_t n = 1;
    bool keep = false;
    if (c >= 0x80) {
      std::int32_t at = std::int32_t(i);
      UChar32 cp;
      U8_NEXT(reinterpret_cast<const std::uint8_t*>(s.data()), at, std::int32_t(s.size()), cp);
      if (cp >= 0) {
        n = std::size_t(at) - i;
        keep = cp > 0x9F;  // C1 controls are escaped
      }
    }
    if (keep) {
      i += n;
      continue;
    }
    out.append(s.data() + run, i - run);
    append_hex_escapes(out, s.substr(i, n));
    i += n;
    run = i;
  }
  out.append(s.data() + run, s.size() - run);
}

std::string printable(std::string_view text) {
  std::string out;
  append_printable(out, text);
  return out;
}

std::string hex_bytes(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

void bound_excerpt(std::string& text) {
  if (text.size() <= kMaxExcerptBytes) return;
  std::size_t cut = kExcerptCut;
  // Not inside a UTF-8 sequence: back to the byte that starts one.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  // Not inside an escape such as \x1b or \n (a backslash in the last three bytes).
  for (std::size_t k = cut; k > 0 && k + 2 >= cut; --k)
    if (text[k - 1] == '\\') {
      cut = k - 1;
      break;
    }
  text.resize(cut);
  text.append("\u2026");
}

std::string bounded_excerpt(std::string_view text) {
  std::string s(text.substr(0, kMaxExcerptBytes + 1));
  bound_excerpt(s);
  return s;
}

}  // namespace xq::formats
