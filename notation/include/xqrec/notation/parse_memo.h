// The per-thread memo of the move texts read without error, which
// parse_move_text, reads_as_move and plain_move ask (one lookup a move
// each, in the reader and in the replay). Public, though internal (namespace
// detail), so that a hit is looked up inline where the formats library asks
// for every move: the PGN reader's test of a Chinese word
// (reads_as_four_glyph_move; a call cost it the loop's registers saved and
// restored around it, 23 M instructions of a 10,329-game GBK archive's
// audit).
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "xqrec/core/types.h"
#include "xqrec/notation/description.h"

namespace xq::notation::detail {

// How plain_move finds the move of a plain-form text (炮二平五, C2.5) for
// one mover, worked out once per text and mover (the memo keeps it beside
// the description, which names the piece): the squares of the named board
// file the piece may leave from, `first` (the lowest) to first + `span`
// (ranks lo..hi: span is 9 * (hi - lo)), and the same square step from
// every one of them (`step` in square indices). A square range, not the
// file and its ranks: plain_move tests the square found against it at
// once, with no look-up of its rank. A text whose piece can never go where
// it says (a horse two files over by a straight step, a sideways move to
// its own file) has no recipe.
struct PlainRecipe {
  static constexpr std::uint8_t kNone = 0xFF;  // no plain form for this mover
  std::int8_t step = 0;         // to.index() - from.index()
  std::uint8_t first = kNone;   // the lowest square the piece may leave from (its file's)
  std::uint8_t span = 0;        // the highest is first + span, on the same file
};

// The recipe of a description for `mover`: kNone when the description has
// no plain form for that mover (a mark, a note, no direction, glyphs or
// digits of the other side) or when no rank gives a destination.
PlainRecipe plain_recipe(const MoveDescription& d, Color mover);

// Four three-byte characters, the first an ideograph, none of the marks
// … 、 。 ．: the shape of a word that the PGN reader takes for one whole
// Chinese move when it reads as one (炮二平五, 马８进７). Other words of that
// length go through the splitter (pgn_reader.cpp, single_chinese_move).
// A property of the text alone, kept in its memo entry (four_glyphs), so
// that the reader's hit answers without testing the glyphs.
inline bool four_glyph_word(std::string_view w) {
  if (w.size() != 12) return false;
  const auto* u = reinterpret_cast<const unsigned char*>(w.data());
  if (u[0] < 0xE4 || u[0] > 0xE9) return false;
  for (std::size_t i = 3; i < 12; i += 3) {
    if (unsigned(u[i]) - 0xE4u <= 0xE9u - 0xE4u) continue;  // an ideograph: none of the marks below
    // A full-width digit or sign (EF BC 90..9F: ０ to ９ and ：；＜＝＞？;
    // Black's moves have one or two such digits), none of the marks either:
    // in one test, not through the marks'.
    if (u[i] == 0xEF && u[i + 1] == 0xBC && (u[i + 2] & 0xF0) == 0x90) continue;
    if ((u[i] & 0xF0) != 0xE0) return false;
    if (u[i] == 0xE2 && u[i + 1] == 0x80 && u[i + 2] == 0xA6) return false;                        // …
    if (u[i] == 0xE3 && u[i + 1] == 0x80 && (u[i + 2] == 0x81 || u[i + 2] == 0x82)) return false;  // 、。
    if (u[i] == 0xEF && u[i + 1] == 0xBC && u[i + 2] == 0x8E) return false;                        // ．
  }
  return true;
}

// A text kept: its key (a ParseMemo::Key's members, unpadded), its
// description and, by mover, its plain form's recipe.
struct MemoEntry {
  std::uint64_t first = 0, last = 0;
  // The text's size and hint in one byte (size << 2 | hint), compared at
  // once: as two bytes GCC compared them through the stack.
  std::uint8_t tag = 0xFF;  // no text (a size of 63): never matches
  // four_glyph_word(text): the PGN reader's test of a twelve-byte word
  // answered by its hit (reads_as_four_glyph_move), in the byte that the
  // tag's second byte was.
  bool four_glyphs = false;
  PlainRecipe recipes[2];  // by mover: plain_recipe(description, mover)
  MoveDescription description;
};
// 40 bytes, as before the recipes (in MoveDescription's former padding):
// each 8 bytes more is 64 KB more a thread that reads moves. The size is
// the memo's concern, so it is checked here, beside its reason, not in the
// public header of MoveDescription (16 bytes: its fields before `iccs`
// fill that member's alignment).
static_assert(sizeof(MemoEntry) == 40);

// Archives repeat a few thousand distinct move texts millions of times, and
// reading one (decoding, glyph classes) costs far more than looking it up:
// a small memo per thread of the texts read without error, two a bucket.
class ParseMemo {
 public:
  static constexpr std::size_t kMaxText = 16;

