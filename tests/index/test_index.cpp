// The index against the audit and select over the files (same games, same
// findings, same selections), incremental runs that keep untouched rows,
// and databases that are not ours refused untouched.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "shared_corpus.h"
#include "test_support.h"
#include "xqrec/audit/batch.h"
#include "xqrec/core/fen.h"
#include "xqrec/index/index.h"
#include "xqrec/index/query.h"
#include "xqrec/index/schema.h"
#include "xqrec/select/select.h"

namespace fs = std::filesystem;
using namespace xq;
using namespace xq::archive;

namespace {

std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& stem) : dir(xqtest::scratch_dir("index-" + stem)) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

std::vector<formats::InputFile> inputs(const std::vector<std::string>& paths) {
  std::vector<std::string> errors;
  auto files = formats::expand_inputs(paths, errors);
  REQUIRE(errors.empty());
  return files;
}

IndexSummary build(const std::string& db_path, const std::vector<std::string>& paths, bool rebuild = false) {
  Database db;
  REQUIRE(open_for_writing(db, db_path, rebuild) == "");
  std::vector<std::string> notices;
  IndexSummary s = build_index(db, inputs(paths), {}, paths, [&](const std::string& n) { notices.push_back(n); });
  REQUIRE(s.failed == "");
  return s;
}

// (path, game) -> games.id
std::map<std::pair<std::string, std::int64_t>, std::int64_t> game_ids(const std::string& db_path) {
  Database db;
  REQUIRE(open_for_reading(db, db_path) == "");
  std::map<std::pair<std::string, std::int64_t>, std::int64_t> out;
  Statement q = db.prepare("SELECT f.path, g.game, g.id FROM games g JOIN files f ON f.id = g.file");
  while (q.step()) out[{q.text(0), q.integer(1)}] = q.integer(2);
  return out;
}

std::map<std::string, std::size_t> counts_by_code(const std::string& db_path) {
  Database db;
  REQUIRE(open_for_reading(db, db_path) == "");
  std::map<std::string, std::size_t> out;
  Statement q = db.prepare("SELECT code, count(*) FROM findings GROUP BY code");
  while (q.step()) out[q.text(0)] = std::size_t(q.integer(1));
  return out;
}

std::vector<std::string> select_files_list(const std::vector<std::string>& paths, const select::Filters& f) {
  select::SelectOptions o;
  o.filters = f;
  std::vector<std::string> out;
  select::SelectSink sink;
  sink.selected = [&](const std::string& path, formats::BuiltGame& g, const select::Choice& c) {
    out.push_back(path + "#" + std::to_string(g.index) + "@" + std::to_string(c.ply));
  };
  sink.damaged = [](const convert::ConvertNote&) {};
  sink.io_error = [](const std::string&) {};
  (void)select::select_files(inputs(paths), o, sink);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> select_db_list(const std::string& db_path, const select::Filters& f) {
  Database db;
  REQUIRE(open_for_reading(db, db_path) == "");
  std::vector<std::string> out;
  const QuerySummary s = query_index(
      db, f, [&](const IndexedGame& g) { out.push_back(g.path + "#" + std::to_string(g.game) + "@" + std::to_string(g.ply)); },
      [](const IndexedGame&) {});
  REQUIRE(s.failed == "");
  std::sort(out.begin(), out.end());
  return out;
}

const std::string kCorpus = std::string(XQREC_SOURCE_DIR) + "/corpus";

}  // namespace

TEST_CASE("index: the games and findings of the audit, code by code", "[index]") {
  Scratch s("audit");
  const std::string db = (s.dir / "a.sqlite").string();
  const IndexSummary sum = build(db, {kCorpus});
  audit::BatchOptions o;
  o.jobs = 1;
  const audit::BatchSummary a = audit::audit_files(inputs({kCorpus}), o, {});
  CHECK(sum.games == a.games);
  CHECK(sum.files == a.files);
  std::map<std::string, std::size_t> want(a.findings_by_code.begin(), a.findings_by_code.end());
  CHECK(counts_by_code(db) == want);
}

