#include "phrase_set.h"

#include <algorithm>
#include <stdexcept>

namespace xq::audit {

PhraseSet::PhraseSet(std::span<const std::string_view> phrases) : phrases_(phrases.begin(), phrases.end()) {
  // found_in reads the pair before a window's end: a one-byte phrase would
  // make it read before the text. The sets are fixed lists, so a wrong one
  // is the program's error, reported where it is made.
  if (phrases_.empty()) throw std::logic_error("PhraseSet: no phrase");
  shortest_ = phrases_.front().size();
  for (std::string_view p : phrases_) shortest_ = std::min(shortest_, p.size());
  if (shortest_ < 2 || shortest_ > 255) throw std::logic_error("PhraseSet: a phrase of fewer than 2 or more than 255 bytes");
  // A pair that ends at byte j of some phrase's first `shortest_` bytes
  // lets the window move only so far that this byte comes to its end;
  // any other pair, a whole window less one byte (the pair's first byte
  // may begin a phrase).
  shift_.fill(std::uint8_t(shortest_ - 1));
  for (std::string_view p : phrases_)
    for (std::size_t j = 1; j < shortest_; ++j) {
      std::uint8_t& s = shift_[pair_at(p.data() + j - 1)];
      s = std::min(s, std::uint8_t(shortest_ - 1 - j));
    }
}

bool PhraseSet::found_in(std::string_view text) const {
  const std::size_t n = text.size();
  if (n < shortest_) return false;
  const char* const d = text.data();
  // i: where the window starts; its last pair is at i + shortest_ - 2.
  for (std::size_t i = 0; i + shortest_ <= n;) {
    if (const std::uint8_t s = shift_[pair_at(d + i + shortest_ - 2)]; s != 0) [[likely]] {
      i += s;
      continue;
    }
    const std::string_view rest = text.substr(i);
    for (std::string_view p : phrases_)
      if (rest.starts_with(p)) return true;
    ++i;
  }
  return false;
}

}  // namespace xq::audit