  const MoveDescription* find(std::string_view text, Notation hint) const {
    return text.size() > kMaxText ? nullptr : described(find_entry(key_of(text, hint)));
  }
  // The text's entry when it has the plain form for `mover` (memoised_plain_slow, plain_move's miss).
  const MemoEntry* find_plain(std::string_view text, Notation hint, Color mover) const {
    return text.size() > kMaxText ? nullptr : plain_of(find_entry(key_of(text, hint)), mover);
  }
  // As find and find_plain, for a text of 8 to 16 bytes only (a Chinese
  // move of four characters is 12), in few registers: null for any other
  // size, which the caller looks up in full.
  const MoveDescription* find_long(std::string_view text, Notation hint) const {
    return is_long(text) ? described(find_entry(long_key_of(text, hint))) : nullptr;
  }
  const MemoEntry* find_plain_long(std::string_view text, Notation hint, Color mover) const {
    return is_long(text) ? plain_of(find_entry(long_key_of(text, hint)), mover) : nullptr;
  }
  // The entry of a text of 12 bytes under the hint Chinese (the PGN
  // reader's four-glyph words), if kept.
  const MemoEntry* find_chinese12(std::string_view text) const {
    return text.size() == 12 ? find_entry(long_key_of(text, Notation::Chinese)) : nullptr;
  }
  void store(std::string_view text, Notation hint, const MoveDescription& d) {
    if (text.size() > kMaxText) return;
    const Key k = key_of(text, hint);
    Entry* const way = &entries_[bucket(k)];
    way[1] = way[0];  // the older of the bucket's two texts goes
    Entry& e = way[0];
    e.first = k.first;
    e.last = k.last;
    e.tag = k.tag;
    e.four_glyphs = four_glyph_word(text);
    e.recipes[0] = plain_recipe(d, Color(0));
    e.recipes[1] = plain_recipe(d, Color(1));
    e.description = d;
  }

 private:
  using Entry = MemoEntry;
  struct Key;
  // The entry of bucket(k) that holds k, if either does.
  const Entry* find_entry(const Key& k) const {
    const Entry* e = &entries_[bucket(k)];
    if (holds(e[0], k)) return &e[0];
    if (holds(e[1], k)) return &e[1];
    return nullptr;
  }
  static const MoveDescription* described(const Entry* e) { return e ? &e->description : nullptr; }
  static const MemoEntry* plain_of(const MemoEntry* e, Color mover) {
    return e && e->recipes[unsigned(mover)].first != PlainRecipe::kNone ? e : nullptr;
  }

  // A text of up to 16 bytes as two words, which tell it whole: the first
  // and the last eight bytes (overlapping for texts of 8..15 bytes), or the
  // bytes of a shorter text and zero. Compared as words, not with memcmp.
  static_assert(kMaxText <= 16, "two 8-byte words tell a text whole only up to 16 bytes");
  struct Key {
    std::uint64_t first = 0, last = 0;
    std::uint8_t tag = 0;  // size << 2 | hint, as MemoEntry::tag
  };
  static std::uint8_t tag_of(std::size_t size, Notation hint) {
    static_assert(kMaxText < 63 && unsigned(Notation::Auto) < 4);
    return std::uint8_t(size << 2 | std::size_t(hint));
  }
  static bool is_long(std::string_view text) { return text.size() >= 8 && text.size() <= kMaxText; }
  // The key of a text of 8 to kMaxText bytes (is_long).
  static Key long_key_of(std::string_view text, Notation hint) {
    Key k;
    k.tag = tag_of(text.size(), hint);
    std::memcpy(&k.first, text.data(), 8);
    std::memcpy(&k.last, text.data() + text.size() - 8, 8);
    return k;
  }
  // The key of a text of up to kMaxText bytes.
  static Key key_of(std::string_view text, Notation hint) {
    if (text.size() >= 8) return long_key_of(text, hint);
    Key k;
    k.tag = tag_of(text.size(), hint);
    for (std::size_t i = 0; i < text.size(); ++i)
      k.first |= std::uint64_t(static_cast<unsigned char>(text[i])) << (8 * i);
    return k;
  }
  // 8192 slots (about 320 KB a thread), in buckets of two: the Chinese
  // texts of both sides number about 3,400, and with 4096 slots one text in
  // ten of random games was read again after its slot had been taken by
  // another. With one slot a text, the 1,405 texts of 2,252 real games
  // shared 121 slots and were read 8,948 times; two texts a bucket, 2,124.
  static constexpr std::size_t kSlots = 8192;
  static bool holds(const Entry& e, const Key& k) {
    return e.first == k.first && e.last == k.last && e.tag == k.tag;
  }
  // The first of the bucket's two slots.
  static std::size_t bucket(const Key& k) {
    // Two multiplications, the bucket from the top bits of the product.
    const std::uint64_t tail = k.tag;  // size << 2 | hint
    const std::uint64_t h = (k.first * 0x9E3779B97F4A7C15ull ^ k.last ^ tail) * 0xBF58476D1CE4E5B9ull;
    static_assert(kSlots == std::size_t(2) << 12);
    return std::size_t(h >> 52) << 1;
  }
  Entry entries_[kSlots];
};

// This thread's memo (null before its first reading and after
// release_parse_memo) as a plain pointer: a thread_local with no destructor
// and a constant initialiser is read without the guard that makes sure the
// thread's copy was set up.
extern constinit thread_local const ParseMemo* memo_unguarded;

// The entry of a text that reads without error and has the plain form for
// `mover` (plain_move's miss of find_plain_long): parsed and stored first
// when it is not kept; null when the text does not read, is too long to
// keep, or has no plain form for `mover`. Good until the next text is
// parsed on this thread.
const MemoEntry* memoised_plain_slow(std::string_view text, Notation hint, Color mover);

// reads_as_move past a hit: the text read (and kept when it reads).
bool reads_as_move_slow(std::string_view text, Notation hint);

// four_glyph_word(text) && reads_as_move(text, Notation::Chinese): the PGN
// reader's test of a twelve-byte word. Its hit answers from the entry
// (about 25 instructions of glyph tests a move fewer than testing the
// glyphs before the lookup); a miss tests the glyphs, then reads the text.
inline bool reads_as_four_glyph_move(std::string_view text) {
  const ParseMemo* const m = memo_unguarded;
  if (m) {
    if (const MemoEntry* e = m->find_chinese12(text)) [[likely]]
      return e->four_glyphs;
  }
  return four_glyph_word(text) && reads_as_move_slow(text, Notation::Chinese);
}

}  // namespace xq::notation::detail
