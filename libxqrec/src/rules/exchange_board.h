// Internal to the rules: the exchanges on one square (exchange.h) played on
// a bare copy of the board. An exchange only moves pieces onto one square
// and asks which captures there are legal: a copy of the pieces, their
// squares and the kings answers that without the position's key, clocks and
// check states, which every make/undo of the position keeps up (an exchange
// cost about 1,200 instructions that way, the walk of winning captures
// after every reply of a check sequence paying one or two of them).
//
// The same moves as the position's: the capturers of a square found by the
// lookup generate_legal_captures_to uses (capturers_on, board_attacks.h), in
// its order (ascending squares), each legal when its king is not attacked
// after it (king_safe_after, the flying general included).
#pragma once

#include <array>

#include "xqrec/core/position.h"

namespace xq::rules::detail {

class ExchangeBoard {
 public:
  explicit ExchangeBoard(const Position& pos);

  // capture_balance (exchange.h) of the legal capture c in the position
  // the board was made from. The board is left as it was.
  int capture_balance(Move c, int crossed_pawn);
  // What `side`, to move, gains by the exchange on sq (exchange.cpp's
  // gain_on, which this replaces; `depth` moves played so far, `enough` as
  // there). The board is left as it was.
  int gain_on(Square sq, Color side, int depth, int crossed_pawn, int enough);

 private:
  // Plays the capture from -> to of `side`, returning the piece taken.
  Piece play(Square from, Square to, Color side);
  void unplay(Square from, Square to, Color side, Piece taken, Square king_before);
  // Whether the king of `side` is safe (the position after its move).
  bool king_safe(Color side) const;

  std::array<Piece, kSquares> board_{};
  std::array<SquareSet, 2> occupied_{};
  std::array<Square, 2> king_{Square::none(), Square::none()};
};

}  // namespace xq::rules::detail
