// Helpers shared by the notation tests.
#pragma once

#include <string>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/position.h"

namespace xqtest {

inline xq::Position from_fen(const std::string& fen) {
  auto s = xq::parse_fen(fen);
  if (!s) throw std::runtime_error("bad FEN in a test: " + fen);
  return xq::Position(*s);
}

// The position rotated by 180 degrees with colours swapped: the same
// problem seen from the other side.
inline xq::Setup rotated(const xq::Setup& s) {
  xq::Setup r;
  for (int i = 0; i < xq::kSquares; ++i) {
    const xq::Square sq(i);
    const xq::Piece p = s.at(sq);
    if (p.empty()) continue;
    r.put(xq::Square(8 - sq.file(), 9 - sq.rank()), xq::Piece(~p.color(), p.type()));
  }
  r.side_to_move = ~s.side_to_move;
  return r;
}

inline std::vector<xq::Move> legal_moves(const xq::Position& pos) {
  xq::MoveList list;
  pos.generate_legal(list);
  return {list.begin(), list.end()};
}

}  // namespace xqtest
