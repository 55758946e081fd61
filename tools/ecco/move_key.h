// The key of a move as Chinese notation names it without 前/后: side, piece,
// origin file (counted from the mover's right), direction and number,
// packed in 14 bits. The data file's moves and the played moves meet here,
// so a played move is matched with a table load, not by writing its text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "xqrec/core/types.h"

namespace xq::ecco {

inline constexpr std::uint32_t kMoveKeyCount = 1u << 14;

// The key of a move text of the data file, which must be written exactly as
// xqbase writes it (炮二平五, 马８进７: 帅仕相马车炮兵 / 将士象马车炮卒, Chinese
// numerals for Red, full-width digits for Black, no 前/后); nullopt otherwise.
struct TextKey {
  std::uint16_t key = 0;
  Color side = Color::Red;
};
std::optional<TextKey> key_of_text(std::string_view text);

namespace detail {

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

}  // namespace detail

// The key of a move of piece p (of the side to move) from m.from() when no
// other piece of p's type and colour stands on that file, or p is an
// advisor or elephant, which Chinese notation names by their file alone
// (else it would need 前/后: the data never names such moves; the caller
// counts the pieces on a file).
// Inline: the classifier asks it of every ply of every game.
inline std::uint16_t key_of_move(Piece p, Move m) {
  using namespace detail;
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
