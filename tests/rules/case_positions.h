// The positions a repetition case passes through, for tests that compare
// searches position by position (test_check_gain_memo, test_mate_search_stores).
#pragma once

#include <vector>

#include "case_file.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"

namespace xqtest {

// The start and the position after each move of its cycle (or moves),
// played twice; it stops at a move that is not legal.
inline std::vector<xq::Position> case_positions(const RuleCase& c) {
  std::vector<xq::Position> out;
  const auto setup = xq::parse_fen(c.get("fen"));
  if (!setup) return out;
  xq::Position pos(*setup);
  out.push_back(pos);
  std::vector<xq::Move> moves;
  for (const auto& w : words(c.has("cycle") ? c.get("cycle") : c.get("moves")))
    if (const auto m = xq::parse_iccs(w)) moves.push_back(*m);
  for (int round = 0; round < 2; ++round)
    for (xq::Move m : moves) {
      if (pos.check_move(m) != xq::MoveError::None) return out;
      xq::Undo u;
      pos.make(m, u);
      out.push_back(pos);
    }
  return out;
}

}  // namespace xqtest
