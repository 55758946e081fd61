// What every writer reads from a GameRecord the same way: the start
// position as one Setup, the result, the tags it writes in its own form,
// and the move of a node.
#pragma once

#include <string>

#include "xqrec/core/game.h"
#include "xqrec/core/result.h"
#include "xqrec/core/setup.h"

namespace xq::formats {

// start_setup if set, else start_fen parsed, else the standard start.
// Fails (with a one-line message) when start_fen does not parse.
Result<Setup, std::string> record_start(const GameRecord& record);

// Whether the set-up is the standard start position with Red to move
// (clocks ignored).
bool is_standard_start(const Setup& setup);

// The result: record.result, else the Result tag, else "".
std::string record_result(const GameRecord& record);

// PGN tags that a writer expresses in its own form (the start position and
// the notation) or that only say the game is Xiangqi: FEN, Format, SetUp,
// and Game when it is "Chinese Chess" or empty (ASCII case ignored).
bool is_structural_tag(const Tag& tag);

// A node's move: its squares, else its ICCS text parsed; none otherwise.
Move node_move(const GameNode& node);

}  // namespace xq::formats
