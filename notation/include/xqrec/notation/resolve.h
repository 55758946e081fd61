// Phase 2 of reading a move: description + position -> one legal move, or a
// precise error. resolve_move() is the one entry point format readers call
// for every move text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/core/move_error.h"
#include "xqrec/notation/description.h"
#include "xqrec/notation/dialect.h"
#include "xqrec/notation/notation.h"
#include "xqrec/core/position.h"
#include "xqrec/core/result.h"

namespace xq::notation {

struct ResolvedMove {
  Move move;
  Notation notation = Notation::Chinese;  // the notation the text was read in
  DialectNotes notes;                      // departures from the canonical form, for the audit
};

enum class MoveTextErrorKind : std::uint8_t {
  Unparsable,  // "unparsable-move": a syntax error (see column / byte_offset / found)
  NoSuchPiece, // "no-such-piece": the mover has no piece the text can mean
  Ambiguous,   // "ambiguous-move": several legal moves fit (see candidates)
  Illegal,     // "illegal-move": the piece exists but cannot make the move (see reason)
  WrongSide,   // "wrong-side": the text fits a move of the side not to move
};

std::string_view error_code(MoveTextErrorKind k);

struct MoveTextError {
  MoveTextErrorKind kind = MoveTextErrorKind::Unparsable;
  std::string message;          // one line, for people
  // Unparsable: where, in the move text.
  std::size_t column = 0;       // 1-based, in characters
  std::size_t byte_offset = 0;  // 0-based
  std::string found;            // the offending character, empty at the end
  // Illegal: the core's reason, and the move that was tried.
  MoveError reason = MoveError::None;
  Move move;
  // Ambiguous: every legal move that fits. Illegal: every move tried.
  // WrongSide: the opponent's move(s) the text fits.
  std::vector<Move> candidates;

  std::string_view code() const { return error_code(kind); }
};

// Resolves a description against a position (its side to move moves).
Result<ResolvedMove, MoveTextError> resolve(const Position& pos, const MoveDescription& d);

// Parses and resolves one move text. `hint`: the notation the caller expects
// (Chinese, Wxf, Iccs), or Auto to detect it from the text.
// The success path does not allocate.
Result<ResolvedMove, MoveTextError> resolve_move(const Position& pos, std::string_view text,
                                                 Notation hint = Notation::Auto);

// The move of a common text when finding it needs no search: a plain-file
// form (炮二平五, C2.5) with a direction, one piece of the named type on the
// named file, and nothing for the audit to note (no dialect, glyphs and
// digits of the side to move). Else Move::none(), and resolve_move says what
// the text is. Legality is not checked: the replay loops play the move with
// make_if_legal and call resolve_move when it is refused. When the move is
// legal, resolve_move gives the same move with no notes (its search would
// try this one move only).
Move plain_move(const Position& pos, std::string_view text, Notation hint = Notation::Auto);

}  // namespace xq::notation
