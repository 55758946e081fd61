// Random set-ups crowded around one king's square, for the generators'
// tests against the plain definitions (test_king_scan.cpp crowds the
// mover's own king, test_check_generation.cpp the other one): squares
// drawn on that king's lines or near it, pieces put where a square is left.
#pragma once

#include <random>

#include "xqrec/core/setup.h"

namespace xq::test {

class CrowdedSetup {
 public:
  CrowdedSetup(std::mt19937& rng, Color to_move) : rng_(rng) { setup_.side_to_move = to_move; }

  // The square the pieces crowd around (a king's, or where it would stand).
  void centre_on(Square k) { centre_ = k; }

  // Puts `p` on `q` when `q` is on the board and empty: drawn squares may
  // fall off the board or onto a piece, and are then left.
  void put(Square q, Piece p) {
    if (q.valid() && setup_.at(q).empty()) setup_.put(q, p);
  }

  // A square on the centre's file or rank.
  Square on_line() {
    if (rng_() % 2) return Square(centre_.file(), int(rng_() % kRanks));
    return Square(int(rng_() % kFiles), centre_.rank());
  }

  // A square within `reach` files and ranks of the centre, or none where
  // that falls off the board.
  Square near(int reach) {
    const int f = centre_.file() + int(rng_() % (2 * reach + 1)) - reach;
    const int r = centre_.rank() + int(rng_() % (2 * reach + 1)) - reach;
    return f >= 0 && f < kFiles && r >= 0 && r < kRanks ? Square(f, r) : Square::none();
  }

  const Setup& setup() const { return setup_; }

 private:
  std::mt19937& rng_;
  Setup setup_;
  Square centre_ = Square::none();
};

}  // namespace xq::test
