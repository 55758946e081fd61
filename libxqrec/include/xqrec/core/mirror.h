// The left-right mirror of the board (files a<->i, b<->h, c<->g, d<->f; the
// e-file stays): a game and its mirror are the same game in Xiangqi, so
// tools that compare games compare them in one orientation.
#pragma once

#include "xqrec/core/setup.h"
#include "xqrec/core/types.h"

namespace xq {

constexpr Square mirrored(Square s) { return s.valid() ? Square(kFiles - 1 - s.file(), s.rank()) : s; }

constexpr Move mirrored(Move m) { return m.is_none() ? m : Move(mirrored(m.from()), mirrored(m.to())); }

// The set-up with every piece on its mirrored square; side and clocks kept.
inline Setup mirrored(const Setup& s) {
  Setup out = s;
  for (int i = 0; i < kSquares; ++i) out.board[std::size_t(mirrored(Square(i)).index())] = s.board[std::size_t(i)];
  return out;
}

}  // namespace xq
