// A large PGN read in parts (plan_pgn_parts, read_pgn_part, PgnPartChain),
// as the batch audit reads one with several jobs, against read_pgn: every
// visitor call with its location, the count of games, the file-level
// issues and the encoding are the same, whether the chain accepts every
// part or refuses one (the rest then read again whole, as the audit does).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "pgn_test_util.h"
#include "test_support.h"
#include "xqrec/formats/pgn_writer.h"

using namespace xq;
using namespace xq::formats;
using xq::formats::pgntest::EventLog;

namespace {

// Numbers a part's games in the file, as the audit does.
class ShiftedLog : public EventLog {
 public:
  std::size_t shift = 0;
  Control begin_game(std::size_t index, SourceLocation where) override {
    return EventLog::begin_game(index + shift, where);
  }
};

struct Reading {
  std::vector<std::string> events;
  FileReport report;
  std::size_t parts = 0, accepted = 0;
};

Reading whole(std::string_view bytes) {
  Reading r;
  EventLog log;
  log.with_locations = true;
  r.report = read_pgn(bytes, log);
  r.events = std::move(log.events);
  return r;
}

// The audit's reading with parts of about `part_bytes`.
Reading in_parts(std::string_view bytes, std::size_t part_bytes) {
  const std::optional<PgnParts> parts = plan_pgn_parts(bytes, {}, part_bytes);
  if (!parts) return whole(bytes);
  Reading r;
  r.parts = parts->count();
  PgnPartChain chain;
  std::size_t games_before = 0;
  for (std::size_t k = 0; k < parts->count(); ++k) {
    ShiftedLog log;
    log.with_locations = true;
    log.shift = games_before;
    const PgnPartRead read = read_pgn_part(bytes, *parts, k, log);
    if (!chain.accept(*parts, k, read)) {
      // Read again whole; its games from the first not taken on.
      Reading again = whole(bytes);
      const std::string first = "begin " + std::to_string(games_before + 1) + " @";
      auto from = std::find_if(again.events.begin(), again.events.end(),
                               [&](const std::string& e) { return e.rfind(first, 0) == 0; });
      r.events.insert(r.events.end(), from, again.events.end());
      r.report = std::move(again.report);
      return r;
    }
    ++r.accepted;
    r.events.insert(r.events.end(), log.events.begin(), log.events.end());
    games_before += read.report.games;
  }
  r.report = chain.finish(bytes);
  return r;
}

std::vector<std::string> issue_lines(const FileReport& report) {
  std::vector<std::string> out;
  for (const Issue& i : report.issues)
    out.push_back(std::string(i.name()) + " " + std::to_string(i.where.line) + ":" + std::to_string(i.where.column) +
                  "/" + std::to_string(i.where.offset) + " " + i.text + " | " + i.message);
  return out;
}

// Returns the parted reading after checking it against read_pgn's.
Reading same_as_whole(std::string_view bytes, std::size_t part_bytes) {
  INFO("part bytes " << part_bytes << ", input " << bytes.size() << " bytes");
  const Reading a = whole(bytes);
  Reading b = in_parts(bytes, part_bytes);
  INFO(b.parts << " parts, " << b.accepted << " accepted");
  REQUIRE(b.events.size() == a.events.size());
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    INFO("event " << i);
    REQUIRE(b.events[i] == a.events[i]);
  }
  CHECK(b.report.games == a.report.games);
  CHECK(b.report.encoding == a.report.encoding);
  CHECK(b.report.format == a.report.format);
  CHECK(issue_lines(b.report) == issue_lines(a.report));
  return b;
}

// Random games with variations, comments (tag-like text and line breaks
// among their words) and NAGs, written as PGN.
std::string random_games(std::size_t count, MoveNotation notation, const std::string& newline = "\n") {
  std::string out;
  PgnWriteOptions w;
  w.notation = notation;
  w.newline = newline;
  for (std::size_t i = 0; i < count; ++i) {
    LossNotes losses;
    out += write_pgn_text(pgntest::random_game(9000 + i), w, losses);
    out += newline;
  }
  return out;
}

std::string files_under(const std::filesystem::path& dir, std::string_view ext) {
  std::vector<std::filesystem::path> paths;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && (ext.empty() || e.path().extension() == ext)) paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  std::string out;
  for (const auto& p : paths) out += xqtest::read_file(p) + "\n";
  return out;
}

}  // namespace

