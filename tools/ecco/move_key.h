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

// The key of a move of piece p (of the side to move) from m.from() when no
// other piece of p's type and colour stands on that file, or p is an
// advisor or elephant, which Chinese notation names by their file alone
// (else it would need 前/后: the data never names such moves; the caller
// counts the pieces on a file).
std::uint16_t key_of_move(Piece p, Move m);

}  // namespace xq::ecco
