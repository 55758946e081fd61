#include "move_key.h"

#include <array>

#include "xqrec/notation/description.h"

namespace xq::ecco {

namespace {

enum class Dir : std::uint8_t { Forward = 0, Backward = 1, Sideways = 2 };

constexpr std::uint16_t pack(Color side, PieceType type, int file, Dir dir, int number) {
  return std::uint16_t(std::uint16_t(side) << 13 | std::uint16_t(type) << 10 | std::uint16_t(file) << 6 |
                       std::uint16_t(dir) << 4 | std::uint16_t(number));
}

// Pieces that move along lines count ranks when they advance or retreat; the
// others (horse, advisor, elephant) name the file they land on.
constexpr bool moves_in_lines(PieceType t) {
  return t == PieceType::King || t == PieceType::Rook || t == PieceType::Cannon || t == PieceType::Pawn;
}

// Files as the mover counts them: from its own right, 1..9.
constexpr int file_number(Color side, int file) { return side == Color::Red ? 9 - file : file + 1; }

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

std::uint16_t key_of_move(Piece p, Move m) {
  const Square from = m.from(), to = m.to();
  const Color side = p.color();
  const PieceType t = p.type();
  const int file = file_number(side, from.file());
  if (from.rank() == to.rank()) return pack(side, t, file, Dir::Sideways, file_number(side, to.file()));
  const bool up = to.rank() > from.rank();
  const Dir dir = (up == (side == Color::Red)) ? Dir::Forward : Dir::Backward;
  const int number = moves_in_lines(t) ? (up ? to.rank() - from.rank() : from.rank() - to.rank())
                                       : file_number(side, to.file());
  return pack(side, t, file, dir, number);
}

}  // namespace xq::ecco
