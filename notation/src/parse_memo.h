// Internal: the per-thread memo of the move texts read without error, which
// parse_move_text, reads_as_move and plain_move ask (one lookup a move
// each, in the reader and in the replay). In a header so that plain_move's
// hit is looked up inline, without a call.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#include "text.h"

namespace xq::notation::detail {

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
  const PlainRecipe* find_recipe(std::string_view text, Notation hint, Color mover) const {
    return text.size() > kMaxText ? nullptr : recipe_of(find_entry(key_of(text, hint)), mover);
  }
  // As find and find_recipe, for a text of 8 to 16 bytes only (a Chinese
  // move of four characters is 12), in few registers: null for any other
  // size, which the caller looks up in full.
  const MoveDescription* find_long(std::string_view text, Notation hint) const {
    return is_long(text) ? described(find_entry(long_key_of(text, hint))) : nullptr;
  }
  const PlainRecipe* find_recipe_long(std::string_view text, Notation hint, Color mover) const {
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
    e.recipes[0] = plain_recipe(d, Color(0));
    e.recipes[1] = plain_recipe(d, Color(1));
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
  static const PlainRecipe* recipe_of(const Entry* e, Color mover) {
    if (!e) return nullptr;
    const PlainRecipe* r = &e->recipes[unsigned(mover)];
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
    PlainRecipe recipes[2];  // by mover: plain_recipe(description, mover)
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

// This thread's memo (null before its first reading and after
// release_parse_memo) as a plain pointer: a thread_local with no destructor
// and a constant initialiser is read without the guard that makes sure the
// thread's copy was set up.
extern constinit thread_local const ParseMemo* memo_unguarded;

// memoised_recipe past a hit: parses and stores the text when it is not kept.
const PlainRecipe* memoised_recipe_slow(std::string_view text, Notation hint, Color mover);

inline const PlainRecipe* memoised_recipe(std::string_view text, Notation hint, Color mover) {
  const ParseMemo* const m = memo_unguarded;
  if (m)
    if (const PlainRecipe* r = m->find_recipe_long(text, hint, mover)) [[likely]]
      return r;
  return memoised_recipe_slow(text, hint, mover);
}

}  // namespace xq::notation::detail
