// XQF key derivation (versions 11 and up): byte arithmetic mod 256 on the
// header bytes 0x03..0x0F, as described in the research notes §2.3.
#include "xqrec/formats/xqf.h"

namespace xq::formats {

namespace {

constexpr std::string_view kCopyright = "[(C) Copyright Mr. Dong Shiwei.]";
static_assert(kCopyright.size() == 32);

std::uint8_t mix(unsigned b, unsigned m) { return std::uint8_t(((54u * b * b + 221u) * m) & 0xFFu); }

}  // namespace

XqfKeys xqf_keys(std::string_view header) {
  XqfKeys k;
  if (header.size() < 16) return k;
  const auto h = [&](std::size_t i) { return unsigned(static_cast<unsigned char>(header[i])); };
  if (h(2) < 11) return k;
  k.encrypted = true;
  k.xy = mix(h(0x0D), h(0x0D));
  k.xyf = mix(h(0x0E), k.xy);
  k.xyt = mix(h(0x0F), k.xyf);
  k.comment_size_key = (h(0x0C) * 256u + h(0x0D)) % 32000u + 767u;
  for (std::size_t j = 0; j < 4; ++j) k.f_key_bytes[j] = std::uint8_t((h(0x0C + j) & h(0x03)) | h(0x08 + j));
  for (std::size_t i = 0; i < 32; ++i)
    k.f32_keys[i] = std::uint8_t(static_cast<unsigned char>(kCopyright[i]) & k.f_key_bytes[i % 4]);
  return k;
}

}  // namespace xq::formats