TEST_CASE("pgn parts: generated games read in parts as read_pgn reads them, every part taken",
          "[formats][pgn][parts]") {
  for (const MoveNotation n : {MoveNotation::Iccs, MoveNotation::Chinese, MoveNotation::Wxf}) {
    const std::string text = random_games(120, n);
    for (const std::size_t part : {std::size_t(512), std::size_t(4096), std::size_t(30000)}) {
      const Reading r = same_as_whole(text, part);
      CHECK(r.parts >= 2);
      CHECK(r.accepted == r.parts);  // clean records: the parallel reading is not thrown away
    }
  }
}

TEST_CASE("pgn parts: CRLF, a byte-order mark, GBK", "[formats][pgn][parts]") {
  const std::string crlf = random_games(60, MoveNotation::Chinese, "\r\n");
  CHECK(same_as_whole(crlf, 2048).accepted >= 2);
  const std::string bom = "\xEF\xBB\xBF" + random_games(60, MoveNotation::Wxf);
  CHECK(same_as_whole(bom, 2048).accepted >= 2);
  PgnWriteOptions w;
  w.encoding = OutputEncoding::Gbk;
  std::string gbk;
  for (std::size_t i = 0; i < 60; ++i) gbk += write_pgn(pgntest::random_game(500 + i), w).bytes + "\n";
  const Reading r = same_as_whole(gbk, 2048);
  CHECK(r.report.encoding != "UTF-8");
  CHECK(r.accepted >= 2);
}

TEST_CASE("pgn parts: UTF-16 is not parted (its line feed byte may be half a character)",
          "[formats][pgn][parts]") {
  std::string text = "\xFF\xFE";  // a byte-order mark, then ASCII text as UTF-16LE
  for (int i = 0; i < 200; ++i)
    for (const char c : "[Event \"e" + std::to_string(i) + "\"]\n1. h2e2 h9g7 *\n\n") text += {c, '\0'};
  REQUIRE(whole(text).report.games == 200);
  CHECK_FALSE(plan_pgn_parts(text, {}, 1024).has_value());
}

TEST_CASE("pgn parts: a cut that is no game boundary is refused and read again whole",
          "[formats][pgn][parts]") {
  // Lines in movetext that begin like a tag but are none, a tag section
  // with a blank line in it, comments holding tag lines (which end them,
  // for read_pgn too), a game without a result: cuts planned at the first
  // start a part in the middle of a game.
  std::string decoys;
  for (int i = 0; i < 200; ++i) {
    decoys += "[Event \"s" + std::to_string(i) + "\"]\n1. h2e2 h9g7\n[not a tag, in movetext\n2. h0g2 b9c7 1-0\n\n";
    decoys += "[Event \"d" + std::to_string(i) + "\"]\n\n1. h2e2 {a note\n\n[Event \"inside a comment\"]\n";
    decoys += "[Site \"x\"]\n} h9g7 2. h0g2 *\n\n[Round \"" + std::to_string(i) + "\"]\n\n[Site \"split\"]\n";
    decoys += "1. c3c4 c6c5\n\n";
  }
  bool refused = false;
  for (const std::size_t part : {std::size_t(64), std::size_t(100), std::size_t(333), std::size_t(1000)}) {
    const Reading r = same_as_whole(decoys, part);
    refused = refused || r.accepted < r.parts;
  }
  CHECK(refused);  // the fall-back was taken at least once
}

TEST_CASE("pgn parts: the file's issue limits are counted across the parts", "[formats][pgn][parts]") {
  // Stray characters between games are file-level issues: more than the
  // file keeps (kMaxGameIssues), spread over the parts; and games with
  // many issues each, past the file's 10,000.
  std::string text;
  for (int i = 0; i < 400; ++i) text += "[Event \"g" + std::to_string(i) + "\"]\n1. h2e2 h9g7 *\n}}}}\n";
  same_as_whole(text, 700);
  std::string many;
  for (int i = 0; i < 40; ++i) {
    many += "[Event \"m" + std::to_string(i) + "\"]\n1. h2e2 ";
    for (int k = 0; k < 400; ++k) many += "] ";
    many += "*\n\n";
  }
  same_as_whole(many, 900);
}

