// ECCO opening classification (A00–E99) from the moves of a game, never from
// its tags. The codes, their names and the move patterns that define them
// are our own data file, tools/ecco/data/ecco.txt (docs/ecco.md), embedded
// in the library at build time and read once.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "xqrec/core/position.h"
#include "xqrec/core/types.h"

namespace xq::ecco {

// The texts are views into the embedded book, which lives as long as the
// program: a game's classification copies no string (the audit classifies
// every game).
struct Opening {
  std::string_view code;       // "C77"
  std::string_view name;       // the full Chinese name
  std::string_view opening;    // the name before "——"
  std::string_view variation;  // the name after "——", or ""
  std::uint32_t ply = 0;       // the ply at which the classification was decided (0: no move)
};

// nullopt when `start` is not the standard start position (or the embedded
// data did not read: a test guards that). `line`: the main line's moves as
// played; only the first 20 plies are looked at. A game opened on the left
// (Red's first move from files 6–9, 炮八平五) is classified as its mirror.
std::optional<Opening> classify(const Position& start, std::span<const Move> line);

// Whether `pos` is the standard start position, Red to move (move counters
// aside).
bool is_standard_start(const Position& pos);

}  // namespace xq::ecco
