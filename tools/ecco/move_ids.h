// A played line as the book's move ids: the first kHorizon plies, each the
// id of its move text without 前/后, or kOther when the data cannot name it.
// Kept apart from the tree walk so that a test can compare the per-file piece
// counts it keeps along the line with counts taken from the board.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "move_key.h"
#include "xqrec/core/types.h"
#include "xqrec/ecco/book.h"

namespace xq::ecco {

using Line = std::array<MoveId, kHorizon>;

// The move id of every key, built once from a book's texts.
struct KeyTable {
  std::vector<MoveId> ids = std::vector<MoveId>(kMoveKeyCount, kOther);
  KeyTable() = default;
  explicit KeyTable(const Book& book);
};

// How many pieces of each code stand on each file: a move of a piece that
// shares its file with another of its kind would need 前/后, which the data
// never names (advisors and elephants aside, named by their file alone).
using FileCounts = std::array<std::uint8_t, kPieceCodeCount * kFiles>;

// The ids of a line read as far as they are asked for: the tree walk looks
// at the first plies of every line but at the later ones only on the
// branches that name them, so the moves past the last ply it asks for are
// never replayed. Reading is the same as move_ids' (a test walks both).
class LineIds {
 public:
  LineIds(const KeyTable& table, std::span<const Move> line, bool mirror);

  // The id of ply `ply` (< kHorizon): kEnd past the plies read.
  MoveId operator[](std::size_t ply) {
    if (ply >= known_) read_through(ply);
    return ids_[ply];
  }
  // How many of the first `plies` plies read (min(plies, what move_ids returns)).
  std::size_t read_of(std::size_t plies);

 private:
  void read_through(std::size_t ply);

  const KeyTable& table_;
  std::span<const Move> line_;
  bool mirror_;
  std::size_t known_ = 0;  // plies whose ids are known: kHorizon once the line ended
  std::size_t read_ = 0;   // plies read (replayed)
  std::array<Piece, kSquares> board_;
  FileCounts counts_;
  Line ids_;
};

// Fills `ids` from the standard start with `line` (read as its mirror when
// `mirror`), kEnd past the plies read; returns how many were read. A move
// that does not belong to the side to move ends what is read.
std::size_t move_ids(const KeyTable& table, std::span<const Move> line, bool mirror, Line& ids);

}  // namespace xq::ecco
