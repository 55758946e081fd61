// Attack queries on a Position.
#include "board_attacks.h"
#include "geometry.h"
#include "xqrec/core/position.h"

namespace xq {

bool Position::king_attacked(Color c) const {
  const Square k = king_[index(c)];
  return k.valid() &&
         detail::attacked_on(board_.data(), k, ~c, true, occupied_[index(~c)], occupied_[0] | occupied_[1]);
}

bool Position::attacked(Square s, Color by) const {
  const Piece p = at(s);
  const bool is_king = p.type() == PieceType::King && p.color() != by;
  return detail::attacked_on(board_.data(), s, by, is_king, occupied_[index(by)], occupied_[0] | occupied_[1]);
}

SquareSet Position::attackers(Square s, Color by) const {
  // Rare query (audit, repetition rules): test each piece of `by` by the
  // legality geometry rather than keep a second attack generator in sync.
  SquareSet result;
  occupied_[index(by)].for_each([&](Square from) {
    if (from == s) return;
    const Piece p = at(from);
    // The geometry ignores what stands on s, so guards of own pieces count.
    if (geometry_error(p, from, s) == MoveError::None) result.insert(from);
  });
  return result;
}

bool Position::gives_check(Move m) const {
  const Piece mover = at(m.from());
  const Color them = ~mover.color();
  // Most moves touch neither the king's lines nor its surroundings: then
  // the king is attacked after the move as before it. Before it, it is not,
  // in a position reached by legal moves; a position with the side to move
  // changed by hand (the rules' "if it were its turn") may have it attacked.
  if (const Square k = king_[index(them)];
      k.valid() && !geometry::kMasks.check_zone[std::size_t(k.index())].contains(m.from()) &&
      !geometry::kMasks.check_zone[std::size_t(k.index())].contains(m.to())) {
    if (mover.color() != side_) return king_attacked(them);
    if (opponent_check_ < 0) opponent_check_ = king_attacked(them) ? 1 : 0;
    return opponent_check_ != 0;
  }
  std::array<Piece, kSquares> scratch = board_;
  scratch[std::size_t(m.to().index())] = mover;
  scratch[std::size_t(m.from().index())] = Piece();
  Square k = king_[index(them)];
  if (m.to() == k) return false;  // capturing the king: not a check
  SquareSet movers = occupied_[index(mover.color())], all = occupied_[0] | occupied_[1];
  movers.erase(m.from());
  movers.insert(m.to());
  all.erase(m.from());
  all.insert(m.to());
  return k.valid() && detail::attacked_on(scratch.data(), k, mover.color(), true, movers, all);
}

}  // namespace xq
