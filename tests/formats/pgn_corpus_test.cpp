// The PGN reader on every PGN file of the shared corpus: no crash, the
// manifest's game counts and encodings, every move's location right, and
// write -> read round trips of every game.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

#include "test_support.h"
#include "pgn_test_util.h"
#include "shared_corpus.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/pgn_writer.h"

using namespace xq;
using namespace xq::formats;
namespace fs = std::filesystem;

namespace {

struct ManifestRow {
  std::string file, encoding, notation;
  std::size_t games = 0;
  std::size_t plies = 0;
  std::string errors;
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  return out;
}

// The PGN rows of MANIFEST.tsv, or nothing when the corpus is absent.
std::vector<ManifestRow> pgn_manifest() {
  std::vector<ManifestRow> rows;
  const auto text = xqtest::try_read_file(xq::test::shared_corpus_dir() / "MANIFEST.tsv");
  if (!text) return rows;
  std::size_t start = 0;
  std::map<std::string, std::size_t> column;
  bool header = true;
  while (start < text->size()) {
    std::size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    const auto cells = split_tabs(text->substr(start, end - start));
    start = end + 1;
    if (header) {
      for (std::size_t i = 0; i < cells.size(); ++i) column[cells[i]] = i;
      header = false;
      continue;
    }
    auto cell = [&](const char* name) -> std::string {
      const auto it = column.find(name);
      return it != column.end() && it->second < cells.size() ? cells[it->second] : std::string();
    };
    if (cell("format") != "pgn") continue;
    ManifestRow row;
    row.file = cell("file");
    row.encoding = cell("encoding");
    row.notation = cell("notation");
    row.games = std::size_t(std::atoll(cell("games").c_str()));
    row.plies = std::size_t(std::atoll(cell("plies_mainline").c_str()));
    row.errors = cell("errors");
    // A defect "at main ply N": the replay stops just before it.
    const auto at = row.errors.find("at main ply ");
    if (at != std::string::npos) row.plies = std::size_t(std::atoll(row.errors.c_str() + at + 12)) - 1;
    rows.push_back(std::move(row));
  }
  return rows;
}

bool corpus_present() { return xq::test::need_shared_corpus(); }

std::string expected_encoding(const std::string& manifest) {
  if (manifest == "big5") return "Big5";
  if (manifest == "gbk") return "GB18030";
  return "UTF-8";
}

// Offsets where lines start.
std::vector<std::size_t> line_starts(const std::string& bytes) {
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (bytes[i] == '\n') starts.push_back(i + 1);
  return starts;
}

// Checks one move's location against the source bytes; returns "" when right.
std::string check_location(const std::string& bytes, const std::vector<std::size_t>& starts,
                           const std::string& encoding, const GameNode& n, const SourceLocation& w) {
  std::string encoded;
  if (!from_utf8(n.text, encoding, encoded)) return "cannot encode";
  if (w.offset + encoded.size() > bytes.size() || bytes.compare(w.offset, encoded.size(), encoded) != 0)
    return "offset " + std::to_string(w.offset) + " does not hold '" + n.text.str() + "'";
  const auto it = std::upper_bound(starts.begin(), starts.end(), std::size_t(w.offset)) - 1;
  const std::size_t line = std::size_t(it - starts.begin()) + 1, line_start = *it;
  if (line != w.line) return "line " + std::to_string(w.line) + " should be " + std::to_string(line);
  std::string prefix;
  to_utf8(std::string_view(bytes).substr(line_start, w.offset - line_start), encoding, prefix);
  if (line_start == 0 && prefix.compare(0, 3, "\xEF\xBB\xBF") == 0) prefix.erase(0, 3);
  std::size_t chars = 0;
  for (unsigned char c : prefix) chars += (c & 0xC0) != 0x80;
  if (chars + 1 != w.column)
    return "column " + std::to_string(w.column) + " should be " + std::to_string(chars + 1);
  return {};
}

}  // namespace

