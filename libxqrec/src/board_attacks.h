// Attack tests on a bare board array. Shared by the Position queries and by
// the king-safety test, which runs on a scratch copy of the board.
#pragma once

#include "geometry.h"
#include "xqrec/core/square_set.h"
#include "xqrec/core/types.h"

namespace xq::detail {

// Whether a piece of colour `by` attacks square s. With `flying_general`, a
// king of colour `by` on the same open file counts (s holds the other king).
// `by_pieces` and `all_pieces` are the squares of `by`'s pieces and of all
// pieces on `board`: the line attacks take the first two pieces of each ray
// from the masks, the horses only the squares of their list that hold a
// piece of `by`, and the lists of the other kinds are walked only when a
// piece of `by` could stand on them.
inline bool attacked_on(const Piece* board, Square s, Color by, bool flying_general, const SquareSet& by_pieces,
                        const SquareSet& all_pieces) {
  const auto& t = geometry::kTables;
  const auto& m = geometry::kMasks;
  const std::size_t si = std::size_t(s.index());
  const Piece rook(by, PieceType::Rook), cannon(by, PieceType::Cannon);
  const Piece king(by, PieceType::King), horse(by, PieceType::Horse);
  for (int d = 0; d < 4; ++d) {
    const SquareSet& ray = m.ray[si][std::size_t(d)];
    if (!by_pieces.intersects(ray)) continue;
    SquareSet on_ray = all_pieces & ray;
    // Up and Right walk to higher indexes, Down and Left to lower ones.
    const bool ascending = d == geometry::Up || d == geometry::Right;
    const Square first = ascending ? on_ray.lowest() : on_ray.highest();  // by_pieces meets the ray
    const Piece p = board[first.index()];
    if (p == rook) return true;
    if (flying_general && p == king && d <= geometry::Down) return true;
    on_ray.erase(first);
    if (on_ray.empty()) continue;
    if (board[(ascending ? on_ray.lowest() : on_ray.highest()).index()] == cannon) return true;
  }
  // Only the squares of the horse list that hold a piece of `by` are looked
  // at (most often none or one of the eight), each leg by the relation table.
  if (SquareSet near = by_pieces & m.horse_from[si]; !near.empty()) {
    const auto& relations = geometry::kRelations;
    do {
      const Square h = near.lowest();
      if (board[h.index()] == horse && board[relations[std::size_t(h.index())][si].leg].empty()) return true;
      near = near ^ geometry::kSquareBit[std::size_t(h.index())];
    } while (!near.empty());
  }
  const Piece pawn(by, PieceType::Pawn);
  if (by_pieces.intersects(m.pawn_from[std::size_t(index(by))][si]))
    for (std::uint8_t p : t.pawn_from[std::size_t(index(by))][si])
      if (board[p] == pawn) return true;
  if (on_own_side(by, s)) {
    // Kings, advisors and elephants only ever reach their own side.
    const std::size_t ci = std::size_t(index(by));
    for (std::uint8_t p : t.king_from[ci][si])
      if (board[p] == king) return true;
    const Piece advisor(by, PieceType::Advisor), elephant(by, PieceType::Elephant);
    for (std::uint8_t p : t.advisor_from[ci][si])
      if (board[p] == advisor) return true;
    for (const auto& e : t.elephant_from[ci][si])
      if (board[e.to] == elephant && board[e.via].empty()) return true;
  }
  return false;
}

// For a bare board (set-up checks, rare paths): the sets taken from it.
inline bool attacked_on(const Piece* board, Square s, Color by, bool flying_general) {
  SquareSet mine, all;
  for (int q = 0; q < kSquares; ++q) {
    const Piece p = board[q];
    if (p.empty()) continue;
    all.insert(Square(q));
    if (p.color() == by) mine.insert(Square(q));
  }
  return attacked_on(board, s, by, flying_general, mine, all);
}

}  // namespace xq::detail
