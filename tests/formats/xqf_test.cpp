// XQF: research test vectors, the shared corpus, write/read round trips,
// damaged input.
#include <catch2/catch.hpp>

#include <cstring>

#include "binary_corpus.h"
#include "random_game.h"
#include "binary_record_builder.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/xqf.h"
#include "xqrec/core/position.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::testing;

namespace {

const char* const kVectorFile = "xqf/walker8088+cchess/tests/data/030-黄松轩先胜冯敬如.XQF";

std::string hex(const std::uint8_t* p, std::size_t n) {
  std::string s;
  char buf[4];
  for (std::size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", p[i]);
    if (i) s += ' ';
    s += buf;
  }
  return s;
}

// Legal plies of the main line from the record's start.
int legal_main_plies(const GameRecord& g) {
  Position p(g.start_setup ? *g.start_setup : Setup::start());
  int plies = 0;
  for (const NodeId id : g.main_line()) {
    const Move m = g.node(id).move;
    if (p.check_move(m) != MoveError::None) break;
    Undo u;
    p.make(m, u);
    ++plies;
  }
  return plies;
}

struct TreeCounts {
  int nodes = 0, variations = 0, comments = 0;
};
TreeCounts counts(const GameRecord& g) {
  TreeCounts c;
  c.nodes = int(g.nodes.size()) - 1;
  for (const auto& n : g.nodes) {
    if (n.children.size() > 1) c.variations += int(n.children.size()) - 1;
    if (!n.comment_after().empty()) ++c.comments;
  }
  return c;
}

RecordBuilder read(std::string_view bytes, FileReport* report = nullptr) {
  RecordBuilder b;
  FileReport r = read_xqf(bytes, b);
  if (report) *report = r;
  return b;
}

bool has_issue(const RecordBuilder& b, Code code) {
  for (const auto& list : b.issues)
    for (const auto& i : list)
      if (i.code == code) return true;
  return false;
}

// A version-10 file with the standard array and the given raw records.
std::string v10_file(const std::string& records) {
  std::string f(kXqfHeaderSize, '\0');
  f[0] = 'X', f[1] = 'Q', f[2] = 10;
  const std::uint8_t array[32] = {0x50, 0x46, 0x3C, 0x32, 0x28, 0x1E, 0x14, 0x0A, 0x00, 0x48, 0x0C,
                                  0x53, 0x3F, 0x2B, 0x17, 0x03, 0x09, 0x13, 0x1D, 0x27, 0x31, 0x3B,
                                  0x45, 0x4F, 0x59, 0x11, 0x4D, 0x06, 0x1A, 0x2E, 0x42, 0x56};
  std::memcpy(f.data() + 0x10, array, 32);
  return f + records;
}

}  // namespace

TEST_CASE("XQF key derivation matches the research test vector", "[xqf]") {
  if (!xq::test::need_shared_corpus()) return;
  const std::string bytes = read_file(shared_corpus() / kVectorFile);
  REQUIRE(bytes.size() > kXqfHeaderSize);
  const auto* u = reinterpret_cast<const std::uint8_t*>(bytes.data());
  CHECK(hex(u + 3, 13) == "ab 00 00 00 00 b7 60 d8 11 97 da 79 16");
  const XqfKeys k = xqf_keys(bytes);
  CHECK(k.encrypted);
  CHECK(int(k.xy) == 0xa2);
  CHECK(int(k.xyf) == 0x46);
  CHECK(int(k.xyt) == 0xfe);
  CHECK(k.comment_size_key == 7641);
  CHECK(hex(k.f_key_bytes.data(), 4) == "b7 ea f9 13");
  CHECK(hex(k.f32_keys.data(), 32) ==
        "13 28 41 01 20 42 69 10 31 62 69 03 20 60 20 01 32 2a 20 00 27 6a 61 00 13 68 69 13 25 68 28 11");
  // Record area: the first 8 raw bytes and their plain text.
  CHECK(hex(u + 0x400, 8) == "6b 79 f9 03 3d 60 69 10");
  std::uint8_t plain[8];
  for (int i = 0; i < 8; ++i) plain[i] = std::uint8_t(u[0x400 + i] - k.f32_keys[(0x400 + i) % 32]);
  CHECK(hex(plain, 8) == "58 51 b8 02 1d 1e 00 00");
  // Piece array: raw byte 0 is the Red advisor (index 3) on f0.
  CHECK(int(u[0x10]) == 0xd4);
  CHECK((k.xy + 1) % 32 == 3);
}

