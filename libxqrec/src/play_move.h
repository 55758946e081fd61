// Position::play (the body of make) and settle_check_state, defined inline
// for the two files that use them: position.cpp (make, make_legal) and
// legality.cpp (make_if_legal, the replay loops' primitive, which would
// otherwise pay two calls a ply across files). Include only from there.
#pragma once

#include <cassert>

#include "geometry.h"
#include "xqrec/core/position.h"
#include "xqrec/core/zobrist.h"

namespace xq {

inline void Position::play(Move m, Undo& u) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[std::size_t(from.index())];
  const Piece captured = board_[std::size_t(to.index())];
  u.captured = captured;
  u.halfmove_clock = halfmove_clock_;
  u.key = key_;
  u.in_check = in_check_;
  u.opponent_check = opponent_check_;
  u.kings = king_;
  in_check_ = -1;
  opponent_check_ = -1;  // the move may have left the mover's king attacked

  const Color us = mover.color();
  // The occupancy is toggled (XOR), exact only for a pseudo-legal move: the
  // mover on `from`, `to` empty or the other side's (make never checks).
  assert(!mover.empty() && from != to && (captured.empty() || captured.color() != us));
  key_ ^= zobrist::piece_key(mover, from) ^ zobrist::piece_key(mover, to) ^ zobrist::kKeys.black_to_move;
  if (!captured.empty()) {
    key_ ^= zobrist::piece_key(captured, to);
    occupied_[index(captured.color())] = occupied_[index(captured.color())] ^ geometry::kSquareBit[to.index()];
    if (captured.type() == PieceType::King && king_[index(captured.color())] == to)
      king_[index(captured.color())] = Square::none();
    halfmove_clock_ = 0;
  } else if (halfmove_clock_ < 0xFFFF) {
    ++halfmove_clock_;
  }
  board_[std::size_t(to.index())] = mover;
  board_[std::size_t(from.index())] = Piece();
  occupied_[index(us)] = occupied_[index(us)] ^ (geometry::kSquareBit[from.index()] | geometry::kSquareBit[to.index()]);
  if (mover.type() == PieceType::King && king_[index(us)] == from) king_[index(us)] = to;

  if (side_ == Color::Black) ++fullmove_number_;
  side_ = ~side_;
}

inline void Position::settle_check_state(Move m, bool other_safe_before) {
  opponent_check_ = 0;  // the move is legal: the mover's king is safe
  const Square k = king_[index(side_)];
  if (!other_safe_before || !k.valid()) return;
  // A move can attack the king only from its file or rank (rooks, cannons
  // and their screens, the flying general, pawns next to it), from a horse
  // square, or by leaving a line or a horse leg (diagonally next to it).
  // Across the river (a relaxed set-up) advisors, elephants and the other
  // king attack it too, from anywhere near: the check state stays unknown.
  const Square from = m.from(), to = m.to();
  const std::size_t ki = std::size_t(k.index());
  const auto& masks = geometry::kMasks;
  const auto& from_king = geometry::kRelations[ki];
  const bool touches = from_king[std::size_t(from.index())].line != geometry::Relation::kNoLine ||
                       from_king[std::size_t(to.index())].line != geometry::Relation::kNoLine ||
                       masks.horse_legs[ki].contains(from) || masks.horse_from[ki].contains(to) ||
                       on_own_side(~side_, k);
  if (!touches) in_check_ = 0;
}

}  // namespace xq
