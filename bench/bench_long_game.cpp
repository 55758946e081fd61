// The repetition counter on long games without a capture (the reliability
// issue's item 7): the audit of a 40,000-ply and of a 1,000,000-ply game,
// knights going out and back, and how much more a ply of the long game costs
// (1.0 is linear; it was about 22 for these two while the counter rescanned
// every key since the last capture).
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "bench.h"
#include "xqrec/audit/batch.h"

namespace {

// An ICCS PGN of `plies` plies: b0c2 b9c7 c2b0 c7b9 over and over, never a capture.
std::string shuffle_game(std::size_t plies) {
  static const char* const moves[] = {"b0c2", "b9c7", "c2b0", "c7b9"};
  std::string pgn = "[Format \"ICCS\"]\n\n";
  for (std::size_t i = 0; i < plies; ++i) {
    if (i % 2 == 0) pgn += std::to_string(i / 2 + 1) + ". ";
    pgn += moves[i % 4];
    pgn += i % 20 == 19 ? '\n' : ' ';
  }
  return pgn + "*\n";
}

bench::Register long_game("long-game", [] {
  namespace fs = std::filesystem;
  std::vector<bench::Measurement> out;
  const fs::path dir = fs::temp_directory_path() / ("xqrec-bench-long-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  xq::audit::BatchOptions options;
  options.jobs = 1;
  double per_ply[2] = {0, 0};
  const std::size_t lengths[2] = {40000, 1000000};
  for (int k = 0; k < 2; ++k) {
    const fs::path file = dir / (std::to_string(lengths[k]) + ".pgn");
    std::ofstream(file, std::ios::binary) << shuffle_game(lengths[k]);
    xq::audit::BatchSummary sum;
    const double s = bench::time_best([&] { sum = xq::audit::audit_files({file.string()}, options, {}); }, 2);
    if (sum.plies != lengths[k])
      std::fprintf(stderr, "warning: long-game: %zu plies audited of %zu\n", std::size_t(sum.plies), lengths[k]);
    per_ply[k] = s / double(lengths[k]);
    std::string what = "audit of a " + std::to_string(lengths[k]) + "-ply game, no capture";
    if (k == 1) {
      char ratio[64];
      std::snprintf(ratio, sizeof ratio, " (%.2fx a ply of 40000)", per_ply[1] / per_ply[0]);
      what += ratio;
    }
    out.push_back({what, double(lengths[k]), "plies", s});
  }
  fs::remove_all(dir);
  return out;
});

}  // namespace
