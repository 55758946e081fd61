// Resolving a raw GameRecord: the start position, and every move text
// turned into a Move against the position before it — in one place, so that
// every format reports bad moves the same way.
#pragma once

#include <optional>
#include <string>
#include <vector>


#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/dialect.h"
#include "xqrec/notation/notation.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/core/position.h"

namespace xq::formats {

// Reading one move against the position before it.
struct NodeResolution {
  bool ok = false;
  Move move;                     // the move, or the one that was tried
  notation::DialectNotes notes;  // how the text departs from the canonical form
  Code code{};                   // on failure: the resolver code (unparsable-move, no-such-piece, ambiguous-move, illegal-move, wrong-side)
  std::string message;
  std::vector<Move> candidates;  // ambiguous: every fitting move
};
NodeResolution resolve_node(const Position& pos, const GameNode& node);

// Whether a binary format gave the node's squares (its text, if any, is only
// their ICCS).
inline bool has_given_squares(const GameNode& node) {
  return node.notation == MoveNotation::Coordinates || (!node.move.is_none() && node.text.empty());
}

// The notation module's hint for a node's notation. Inline: the replay asks
// it for every move of Chinese or WXF text (a call was 8 instructions a move).
inline notation::Notation notation_hint(MoveNotation n) {
  switch (n) {
    case MoveNotation::Iccs:
    case MoveNotation::Coordinates: return notation::Notation::Iccs;
    case MoveNotation::Wxf: return notation::Notation::Wxf;
    case MoveNotation::Chinese: return notation::Notation::Chinese;
    case MoveNotation::Auto: break;
  }
  return notation::Notation::Auto;
}

// The move of a node when it is legal here and needs no search: squares
// from a binary format, plain ICCS text ("h2e2"), or a plain-file Chinese or
// WXF text with one piece it can mean (notation::plain_move), the bulk of
// large archives. Else Move::none(), and resolve_node says what it is.
inline Move fast_candidate(const Position& pos, const GameNode& node) {
  if (has_given_squares(node)) return node.move;
  if (node.notation == MoveNotation::Iccs) return parse_plain_iccs(node.text);
  return notation::plain_move(pos, node.text, notation_hint(node.notation));
}

inline Move resolve_fast(const Position& pos, const GameNode& node) {
  const Move m = fast_candidate(pos, node);
  return !m.is_none() && pos.is_legal(m) ? m : Move::none();
}

// As resolve_fast, and plays the move when it is legal (the replay loops'
// path: one legality pass instead of a test and then a move). Else returns
// Move::none() with the position unchanged.
inline Move play_fast(Position& pos, const GameNode& node, Undo& u) {
  const Move m = fast_candidate(pos, node);
  return !m.is_none() && pos.make_if_legal(m, u) ? m : Move::none();
}

struct StartPosition {
  std::optional<Setup> setup;  // none when there is no position to play from
  std::vector<Issue> issues;
};

// The start position: start_setup, else start_fen, else the standard start.
// A FEN whose side field is not w, r or b is played from the side whose
// piece moves first (an info note says so); a position that breaks the rules
// is still returned, with every problem as a bad-position issue, unless its
// pieces could have more moves than a position lists (too-many-moves): then
// there is no set-up, and that issue comes first.
StartPosition resolve_start(const GameRecord& record);

// Resolves every move of every line. A line is cut at its first move that
// does not resolve: that move and all after it (with their variations) leave
// the tree, and the issue names what was cut. `start`: a set-up
// resolve_start gave; one it refuses (more moves than a list holds) cannot
// be played: its bad-position issue is returned and nothing is resolved.
std::vector<Issue> resolve_moves(GameRecord& record, const Setup& start);

}  // namespace xq::formats
