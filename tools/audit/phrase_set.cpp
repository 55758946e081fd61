#include "phrase_set.h"

#include <cassert>

namespace xq::audit {

PhraseSet::PhraseSet(std::span<const std::string_view> phrases) {
  for (std::string_view p : phrases) {
    assert(p.size() >= 2);
    phrases_.push_back({pair_at(p.data()), p});
    starts_.set(pair_at(p.data()));
  }
}

bool PhraseSet::found_in(std::string_view text) const {
  if (text.size() < 2) return false;
  const char* const d = text.data();
  for (std::size_t i = 0; i + 1 < text.size(); ++i) {
    const unsigned pair = pair_at(d + i);
    if (!starts_[pair]) [[likely]]
      continue;
    const std::string_view rest = text.substr(i);
    for (const Phrase& p : phrases_)
      if (p.first_pair == pair && rest.starts_with(p.text)) return true;
  }
  return false;
}

}  // namespace xq::audit
