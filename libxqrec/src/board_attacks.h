// Attack tests on a bare board array. Shared by the Position queries and by
// the king-safety test, which runs on a scratch copy of the board, and by the
// exchanges on a bare board (rules/exchange_board.h).
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

// The pieces of colour `by` that reach s by their geometry: the pseudo-legal
// captures on s (what stands there is not looked at; the caller knows it is
// the other side's piece). The first piece of each line (a rook) and the
// second (a cannon), found by bit scans; the from-tables of the other pieces
// are the generator's own tables inverted (geometry.h), so they agree with
// it for pieces off their points too. Shared by generate_legal_captures_to
// and the exchanges on a bare board (rules/exchange_board.h).
inline SquareSet capturers_on(const Piece* board, Square s, Color by, const SquareSet& by_pieces,
                              const SquareSet& all_pieces) {
  const auto& t = geometry::kTables;
  const auto& m = geometry::kMasks;
  const std::size_t si = std::size_t(s.index()), ci = std::size_t(index(by));
  const Piece rook(by, PieceType::Rook), cannon(by, PieceType::Cannon), horse(by, PieceType::Horse);
  SquareSet from;
  for (int d = 0; d < 4; ++d) {
    const SquareSet& ray = m.ray[si][std::size_t(d)];
    if (!by_pieces.intersects(ray)) continue;
    SquareSet on = all_pieces & ray;
    const bool ascending = d == geometry::Up || d == geometry::Right;  // towards higher indexes
    const Square first = ascending ? on.lowest() : on.highest();
    if (board[first.index()] == rook) from.insert(first);
    on.erase(first);
    if (on.empty()) continue;
    const Square second = ascending ? on.lowest() : on.highest();
    if (board[second.index()] == cannon) from.insert(second);
  }
  if (by_pieces.intersects(m.horse_from[si]))
    for (const auto& h : t.horse_from[si])
      if (board[h.to] == horse && board[h.via].empty()) from.insert(Square(h.to));
  const Piece pawn(by, PieceType::Pawn);
  if (by_pieces.intersects(m.pawn_from[ci][si]))
    for (std::uint8_t q : t.pawn_from[ci][si])
      if (board[q] == pawn) from.insert(Square(q));
  if (on_own_side(by, s)) {  // kings, advisors and elephants stay on their side
    // Each list walked only when a piece of `by` stands on one of its squares.
    const Piece king(by, PieceType::King), advisor(by, PieceType::Advisor), elephant(by, PieceType::Elephant);
    if (by_pieces.intersects(m.king_from[ci][si]))
      for (std::uint8_t q : t.king_from[ci][si])
        if (board[q] == king) from.insert(Square(q));
    if (by_pieces.intersects(m.advisor_from[ci][si]))
      for (std::uint8_t q : t.advisor_from[ci][si])
        if (board[q] == advisor) from.insert(Square(q));
    if (by_pieces.intersects(m.elephant_from[ci][si]))
      for (const auto& e : t.elephant_from[ci][si])
        if (board[e.to] == elephant && board[e.via].empty()) from.insert(Square(e.to));
  }
  return from;
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
