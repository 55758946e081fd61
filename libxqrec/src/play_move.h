// Position::play (the body of make) and settle_check_state, defined inline
// for the two files that use them: position.cpp (make, make_legal) and
// legality.cpp (make_if_legal, the replay loops' primitive, which would
// otherwise pay two calls a ply across files). Include only from there.
#pragma once

#include "geometry.h"
#include "xqrec/core/position.h"
#include "xqrec/core/zobrist.h"

namespace xq {

namespace detail {

// Whether a piece of colour `by` attacks s after the move from `from` to
// `to`, played already on `board`, `by_pieces` and `all`, when none did
// before and s did not move. Only what the move changed can attack s then:
// the lines through `from` (a blocker or screen gone) and `to` (a new
// screen, or the mover itself), a horse's leg or an elephant's eye `from`
// cleared, and the mover on `to` when it is `by`'s. Attacks that stand apart
// from the occupancy (pawns, advisors, kings beside s) are unchanged. The
// same answer as attacked_on(..., flying_general = true) in that case.
// kMoverIsBys: the mover is `by`'s (the other king after a move), not the
// side's whose king s is (its own king, which the mover cannot attack).
template <bool kMoverIsBys>
[[gnu::always_inline]] inline bool attacked_after_move(const Piece* board, Square s, Color by,
                                                       const SquareSet& by_pieces, const SquareSet& all, Square from,
                                                       Square to) {
  using geometry::Relation;
  const auto& masks = geometry::kMasks;
  const std::size_t si = std::size_t(s.index());
  // Most moves touch neither the lines through s nor its surroundings.
  if (kMoverIsBys ? !masks.check_zone[si].contains(from) && !masks.check_zone[si].contains(to)
                  : !masks.exposure_zone[si].contains(from) && !masks.line_zone[si].contains(to))
    return false;
  const auto& from_s = geometry::kRelations[si];
  const auto line_attack = [&](std::uint8_t d) {
    const SquareSet& ray = masks.ray[si][d];
    if (!by_pieces.intersects(ray)) return false;
    SquareSet on_ray = all & ray;
    // Up and Right walk to higher indexes, Down and Left to lower ones.
    const bool ascending = d == geometry::Up || d == geometry::Right;
    const Square first = ascending ? on_ray.lowest() : on_ray.highest();
    const Piece p = board[first.index()];
    if (p == Piece(by, PieceType::Rook) || (d <= geometry::Down && p == Piece(by, PieceType::King))) return true;
    on_ray.erase(first);
    return !on_ray.empty() &&
           board[(ascending ? on_ray.lowest() : on_ray.highest()).index()] == Piece(by, PieceType::Cannon);
  };
  const std::uint8_t d_from = from_s[std::size_t(from.index())].line, d_to = from_s[std::size_t(to.index())].line;
  if (d_from != Relation::kNoLine && line_attack(d_from)) return true;
  if (d_to != Relation::kNoLine && d_to != d_from && line_attack(d_to)) return true;
  if (masks.horse_legs[si].contains(from)) {
    // `from` is diagonally next to s: the leg of two horse squares, and the
    // eye of an elephant square (elephants attack only on their own side).
    if (by_pieces.intersects(masks.horse_from[si]))
      for (const auto& h : geometry::kTables.horse_from[si])
        if (h.via == from.index() && board[h.to] == Piece(by, PieceType::Horse)) return true;
    if (on_own_side(by, s))
      for (const auto& e : geometry::kTables.elephant_from[std::size_t(index(by))][si])
        if (e.via == from.index() && board[e.to] == Piece(by, PieceType::Elephant)) return true;
  }
  if (!kMoverIsBys) return false;
  const Piece mover = board[to.index()];
  const std::size_t ti = std::size_t(to.index()), ci = std::size_t(index(by));
  switch (mover.type()) {
    case PieceType::Horse: {
      const std::uint8_t leg = geometry::kRelations[ti][si].leg;
      return leg != Relation::kNone && board[leg].empty();
    }
    case PieceType::Pawn:
      return masks.pawn_to[ci][ti].contains(s);
    case PieceType::Advisor:
      return masks.advisor_to[ci][ti].contains(s);
    case PieceType::King:  // beside s (a relaxed set-up); facing s is a line
      return masks.king_to[ci][ti].contains(s);
    case PieceType::Elephant: {
      const std::uint8_t eye = geometry::kRelations[ti][si].eye;
      return eye != Relation::kNone && on_own_side(by, s) && board[eye].empty();
    }
    default:
      return false;  // rooks and cannons attack on a line, tested above
  }
}

}  // namespace detail

inline void Position::play(Move m, Undo& u) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[std::size_t(from.index())];
  const Piece captured = board_[std::size_t(to.index())];
  u.captured = captured;
  u.halfmove_clock = halfmove_clock_;
  u.key = key_;
  u.in_check = in_check_;
  u.opponent_check = opponent_check_;
  in_check_ = -1;
  opponent_check_ = -1;  // the move may have left the mover's king attacked

  const Color us = mover.color();
  key_ ^= zobrist::piece_key(mover, from) ^ zobrist::piece_key(mover, to) ^ zobrist::kKeys.black_to_move;
  if (!captured.empty()) {
    key_ ^= zobrist::piece_key(captured, to);
    occupied_[index(captured.color())].erase(to);
    if (captured.type() == PieceType::King && king_[index(captured.color())] == to)
      king_[index(captured.color())] = Square::none();
    halfmove_clock_ = 0;
  } else if (halfmove_clock_ < 0xFFFF) {
    ++halfmove_clock_;
  }
  board_[std::size_t(to.index())] = mover;
  board_[std::size_t(from.index())] = Piece();
  occupied_[index(us)].erase(from);
  occupied_[index(us)].insert(to);
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