TEST_CASE("index: every select filter answers as select over the files", "[index]") {
  Scratch s("filters");
  const std::string db = (s.dir / "f.sqlite").string();
  build(db, {kCorpus});
  std::vector<std::pair<std::string, select::Filters>> cases(13);
  cases[0].first = "none";
  cases[1].first = "player";
  cases[1].second.players.push_back(select::Pattern::compile("^(SONG|李)").value());
  cases[2].first = "tag";
  cases[2].second.tags.push_back(select::parse_tag_filter("redteam=China").value());
  cases[3].first = "result";
  cases[3].second.results = {"1-0", "*"};
  cases[4].first = "plies";
  cases[4].second.plies = select::parse_ply_range("60:100").value();
  cases[5].first = "position";
  cases[5].second.position = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b").value();
  cases[6].first = "position mirrored";
  cases[6].second.position = cases[5].second.position;
  cases[6].second.mirror = true;
  cases[7].first = "material";
  cases[7].second.material = select::parse_material("RCCBP-RCNBPP").value();
  cases[8].first = "endings";
  cases[8].second.endings = select::parse_endings("incomplete,mate").value();
  cases[9].first = "finding";
  cases[9].second.findings = {{formats::Code::MissingMove, formats::Code::SwappedMoves}};
  cases[10].first = "no errors";
  cases[10].second.no_errors = true;
  cases[11].first = "unique";
  cases[11].second.unique = true;
  cases[12].first = "ecco";
  cases[12].second.ecco = select::parse_ecco_set("C,B0-B5").value();
  for (const auto& [name, f] : cases) {
    INFO(name);
    const auto files = select_files_list({kCorpus}, f);
    CHECK_FALSE(files.empty());
    CHECK(select_db_list(db, f) == files);
  }
}

TEST_CASE("index: a second run reads only what changed and keeps the other rows", "[index]") {
  Scratch s("incremental");
  const fs::path in = s.dir / "in";
  fs::create_directories(in);
  for (const char* f : {"four-games-gbk.pgn", "li-zanan-vs-chen-weixiong.pgn", "song-daoxin-vs-bu-fengbo.cbf",
                        "to-hungtu-vs-zhou-shijie.xqf"})
    fs::copy_file(kCorpus + "/games/" + f, in / f);
  const std::string db = (s.dir / "i.sqlite").string();
  IndexSummary first = build(db, {in.string()});
  CHECK(first.files_read == 4);
  CHECK(first.games == 7);
  const auto before = game_ids(db);

  // Unchanged: nothing read.
  IndexSummary again = build(db, {in.string()});
  CHECK(again.files_read == 0);
  CHECK(again.files_unchanged == 4);
  CHECK(game_ids(db) == before);

  // Touched (new mtime, same bytes): hashed, not replaced. Changed: replaced.
  // Removed: dropped. Added: read.
  const auto t = fs::last_write_time(in / "to-hungtu-vs-zhou-shijie.xqf");
  fs::last_write_time(in / "to-hungtu-vs-zhou-shijie.xqf", t + std::chrono::seconds(5));
  xqtest::write_file(in / "four-games-gbk.pgn", read_bytes(in / "four-games-gbk.pgn") + "\r\n");
  fs::remove(in / "song-daoxin-vs-bu-fengbo.cbf");
  fs::copy_file(kCorpus + "/games/yang-xialin-vs-ke-yongqing.ubb", in / "yang.ubb");
  IndexSummary third = build(db, {in.string()});
  CHECK(third.files_read == 2);
  CHECK(third.files_unchanged == 2);
  CHECK(third.files_dropped == 1);
  const auto after = game_ids(db);
  const std::string li = (in / "li-zanan-vs-chen-weixiong.pgn").string(), to = (in / "to-hungtu-vs-zhou-shijie.xqf").string();
  CHECK(after.at({li, 1}) == before.at({li, 1}));
  CHECK(after.at({to, 1}) == before.at({to, 1}));
  CHECK(after.count({(in / "song-daoxin-vs-bu-fengbo.cbf").string(), 1}) == 0);
  CHECK(after.count({(in / "yang.ubb").string(), 1}) == 1);
  CHECK(after.count({(in / "four-games-gbk.pgn").string(), 4}) == 1);
  CHECK(after.at({(in / "four-games-gbk.pgn").string(), 1}) != before.at({(in / "four-games-gbk.pgn").string(), 1}));
  CHECK(third.games == 7);
  // No row of a dropped or replaced game is left behind.
  Database d;
  REQUIRE(open_for_reading(d, db) == "");
  Statement orphans = d.prepare(
      "SELECT (SELECT count(*) FROM positions WHERE game NOT IN (SELECT id FROM games)) + "
      "(SELECT count(*) FROM tags WHERE game NOT IN (SELECT id FROM games)) + "
      "(SELECT count(*) FROM findings WHERE file NOT IN (SELECT id FROM files))");
  REQUIRE(orphans.step());
  CHECK(orphans.integer(0) == 0);
  // --rebuild starts afresh: the same games.
  IndexSummary rebuilt = build(db, {in.string()}, true);
  CHECK(rebuilt.files_read == 4);
  CHECK(rebuilt.games == 7);
}

