#include "xqrec/core/json_text.h"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xq {

namespace {

// Whether p[0..2] is a valid three-byte UTF-8 character (CJK text): its
// two exclusions (overlong E0 80..9F, surrogates ED A0..BF) tested on the
// second byte without building the code point.
bool three_byte_char(const char* p) {
  const auto b0 = static_cast<unsigned char>(p[0]), b1 = static_cast<unsigned char>(p[1]),
             b2 = static_cast<unsigned char>(p[2]);
  if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return false;
  return !((b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 >= 0xA0));
}

// Length of the valid UTF-8 sequence at s[i], or 0; the three-byte form
// (CJK text) first.
std::size_t utf8_len(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  const auto continuation = [](unsigned char x) { return (x & 0xC0) == 0x80; };
  if ((c & 0xF0) == 0xE0) return i + 3 <= s.size() && three_byte_char(s.data() + i) ? 3 : 0;
  if (c >= 0xC2 && c <= 0xDF) return i + 2 <= s.size() && continuation(b(i + 1)) ? 2 : 0;
  if (c < 0xF0 || c > 0xF4) return c < 0x80 ? 1 : 0;
  if (i + 4 > s.size() || !continuation(b(i + 1)) || !continuation(b(i + 2)) || !continuation(b(i + 3))) return 0;
  // F0 80..8F is overlong, F4 90..BF beyond U+10FFFF.
  if ((c == 0xF0 && b(i + 1) < 0x90) || (c == 0xF4 && b(i + 1) >= 0x90)) return 0;
  return 4;
}

// The bytes of a word that need a look: a control (< 0x20), '"', '\\', DEL
// or a byte of 0x80 or more. Each such byte has its high bit set in the
// result; a byte after (above) a flagged one may be flagged too (a borrow),
// never one before it, so the lowest flag is exact. A word test per eight
// bytes instead of four tests per byte: most of a game's JSON line is ASCII
// (FENs, messages, dates).
std::uint64_t flagged_bytes(std::uint64_t w) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const auto has_zero = [&](std::uint64_t x) { return (x - kOnes) & ~x; };
  const std::uint64_t below_space = (w - kOnes * 0x20) & ~w;
  return (below_space | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\')) | has_zero(w ^ (kOnes * 0x7F)) | w) &
         kHigh;
}

// Printable ASCII other than '"' and '\\': copied as it is.
constexpr std::array<bool, 256> kPlainByte = [] {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 0x7F; ++c) t[std::size_t(c)] = c != '"' && c != '\\';
  return t;
}();

// Writes "\\u" and four hex digits at p.
char* put_hex4(char* p, unsigned v) {
  static const char* hex = "0123456789abcdef";
  p[0] = '\\';
  p[1] = 'u';
  p[2] = hex[v >> 12 & 15];
  p[3] = hex[v >> 8 & 15];
  p[4] = hex[v >> 4 & 15];
  p[5] = hex[v & 15];
  return p + 6;
}

#if defined(__SSE2__)
// Whether none of the sixteen bytes at p needs a look: a signed compare
// with 0x20 flags the controls and every byte of 0x80 or more at once.
bool plain16(const char* p) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i look =
      _mm_or_si128(_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)), _mm_cmpeq_epi8(v, _mm_set1_epi8('"'))),
                   _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F))));
  return _mm_movemask_epi8(look) == 0;
}
#endif

// Whether no byte of s needs a look (printable ASCII but '"' and '\\'):
// most tag names, dates, FENs and codes. Sixteen bytes at a time where SSE2
// is, else a word at a time, the last step overlapping; a text of four to
// seven bytes (most tag names) as its first and last four in one word.
[[gnu::always_inline]] inline bool plain_ascii(std::string_view s) {
  const char* const d = s.data();
  const std::size_t n = s.size();
  if (n < 4) {
    for (std::size_t i = 0; i < n; ++i)
      if (!kPlainByte[static_cast<unsigned char>(d[i])]) return false;
    return true;
  }
  std::uint64_t word;
  if (n < 8) {
    std::uint32_t first, last;
    std::memcpy(&first, d, 4);
    std::memcpy(&last, d + n - 4, 4);
    return flagged_bytes(std::uint64_t(first) | std::uint64_t(last) << 32) == 0;
  }
#if defined(__SSE2__)
  if (n >= 16) {
    for (std::size_t i = 0; i + 16 < n; i += 16)
      if (!plain16(d + i)) return false;
    return plain16(d + n - 16);
  }
#endif
  for (std::size_t i = 0; i + 8 < n; i += 8) {
    std::memcpy(&word, d + i, 8);
    if (flagged_bytes(word) != 0) return false;
  }
  std::memcpy(&word, d + n - 8, 8);
  return flagged_bytes(word) == 0;
}

