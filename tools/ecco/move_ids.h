// A played line as the book's move ids: the first kHorizon plies, each the
// id of its move text without 前/后, or kOther when the data cannot name it.
// Kept apart from the tree walk so that a test can compare the per-file piece
// counts it keeps along the line with counts taken from the board.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "move_key.h"
#include "xqrec/ecco/book.h"

namespace xq::ecco {

using Line = std::array<MoveId, kHorizon>;

// The move id of every key, built once from a book's texts.
struct KeyTable {
  std::vector<MoveId> ids = std::vector<MoveId>(kMoveKeyCount, kOther);
  KeyTable() = default;
  explicit KeyTable(const Book& book);
};

// Fills `ids` from the standard start with `line` (read as its mirror when
// `mirror`), kEnd past the plies read; returns how many were read. A move
// that does not belong to the side to move ends what is read.
std::size_t move_ids(const KeyTable& table, std::span<const Move> line, bool mirror, Line& ids);

}  // namespace xq::ecco
