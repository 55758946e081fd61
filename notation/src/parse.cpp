// Detecting the notation of a move text, and reading a whole move text.
#include <cstdint>
#include <cstring>
#include <memory>

#include "xqrec/notation/parse_memo.h"
#include "syntax_error.h"
#include "text.h"

namespace xq::notation {

namespace {

std::size_t skip_spaces(std::string_view text, std::size_t byte, std::size_t* chars) {
  for (;;) {
    const auto d = detail::decode_at(text, byte);
    if (d.len == 0 || !detail::is_space(d.cp)) return byte;
    byte += d.len;
    if (chars) ++*chars;
  }
}

// Whether scan_iccs would read the start of text: a file letter, a rank
// digit, an optional dash, a file letter, a rank digit (full-width forms
// folded). Without building the syntax error a failed scan would: words of
// other notations ask this once each.
bool starts_with_iccs(std::string_view text) {
  std::size_t at = 0;
  auto next = [&]() -> char32_t {
    const auto d = detail::decode_at(text, at);
    at += d.len;
    return d.len ? detail::fold_ascii(d.cp) : 0;
  };
  auto file = [](char32_t c) { return (c >= U'a' && c <= U'i') || (c >= U'A' && c <= U'I'); };
  auto rank = [](char32_t c) { return c >= U'0' && c <= U'9'; };
  if (!file(next()) || !rank(next())) return false;
  char32_t c = next();
  if (c == U'-') c = next();
  return file(c) && rank(next());
}

Result<Scanned, SyntaxError> scan(Notation n, std::string_view text) {
  switch (n) {
    case Notation::Chinese: return scan_chinese(text);
    case Notation::Wxf: return scan_wxf(text);
    case Notation::Iccs: return scan_iccs(text);
    case Notation::Auto: break;
  }
  return fail(detail::syntax_error(text, 0, 0, "a move in Chinese, WXF or ICCS notation"));
}

// A whole text in one notation: the move, then only white space.
Result<MoveDescription, SyntaxError> scan_whole(Notation n, std::string_view text) {
  auto s = scan(n, text);
  if (!s) return fail(std::move(s.error()));
  std::size_t chars = s->chars;
  const std::size_t end = skip_spaces(text, s->bytes, &chars);
  if (end != text.size())
    return fail(detail::syntax_error(text, end, chars, "the end of the move"));
  return s->description;
}

}  // namespace

Notation detect_notation(std::string_view text) {
  const std::size_t at = skip_spaces(text, 0, nullptr);
  const auto d1 = detail::decode_at(text, at);
  if (d1.len == 0) return Notation::Auto;
  const detail::Glyph g1 = detail::classify_chinese(d1.cp);
  const char32_t c1 = detail::fold_ascii(d1.cp);
  const bool digit = c1 >= U'0' && c1 <= U'9';
  if (g1.kind != detail::GlyphKind::Other && !digit) return Notation::Chinese;
  if (digit) {
    // 1兵平五 (an ordinal) is Chinese; 3+.4 is WXF.
    const auto d2 = detail::decode_at(text, at + d1.len);
    return detail::classify_chinese(d2.cp).kind == detail::GlyphKind::Piece ? Notation::Chinese : Notation::Wxf;
  }
  if (c1 == U'+' || c1 == U'-') return Notation::Wxf;
  if ((c1 >= U'a' && c1 <= U'z') || (c1 >= U'A' && c1 <= U'Z'))
    return starts_with_iccs(text.substr(at)) ? Notation::Iccs : Notation::Wxf;
  return Notation::Auto;
}

namespace {


Result<MoveDescription, SyntaxError> parse_uncached(std::string_view text, Notation hint);

}  // namespace

using detail::ParseMemo;

namespace detail {
constinit thread_local const ParseMemo* memo_unguarded = nullptr;
}  // namespace detail

namespace {
// On the heap, made on a thread's first reading: a thread that gives it
// back while it waits (release_parse_memo) holds nothing of it. In the
// thread's static storage, every thread that ever read a move kept its
// 300 KB resident (64 audit workers: 19 MB).
thread_local std::unique_ptr<ParseMemo> memo_of_thread;
[[gnu::noinline]] ParseMemo& make_memo() {
  memo_of_thread = std::make_unique<ParseMemo>();
  detail::memo_unguarded = memo_of_thread.get();
  return *memo_of_thread;
}
// Inline: every move text of a record asks it, twice (the reader's test,
// the replay's reading).
inline ParseMemo& memo() {
  ParseMemo* const m = memo_of_thread.get();
  return m ? *m : make_memo();
}
}  // namespace

void release_parse_memo() {
  detail::memo_unguarded = nullptr;
  memo_of_thread.reset();
}

Result<MoveDescription, SyntaxError> parse_move_text(std::string_view text, Notation hint) {
  if (const MoveDescription* d = memo().find(text, hint)) return *d;
  auto r = parse_uncached(text, hint);
  if (r) memo().store(text, hint, *r);
  return r;
}

namespace detail {
// The misses of reads_as_move's lookup (below) and of plain_move's
// (parse_memo.h), out of line: a hit (nearly every move of an archive) then
// costs the lookup alone, without the register saves and the stack frame
// that the parse needs.
bool reads_as_move_slow(std::string_view text, Notation hint) {
  return memo().find(text, hint) != nullptr || bool(parse_move_text(text, hint));
}
}  // namespace detail

bool reads_as_move(std::string_view text, Notation hint) {
  const detail::ParseMemo* const m = detail::memo_unguarded;
  if (m && m->find_long(text, hint)) [[likely]]
    return true;
  return detail::reads_as_move_slow(text, hint);
}

namespace detail {
const MemoEntry* memoised_plain_slow(std::string_view text, Notation hint, Color mover) {
  if (const MemoEntry* e = memo().find_plain(text, hint, mover)) return e;
  if (memo().find(text, hint) || !parse_move_text(text, hint)) return nullptr;  // kept and not plain, or unread
  return memo().find_plain(text, hint, mover);  // null when the text is too long to keep
}
}  // namespace detail

namespace {

Result<MoveDescription, SyntaxError> parse_uncached(std::string_view text, Notation hint) {
  std::size_t lead_chars = 0;
  const std::size_t lead = skip_spaces(text, 0, &lead_chars);
  const std::string_view body = text.substr(lead);
  auto shift = [&](SyntaxError e) {
    e.column += lead_chars;
    e.byte_offset += lead;
    return e;
  };
  if (body.empty()) {
    SyntaxError e = detail::syntax_error(body, 0, 0, "a move");
    e.message = "empty move text";
    return fail(shift(std::move(e)));
  }
  const Notation first = hint == Notation::Auto ? detect_notation(body) : hint;
  auto r = scan_whole(first, body);
  if (r) return r;
  const Notation detected = hint == Notation::Auto ? first : detect_notation(body);
  if (hint != Notation::Auto && detected != hint && detected != Notation::Auto) {
    auto other = scan_whole(detected, body);
    if (other) {
      other.value().notes.add(Dialect::NotationNotAsHinted);
      return other;
    }
  }
  return fail(shift(std::move(r.error())));
}

}  // namespace

}  // namespace xq::notation