TEST_CASE("XQF test file reads: set-up, root comment, first move h2e2", "[xqf]") {
  if (!xq::test::need_shared_corpus()) return;
  const std::string bytes = read_file(shared_corpus() / kVectorFile);
  FileReport report;
  RecordBuilder b = read(bytes, &report);
  REQUIRE(b.games.size() == 1);
  CHECK(report.format == Format::Xqf);
  CHECK(report.games == 1);
  const GameRecord& g = b.games[0];
  REQUIRE(g.start_setup);
  CHECK(g.start_setup->at(Square(5, 0)) == Piece(Color::Red, PieceType::Advisor));
  CHECK(to_fen(*g.start_setup) == std::string(kStartFen));
  // 68 bytes of GB18030 comment on the root.
  CHECK_FALSE(g.node(g.root()).comment_after().empty());
  const auto line = g.main_line();
  REQUIRE(!line.empty());
  CHECK(g.node(line[0]).text == "h2e2");
  CHECK(g.node(line[0]).notation == MoveNotation::Coordinates);
  CHECK(g.node(line[0]).move == Move(Square(7, 2), Square(4, 2)));
  CHECK(g.result == "1-0");
  REQUIRE(g.tag("Red"));
  CHECK(*g.tag("Red") == "黄松轩");
  CHECK(*g.tag("Black") == "冯敬如");
  CHECK(legal_main_plies(g) == int(line.size()));
  CHECK_FALSE(g.truncated);
}

TEST_CASE("XQF 1.0 record 2F 38 F0 00 is c3c4 (兵七进一)", "[xqf]") {
  // Root record as XQF 1.0 writes it, then the spec's example record.
  std::string records("\x18\x20\xF0\xFF\0\0\0\0", 8);
  records += std::string("\x2F\x38\x00\x00\0\0\0\0", 8);
  RecordBuilder b = read(v10_file(records));
  REQUIRE(b.games.size() == 1);
  const GameRecord& g = b.games[0];
  REQUIRE(g.main_line().size() == 1);
  CHECK(g.node(g.main_line()[0]).text == "c3c4");
  REQUIRE(g.start_setup);
  CHECK(to_fen(*g.start_setup) == std::string(kStartFen));
  CHECK(b.issues[0].empty());
}

TEST_CASE("every XQF file of the corpus reads like the manifest says", "[xqf][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto rows = manifest_rows("xqf");
  REQUIRE(rows.size() > 4000);
  int files = 0, compared = 0, mismatches = 0;
  for (const auto& [path, row] : rows) {
    const std::string bytes = read_file(shared_corpus() / path);
    REQUIRE(!bytes.empty());
    FileReport report;
    RecordBuilder b = read(bytes, &report);
    ++files;
    INFO(path);
    REQUIRE(b.games.size() == std::size_t(row.games));
    const GameRecord& g = b.games[0];
    CHECK_FALSE(g.truncated);
    CHECK(g.start_setup.has_value());
    // The checker's counts stop at its first illegal move: compare only
    // the records it replayed in full.
    if (!row.errors.empty()) continue;
    ++compared;
    const TreeCounts c = counts(g);
    const bool same = c.nodes == row.note_count("nodes") && c.variations == row.note_count("var") &&
                      c.comments == row.note_count("cmt") && legal_main_plies(g) == row.plies;
    if (!same) ++mismatches;
    CHECK(c.nodes == row.note_count("nodes"));
    CHECK(c.variations == row.note_count("var"));
    CHECK(c.comments == row.note_count("cmt"));
    CHECK(legal_main_plies(g) == row.plies);
  }
  WARN("XQF corpus: " << files << " files read, " << compared << " compared with MANIFEST, " << mismatches
                      << " mismatches");
}

