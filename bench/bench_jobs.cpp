// The audit with 1 and 2 jobs (issue 17's goal: 2 jobs at least 1.8 times
// one), through the batch library the `xqrec audit` command runs, net of
// process start-up: on the real games as one large ICCS PGN file (cut at
// game boundaries and read by the auditing threads), with and without
// JSON Lines, and as a tree of one small file per game. The files go to a temporary directory, removed after;
// with XQREC_BENCH_DIR set, to that directory, kept (to time the command on
// them, or to profile it).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "bench.h"
#include "real_games.h"
#include "xqrec/audit/batch.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/pgn_writer.h"

namespace {

using namespace xq;
namespace fs = std::filesystem;

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// As `xqrec audit -q` runs it: no audit kept for delivery, the games from
// the summary; with `jsonl`, as `-q --jsonl` does, the workers write each
// game's JSON line and this thread takes them in order.
std::size_t audit_with(const std::vector<formats::InputFile>& files, unsigned jobs, bool jsonl) {
  audit::BatchOptions opt;
  opt.jobs = jobs;
  opt.lines.jsonl = jsonl;
  std::size_t bytes = 0;
  audit::BatchSink sink;
  sink.lines = [&](std::string_view json_lines, std::string_view) { bytes += json_lines.size(); };
  const std::size_t games = audit::audit_files(files, opt, sink).games;
  if (jsonl && bytes == 0) std::fprintf(stderr, "real-jobs: no JSON Lines written\n");
  return games;
}

bench::Register jobs_bench("real-jobs", [] {
  std::vector<bench::Measurement> out;
  const auto& games = bench::real_games();
  if (games.empty()) return out;
  const char* keep = std::getenv("XQREC_BENCH_DIR");
  const fs::path dir = keep ? fs::path(keep) : fs::temp_directory_path() / ("xqrec-bench-jobs-" + std::to_string(getpid()));
  fs::create_directories(dir / "tree");
  write_file(dir / "all.pgn", bench::pgn_of(games, MoveNotation::Iccs));
  for (std::size_t i = 0; i < games.size(); ++i)
    write_file(dir / "tree" / (std::to_string(i) + ".pgn"), bench::pgn_of({games[i]}, MoveNotation::Iccs));
  struct Case {
    std::string what;
    fs::path input;
    bool jsonl;
  };
  for (const auto& [what, input, jsonl] : {Case{"one ICCS PGN file", dir / "all.pgn", false},
                                           Case{"one ICCS PGN file, JSON Lines", dir / "all.pgn", true},
                                           Case{"a tree of one PGN file per game", dir / "tree", false}}) {
    std::vector<std::string> errors;
    const auto files = formats::expand_inputs({input.string()}, errors);
    std::size_t n = 0;
    const double one = bench::time_best([&] { n = audit_with(files, 1, jsonl); });
    const double two = bench::time_best([&] { n = audit_with(files, 2, jsonl); });
    std::printf("real-jobs: %s: 2 jobs %.2fx one job (%zu games)\n", what.c_str(), one / two, n);
    out.push_back({"audit, real games, " + what + ", 1 job", double(n), "games", one});
    out.push_back({"  the same, 2 jobs", double(n), "games", two});
  }
  if (!keep) fs::remove_all(dir);
  return out;
});

}  // namespace
