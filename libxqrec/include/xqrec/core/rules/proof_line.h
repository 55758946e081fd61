// The line that proves one 杀 (24.2) or one 将军得子 (24.3) of a verdict, for
// an arbiter to follow: the checks, each answered by the defender's reply
// (for 杀 the one resisting longest; for a gain the best defence), and the
// mate or the winning capture (threats.h mate_line / chase_line).
#pragma once

#include <vector>

#include "xqrec/core/rules/threats.h"

namespace xq::rules {

struct ProofLine {
  int ply = 0;  // the cycle's move it proves (1-based, as Verdict::first_ply)
  Color side = Color::Red;
  bool mate = false;   // 杀; otherwise 将军得子 of `target`
  ChaseTarget target;  // the piece won (a gain only)
  // From the position after the move, `side` to move again; empty when the
  // line could not be rebuilt within the search budget.
  std::vector<Move> moves;
  // A gain: the piece that takes at the end of the line, on the square it
  // stands on before the line (it may move on the way); none when the line
  // ends with the defender's reply (the check took) or was not rebuilt. It
  // is not always the first checker (threats.h ChaseTarget::attacker): 878.html,
  // the pawn e3 checks and the cannon d4 takes.
  Square taker = Square::none();
  Piece taker_piece;
};

}  // namespace xq::rules
