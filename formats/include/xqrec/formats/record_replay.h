// A GameRecord back into visitor calls (the inverse of GameBuilder).
#pragma once

#include <cstddef>

#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"

namespace xq::formats {

// Calls the visitor for one game in the order a reader would: begin_game,
// tags, start position, game comment, moves with their comments, NAGs and
// variations (depth first, PGN order), result, end_game. Iterative: deep
// trees cannot exhaust the stack. Returns what end_game returned, or what
// begin_game returned when that was not Continue.
Control replay_record(const GameRecord& record, GameVisitor& visitor, std::size_t index = 1,
                      SourceLocation where = {});

// The same without begin_game and end_game.
void replay_record_body(const GameRecord& record, GameVisitor& visitor);

}  // namespace xq::formats
