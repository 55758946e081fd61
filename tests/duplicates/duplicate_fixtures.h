// Games for the duplicates tests: random legal lines (seeded, so stable),
// their mirrors and openings, as records the project's writers write.
#pragma once

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "test_support.h"
#include "xqrec/duplicates/batch.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/xqf.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/mirror.h"
#include "xqrec/core/position.h"

namespace duptest {

using namespace xq;

// `plies` random legal moves after `start` (a line that ends in mate
// before is drawn again).
inline std::vector<Move> random_line(unsigned seed, int plies, const std::vector<Move>& start = {}) {
  std::mt19937 rng(seed);
  for (;;) {
    Position pos;
    for (Move m : start) {
      Undo u;
      pos.make(m, u);
    }
    std::vector<Move> out = start;
    while (int(out.size()) < plies) {
      MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      const Move m = moves[rng() % moves.size()];
      Undo u;
      pos.make(m, u);
      out.push_back(m);
    }
    if (int(out.size()) == plies) return out;
  }
}

inline std::vector<Move> mirror_line(std::vector<Move> line) {
  for (Move& m : line) m = mirrored(m);
  return line;
}

inline std::vector<Move> first(const std::vector<Move>& line, std::size_t n) {
  return {line.begin(), line.begin() + std::ptrdiff_t(std::min(n, line.size()))};
}

inline GameRecord record_of(const std::vector<Move>& line) {
  GameRecord rec;
  NodeId at = rec.root();
  for (Move m : line) {
    GameNode node;
    node.move = m;
    node.text = to_iccs(m);
    node.notation = MoveNotation::Coordinates;
    at = rec.add_child(at, node);
  }
  return rec;
}

inline std::string pgn_of(const GameRecord& rec, MoveNotation n = MoveNotation::Chinese) {
  formats::PgnWriteOptions o;
  o.notation = n;
  return formats::write_pgn(rec, o).bytes;
}

// A scratch folder, removed at the end of the test.
struct Folder {
  std::filesystem::path dir;
  explicit Folder(const std::string& stem) : dir(xqtest::scratch_dir("dup-" + stem)) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~Folder() { std::filesystem::remove_all(dir); }
  std::string put(const std::string& name, const std::string& bytes) const {
    xqtest::write_file(dir / name, bytes);
    return (dir / name).string();
  }
};

// Runs the job on paths; the notices are kept.
struct Run {
  duplicates::DuplicatesRun run;
  std::vector<duplicates::Notice> notices;
  explicit Run(const std::vector<std::string>& paths, std::uint32_t min_plies = 30) {
    std::vector<std::string> errors;
    const auto files = formats::expand_inputs(paths, errors);
    duplicates::DuplicatesOptions o;
    o.min_plies = min_plies;
    run = duplicates::find_duplicates(files, o, [&](const duplicates::Notice& n) { notices.push_back(n); });
  }
  // "name#game relation" for each member of group g, in output order.
  std::vector<std::string> members(std::size_t g) const {
    std::vector<std::string> out;
    for (const auto& m : run.groups.at(g).members) {
      const auto& e = run.index.entries()[m.entry];
      out.push_back(std::filesystem::path(run.files[e.file]).filename().string() + "#" + std::to_string(e.game) +
                    " " + std::string(duplicates::relation_name(m.relation)));
    }
    return out;
  }
};

}  // namespace duptest
