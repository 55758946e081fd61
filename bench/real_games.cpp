// The real games the benchmarks read (real_games.h). Not a bench_*.cpp:
// it registers no case.
#include "real_games.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"

namespace bench {

using namespace xq;
using namespace xq::formats;

std::string corpus_dir() {
  if (const char* env = std::getenv("XQREC_SHARED_CORPUS")) return env;
  return XQREC_SHARED_CORPUS;
}

const std::vector<RealGame>& real_games() {
  static const std::vector<RealGame> games = [] {
    std::vector<RealGame> out;
    const std::string dir = corpus_dir();
    if (!std::filesystem::is_directory(dir)) {
      std::fprintf(stderr, "no real corpus at %s (set XQREC_SHARED_CORPUS): the real-game benchmarks are skipped\n",
                   dir.c_str());
      return out;
    }
    std::vector<std::string> errors;
    std::set<std::string> seen;  // start FEN and the moves in ICCS
    for (const InputFile& f : expand_inputs({dir}, errors)) {
      FileBytes bytes;
      if (!bytes.open(f.path).empty()) continue;
      GameBuilder builder([&](BuiltGame& g) {
        StartPosition start = resolve_start(g.record);
        if (!start.setup) return Control::Continue;
        g.record.start_setup = *start.setup;
        g.record.start_fen.reset();
        (void)resolve_moves(g.record, *start.setup);
        RealGame r{std::move(g.record), *start.setup, {}};
        for (NodeId id : r.record.main_line()) r.main.push_back(r.record.node(id).move);
        std::string key = to_fen(r.start);
        for (Move m : r.main) key += to_iccs(m);
        if (r.main.empty() || !seen.insert(std::move(key)).second) return Control::Continue;
        out.push_back(std::move(r));
        return Control::Continue;
      });
      (void)read_games(bytes.bytes(), f.path, builder);
    }
    return out;
  }();
  return games;
}

std::string pgn_of(const std::vector<RealGame>& games, MoveNotation notation) {
  PgnWriteOptions opt;
  opt.notation = notation;
  opt.iccs_style = IccsStyle::Lower;
  std::string out;
  for (const auto& g : games) {
    LossNotes losses;
    out += write_pgn_text(g.record, opt, losses);
    out += '\n';
  }
  return out;
}

}  // namespace bench
