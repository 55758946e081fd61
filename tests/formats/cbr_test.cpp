// CBR and CBL: the shared corpus, records built by the tests, damaged input.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "binary_corpus.h"
#include "test_games.h"
#include "random_game.h"
#include "binary_record_builder.h"
#include "cbr_bytes.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbr.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/formats/xqf.h"
#include "xqrec/core/position.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::testing;

namespace {

// Legal plies of the main line; -1 if the line has an illegal move.
int main_line_if_legal(const GameRecord& g) {
  Position p(g.start_setup ? *g.start_setup : Setup::start());
  int plies = 0;
  for (const NodeId id : g.main_line()) {
    const Move m = g.node(id).move;
    if (p.check_move(m) != MoveError::None) return -1;
    Undo u;
    p.make(m, u);
    ++plies;
  }
  return plies;
}

}  // namespace

TEST_CASE("every CBR file of the corpus reads as one legal game", "[cbr][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto rows = manifest_rows("cbr");
  REQUIRE(!rows.empty());
  for (const auto& [path, row] : rows) {
    INFO(path);
    RecordBuilder b;
    const FileReport r = read_cbr(read_file(shared_corpus() / path), b);
    CHECK(r.issues.empty());
    REQUIRE(b.games.size() == std::size_t(row.games));
    const GameRecord& g = b.games[0];
    CHECK(b.issues[0].empty());
    CHECK_FALSE(g.truncated);
    REQUIRE(g.start_setup);
    CHECK(main_line_if_legal(g) == int(g.main_line().size()));
    CHECK(g.main_line().size() > 0);
    CHECK(g.tag("Result") != nullptr);
  }
}

TEST_CASE("CBR test file: header tags, set-up, first move h2e2", "[cbr][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  RecordBuilder b;
  (void)read_cbr(read_file(shared_corpus() / "cbr/walker8088+cchess/tests/data/test.cbr"), b);
  REQUIRE(b.games.size() == 1);
  const GameRecord& g = b.games[0];
  CHECK(to_fen(*g.start_setup) == std::string(kStartFen));
  REQUIRE(!g.main_line().empty());
  // The research notes' worked example: CBR 70 -> 67 is h2e2.
  CHECK(g.node(g.main_line()[0]).text == "h2e2");
}

TEST_CASE("every CBL library of the corpus: games as indexed", "[cbl][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto rows = manifest_rows("cbl");
  REQUIRE(rows.size() >= 7);
  std::size_t total = 0;
  for (const auto& [path, row] : rows) {
    INFO(path);
    const std::string bytes = read_file(shared_corpus() / path);
    RecordBuilder b;
    const FileReport r = read_cbl(bytes, b);
    REQUIRE(r.games == b.games.size());
    if (row.notes.find("compressed") != std::string::npos) {
      // Read in full by cbl_compressed_test.cpp; here: games, no loss.
      CHECK_FALSE(b.games.empty());
      CHECK_FALSE(xqtest::has_code(r.issues, Code::Unsupported));
      CHECK_FALSE(xqtest::has_code(r.issues, Code::BadCompression));
      continue;
    }
    // The manifest counts record magics: every one is a game, those of
    // entries marked deleted too (with the finding on the game and the tag).
    for (const auto& i : r.issues) FAIL_CHECK(i.code << ": " << i.message);
    CHECK(b.games.size() == std::size_t(row.games));
    for (std::size_t k = 0; k < b.games.size(); ++k) {
      INFO("game " << k + 1);
      const GameRecord& g = b.games[k];
      if (marked_deleted(g)) {
        REQUIRE(b.issues[k].size() == 1);
        CHECK(b.issues[k][0].code == Code::DeletedRecord);
      } else {
        CHECK(b.issues[k].empty());
      }
      CHECK_FALSE(g.truncated);
      CHECK(main_line_if_legal(g) == int(g.main_line().size()));
      CHECK(g.tag("Library") != nullptr);
    }
    total += b.games.size();
  }
  WARN("CBL corpus: " << total << " games read");
}

