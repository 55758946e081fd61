// The replay path's contract, shared by the legality tests: make_if_legal
// plays a move exactly when it is legal, and a move it refuses leaves the
// position as it was.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "xqrec/core/fen.h"
#include "xqrec/core/position.h"

namespace xq::test {

// make_if_legal of `m` on `pos`, whose FEN is `before`: played exactly when
// `legal`, and refused without a trace (key and FEN unchanged). Returns
// whether it was played; the move is then on the board, undone through `u`.
inline bool require_played_iff_legal(Position& pos, Move m, bool legal, const std::string& before, Undo& u) {
  const std::uint64_t key = pos.key();
  const bool played = pos.make_if_legal(m, u);
  REQUIRE(played == legal);
  if (!played) {
    REQUIRE(pos.key() == key);
    REQUIRE(to_fen(pos.setup()) == before);
  }
  return played;
}

// Takes back `m` and requires the position it was played from: `key`, `before`.
inline void require_undone(Position& pos, Move m, const Undo& u, std::uint64_t key, const std::string& before) {
  pos.undo(m, u);
  REQUIRE(pos.key() == key);
  REQUIRE(to_fen(pos.setup()) == before);
}

}  // namespace xq::test