TEST_CASE("XQF files with an illegal move are still read in full", "[xqf][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  // The manifest's checker stopped at the illegal move: we read past it.
  const RecordBuilder b = read(read_file(shared_corpus() / "xqf/walker8088+cchess/tests/data/BadMoveTest3.xqf"));
  REQUIRE(b.games.size() == 1);
  const GameRecord& g = b.games[0];
  CHECK(counts(g).nodes > 10);
  CHECK(legal_main_plies(g) == 9);  // ply 10 (e1f0) has no piece on its source square
  CHECK(g.node(g.main_line()[9]).text == "e1f0");
}

namespace {

void check_round_trip(const GameRecord& original, const XqfWriteOptions& options, const std::string& what) {
  INFO(what << " version " << options.version);
  const XqfWriteResult written = write_xqf(original, options);
  RecordBuilder b = read(written.bytes);
  REQUIRE(b.games.size() == 1);
  const GameRecord& back = b.games[0];
  std::string why;
  const bool same = same_tree(original, back, &why);
  INFO(why);
  CHECK(same);
  CHECK(b.issues[0].empty());
  REQUIRE(back.start_setup);
  const Setup start = original.start_setup ? *original.start_setup : Setup::start();
  CHECK(back.start_setup->board == start.board);
  CHECK(back.start_setup->side_to_move == start.side_to_move);
  for (const char* tag : {"Event", "Red", "Black", "Date", "Site", "Title", "Annotator"}) {
    const std::string* a = original.tag(tag);
    const std::string* c = back.tag(tag);
    if (a && !a->empty()) {
      REQUIRE(c);
      // A cut field is noted as a loss; otherwise it comes back whole.
      bool cut = false;
      for (const auto& l : written.losses)
        if (l.code == Code::FieldTruncated && l.message.rfind(tag, 0) == 0) cut = true;
      if (!cut) CHECK(*c == *a);
      else CHECK(a->rfind(*c, 0) == 0);
    }
  }
}

}  // namespace

TEST_CASE("XQF write then read gives the same tree: generated games", "[xqf][roundtrip]") {
  XqfKeyBytes keys;
  keys.mask = 0xab, keys.key_or = {0xb7, 0x60, 0xd8, 0x11}, keys.xy = 0xda, keys.xyf = 0x79, keys.xyt = 0x16;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    GenOptions o;
    o.max_depth = seed % 3 == 0 ? 12 : 4;
    o.variation_percent = seed % 2 ? 30 : 10;
    const GameRecord g = random_game(seed, o);
    REQUIRE(counts(g).nodes > 10);
    check_round_trip(g, {10, {}}, "seed " + std::to_string(seed));
    check_round_trip(g, {18, {}}, "seed " + std::to_string(seed));
    check_round_trip(g, {18, keys}, "seed " + std::to_string(seed) + " with keys");
  }
}

