// Core benchmarks: perft and the single-move legality check.
#include <random>

#include "bench.h"
#include "xqrec/core/perft.h"
#include "xqrec/core/position.h"

namespace {

std::vector<xq::Position> sample_positions(int games, int plies) {
  std::mt19937 rng(1);
  std::vector<xq::Position> out;
  for (int g = 0; g < games; ++g) {
    xq::Position pos;
    for (int p = 0; p < plies; ++p) {
      xq::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      xq::Undo u;
      pos.make(moves[rng() % moves.size()], u);
      out.push_back(pos);
    }
  }
  return out;
}

bench::Register perft("perft", [] {
  std::vector<bench::Measurement> out;
  xq::Position pos;
  std::uint64_t nodes = 0;
  const double s = bench::time_best([&] { nodes = xq::perft(pos, 5); });
  out.push_back({"perft 5 from the start (bulk counting)", double(nodes), "nodes", s});
  return out;
});

bench::Register legality("legality", [] {
  std::vector<bench::Measurement> out;
  const auto positions = sample_positions(200, 80);
  // Candidate moves: every legal move plus as many random from/to pairs.
  std::mt19937 rng(2);
  std::vector<std::pair<std::size_t, xq::Move>> probes;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    xq::MoveList legal;
    positions[i].generate_legal(legal);
    for (xq::Move m : legal) {
      probes.emplace_back(i, m);
      probes.emplace_back(i, xq::Move(xq::Square(int(rng() % 90)), xq::Square(int(rng() % 90))));
    }
  }
  std::size_t ok = 0;
  const double s = bench::time_best([&] {
    ok = 0;
    for (const auto& [i, m] : probes) ok += positions[i].check_move(m) == xq::MoveError::None;
  });
  bench::keep(ok);
  out.push_back({"check_move with reason (half legal, half random)", double(probes.size()), "checks", s});
  // Baseline in the same run: generate every legal move and search the list.
  const double base = bench::time_best([&] {
    ok = 0;
    for (const auto& [i, m] : probes) {
      xq::MoveList legal;
      positions[i].generate_legal(legal);
      ok += legal.contains(m);
    }
  });
  bench::keep(ok);
  out.push_back({"baseline: generate_legal + search", double(probes.size()), "checks", base});
  return out;
});

}  // namespace
