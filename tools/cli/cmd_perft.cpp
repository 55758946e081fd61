// xqrec perft: node counts of the legal move tree.
#include <chrono>
#include <iostream>

#include "cli.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/perft.h"

namespace xqcli {

namespace {

int run_perft(const std::vector<std::string>& args) {
  po::options_description opts("options");
  int depth = 0;
  std::vector<std::string> fen_words;
  opts.add_options()
      ("fen", po::value<std::vector<std::string>>(&fen_words)->multitoken(), "start position (default: the standard start)")
      ("depth,d", po::value<int>(&depth)->required(), "depth in plies (0-12)")
      ("divide", "print the count below each legal move (ICCS), then the total")
      ("time", "print the time and nodes per second on stderr");
  po::variables_map vm;
  if (int rc = parse_options("perft", "[--fen FEN] --depth N [--divide]", opts, {}, args, vm); rc >= 0) return rc;
  if (depth < 0 || depth > 12) {
    std::cerr << "xqrec perft: --depth must be between 0 and 12\n";
    return kUsage;
  }
  const auto setup = start_from_fen_words("perft", fen_words);
  if (!setup) return kUsage;
  xq::Position pos(*setup);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (vm.count("divide")) {
    for (const auto& [m, n] : xq::perft_divide(pos, depth > 0 ? depth : 1)) {
      std::cout << xq::to_iccs(m) << ": " << n << "\n";
      total += n;
    }
    if (depth == 0) total = 1;
  } else {
    total = xq::perft(pos, depth);
  }
  std::cout << total << "\n";
  if (vm.count("time")) {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "time " << s << " s, " << (s > 0 ? double(total) / s / 1e6 : 0) << " M nodes/s\n";
  }
  return kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("perft", "count the leaf nodes of the legal move tree", run_perft);

}  // namespace xqcli
