#include "move_key.h"

#include <array>

#include "xqrec/notation/description.h"

namespace xq::ecco {

using detail::Dir;
using detail::file_number;
using detail::pack;

namespace {

std::string glyph(Color side, PieceType t) {
  static constexpr std::array<const char*, 8> red{"", "帅", "仕", "相", "马", "车", "炮", "兵"};
  static constexpr std::array<const char*, 8> black{"", "将", "士", "象", "马", "车", "炮", "卒"};
  return side == Color::Red ? red[std::size_t(t)] : black[std::size_t(t)];
}

std::string digit(Color side, int n) {
  static constexpr std::array<const char*, 10> red{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
  static constexpr std::array<const char*, 10> black{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
  return side == Color::Red ? red[std::size_t(n)] : black[std::size_t(n)];
}

}  // namespace

std::optional<TextKey> key_of_text(std::string_view text) {
  auto scanned = notation::scan_chinese(text);
  if (!scanned || scanned->bytes != text.size()) return std::nullopt;
  const auto& d = scanned->description;
  if (d.piece == PieceType::None || d.mark != notation::Mark::None || d.file < 1 || d.file > 9 || d.number < 1 ||
      d.number > 9 || d.digit_side < 0)
    return std::nullopt;
  const Color side = Color(d.digit_side);
  Dir dir;
  const char* verb;
  switch (d.direction) {
    case notation::Direction::Forward: dir = Dir::Forward, verb = "进"; break;
    case notation::Direction::Backward: dir = Dir::Backward, verb = "退"; break;
    case notation::Direction::Sideways: dir = Dir::Sideways, verb = "平"; break;
    default: return std::nullopt;
  }
  // Only the one spelling, so that a typo in the data cannot silently name
  // another move or none.
  if (glyph(side, d.piece) + digit(side, d.file) + verb + digit(side, d.number) != text) return std::nullopt;
  return TextKey{pack(side, d.piece, d.file, dir, d.number), side};
}

}  // namespace xq::ecco
