// The JSON string escaper against a plain reference written here: one byte
// or one code point at a time, the code point built and range-checked. The
// escaper tests sixteen bytes (SSE2) or eight at a time and the three-byte
// form by its second byte: every special byte and sequence at every offset
// of a step.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "xqrec/core/json_text.h"

namespace {

std::string reference(std::string_view s) {
  std::string out = "\"";
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = b(i);
    std::size_t n = 0;
    std::uint32_t cp = 0, min = 0;
    if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1Fu, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0Fu, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07u, min = 0x10000;
    if (n && i + n <= s.size()) {
      bool ok = true;
      for (std::size_t k = 1; k < n; ++k) {
        ok = ok && (b(i + k) & 0xC0) == 0x80;
        cp = cp << 6 | (b(i + k) & 0x3Fu);
      }
      if (ok && cp >= min && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF)) {
        out.append(s.substr(i, n));
        i += n;
        continue;
      }
    }
    char buf[8];
    if (c == '"') out += "\\\"";
    else if (c == '\\') out += "\\\\";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c == '\b') out += "\\b";
    else if (c == '\f') out += "\\f";
    else if (c < 0x20 || c == 0x7F) std::snprintf(buf, sizeof buf, "\\u%04x", c), out += buf;
    else if (c >= 0x80) out += "\\ufffd";
    else out += char(c);
    ++i;
  }
  return out + "\"";
}

// put_json_string into a buffer of exactly its bound, with guard bytes
// around: the literal, and that nothing was written outside the bound.
std::string put_literal(std::string_view s) {
  const std::size_t bound = xq::json_string_bound(s.size());
  std::string buffer(8 + bound + 8, '#');
  char* const start = buffer.data() + 8;
  char* const end = xq::put_json_string(start, s);
  CHECK(end >= start);
  CHECK(std::size_t(end - start) <= bound);
  CHECK(buffer.substr(0, 8) == std::string(8, '#'));
  CHECK(buffer.substr(8 + bound) == std::string(8, '#'));
  return std::string(start, end);
}

}  // namespace

TEST_CASE("json_text: every special byte and sequence, at every offset, as the reference escapes it", "[json]") {
  std::vector<std::string> specials;
  for (int c = 0; c < 256; ++c) specials.push_back(std::string(1, char(c)));
  // UTF-8 of each length, their edges and the sequences just outside them.
  for (const char* seq : {"\xC2\x80", "\xDF\xBF", "\xC1\xBF", "\xC2\x7F", "\xE0\xA0\x80", "\xE0\x9F\xBF",
                          "\xE4\xB8\xAD", "\xEC\xBF\xBF", "\xED\x9F\xBF", "\xED\xA0\x80", "\xED\xBF\xBF",
                          "\xEE\x80\x80", "\xEF\xBF\xBF", "\xE4\xB8", "\xE4\x38\xAD", "\xE4\xB8\xED",
                          "\xF0\x90\x80\x80", "\xF0\x8F\xBF\xBF", "\xF4\x8F\xBF\xBF", "\xF4\x90\x80\x80",
                          "\xF3\xBF\xBF\xBF", "\xF5\x80\x80\x80", "\xF1\x80\x80", "\xF1\x80\x80\x7F"})
    specials.push_back(seq);
  for (const std::string& sp : specials)
    // Every offset of a sixteen-byte step and of the four-byte halves of a
    // short text, and texts that end anywhere in the step after.
    for (std::size_t before = 0; before <= 17; ++before)
      for (std::size_t after = 0; after <= 20; ++after) {
        const std::string s = std::string(before, 'a') + sp + std::string(after, 'z');
        INFO("special " << sp.size() << " bytes at " << before << ", " << after << " after");
        CHECK(xq::json_string(s) == reference(s));
        CHECK(put_literal(s) == reference(s));
      }
  // Long runs of CJK text and ASCII, mixed, appended to text already there.
  std::string mixed;
  for (int i = 0; i < 40; ++i) mixed += i % 3 ? "\xE7\x82\xAE\xE4\xBA\x8C" : "h2e2 \"q\" ";
  std::string out = "x";
  xq::append_json_string(out, mixed);
  CHECK(out.substr(0, 1) == "x");
  CHECK(out.substr(1) == reference(mixed));
}

