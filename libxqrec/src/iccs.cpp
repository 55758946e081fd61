#include "xqrec/core/iccs.h"

namespace xq {

namespace {

int file_of(char c) {
  if (c >= 'a' && c <= 'i') return c - 'a';
  if (c >= 'A' && c <= 'I') return c - 'A';
  return -1;
}

}  // namespace

Result<Move, IccsError> parse_iccs(std::string_view text) {
  if (text.empty()) return fail(IccsError{1, "empty move"});
  std::size_t i = 0;
  int coords[4];
  for (int part = 0; part < 2; ++part) {
    if (part == 1 && i < text.size() && text[i] == '-') ++i;
    if (i >= text.size()) return fail(IccsError{i + 1, "move ends too early; ICCS is file letter a-i and rank digit 0-9 twice, as h2e2"});
    const int f = file_of(text[i]);
    if (f < 0) return fail(IccsError{i + 1, "expected a file letter a-i"});
    ++i;
    if (i >= text.size()) return fail(IccsError{i + 1, "move ends too early; expected a rank digit 0-9"});
    if (text[i] < '0' || text[i] > '9') return fail(IccsError{i + 1, "expected a rank digit 0-9"});
    coords[part * 2] = f;
    coords[part * 2 + 1] = text[i] - '0';
    ++i;
  }
  if (i != text.size()) return fail(IccsError{i + 1, "unexpected text after the move"});
  return Move(Square(coords[0], coords[1]), Square(coords[2], coords[3]));
}

std::string to_iccs(Move m, IccsStyle style) {
  const Square a = m.from(), b = m.to();
  if (style == IccsStyle::UpperDash)
    return std::string{char('A' + a.file()), char('0' + a.rank()), '-', char('A' + b.file()), char('0' + b.rank())};
  return std::string{char('a' + a.file()), char('0' + a.rank()), char('a' + b.file()), char('0' + b.rank())};
}

}  // namespace xq