// The text with something to escape or to check as UTF-8, out of line:
// written at p, which has room for json_string_bound(s.size()) bytes (an
// escape is at most six bytes for one byte of the text); returns the end.
[[gnu::noinline]] char* put_json_escaped(char* p, std::string_view s) {
  *p++ = '"';
  const char* const d = s.data();
  const std::size_t n = s.size();
  // Bytes that need no escape are copied in runs, not one by one.
  std::size_t run = 0;
  const auto copy_run = [&](std::size_t end) {
    std::memcpy(p, d + run, end - run);
    p += end - run;
  };
  const auto two = [&](char second) {
    p[0] = '\\';
    p[1] = second;
    p += 2;
  };
  // One character at i: passed over, or escaped after the run before it.
  const auto step = [&](std::size_t& i) {
    const auto c = static_cast<unsigned char>(d[i]);
    if (kPlainByte[c]) {
      ++i;
      return;
    }
    if (c >= 0x80)
      if (const std::size_t len = utf8_len(s, i); len != 0) {
        i += len;
        // The three-byte characters after it (a run of CJK text) at once,
        // not a round of the word test each.
        if (len == 3) {
          // A word of four bytes a character while one more lies in the
          // text: the lead (1110xxxx) and two continuations in one masked
          // compare, then the two exclusions (E0 80..9F, ED A0..BF) by the
          // second byte's bit 5 (A0..BF have it). Little-endian only (the
          // first byte the word's low byte); the last character, or all of
          // them elsewhere, by three_byte_char.
          if constexpr (std::endian::native == std::endian::little)
            while (i + 4 <= n) {
              std::uint32_t w;
              std::memcpy(&w, d + i, 4);
              if ((w & 0x00C0C0F0u) != 0x008080E0u) break;
              const std::uint32_t lead = w & 0xFFu, upper = w & 0x2000u;
              if (lead == 0xE0u ? upper == 0 : lead == 0xEDu && upper != 0) break;
              i += 3;
            }
          while (i + 3 <= n && three_byte_char(d + i)) i += 3;
        }
        return;
      }
    copy_run(i);
    switch (c) {
      case '"': two('"'); break;
      case '\\': two('\\'); break;
      case '\n': two('n'); break;
      case '\r': two('r'); break;
      case '\t': two('t'); break;
      case '\b': two('b'); break;
      case '\f': two('f'); break;
      default:
        // A control character or DEL escaped; a byte that is not valid
        // UTF-8 becomes U+FFFD (I-JSON, RFC 7493: valid Unicode only; a lone
        // surrogate escape is rejected by strict parsers).
        p = put_hex4(p, c >= 0x80 ? 0xFFFDu : c);
    }
    run = ++i;
  };
  std::size_t i = 0;
  // Eight bytes at a time: past them when none needs a look, else to the
  // first that does.
  while (i + 8 <= n) {
    std::uint64_t word;
    std::memcpy(&word, d + i, 8);
    const std::uint64_t flags = flagged_bytes(word);
    if (flags == 0) {
      i += 8;
      continue;
    }
    // The lowest flag is the first byte in memory only on a little-endian
    // machine; elsewhere the word is read on byte by byte: the same output,
    // more slowly.
    if constexpr (std::endian::native == std::endian::little) i += std::size_t(std::countr_zero(flags)) / 8;
    step(i);
  }
  // The last bytes of a text of eight or more: its last word, overlapping
  // bytes already passed.
  if (i < n && n >= 8) {
    std::uint64_t word;
    std::memcpy(&word, d + n - 8, 8);
    if (flagged_bytes(word) == 0) i = n;
  }
  while (i < n) step(i);
  copy_run(n);
  *p++ = '"';
  return p;
}

// Copies the n bytes at d to p: up to sixteen as two words or two halves
// that overlap (no call; most strings of a game's line are short: tag
// names and values, codes), longer ones (FENs among them) by memcpy.
[[gnu::always_inline]] inline void copy_short(char* p, const char* d, std::size_t n) {
  if (n >= 8 && n <= 16) {
    std::uint64_t a, b;
    std::memcpy(&a, d, 8);
    std::memcpy(&b, d + n - 8, 8);
    std::memcpy(p, &a, 8);
    std::memcpy(p + n - 8, &b, 8);
  } else if (n >= 4 && n < 8) {
    std::uint32_t a, b;
    std::memcpy(&a, d, 4);
    std::memcpy(&b, d + n - 4, 4);
    std::memcpy(p, &a, 4);
    std::memcpy(p + n - 4, &b, 4);
  } else if (n < 4) {
    for (std::size_t i = 0; i < n; ++i) p[i] = d[i];
  } else {
    std::memcpy(p, d, n);
  }
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  if (plain_ascii(s)) [[likely]] {
    out.reserve(out.size() + s.size() + 2);
    out += '"';
    out.append(s.data(), s.size());
    out += '"';
    return;
  }
  const std::size_t at = out.size();
  out.resize(at + json_string_bound(s.size()));
  out.resize(std::size_t(put_json_escaped(out.data() + at, s) - out.data()));
}

char* put_json_string(char* p, std::string_view s) {
  if (plain_ascii(s)) [[likely]] {
    *p++ = '"';
    copy_short(p, s.data(), s.size());  // an empty view's data may be null: not read
    p += s.size();
    *p++ = '"';
    return p;
  }
  return put_json_escaped(p, s);
}

std::string json_string(std::string_view text) {
  std::string out;
  append_json_string(out, text);
  return out;
}

}  // namespace xq