TEST_CASE("json_text: every special byte and sequence right after a run of three-byte characters", "[json]") {
  // The escaper passes a run of three-byte characters at once: what ends
  // the run (a sequence cut, invalid or of another length, a byte to escape)
  // must be read as after ASCII.
  std::vector<std::string> specials;
  for (int c = 0; c < 256; ++c) specials.push_back(std::string(1, char(c)));
  for (const char* seq : {"\xC2\x80", "\xE0\xA0\x80", "\xE0\x9F\xBF", "\xED\x9F\xBF", "\xED\xA0\x80", "\xEF\xBF\xBF",
                          "\xE4\xB8", "\xE4\x38\xAD", "\xE4\xB8\xED", "\xF0\x90\x80\x80", "\xF4\x90\x80\x80"})
    specials.push_back(seq);
  for (const std::string& sp : specials)
    for (std::size_t before = 0; before <= 2; ++before)
      for (std::size_t run = 1; run <= 4; ++run)
        for (std::size_t after : {std::size_t(0), std::size_t(2), std::size_t(9)}) {
          std::string s(before, 'a');
          for (std::size_t k = 0; k < run; ++k) s += "\xE4\xB8\xAD";
          s += sp + std::string(after, 'z');
          INFO("special " << sp.size() << " bytes after " << before << " + " << run << " characters, " << after
                          << " after");
          CHECK(xq::json_string(s) == reference(s));
        }
}

TEST_CASE("json_text: a view that ends inside a three-byte character is not read past its end", "[json]") {
  // The escaper's input is a view; the bytes after it may continue a
  // character it cuts (a std::string's own end is a NUL, which hides a read
  // past the end). Every cut of a run of 中 (E4 B8 AD) inside a larger buffer.
  std::string buffer = "ab";
  for (int k = 0; k < 12; ++k) buffer += "\xE4\xB8\xAD";
  buffer += "\xE6\x96\x87\x87\x87";
  for (std::size_t cut = 0; cut <= buffer.size(); ++cut) {
    const std::string_view view = std::string_view(buffer).substr(0, cut);
    INFO("cut after " << cut << " bytes");
    CHECK(xq::json_string(view) == reference(view));
  }
}

TEST_CASE("json_text: put_json_string's bound holds for the longest escapes", "[json]") {
  // Every byte escaped to six (a control, a byte of invalid UTF-8): the
  // literal fills its bound exactly.
  for (const char fill : {'\x01', '\x7F', '\xFF', '\x80'})
    for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(16), std::size_t(100)}) {
      const std::string s(n, fill);
      INFO("byte " << int(static_cast<unsigned char>(fill)) << " x " << n);
      const std::string literal = put_literal(s);
      CHECK(literal == reference(s));
      CHECK(literal.size() == xq::json_string_bound(n));
    }
  CHECK(put_literal(std::string_view()) == "\"\"");
}

TEST_CASE("json_text: a plain text of every length is copied whole, in order, inside its bound", "[json]") {
  // Plain texts go out without a memcpy call up to sixteen bytes (two
  // words, or two halves, that overlap): distinct bytes at every position
  // show a half copied to the wrong place, the guard bytes a write past the
  // bound, and the lengths cover each copy's edges (3/4, 7/8, 16/17).
  const std::string source = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  for (std::size_t n = 0; n <= source.size(); ++n) {
    const std::string s = source.substr(0, n);
    INFO("length " << n);
    CHECK(put_literal(s) == "\"" + s + "\"");
  }
}