TEST_CASE("XQF write then read gives the same tree: every corpus game", "[xqf][roundtrip][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto rows = manifest_rows("xqf");
  int games = 0;
  for (const auto& [path, row] : rows) {
    RecordBuilder b = read(read_file(shared_corpus() / path));
    REQUIRE(b.games.size() == 1);
    const GameRecord& g = b.games[0];
    for (const int version : {10, 18}) {
      const XqfWriteResult w = write_xqf(g, {version, {}});
      RecordBuilder again = read(w.bytes);
      std::string why;
      INFO(path << " version " << version);
      REQUIRE(again.games.size() == 1);
      const bool same = same_tree(g, again.games[0], &why);
      INFO(why);  // before the check, so that a failure shows it
      CHECK(same);
      CHECK(again.games[0].start_setup->board == g.start_setup->board);
      CHECK(again.games[0].start_setup->side_to_move == g.start_setup->side_to_move);
      // The writer adds GameType "middlegame" for a non-standard start
      // without one (ElephantEye ignores the array of a full-game type).
      std::vector<Tag> tags = again.games[0].tags;
      if (!g.tag("GameType") && again.games[0].tag("GameType")) {
        CHECK(*again.games[0].tag("GameType") == "middlegame");
        CHECK_FALSE(g.start_setup->board == Setup::start().board);
        std::erase_if(tags, [](const Tag& t) { return t.name == "GameType"; });
      }
      CHECK(tags == g.tags);
      CHECK(again.games[0].result == g.result);
    }
    ++games;
  }
  CHECK(games == int(rows.size()));
}

TEST_CASE("XQF writer notes what XQF cannot hold", "[xqf]") {
  GameRecord g = random_game(7);
  g.set_tag("Red", "一个名字非常非常长的红方棋手");  // 13 characters, 26 bytes > 15
  g.set_tag("Round", "3");
  g.set_tag("ECCO", "C45");
  g.nodes[1].edit_notes().nags.push_back(1);
  const XqfWriteResult w = write_xqf(g, {18, {}});
  const auto has = [&](Code code, std::string_view text) {
    for (const auto& l : w.losses)
      if (l.code == code && l.message.find(text) != std::string::npos) return true;
    return false;
  };
  CHECK(has(Code::FieldTruncated, "Red"));
  CHECK(has(Code::TagDropped, "Round"));
  CHECK(has(Code::TagDropped, "ECCO"));
  CHECK(has(Code::NagDropped, "1 NAG"));
  // The cut name ends on a character boundary: 7 characters, 14 bytes.
  RecordBuilder b = read(w.bytes);
  REQUIRE(b.games.size() == 1);
  CHECK(*b.games[0].tag("Red") == "一个名字非常非");
  CHECK_FALSE(has_issue(b, Code::BadEncoding));
  CHECK_FALSE(has_issue(b, Code::CutCharacter));
}

TEST_CASE("XQF writer keeps a non-standard start and Black to move", "[xqf]") {
  auto fen = parse_fen("3k5/9/9/9/9/9/9/9/4p4/3K5 b - - 0 1");
  REQUIRE(fen);
  GameRecord g;
  g.start_fen = to_fen(fen.value());
  for (const int version : {10, 18}) {
    // No move: the side comes from WhoPlay.
    RecordBuilder b = read(write_xqf(g, {version, {}}).bytes);
    REQUIRE(b.games.size() == 1);
    CHECK(b.games[0].start_setup->board == fen.value().board);
    CHECK(b.games[0].start_setup->side_to_move == Color::Black);
  }
  GameNode n;
  n.move = Move(Square(4, 1), Square(3, 1));  // the black pawn e1d1
  n.text = "e1d1";
  g.add_child(g.root(), n);
  RecordBuilder b = read(write_xqf(g, {18, {}}).bytes);
  REQUIRE(b.games.size() == 1);
  CHECK(b.games[0].start_setup->side_to_move == Color::Black);
  CHECK(b.games[0].node(b.games[0].main_line()[0]).text == "e1d1");
}

