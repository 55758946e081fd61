// Attack tests on a bare board array. Shared by the Position queries and by
// the king-safety test, which runs on a scratch copy of the board.
#pragma once

#include "geometry.h"
#include "xqrec/types.h"

namespace xq::detail {

// Whether a piece of colour `by` attacks square s. With `flying_general`, a
// king of colour `by` on the same open file counts (s holds the other king).
inline bool attacked_on(const Piece* board, Square s, Color by, bool flying_general) {
  const auto& t = geometry::kTables;
  const std::size_t si = std::size_t(s.index());
  const Piece rook(by, PieceType::Rook), cannon(by, PieceType::Cannon);
  const Piece king(by, PieceType::King), horse(by, PieceType::Horse);
  for (int d = 0; d < 4; ++d) {
    const auto& ray = t.ray[si][std::size_t(d)];
    const std::uint8_t* p = ray.begin();
    const std::uint8_t* end = ray.end();
    while (p != end && board[*p].empty()) ++p;
    if (p == end) continue;
    const Piece first = board[*p];
    if (first == rook) return true;
    if (flying_general && first == king && d <= geometry::Down) return true;
    for (++p; p != end; ++p) {
      if (board[*p].empty()) continue;
      if (board[*p] == cannon) return true;
      break;
    }
  }
  for (const auto& h : t.horse_from[si])
    if (board[h.to] == horse && board[h.via].empty()) return true;
  const Piece pawn(by, PieceType::Pawn);
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

}  // namespace xq::detail
