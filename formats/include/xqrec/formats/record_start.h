// The start position of a GameRecord as one Setup.
#pragma once

#include <string>

#include "xqrec/game.h"
#include "xqrec/result.h"
#include "xqrec/setup.h"

namespace xq::formats {

// start_setup if set, else start_fen parsed, else the standard start.
// Fails (with a one-line message) when start_fen does not parse.
Result<Setup, std::string> record_start(const GameRecord& record);

// Whether the set-up is the standard start position with Red to move
// (clocks ignored).
bool is_standard_start(const Setup& setup);

}  // namespace xq::formats
