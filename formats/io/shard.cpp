#include "xqrec/formats/shard.h"

#include <charconv>

namespace xq::formats {

namespace {

// FNV-1a, 64 bits: fixed by its definition, so the same on every machine
// and build (std::hash is not).
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = 0xcbf29ce484222325ull) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

}  // namespace

bool Shard::takes(std::string_view path, std::size_t game) const {
  if (count <= 1) return true;
  std::uint64_t h = fnv1a(path);
  h = fnv1a("#", h);
  h = fnv1a(std::to_string(game), h);
  // The high bits mix best; any fixed rule would do.
  return (h >> 16) % count == index - 1;
}

Result<Shard, std::string> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  auto bad = [&] { return fail("bad shard '" + std::string(text) + "': give I/N with 1 <= I <= N"); };
  if (slash == std::string_view::npos) return bad();
  Shard s;
  const auto a = text.substr(0, slash), b = text.substr(slash + 1);
  const auto ia = std::from_chars(a.data(), a.data() + a.size(), s.index);
  const auto ib = std::from_chars(b.data(), b.data() + b.size(), s.count);
  if (a.empty() || b.empty() || ia.ec != std::errc() || ib.ec != std::errc() || ia.ptr != a.data() + a.size() ||
      ib.ptr != b.data() + b.size())
    return bad();
  if (s.count < 1 || s.index < 1 || s.index > s.count) return bad();
  return s;
}

}  // namespace xq::formats