TEST_CASE("CBR and CBL built from generated games read back the same tree", "[cbr][cbl][roundtrip]") {
  GenOptions o;
  o.max_depth = 10, o.variation_percent = 25;
  const std::vector<GameRecord> games = random_games(30, o, {"*", "1-0"});
  std::vector<std::string> records;
  for (std::size_t seed = 1; seed <= games.size(); ++seed) {
    const GameRecord& g = games[seed - 1];
    RecordBuilder b;
    const std::string bytes = cbr_bytes(g);
    const FileReport r = read_cbr(bytes, b);
    CHECK(r.issues.empty());
    REQUIRE(b.games.size() == 1);
    std::string why;
    INFO("seed " << seed);
    const bool same = same_tree(g, b.games[0], &why);
    INFO(why);  // before the check, so that a failure shows it
    CHECK(same);
    CHECK(b.games[0].start_setup->board == g.start_setup->board);
    CHECK(*b.games[0].tag("Red") == *g.tag("Red"));
    CHECK(b.games[0].result == g.result);
    records.push_back(bytes);
  }
  // Records of several slots, one deleted entry: read like the others.
  std::vector<bool> deleted(records.size(), false);
  deleted[3] = true;
  RecordBuilder b;
  const FileReport r = read_cbl(cbl_bytes(records, "测试库", 64, deleted), b);
  REQUIRE(b.games.size() == records.size());
  CHECK(r.games == b.games.size());
  CHECK(r.issues.empty());
  for (std::size_t k = 0; k < records.size(); ++k) {
    std::string why;
    const bool same = same_tree(games[k], b.games[k], &why);
    INFO(why);  // before the check, so that a failure shows it
    CHECK(same);
    CHECK(*b.games[k].tag("Library") == "测试库");
    CHECK(marked_deleted(b.games[k]) == deleted[k]);
    CHECK(xqtest::has_code(b.issues[k], Code::DeletedRecord) == deleted[k]);
  }
}

TEST_CASE("a CBL entry marked deleted is read, the mark on the game itself", "[cbl][deleted]") {
  GenOptions o;
  o.max_depth = 12, o.variation_percent = 0;
  const std::vector<GameRecord> games = random_games(4, o, {"1-0"});
  std::vector<std::string> records;
  for (const GameRecord& g : games) records.push_back(cbr_bytes(g));
  // Entries 1 and 3 (0-based) are marked deleted: games 2 and 4.
  const std::string bytes = cbl_bytes(records, "lib", 16, {false, true, false, true});
  std::vector<BuiltGame> built;
  GameBuilder builder([&](BuiltGame& g) {
    built.push_back(g);
    return Control::Continue;
  });
  const FileReport r = read_cbl(bytes, builder);
  CHECK(r.issues.empty());  // nothing on the file (game 0)
  REQUIRE(built.size() == 4);
  CHECK(r.games == 4);
  for (std::size_t k = 0; k < built.size(); ++k) {
    INFO("game " << k + 1);
    const BuiltGame& g = built[k];
    const bool is_deleted = k == 1 || k == 3;
    CHECK(g.index == k + 1);
    std::string why;
    const bool same = same_tree(games[k], g.record, &why);
    INFO(why);
    CHECK(same);
    CHECK(g.record.main_line().size() == games[k].main_line().size());
    CHECK(g.record.result == "1-0");
    CHECK(marked_deleted(g.record) == is_deleted);
    const auto finding = std::find_if(g.issues.begin(), g.issues.end(),
                                      [](const Issue& i) { return i.code == Code::DeletedRecord; });
    REQUIRE((finding != g.issues.end()) == is_deleted);
    if (!is_deleted) continue;
    CHECK(*g.record.tag("Deleted") == "yes");
    CHECK(g.index >= 1);
    CHECK(finding->severity == Severity::Info);
    CHECK(finding->where.offset == 66624 + k * 276);  // the index entry
    CHECK(g.issues.size() == 1);
  }
}

