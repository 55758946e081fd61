// Whether a text holds any of a fixed set of phrases, found in one pass over
// the text. The audit asks it of every tag and comment of most games (does
// the record say how the game ended?): one std::string_view::find per phrase
// passed over the text once for each of them, and in Chinese text a search
// for a phrase's first byte stops at nearly every character, the lead bytes
// of CJK ideographs being few. Here a window as long as the shortest phrase
// slides over the text, and the two bytes at its end say how far it may
// jump (multi-pattern Horspool over byte pairs): in text that holds no
// phrase it moves by the shortest phrase less one byte at most places,
// instead of testing every byte.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace xq::audit {

class PhraseSet {
 public:
  // Phrases of two bytes or more (the views must outlive the set).
  explicit PhraseSet(std::span<const std::string_view> phrases);

  bool found_in(std::string_view text) const;

 private:
  static unsigned pair_at(const char* p) {
    return unsigned(static_cast<unsigned char>(p[0])) << 8 | static_cast<unsigned char>(p[1]);
  }

  std::vector<std::string_view> phrases_;
  std::size_t shortest_ = 0;  // bytes of the shortest phrase: the window
  // For each byte pair at a window's end, how far the window may move
  // without passing the start of a phrase (0: a phrase may start here).
  std::array<std::uint8_t, 1 << 16> shift_{};
};

}  // namespace xq::audit
