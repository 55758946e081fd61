// Internal to the rules: the legal moves a search wants, found by testing
// what it wants first and legality only then.
#pragma once

#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

namespace xq::rules::detail {

// The legal moves that `want` accepts, in generate_legal's order. The
// searches of the rules want only checks, captures or captures on one
// square, a few of some forty moves, and the king-safety test of every move
// was most of their cost.
template <class Want>
void legal_where(const Position& pos, MoveList& out, Want&& want) {
  MoveList pseudo;
  pos.generate_pseudo_legal(pseudo);
  for (Move m : pseudo)
    if (want(m) && pos.is_legal(m)) out.push(m);
}

// The same for a search that wants captures only: the generator gives those
// alone.
// (Taking the king is no capture here: a search never ends on it.)
template <class Want>
void legal_captures_where(const Position& pos, MoveList& out, Want&& want) {
  MoveList legal;
  pos.generate_legal_captures(legal);
  for (Move m : legal)
    if (want(m)) out.push(m);
}

// The legal checks (not taking the king).
inline void legal_checks(const Position& pos, MoveList& out) { pos.generate_legal_checks(out); }

// A check that does not take the king.
inline bool is_check(const Position& pos, Move m) {
  return pos.at(m.to()).type() != PieceType::King && pos.gives_check(m);
}

}  // namespace xq::rules::detail