TEST_CASE("XQF reader survives truncated and corrupted buffers", "[xqf][robust]") {
  std::vector<std::string> files;
  GenOptions o;
  o.max_depth = 8, o.variation_percent = 40, o.main_plies = 40, o.max_nodes = 300;
  XqfKeyBytes keys;
  keys.mask = 0xff, keys.key_or = {1, 2, 3, 4}, keys.xy = 7, keys.xyf = 0x55, keys.xyt = 0x99;
  const GameRecord g = random_game(99, o);
  files.push_back(write_xqf(g, {10, {}}).bytes);
  files.push_back(write_xqf(g, {18, keys}).bytes);
  for (const std::string& full : files) {
    // Every cut: never a crash, and a cut inside the records is reported.
    for (std::size_t n = 0; n < full.size(); n += (n < 1100 ? 1 : 3)) {
      RecordBuilder b;
      const FileReport r = read_xqf(std::string_view(full).substr(0, n), b);
      if (n < 2) {
        CHECK(b.games.empty());
        CHECK_FALSE(r.issues.empty());
        continue;
      }
      REQUIRE(b.games.size() == 1);
      CHECK(b.games[0].truncated);
      CHECK(has_issue(b, Code::Truncated));
    }
    // Flipped bytes: never a crash, never more nodes than bytes allow.
    Lcg rng(5);
    for (int round = 0; round < 3000; ++round) {
      std::string bad = full;
      const int flips = 1 + int(rng.below(8));
      for (int i = 0; i < flips; ++i) bad[rng.below(std::uint32_t(bad.size()))] ^= char(1 + rng.below(255));
      RecordBuilder b;
      (void)read_xqf(bad, b);
      REQUIRE(b.games.size() <= 1);
      if (!b.games.empty()) CHECK(b.games[0].nodes.size() <= bad.size() / 4 + 1);
    }
  }
}

TEST_CASE("XQF reader on hostile structures", "[xqf][robust]") {
  // Every record promises both a child and a sibling: the stream only ends
  // with the file, and the tree stays bounded.
  std::string records("\x18\x20\xF0\x00\0\0\0\0", 8);
  for (int i = 0; i < 5000; ++i) records += std::string("\x2F\x38\xFF\x00\0\0\0\0", 8);
  RecordBuilder b = read(v10_file(records));
  REQUIRE(b.games.size() == 1);
  CHECK(b.games[0].truncated);
  CHECK(has_issue(b, Code::Truncated));
  // A comment length far beyond the file.
  std::string huge("\x18\x20\xF0\x00\xff\xff\xff\x7f", 8);
  b = read(v10_file(huge));
  CHECK(has_issue(b, Code::Truncated));
  // A negative comment length.
  std::string negative("\x18\x20\x00\x00\xf0\xff\xff\xff", 8);
  b = read(v10_file(negative));
  CHECK(has_issue(b, Code::BadCommentLength));
  // Squares off the board: the move and its continuation are left out.
  std::string off("\x18\x20\xF0\x00\0\0\0\0", 8);
  off += std::string("\xF0\x38\xF0\x00\0\0\0\0", 8);
  off += std::string("\x2F\x38\x00\x00\0\0\0\0", 8);
  b = read(v10_file(off));
  CHECK(has_issue(b, Code::BadMove));
  CHECK(b.games[0].nodes.size() == 1);
  // Not an XQF file at all.
  RecordBuilder none;
  const FileReport r = read_xqf("PK\x03\x04", none);
  CHECK(none.games.empty());
  REQUIRE(r.issues.size() == 1);
  CHECK(r.issues[0].code == Code::BadHeader);
}

TEST_CASE("XQF: a game's nodes are had in one step, not grown by doubling", "[xqf]") {
  // An opening library is one game of hundreds of thousands of moves; its
  // node storage grown by doubling peaks at one and a half times its size.
  GenOptions o;
  o.max_nodes = 3000;
  o.variation_percent = 60;
  const GameRecord g = random_game(11, o);
  REQUIRE(g.nodes.size() > 1000);
  const XqfWriteResult w = write_xqf(g, {18, {}});
  std::vector<GameRecord> built;
  xq::formats::GameBuilder builder([&](xq::formats::BuiltGame& b) {
    built.push_back(b.record);  // a copy: its capacity is the size
    CHECK(b.record.nodes.capacity() == b.record.nodes.size());
    return xq::formats::Control::Continue;
  });
  read_xqf(w.bytes, builder);
  REQUIRE(built.size() == 1);
  CHECK(built[0].nodes.size() == g.nodes.size());
}
