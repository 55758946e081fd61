// Writes one ICCS PGN game of N plies in which every position occurs twice
// and nothing is captured: the repetition counter's case of positions that
// recur below the threshold (3), each an index slot and a second occurrence
// to count. Rounds of eight plies from a new position S with red to move:
// r b r' b' (r' and b' take r and b back: S again), r b r' once more, then
// a black move p to a position not seen before, the next round's S. So S
// and the three positions after it occur twice each. Random quiet moves
// that give no check (so that a side never runs out of them); the same game
// every run (a fixed seed). Usage: xqrec_twice_game PLIES > FILE
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

namespace {

std::vector<xq::Move> quiet_moves(const xq::Position& pos) {
  xq::MoveList moves;
  pos.generate_legal(moves);
  std::vector<xq::Move> quiet;
  for (xq::Move m : moves)
    if (pos.at(m.to()).empty() && !pos.gives_check(m)) quiet.push_back(m);
  return quiet;
}

bool is_quiet(const xq::Position& pos, xq::Move m) {
  return pos.is_legal(m) && pos.at(m.to()).empty() && !pos.gives_check(m);
}

xq::Position after(const xq::Position& pos, xq::Move m) {
  xq::Position next = pos;
  xq::Undo undo;
  next.make(m, undo);
  return next;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: xqrec_twice_game PLIES\n");
    return 2;
  }
  const long plies = std::atol(argv[1]);
  xq::Position pos = xq::Position::start();
  std::unordered_set<std::uint64_t> seen{pos.key()};
  std::mt19937_64 rng(21);
  std::vector<xq::Move> game;
  game.reserve(std::size_t(plies) + 8);
  while (long(game.size()) < plies) {
    // One round from S = pos (red to move, seen once): r and b such that
    // the three positions after them are new and both can be taken back
    // as quiet moves, then p from the third to a new position.
    bool played = false;
    for (int tries = 0; tries < 4096 && !played; ++tries) {
      const auto red = quiet_moves(pos);
      if (red.empty()) break;
      const xq::Move r = red[rng() % red.size()];
      const xq::Position x1 = after(pos, r);
      const auto black = quiet_moves(x1);
      if (black.empty() || seen.count(x1.key())) continue;
      const xq::Move b = black[rng() % black.size()];
      const xq::Position x2 = after(x1, b);
      const xq::Move r_back(r.to(), r.from()), b_back(b.to(), b.from());
      if (seen.count(x2.key()) || !is_quiet(x2, r_back)) continue;
      const xq::Position x3 = after(x2, r_back);
      if (seen.count(x3.key()) || !is_quiet(x3, b_back) || after(x3, b_back).key() != pos.key()) continue;
      const auto onward = quiet_moves(x3);
      if (onward.empty()) continue;
      const xq::Move p = onward[rng() % onward.size()];
      const xq::Position next = after(x3, p);
      if (p == b_back || seen.count(next.key()) || next.key() == x1.key() || next.key() == x2.key()) continue;
      for (const auto& x : {x1, x2, x3, next}) seen.insert(x.key());
      for (xq::Move m : {r, b, r_back, b_back, r, b, r_back, p}) game.push_back(m);
      pos = next;
      played = true;
    }
    if (!played) {
      std::fprintf(stderr, "no new round at ply %zu\n", game.size() + 1);
      return 1;
    }
  }
  game.resize(std::size_t(plies));
  std::printf("[Format \"ICCS\"]\n\n");
  std::string line;
  for (std::size_t i = 0; i < game.size(); ++i) {
    if (i % 2 == 0) line += std::to_string(i / 2 + 1) + ". ";
    line += xq::to_iccs(game[i]) + " ";
    if (i % 20 == 19) {
      std::printf("%s\n", line.c_str());
      line.clear();
    }
  }
  std::printf("%s*\n", line.c_str());
  return 0;
}
