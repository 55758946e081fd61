// Zobrist hashing keys, fixed at compile time so that keys are stable across
// runs and builds (they may be stored in reports).
#pragma once

#include <array>
#include <cstdint>

#include "xqrec/core/types.h"

namespace xq::zobrist {

struct Keys {
  std::array<std::array<std::uint64_t, kSquares>, kPieceCodeCount> piece{};
  std::uint64_t black_to_move = 0;
};

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr Keys make_keys() {
  Keys k;
  std::uint64_t state = 0x5851F42D4C957F2Dull;  // any fixed seed
  for (auto& row : k.piece)
    for (auto& key : row) key = splitmix64(state);
  for (auto& key : k.piece[0]) key = 0;  // empty squares do not hash
  k.black_to_move = splitmix64(state);
  return k;
}

inline constexpr Keys kKeys = make_keys();

inline std::uint64_t piece_key(Piece p, Square s) {
  return kKeys.piece[p.code()][std::size_t(s.index())];
}

}  // namespace xq::zobrist