TEST_CASE("CBR and CBL readers survive truncated and corrupted buffers", "[cbr][cbl][robust]") {
  GenOptions o;
  o.max_nodes = 200, o.variation_percent = 30;
  const std::string cbr = cbr_bytes(random_game(3, o));
  for (std::size_t n = 0; n < cbr.size(); n += (n < 2300 ? 7 : 1)) {
    RecordBuilder b;
    const FileReport r = read_cbr(std::string_view(cbr).substr(0, n), b);
    if (n < 20) {
      CHECK(b.games.empty());
      CHECK_FALSE(r.issues.empty());
      continue;
    }
    REQUIRE(b.games.size() == 1);
    CHECK(b.games[0].truncated);
  }
  Lcg rng(11);
  for (int round = 0; round < 2000; ++round) {
    std::string bad = cbr;
    for (int i = 0, flips = 1 + int(rng.below(6)); i < flips; ++i)
      bad[2100 + rng.below(std::uint32_t(bad.size() - 2100))] ^= char(1 + rng.below(255));
    RecordBuilder b;
    (void)read_cbr(bad, b);
    REQUIRE(b.games.size() <= 1);
  }
  const std::string cbl = cbl_bytes({cbr, cbr, cbr}, "lib", 8);
  for (std::size_t n = 0; n < cbl.size(); n += 97) {
    RecordBuilder b;
    (void)read_cbl(std::string_view(cbl).substr(0, n), b);
    CHECK(b.games.size() <= 3);
  }
  for (int round = 0; round < 300; ++round) {
    std::string bad = cbl;
    for (int i = 0; i < 4; ++i) bad[66624 + rng.below(std::uint32_t(bad.size() - 66624))] ^= char(1 + rng.below(255));
    RecordBuilder b;
    (void)read_cbl(bad, b);
    CHECK(b.games.size() <= 4);
  }
  // A damaged zlib library is reported as such: nothing inflates, so no game.
  std::string z("CCBridge\x15\0\0\0\x01\0\0\0\x10\0\0\0\x78\x01\xff\xff\xff", 23);
  RecordBuilder b;
  const FileReport r = read_cbl(z, b);
  CHECK(b.games.empty());
  CHECK(xqtest::has_code(r.issues, Code::BadCompression));
  CHECK(xqtest::has_code(r.issues, Code::Truncated));
}

namespace {

// A CBR v2 move record: flags 1 = no child, 2 = a sibling follows.
void add_cbr_record(std::string& s, unsigned flags, int from, int to) {
  s += char(flags), s += '\0', s += char(from), s += char(to);
}

int cbr_square_of(const char* name) { return (9 - (name[1] - '0')) * 9 + (name[0] - 'a'); }

}  // namespace

TEST_CASE("CBR: 50000 unreadable alternatives before 50000 readable ones replay in linear time", "[cbr]") {
  // The replay asked for the first kept child of the parent once per
  // alternative, walking the unreadable ones before it every time:
  // quadratic (20000 of each took 1.1 s, this many some 10 s).
  constexpr std::size_t kDropped = 50000, kKept = 50000;
  std::string bytes = cbr_bytes(GameRecord{}).substr(0, 2214);  // the header; the records follow
  add_cbr_record(bytes, 0, 0, 0);                               // the root, with a child
  for (std::size_t k = 0; k < kDropped; ++k) add_cbr_record(bytes, 1 | 2, 40, 40);  // from == to: not a move
  const int moves[2][2] = {{cbr_square_of("h2"), cbr_square_of("e2")}, {cbr_square_of("b0"), cbr_square_of("c2")}};
  for (std::size_t k = 0; k < kKept; ++k)
    add_cbr_record(bytes, 1 | (k + 1 < kKept ? 2 : 0), moves[k % 2][0], moves[k % 2][1]);
  RecordBuilder b;
  const FileReport r = read_cbr(bytes, b);
  CHECK(r.issues.empty());
  REQUIRE(b.games.size() == 1);
  const GameRecord& g = b.games[0];
  CHECK_FALSE(g.truncated);
  REQUIRE(g.nodes[0].children.size() == kKept);
  CHECK(g.nodes.size() == kKept + 1);
  CHECK(g.node(g.nodes[0].children[0]).text == "h2e2");
  CHECK(g.node(g.nodes[0].children[1]).text == "b0c2");
  // The first 1000 are reported, the others counted in one issue.
  std::size_t bad = 0, other = 0;
  for (const auto& i : b.issues[0]) ++(i.code == Code::BadMove ? bad : other);
  CHECK(bad == 1000);
  REQUIRE(other == 1);
  CHECK(b.issues[0].back().code == Code::TooManyIssues);
  CHECK(b.issues[0].back().message.find(std::to_string(kDropped - 1000) + " more") == 0);
}

