// The real games of ../shared/corpus (XQREC_SHARED_CORPUS overrides the
// path) as the speed goals count them: every distinct main line once
// (identical games in several files or formats counted once).
#pragma once

#include <string>
#include <vector>

#include "xqrec/core/game.h"
#include "xqrec/core/position.h"

namespace bench {

struct RealGame {
  xq::GameRecord record;  // resolved, from its start position
  xq::Setup start;
  std::vector<xq::Move> main;  // the main line's moves
};

// The corpus's directory (the environment's override, else the build's).
std::string corpus_dir();

// Read once; empty (with a note on stderr) when the corpus is missing.
const std::vector<RealGame>& real_games();

// The games as one PGN text in the given notation (ICCS lower case).
std::string pgn_of(const std::vector<RealGame>& games, xq::MoveNotation notation);

}  // namespace bench