TEST_CASE("PGN corpus: every file reads, game counts and encodings as in the manifest, locations right",
          "[pgn][corpus]") {
  if (!corpus_present()) return;
  const auto rows = pgn_manifest();
  REQUIRE(rows.size() > 0);
  std::size_t files = 0, games = 0, moves = 0, count_mismatch = 0, encoding_mismatch = 0, bad_locations = 0;
  std::string notes;
  for (const auto& row : rows) {
    const auto bytes = xqtest::try_read_file(xq::test::shared_corpus_dir() / row.file);
    REQUIRE(bytes);
    FileReport report;
    const auto starts = line_starts(*bytes);
    std::size_t file_games = 0;
    GameBuilder builder([&](BuiltGame& g) {
      ++file_games;
      for (std::size_t i = 1; i < g.record.nodes.size(); ++i) {
        ++moves;
        const std::string why = check_location(*bytes, starts, report.encoding, g.record.nodes[i], g.record.where(NodeId(i)));
        if (!why.empty()) {
          if (++bad_locations <= 5) notes += row.file + " game " + std::to_string(g.index) + ": " + why + "\n";
        }
      }
      return Control::Continue;
    });
    // The encoding is known before the first game: detect it the same way.
    report.encoding = detect_encoding(*bytes).name;
    const FileReport r = read_pgn(*bytes, builder);
    ++files;
    games += r.games;
    CHECK(r.games == file_games);
    if (r.games != row.games) {
      ++count_mismatch;
      notes += row.file + ": " + std::to_string(r.games) + " games, manifest says " + std::to_string(row.games) + "\n";
    }
    if (r.encoding != expected_encoding(row.encoding)) {
      ++encoding_mismatch;
      notes += row.file + ": encoding " + r.encoding + ", manifest says " + row.encoding + "\n";
    }
  }
  INFO(files << " files, " << games << " games, " << moves << " moves\n" << notes);
  CHECK(count_mismatch == 0);
  CHECK(encoding_mismatch == 0);
  CHECK(bad_locations == 0);
  CHECK(moves > 100000);
}

TEST_CASE("PGN corpus: main lines replay as far as the manifest says (single-game files)", "[pgn][corpus]") {
  if (!corpus_present()) return;
  std::size_t compared = 0, differ = 0;
  std::string notes;
  for (const auto& row : pgn_manifest()) {
    if (row.games != 1) continue;
    const auto bytes = xqtest::try_read_file(xq::test::shared_corpus_dir() / row.file);
    REQUIRE(bytes);
    const auto games = xqtest::read_built(*bytes, read_pgn);
    REQUIRE(games.size() == 1);
    GameRecord g = games[0].record;
    pgntest::resolve_tree(g);
    std::size_t plies = 0;
    for (NodeId id : g.main_line()) {
      if (g.node(id).move.is_none()) break;
      ++plies;
    }
    ++compared;
    if (plies != row.plies) {
      if (++differ <= 10)
        notes += row.file + ": " + std::to_string(plies) + " plies replayed, manifest says " + std::to_string(row.plies) + "\n";
    }
  }
  INFO(compared << " files compared\n" << notes);
  CHECK(compared > 1000);
  CHECK(differ == 0);
}

TEST_CASE("PGN corpus: write -> read gives the same tree for every game", "[pgn][corpus][roundtrip]") {
  if (!corpus_present()) return;
  std::size_t games = 0, differ = 0, losses = 0;
  std::string notes;
  for (const auto& row : pgn_manifest()) {
    const auto bytes = xqtest::try_read_file(xq::test::shared_corpus_dir() / row.file);
    REQUIRE(bytes);
    for (auto& built : xqtest::read_built(*bytes, read_pgn)) {
      GameRecord g = std::move(built.record);
      pgntest::resolve_tree(g);
      for (MoveNotation notation : {MoveNotation::Chinese, MoveNotation::Iccs}) {
        PgnWriteOptions o;
        o.notation = notation;
        o.encoding = games % 2 ? OutputEncoding::Utf8 : OutputEncoding::Gbk;
        const auto out = write_pgn(g, o);
        for (const auto& l : out.losses) losses += l.code != Code::UnresolvedMove;
        const auto back = xqtest::read_built(out.bytes, read_pgn);
        if (back.size() != 1) {
          ++differ;
          continue;
        }
        GameRecord h = back[0].record;
        pgntest::resolve_tree(h);
        const std::string d = pgntest::tree_difference(g, h);
        std::string tags_d;
        std::vector<Tag> ta, tb;
        for (const auto& t : g.tags)
          if (t.name != "Game" && t.name != "Format") ta.push_back(t);
        for (const auto& t : h.tags)
          if (t.name != "Game" && t.name != "Format") tb.push_back(t);
        if (!g.result.empty() && !g.tag("Result")) ta.push_back({"Result", g.result});
        const std::string want_result = g.result.empty() && !g.truncated ? "*" : g.result;
        if (!d.empty() || ta != tb || h.result != want_result) {
          if (++differ <= 5) notes += row.file + " game " + std::to_string(built.index) + ": " + d + "\n";
        }
      }
      ++games;
    }
  }
  INFO(games << " games\n" << notes);
  CHECK(games > 4000);
  CHECK(differ == 0);
  CHECK(losses == 0);
}