TEST_CASE("index: what is not our database is refused and left as it was", "[index]") {
  Scratch s("foreign");
  const fs::path pgn = s.dir / "games.pgn";
  fs::copy_file(kCorpus + "/games/li-zanan-vs-chen-weixiong.pgn", pgn);
  const std::string pgn_bytes = read_bytes(pgn);
  Database a;
  CHECK(open_for_writing(a, pgn.string(), false).find("not a database") != std::string::npos);
  CHECK(read_bytes(pgn) == pgn_bytes);

  const fs::path other = s.dir / "other.sqlite";
  {
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open(other.string().c_str(), &h) == SQLITE_OK);
    REQUIRE(sqlite3_exec(h, "CREATE TABLE customers(name TEXT); INSERT INTO customers VALUES('x');", nullptr, nullptr,
                         nullptr) == SQLITE_OK);
    sqlite3_close(h);
  }
  const std::string other_bytes = read_bytes(other);
  Database b;
  CHECK(open_for_writing(b, other.string(), false).find("not an xqrec index") != std::string::npos);
  Database b2;
  CHECK(open_for_writing(b2, other.string(), true).find("not an xqrec index") != std::string::npos);  // --rebuild too
  CHECK(read_bytes(other) == other_bytes);

  // An index whose pages are damaged: refused with SQLite's reason.
  const std::string db = (s.dir / "i.sqlite").string();
  build(db, {kCorpus + "/games"});
  std::string bytes = read_bytes(db);
  for (std::size_t i = 100; i < bytes.size(); i += 7) bytes[i] = char(0xA5);
  xqtest::write_file(db, bytes);
  Database c;
  const std::string e = open_for_writing(c, db, false);
  CHECK_FALSE(e.empty());
}

TEST_CASE("index: position search through the index agrees with replaying the shared corpus", "[index][shared]") {
  if (!xq::test::need_shared_corpus()) return;
  Scratch s("shared");
  const std::string db = (s.dir / "s.sqlite").string();
  const std::string corpus = xq::test::shared_corpus_dir().string();
  const IndexSummary sum = build(db, {corpus});
  CHECK(sum.groups == 732);
  for (const char* fen : {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b",
                          "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w",
                          "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w"}) {
    INFO(fen);
    select::Filters f;
    f.position = parse_fen(fen).value();
    f.mirror = true;
    const auto files = select_files_list({corpus}, f);
    CHECK_FALSE(files.empty());
    CHECK(select_db_list(db, f) == files);
  }
}

TEST_CASE("index: a file name that is not UTF-8 is TEXT with U+FFFD and its exact bytes", "[index]") {
  Scratch s("bytes");
  const fs::path in = s.dir / "in";
  fs::create_directories(in);
  const std::string raw = (in / "bad\xff\xfename.pgn").string();
  fs::copy_file(kCorpus + "/games/li-zanan-vs-chen-weixiong.pgn", raw);
  const std::string db = (s.dir / "b.sqlite").string();
  build(db, {in.string()});
  Database d;
  REQUIRE(open_for_reading(d, db) == "");
  Statement q = d.prepare("SELECT path, path_bytes FROM files");
  REQUIRE(q.step());
  CHECK(q.text(0) == (in / "bad\xef\xbf\xbd\xef\xbf\xbdname.pgn").string());
  CHECK(q.text(1) == raw);
  // select --db hands the exact bytes on, and -o reads the game from them.
  std::vector<IndexedGame> chosen;
  (void)query_index(d, {}, [&](const IndexedGame& g) { chosen.push_back(g); }, [](const IndexedGame&) {});
  REQUIRE(chosen.size() == 1);
  CHECK(chosen[0].path_bytes == raw);
  int read = 0;
  std::vector<std::string> errors;
  read_indexed_games(
      chosen, {}, [&](const IndexedGame&, formats::BuiltGame& g) { read += g.record.nodes.size() > 1; },
      [&](const std::string& e) { errors.push_back(e); });
  CHECK(read == 1);
  CHECK(errors.empty());
  // A file that changed since it was indexed is an I/O error, named, and not read.
  xqtest::write_file(raw, "");
  read_indexed_games(chosen, {}, [&](const IndexedGame&, formats::BuiltGame&) { ++read; },
                     [&](const std::string& e) { errors.push_back(e); });
  CHECK(read == 1);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("changed since it was indexed") != std::string::npos);
}
