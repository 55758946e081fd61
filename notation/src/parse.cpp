// Detecting the notation of a move text, and reading a whole move text.
#include <cstdint>
#include <cstring>
#include <memory>

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

// Archives repeat a few thousand distinct move texts millions of times, and
// reading one (decoding, glyph classes) costs far more than looking it up:
// a small memo per thread of the texts read without error, two a bucket.
class ParseMemo {
 public:
  static constexpr std::size_t kMaxText = 16;

  const MoveDescription* find(std::string_view text, Notation hint) const {
    return text.size() > kMaxText ? nullptr : described(find_entry(key_of(text, hint)));
  }
  // The plain form's recipe for `mover`, when the text has one (memoised_recipe).
  const detail::PlainRecipe* find_recipe(std::string_view text, Notation hint, Color mover) const {
    return text.size() > kMaxText ? nullptr : recipe_of(find_entry(key_of(text, hint)), mover);
  }
  // As find and find_plain, for a text of 8 to 16 bytes only (a Chinese
  // move of four characters is 12), in few registers: null for any other
  // size, which the caller looks up in full.
  const MoveDescription* find_long(std::string_view text, Notation hint) const {
    return is_long(text) ? described(find_entry(long_key_of(text, hint))) : nullptr;
  }
  const detail::PlainRecipe* find_recipe_long(std::string_view text, Notation hint, Color mover) const {
    return is_long(text) ? recipe_of(find_entry(long_key_of(text, hint)), mover) : nullptr;
  }
  void store(std::string_view text, Notation hint, const MoveDescription& d) {
    if (text.size() > kMaxText) return;
    const Key k = key_of(text, hint);
    Entry* const way = &entries_[bucket(k)];
    way[1] = way[0];  // the older of the bucket's two texts goes
    Entry& e = way[0];
    e.first = k.first;
    e.last = k.last;
    e.size = k.size;
    e.hint = k.hint;
    e.recipes[0] = detail::plain_recipe(d, Color(0));
    e.recipes[1] = detail::plain_recipe(d, Color(1));
    e.description = d;
  }

 private:
  struct Entry;
  struct Key;
  // The entry of bucket(k) that holds k, if either does.
  const Entry* find_entry(const Key& k) const {
    const Entry* e = &entries_[bucket(k)];
    if (e[0].holds(k)) return &e[0];
    if (e[1].holds(k)) return &e[1];
    return nullptr;
  }
  static const MoveDescription* described(const Entry* e) { return e ? &e->description : nullptr; }
  static const detail::PlainRecipe* recipe_of(const Entry* e, Color mover) {
    if (!e) return nullptr;
    const detail::PlainRecipe* r = &e->recipes[unsigned(mover)];
    return r->piece ? r : nullptr;
  }

