// Perft: the number of leaf nodes of the legal move tree to a given depth,
// the standard test of a move generator.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "xqrec/core/position.h"

namespace xq {

std::uint64_t perft(Position& pos, int depth);

// Node counts below each legal move, in generation order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace xq
