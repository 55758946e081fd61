// Splitting glued move text into move, move-number and ellipsis tokens.
#include "xqrec/notation/split.h"

#include "text.h"
#include "xqrec/notation/description.h"

namespace xq::notation {

namespace {

constexpr bool is_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
constexpr bool is_dot(char32_t c) { return c == U'.' || c == U'…' || c == U'、' || c == U'⋯'; }

struct Span {
  std::size_t bytes = 0, chars = 0;
};

// "12." "12、" "3..." "１２．" (folded): a digit run and at least one dot.
Span scan_move_number(std::string_view text) {
  Span s;
  std::size_t b = 0, n = 0;
  for (;;) {
    const auto d = detail::decode_at(text, b);
    if (d.len == 0 || !is_digit(detail::fold_ascii(d.cp))) break;
    b += d.len;
    ++n;
  }
  if (n == 0) return s;
  std::size_t dots = 0;
  for (;;) {
    const auto d = detail::decode_at(text, b);
    if (d.len == 0 || !is_dot(detail::fold_ascii(d.cp))) break;
    b += d.len;
    ++n;
    ++dots;
  }
  if (dots == 0) return s;
  return {b, n};
}

Span scan_ellipsis(std::string_view text) {
  std::size_t b = 0, n = 0;
  for (;;) {
    const auto d = detail::decode_at(text, b);
    const char32_t c = detail::fold_ascii(d.cp);
    if (d.len == 0 || (c != U'.' && c != U'…' && c != U'⋯')) break;
    b += d.len;
    ++n;
  }
  return {b, n};
}

Span scan_other(std::string_view text) {
  std::size_t b = 0, n = 0;
  for (;;) {
    const auto d = detail::decode_at(text, b);
    if (d.len == 0 || detail::is_space(d.cp)) break;
    b += d.len;
    ++n;
  }
  return {b, n};
}

}  // namespace

std::vector<TextToken> split_move_text(std::string_view text, Notation hint) {
  std::vector<TextToken> out;
  std::size_t at = 0, col = 0;
  while (at < text.size()) {
    const auto d = detail::decode_at(text, at);
    if (detail::is_space(d.cp)) {
      at += d.len;
      ++col;
      continue;
    }
    const std::string_view rest = text.substr(at);
    TextToken tok;
    tok.byte_offset = at;
    tok.column = col + 1;
    Span span;

    auto try_move = [&](Notation n) {
      Result<Scanned, SyntaxError> s = n == Notation::Chinese ? scan_chinese(rest)
                                       : n == Notation::Wxf   ? scan_wxf(rest)
                                                              : scan_iccs(rest);
      if (!s) return false;
      tok.kind = TokenKind::Move;
      tok.notation = n;
      span = {s->bytes, s->chars};
      return true;
    };

    const char32_t c = detail::fold_ascii(d.cp);
    const Notation guess = detect_notation(rest);
    bool done = false;
    if (is_digit(c)) {
      // 3+.4 (WXF official) and 1兵平五 (an ordinal) start with digits too.
      if (guess != Notation::Auto) done = try_move(guess);
      if (!done) {
        span = scan_move_number(rest);
        if (span.bytes) {
          tok.kind = TokenKind::MoveNumber;
          done = true;
        }
      }
    } else if (c == U'.' || c == U'…' || c == U'⋯') {
      span = scan_ellipsis(rest);
      tok.kind = TokenKind::Ellipsis;
      done = true;
    } else if (guess == Notation::Iccs && hint == Notation::Wxf) {
      done = try_move(Notation::Wxf) || try_move(Notation::Iccs);
    } else if (guess != Notation::Auto) {
      done = try_move(guess);
      if (!done && guess == Notation::Iccs) done = try_move(Notation::Wxf);
    }
    if (!done) {
      span = scan_other(rest);
      tok.kind = TokenKind::Other;
    }
    tok.text = rest.substr(0, span.bytes);
    out.push_back(tok);
    at += span.bytes;
    col += span.chars;
  }
  return out;
}

}  // namespace xq::notation
