// 64-bit values (position keys, line chains) as a BLOB: 8 bytes each,
// little-endian, whatever the machine.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xq::archive {

inline std::string pack_keys(const std::vector<std::uint64_t>& keys) {
  std::string out;
  out.reserve(keys.size() * 8);
  for (std::uint64_t h : keys)
    for (int b = 0; b < 8; ++b) out.push_back(char(h >> (8 * b) & 0xFF));
  return out;
}

inline std::vector<std::uint64_t> unpack_keys(std::string_view bytes) {
  std::vector<std::uint64_t> out;
  out.reserve(bytes.size() / 8);
  for (std::size_t k = 0; k + 8 <= bytes.size(); k += 8) {
    std::uint64_t h = 0;
    for (int b = 0; b < 8; ++b) h |= std::uint64_t(static_cast<unsigned char>(bytes[k + std::size_t(b)])) << (8 * b);
    out.push_back(h);
  }
  return out;
}

}  // namespace xq::archive
