// Writes one ICCS PGN game of N plies in which no position occurs twice and
// nothing is captured: the repetition counter's worst case (every ply kept
// and indexed). Random quiet moves that give no check (so that a side never
// runs out of them), none to a position already seen; the same game every
// run (a fixed seed). Usage: xqrec_distinct_game PLIES > FILE
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: xqrec_distinct_game PLIES\n");
    return 2;
  }
  const long plies = std::atol(argv[1]);
  xq::Position pos = xq::Position::start();
  std::unordered_set<std::uint64_t> seen{pos.key()};
  std::mt19937_64 rng(17);
  std::printf("[Format \"ICCS\"]\n\n");
  std::string line;
  for (long i = 0; i < plies; ++i) {
    xq::MoveList moves;
    pos.generate_legal(moves);
    std::vector<xq::Move> quiet;
    for (xq::Move m : moves)
      if (pos.at(m.to()).empty() && !pos.gives_check(m)) quiet.push_back(m);
    bool played = false;
    for (int tries = 0; tries < 256 && !quiet.empty() && !played; ++tries) {
      const xq::Move m = quiet[rng() % quiet.size()];
      xq::Position after = pos;
      xq::Undo undo;
      after.make(m, undo);
      if (!seen.insert(after.key()).second) continue;
      pos = after;
      played = true;
      if (i % 2 == 0) line += std::to_string(i / 2 + 1) + ". ";
      line += xq::to_iccs(m) + " ";
    }
    if (!played) {
      std::fprintf(stderr, "no new position at ply %ld\n", i + 1);
      return 1;
    }
    if (i % 20 == 19) {
      std::printf("%s\n", line.c_str());
      line.clear();
    }
  }
  std::printf("%s*\n", line.c_str());
  return 0;
}