TEST_CASE("CBR: unreadable moves among alternatives leave out their subtrees, the rest in order", "[cbr]") {
  GenOptions o;
  o.max_depth = 6, o.variation_percent = 40, o.max_alternatives = 4, o.comment_percent = 0, o.max_nodes = 400;
  Lcg rng(23);
  std::size_t dropped_total = 0, first_dropped = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    INFO("seed " << seed);
    GameRecord g = random_game(seed, o);
    g.nodes[0].edit_notes().comment_after.clear();  // no comment anywhere: every record is 4 bytes
    std::string bytes = cbr_bytes(g);
    // Records are 4 bytes (no comments), in pre-order, the root first at 2214.
    std::vector<NodeId> order;
    std::vector<NodeId> todo{g.root()};
    while (!todo.empty()) {
      const NodeId id = todo.back();
      todo.pop_back();
      order.push_back(id);
      const NodeChildren& kids = g.node(id).children;
      for (std::size_t i = kids.size(); i-- > 0;) todo.push_back(kids[i]);
    }
    REQUIRE(bytes.size() == 2214 + 4 * order.size());
    // Spoil one move in four (from == to), whole runs of alternatives at times.
    std::vector<char> spoiled(g.nodes.size(), 0);
    for (std::size_t k = 1; k < order.size(); ++k) {
      const GameNode& n = g.node(order[k]);
      const bool run = n.parent != kNoNode && g.node(n.parent).children.size() > 2 && rng.below(3) == 0;
      if (!run && rng.below(4) != 0) continue;
      spoiled[order[k]] = 1;
      bytes[2214 + 4 * k + 3] = bytes[2214 + 4 * k + 2];
      ++dropped_total;
      if (g.node(n.parent).children[0] == order[k]) ++first_dropped;
    }
    // The expected tree: the game without the spoiled moves and what follows them.
    GameRecord want;
    std::vector<std::pair<NodeId, NodeId>> copy{{g.root(), want.root()}};
    while (!copy.empty()) {
      const auto [from, to] = copy.back();
      copy.pop_back();
      std::vector<std::pair<NodeId, NodeId>> next;
      for (const NodeId child : g.node(from).children) {
        if (spoiled[child]) continue;
        GameNode n = g.node(child);
        n.children = {};
        next.emplace_back(child, want.add_child(to, std::move(n)));
      }
      copy.insert(copy.end(), next.rbegin(), next.rend());
    }
    RecordBuilder b;
    const FileReport r = read_cbr(bytes, b);
    CHECK(r.issues.empty());
    REQUIRE(b.games.size() == 1);
    std::string why;
    const bool same = same_tree(want, b.games[0], &why);
    INFO(why);  // before the check, so that a failure shows it
    CHECK(same);
    std::size_t bad = 0;
    for (const auto& i : b.issues[0]) bad += i.code == Code::BadMove;
    CHECK(bad == std::size_t(std::count(spoiled.begin(), spoiled.end(), 1)));
  }
  CHECK(first_dropped > 10);  // first choices among them, whose alternatives move up
  CHECK(dropped_total > 100);
}

TEST_CASE("the Deleted tag of a CBL game survives the writers that hold tags", "[cbl][deleted][roundtrip]") {
  GenOptions o;
  o.max_depth = 12, o.variation_percent = 0;
  const GameRecord source = random_game(5, o);
  const std::string bytes = cbl_bytes({cbr_bytes(source)}, "lib", 8, {true});
  std::vector<GameRecord> read;
  GameBuilder builder([&](BuiltGame& g) {
    read.push_back(g.record);
    return Control::Continue;
  });
  (void)read_cbl(bytes, builder);
  REQUIRE(read.size() == 1);
  GameRecord g = read[0];
  REQUIRE(marked_deleted(g));
  const StartPosition start = resolve_start(g);
  REQUIRE(start.setup);
  g.start_setup = *start.setup;
  CHECK(resolve_moves(g, *start.setup).empty());
  const auto read_back = [](const std::string& out, std::string_view name) {
    std::vector<GameRecord> games;
    GameBuilder b([&](BuiltGame& x) {
      games.push_back(x.record);
      return Control::Continue;
    });
    (void)read_games(out, name, b);
    return games;
  };
  const std::pair<std::string, std::string> outputs[] = {
      {write_pgn(g, {}).bytes, "x.pgn"},
      {write_json(g), "x.json"},
      {write_dhtmlxq(g).bytes, "x.ubb"},
      {write_cbf(g).bytes, "x.cbf"},
  };
  for (const auto& [out, name] : outputs) {
    INFO(name);
    const auto games = read_back(out, name);
    REQUIRE(games.size() == 1);
    CHECK(marked_deleted(games[0]));
    CHECK(games[0].main_line().size() == g.main_line().size());
  }
  CHECK(write_pgn(g, {}).bytes.find("[Deleted \"yes\"]") != std::string::npos);
  // XQF has no place for it: a loss note.
  const XqfWriteResult x = write_xqf(g);
  CHECK(std::any_of(x.losses.begin(), x.losses.end(), [](const auto& l) {
    return l.code == Code::TagDropped && l.message.find("Deleted") != std::string::npos;
  }));
}
