// Whether a text holds any of a fixed set of phrases, found in one pass over
// the text. The audit asks it of every tag and comment of most games (does
// the record say how the game ended?): one std::string_view::find per phrase
// passed over the text once for each of them, and in Chinese text a search
// for a phrase's first byte stops at nearly every character, the lead bytes
// of CJK ideographs being few. Here a table of the phrases' first two bytes
// tells the few places where one may start.
#pragma once

#include <bitset>
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

  struct Phrase {
    unsigned first_pair;  // its first two bytes, as pair_at reads them
    std::string_view text;
  };
  std::vector<Phrase> phrases_;
  std::bitset<1 << 16> starts_;  // the first two bytes of some phrase
};

}  // namespace xq::audit
