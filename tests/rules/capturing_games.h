// Positions of random games from the start that capture whenever they can,
// for tests that compare a fast path with the plain one over exchanges,
// pins, discovered attacks and bare kings (test_cycle_memo,
// test_exchange_board, test_mate_in_one_plain). Each test keeps its own odds: its thresholds
// (how many mates, how many exchanges) were counted on those games.
#pragma once

#include <random>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/values.h"

namespace xqtest {

struct CapturingOdds {
  unsigned quiet_one_in;      // a quiet move instead of a capture: one time in this many
  bool always_heaviest;       // take the most valuable piece always (else half of the time)
  bool both_sides_to_move;    // keep each position also with the other side to move
};

// `games` games of at most `plies` plies each, every position after a move.
inline std::vector<xq::Position> capturing_game_positions(unsigned seed, int games, int plies,
                                                          CapturingOdds odds) {
  std::mt19937 rng(seed);
  std::vector<xq::Position> out;
  for (int g = 0; g < games; ++g) {
    xq::Position pos;
    for (int ply = 0; ply < plies; ++ply) {
      xq::MoveList moves, captures;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      pos.generate_legal_captures(captures);
      const bool take = !captures.empty() && rng() % odds.quiet_one_in != 0;
      const xq::MoveList& pick = take ? captures : moves;
      xq::Move m = pick[rng() % pick.size()];
      if (take && (odds.always_heaviest || rng() % 2 == 0))
        for (xq::Move c : captures)
          if (xq::rules::piece_value(pos.at(c.to()), c.to()) >
              xq::rules::piece_value(pos.at(m.to()), m.to()))
            m = c;
      xq::Undo u;
      pos.make_legal(m, u);
      out.push_back(pos);
      if (odds.both_sides_to_move) out.push_back(pos.with_side_to_move(~pos.side_to_move()));
    }
  }
  return out;
}

}  // namespace xqtest