  // A text of up to 16 bytes as two words, which tell it whole: the first
  // and the last eight bytes (overlapping for texts of 8..15 bytes), or the
  // bytes of a shorter text and zero. Compared as words, not with memcmp.
  static_assert(kMaxText <= 16, "two 8-byte words tell a text whole only up to 16 bytes");
  struct Key {
    std::uint64_t first = 0, last = 0;
    std::uint8_t size = 0;
    Notation hint = Notation::Auto;
  };
  static bool is_long(std::string_view text) { return text.size() >= 8 && text.size() <= kMaxText; }
  // The key of a text of 8 to kMaxText bytes (is_long).
  static Key long_key_of(std::string_view text, Notation hint) {
    Key k;
    k.size = std::uint8_t(text.size());
    k.hint = hint;
    std::memcpy(&k.first, text.data(), 8);
    std::memcpy(&k.last, text.data() + text.size() - 8, 8);
    return k;
  }
  // The key of a text of up to kMaxText bytes.
  static Key key_of(std::string_view text, Notation hint) {
    if (text.size() >= 8) return long_key_of(text, hint);
    Key k;
    k.size = std::uint8_t(text.size());
    k.hint = hint;
    for (std::size_t i = 0; i < text.size(); ++i)
      k.first |= std::uint64_t(static_cast<unsigned char>(text[i])) << (8 * i);
    return k;
  }
  // 8192 slots (about 400 KB a thread), in buckets of two: the Chinese
  // texts of both sides number about 3,400, and with 4096 slots one text in
  // ten of random games was read again after its slot had been taken by
  // another. With one slot a text, the 1,405 texts of 2,252 real games
  // shared 121 slots and were read 8,948 times; two texts a bucket, 2,124.
  static constexpr std::size_t kSlots = 8192;
  struct Entry {  // a Key's members, unpadded
    std::uint64_t first = 0, last = 0;
    std::uint8_t size = 0xFF;  // no text: never matches
    Notation hint = Notation::Auto;
    detail::PlainRecipe recipes[2];  // by mover: plain_recipe(description, mover)
    MoveDescription description;
    bool holds(const Key& k) const { return first == k.first && last == k.last && size == k.size && hint == k.hint; }
  };
  // The first of the bucket's two slots.
  static std::size_t bucket(const Key& k) {
    // Two multiplications, the bucket from the top bits of the product.
    const std::uint64_t tail = std::uint64_t(k.size) << 4 | std::uint64_t(k.hint);
    const std::uint64_t h = (k.first * 0x9E3779B97F4A7C15ull ^ k.last ^ tail) * 0xBF58476D1CE4E5B9ull;
    static_assert(kSlots == std::size_t(2) << 12);
    return std::size_t(h >> 52) << 1;
  }
  Entry entries_[kSlots];
};

Result<MoveDescription, SyntaxError> parse_uncached(std::string_view text, Notation hint);

}  // namespace

namespace {
// On the heap, made on a thread's first reading: a thread that gives it
// back while it waits (release_parse_memo) holds nothing of it. In the
// thread's static storage, every thread that ever read a move kept its
// 300 KB resident (64 audit workers: 19 MB).
thread_local std::unique_ptr<ParseMemo> memo_of_thread;
// This thread's memo (null before make_memo and after release_parse_memo)
// as a plain pointer: a thread_local with no destructor is read without the
// guard that makes sure the thread's copy was set up.
thread_local const ParseMemo* memo_unguarded = nullptr;
[[gnu::noinline]] ParseMemo& make_memo() {
  memo_of_thread = std::make_unique<ParseMemo>();
  memo_unguarded = memo_of_thread.get();
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
  memo_unguarded = nullptr;
  memo_of_thread.reset();
}

Result<MoveDescription, SyntaxError> parse_move_text(std::string_view text, Notation hint) {
  if (const MoveDescription* d = memo().find(text, hint)) return *d;
  auto r = parse_uncached(text, hint);
  if (r) memo().store(text, hint, *r);
  return r;
}

namespace {
// The misses of the two lookups below, out of line: a hit (nearly every
// move of an archive) then costs the lookup alone, without the register
// saves and the stack frame that the parse needs.
[[gnu::noinline]] bool reads_as_move_slow(std::string_view text, Notation hint) {
  return memo().find(text, hint) != nullptr || bool(parse_move_text(text, hint));
}
[[gnu::noinline]] const detail::PlainRecipe* memoised_recipe_slow(std::string_view text, Notation hint, Color mover) {
  if (const detail::PlainRecipe* r = memo().find_recipe(text, hint, mover)) return r;
  if (memo().find(text, hint) || !parse_move_text(text, hint)) return nullptr;  // kept and not plain, or unread
  return memo().find_recipe(text, hint, mover);  // null when the text is too long to keep
}
}  // namespace

bool reads_as_move(std::string_view text, Notation hint) {
  const ParseMemo* const m = memo_unguarded;
  if (m && m->find_long(text, hint)) [[likely]]
    return true;
  return reads_as_move_slow(text, hint);
}

namespace detail {
const PlainRecipe* memoised_recipe(std::string_view text, Notation hint, Color mover) {
  const ParseMemo* const m = memo_unguarded;
  if (m)
    if (const PlainRecipe* r = m->find_recipe_long(text, hint, mover)) [[likely]]
      return r;
  return memoised_recipe_slow(text, hint, mover);
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
