// Round trips on the real records of the shared corpus: every game read,
// resolved, written to PGN and to every format we write, read back and
// resolved again must give the same tree (moves, variations, comments,
// NAGs, start position, result) — trees are compared, not bytes.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>

#include "shared_corpus.h"
#include "test_games.h"
#include "tree_shape.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/formats/xqf.h"
#include "xqrec/core/iccs.h"

namespace fs = std::filesystem;
using namespace xq;
using namespace xq::formats;

namespace {

// A resolved game: what it reads to, with the problems dropped.
struct Resolved {
  GameRecord record;
  bool clean = true;  // start position and every move resolved
};

Resolved resolve(GameRecord record) {
  Resolved out;
  const auto start = resolve_start(record);
  if (!start.setup) {
    out.clean = false;
    return out;
  }
  record.start_setup = *start.setup;
  record.start_fen.reset();
  out.clean = resolve_moves(record, *start.setup).empty();
  out.record = std::move(record);
  return out;
}

void check_same(const GameRecord& a, const GameRecord& b, const std::string& what, bool comments = true,
                bool variations = true) {
  INFO(what);
  REQUIRE(b.start_setup.has_value());
  CHECK(to_fen(*a.start_setup) == to_fen(*b.start_setup));
  CHECK(xqtest::tree_shape(a, {comments, true, variations}) == xqtest::tree_shape(b, {comments, true, variations}));
}

struct Corpus {
  std::vector<fs::path> files;
};

std::vector<fs::path> corpus_files(std::size_t stride) {
  std::vector<fs::path> files;
  const fs::path root = xq::test::shared_corpus_dir();
  for (const char* dir : {"pgn", "xqf", "dhtmlxq", "cbf", "cbr", "cbl"})
    for (const auto& e : fs::recursive_directory_iterator(root / dir))
      if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<fs::path> picked;
  for (std::size_t i = 0; i < files.size(); i += stride) picked.push_back(files[i]);
  return picked;
}

void round_trips(std::size_t stride) {
  if (!xq::test::need_shared_corpus()) return;
  const auto files = corpus_files(stride);
  REQUIRE(!files.empty());
  std::size_t games = 0;
  for (const auto& path : files) {
    FileBytes bytes;
    REQUIRE(bytes.open(path.string()).empty());
    std::vector<GameRecord> records = xqtest::read_records(bytes.bytes(), path.string());
    for (std::size_t gi = 0; gi < records.size(); ++gi) {
      // Games that do not resolve in full are reported, not round-tripped.
      Resolved a = resolve(std::move(records[gi]));
      if (!a.clean) continue;
      ++games;
      const std::string where = path.string() + " game " + std::to_string(gi + 1);
      for (auto notation : {MoveNotation::Chinese, MoveNotation::Wxf, MoveNotation::Iccs}) {
        PgnWriteOptions opt;
        opt.notation = notation;
        const auto back = xqtest::read_records(write_pgn(a.record, opt).bytes, read_pgn);
        REQUIRE(back.size() == 1);
        const Resolved b = resolve(back[0]);
        CHECK(b.clean);
        check_same(a.record, b.record, where + " via PGN " + std::string(notation_name(notation)));
      }
      for (int version : {10, 18}) {
        XqfWriteOptions opt;
        opt.version = version;
        const auto back = xqtest::read_records(write_xqf(a.record, opt).bytes, read_xqf);
        REQUIRE(back.size() == 1);
        check_same(a.record, resolve(back[0]).record, where + " via XQF " + std::to_string(version));
      }
      {
        const auto back = xqtest::read_records(write_dhtmlxq(a.record).bytes, read_dhtmlxq);
        REQUIRE(back.size() == 1);
        check_same(a.record, resolve(back[0]).record, where + " via DhtmlXQ");
      }
      {
        const auto back = xqtest::read_records(write_json(a.record), read_json);
        REQUIRE(back.size() == 1);
        check_same(a.record, resolve(back[0]).record, where + " via JSON");
      }
      {
        // CBF holds the main line only (its variation encoding is unknown).
        const auto back = xqtest::read_records(write_cbf(a.record).bytes, read_cbf);
        REQUIRE(back.size() == 1);
        check_same(a.record, resolve(back[0]).record, where + " via CBF", false, false);
      }
    }
  }
  CHECK(games > 0);
}

}  // namespace

TEST_CASE("corpus records survive PGN, XQF, DhtmlXQ, JSON and CBF round trips (every 25th file)", "[roundtrip]") {
  round_trips(25);
}

TEST_CASE("every corpus record survives the round trips", "[.][slow][roundtrip]") { round_trips(1); }
