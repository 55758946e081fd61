#include "xqrec/core/move_text.h"

#include <stdexcept>

namespace xq {

void MoveText::assign_slow(std::string_view s) {
  if (s.size() > UINT32_MAX) throw std::length_error("MoveText: a text of 4 GiB or more");
  // The new text is made before the old one is freed: `s` may point into it.
  if (s.size() <= kInline) {
    char copy[kInline] = {};
    for (std::size_t i = 0; i < s.size(); ++i) copy[i] = s[i];
    release();
    std::memcpy(bytes_, copy, kInline);
    bytes_[kTag] = char(s.size());
    return;
  }
  char* p = new char[s.size()];
  std::memcpy(p, s.data(), s.size());
  release();
  const std::uint32_t n = std::uint32_t(s.size());
  std::memcpy(bytes_, &p, sizeof p);
  std::memcpy(bytes_ + sizeof p, &n, sizeof n);
  bytes_[kTag] = char(kHeap);
}

}  // namespace xq
