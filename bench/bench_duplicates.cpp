// duplicates throughput: the whole job on the real games of ../shared/corpus
// and on a generated PGN file, and the index alone on a million generated
// game keys (the part whose cost grows with the number of games).
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "bench.h"
#include "xqrec/duplicates/batch.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/mirror.h"

namespace {

using namespace xq;
using namespace xq::duplicates;

// Random legal lines of about 80 plies; every fifth game a copy, a mirror
// or an opening of an earlier one.
std::vector<std::vector<Move>> random_lines(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::vector<Move>> out;
  for (std::size_t g = 0; g < n; ++g) {
    if (g >= 10 && g % 5 == 0) {
      std::vector<Move> line = out[rng() % g];
      if (g % 3 == 0) for (Move& m : line) m = mirrored(m);
      if (g % 2 == 0) line.resize(std::min<std::size_t>(line.size(), 30 + rng() % 40));
      out.push_back(std::move(line));
      continue;
    }
    Position pos;
    std::vector<Move> line;
    for (int ply = 0; ply < 80; ++ply) {
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      const Move m = moves[rng() % moves.size()];
      Undo u;
      pos.make(m, u);
      line.push_back(m);
    }
    out.push_back(std::move(line));
  }
  return out;
}

std::string pgn_of(const std::vector<std::vector<Move>>& lines) {
  std::string out;
  formats::PgnWriteOptions o;
  o.notation = MoveNotation::Iccs;
  for (const auto& line : lines) {
    GameRecord rec;
    NodeId at = rec.root();
    for (Move m : line) {
      GameNode node;
      node.move = m;
      node.text = to_iccs(m);
      node.notation = MoveNotation::Coordinates;
      at = rec.add_child(at, node);
    }
    out += formats::write_pgn(rec, o).bytes;
  }
  return out;
}

std::vector<bench::Measurement> whole_job(const std::vector<std::string>& paths, const std::string& what) {
  std::vector<std::string> errors;
  const auto files = formats::expand_inputs(paths, errors);
  DuplicatesRun run;
  const double s = bench::time_best([&] { run = find_duplicates(files, {}, [](const Notice&) {}); }, 2);
  return {{what + " (" + std::to_string(run.groups.size()) + " groups)", double(run.games), "games", s}};
}

bench::Register duplicates_bench("duplicates", [] {
  std::vector<bench::Measurement> out;
  const char* env = std::getenv("XQREC_SHARED_CORPUS");
  const std::string corpus = env && *env ? env : XQREC_SHARED_CORPUS;
  if (std::filesystem::exists(corpus))
    for (auto& m : whole_job({corpus}, "duplicates ../shared/corpus")) out.push_back(m);

  const auto lines = random_lines(50000, 7);
  const auto dir = std::filesystem::temp_directory_path() / ("xqrec-bench-dup-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "games.pgn", std::ios::binary) << pgn_of(lines);
  for (auto& m : whole_job({(dir / "games.pgn").string()}, "duplicates of 50000 generated ICCS PGN games"))
    out.push_back(m);
  std::filesystem::remove_all(dir);

  // The index alone: a million keys as pass 1 makes them (a chain per game,
  // every fifth a copy, mirror or opening of an earlier one), the second
  // pass's chain values for the candidates, the groups.
  const std::size_t n = 1000000;
  std::mt19937_64 rng(11);
  std::vector<std::vector<Move>> bases = random_lines(2000, 13);
  std::vector<GameEntry> entries(n);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> source(n);  // base line, plies
  for (std::size_t g = 0; g < n; ++g) {
    // A fresh line: a base line's first 20 plies then random ones, told
    // apart by the chain seed; every fifth game reuses an earlier one.
    const auto base = std::uint32_t(rng() % bases.size());
    const auto plies = std::uint32_t(g % 5 == 0 && g ? 30 + rng() % 50 : bases[base].size());
    source[g] = {base, plies};
  }
  auto key_of = [&](std::uint32_t base, std::uint32_t plies, std::uint32_t min,
                    const std::function<void(std::uint32_t, std::uint64_t)>& on_ply) {
    LineKey k;
    k.line = 0x1234;
    for (std::uint32_t p = 0; p < plies && p < bases[base].size(); ++p) {
      k.line = chain_step(k.line, bases[base][p]);
      ++k.plies;
      if (k.plies == min) k.prefix = k.line;
      if (on_ply) on_ply(k.plies, k.line);
    }
    return k;
  };
  std::size_t groups = 0;
  const double s = bench::time_best(
      [&] {
        DuplicateIndex index(30);
        for (std::size_t g = 0; g < n; ++g) {
          GameEntry e;
          e.key = key_of(source[g].first, source[g].second, 30, {});
          e.file = std::uint32_t(g / 1000);
          e.game = std::uint32_t(g % 1000 + 1);
          index.add(e);
        }
        for (std::uint32_t id : index.embedding_candidates())
          key_of(source[id].first, source[id].second, 30,
                 [&](std::uint32_t ply, std::uint64_t h) { index.prefix_seen(id, ply, h); });
        groups = index.groups().size();
      },
      1);
  out.push_back({"duplicates index of 1000000 game keys (" + std::to_string(groups) + " groups)", double(n), "games", s});
  return out;
});

}  // namespace