TEST_CASE("pgn parts: the project's corpus and the fuzzing seeds", "[formats][pgn][parts]") {
  const std::filesystem::path root = XQREC_SOURCE_DIR;
  std::string corpus = files_under(root / "corpus", ".pgn");
  std::string repeated;
  for (int i = 0; i < 8; ++i) repeated += corpus;
  same_as_whole(repeated, 1024);
  // The fuzzers' inputs, one after another: hostile text of every kind.
  const std::string seeds = files_under(root / "tests/fuzz/seeds/pgn", "");
  REQUIRE(seeds.size() > 100000);
  for (const std::size_t part : {std::size_t(4096), std::size_t(50000)}) same_as_whole(seeds, part);
}

TEST_CASE("pgn parts: UTF-8 with a few invalid bytes, the parts with them decoded and the others read in place",
          "[formats][pgn][parts]") {
  // Whether a part's bytes are the text is decided by each part for its own
  // bytes: the parts around a stray byte are read in place, the one holding
  // it decoded, and together they read what read_pgn reads decoding all.
  std::string text = random_games(120, MoveNotation::Chinese);
  REQUIRE(text.size() > 20000);
  for (const std::size_t at : {text.size() / 3, text.size() / 2, text.size() * 4 / 5}) {
    const std::size_t comment = text.find('{', at);
    REQUIRE(comment != std::string::npos);
    text = text.substr(0, comment + 1) + "\xFF\xC3" + text.substr(comment + 1);
    const std::size_t tag = text.find("[Event \"", at);
    REQUIRE(tag != std::string::npos);
    text = text.substr(0, tag + 8) + "\x80" + text.substr(tag + 8);
  }
  for (const std::size_t part : {std::size_t(700), std::size_t(4096), std::size_t(9000)}) {
    const Reading r = same_as_whole(text, part);
    CHECK(r.report.encoding == "UTF-8");
    CHECK(r.parts >= 2);
    CHECK(r.accepted == r.parts);
  }
}

TEST_CASE("pgn parts: the parts shorten towards the end of the file", "[formats][pgn][parts]") {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "[Event \"g" + std::to_string(i) + "\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n";
  const std::size_t part = 4096;
  const std::optional<PgnParts> parts = plan_pgn_parts(text, {}, part);
  REQUIRE(parts.has_value());
  const std::vector<std::size_t>& b = parts->begin;
  REQUIRE(b.size() > 8);
  // Full parts while more than four are left, then shorter ones, none
  // shorter than an eighth of a part (bar the last line's length).
  CHECK(b[1] - b[0] >= part);
  CHECK(b[1] - b[0] < part + 64);
  const std::size_t last = text.size() - b.back();
  CHECK(b[b.size() - 1] - b[b.size() - 2] < part / 2);
  CHECK(b[b.size() - 1] - b[b.size() - 2] >= part / 8);
  CHECK(last < part / 4);
  same_as_whole(text, part);
}

TEST_CASE("pgn parts: the cuts planned first and the lines counted part by part are the whole plan",
          "[formats][pgn][parts]") {
  // As the audit plans a large file: the cuts, then each part's first line
  // just before the part is handed out.
  const std::string text = random_games(150, MoveNotation::Chinese, "\r\n") + random_games(50, MoveNotation::Iccs);
  for (const std::size_t part : {std::size_t(600), std::size_t(5000)}) {
    const std::optional<PgnParts> whole = plan_pgn_parts(text, {}, part);
    std::optional<PgnParts> cuts = plan_pgn_cuts(text, {}, part);
    REQUIRE(whole.has_value());
    REQUIRE(cuts.has_value());
    CHECK(cuts->begin == whole->begin);
    REQUIRE(cuts->line.size() == cuts->count());
    CHECK(cuts->line[0] == 1);
    for (std::size_t k = 1; k < cuts->count(); ++k) {
      CHECK(cuts->line[k] == 0);
      REQUIRE(count_part_lines(text, *cuts, k));
    }
    CHECK(cuts->line == whole->line);
    std::size_t lines = 1;
    for (std::size_t k = 1; k < whole->count(); ++k) {
      lines += std::size_t(std::count(text.begin() + std::ptrdiff_t(whole->begin[k - 1]),
                                      text.begin() + std::ptrdiff_t(whole->begin[k]), '\n'));
      CHECK(whole->line[k] == lines);
    }
  }
}
