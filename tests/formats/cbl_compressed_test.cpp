// The older zlib-compressed CCBridge libraries: the corpus files, libraries
// built by the tests, damaged input.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>

#include "binary_corpus.h"
#include "test_games.h"
#include "random_game.h"
#include "binary_record_builder.h"
#include "cbl_compressed_bytes.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbr.h"
#include "xqrec/core/position.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::testing;

namespace {

// Moves of every line that do not replay (0 when the whole tree is legal).
int illegal_moves(const GameRecord& g) {
  int bad = 0;
  const std::function<void(NodeId, Position&)> walk = [&](NodeId id, Position& p) {
    for (const NodeId child : g.node(id).children) {
      const Move m = g.node(child).move;
      if (p.check_move(m) != MoveError::None) {
        ++bad;
        continue;
      }
      Position next = p;
      Undo u;
      next.make(m, u);
      walk(child, next);
    }
  };
  Position start(g.start_setup ? *g.start_setup : Setup::start());
  walk(g.root(), start);
  return bad;
}

std::size_t count_variations(const GameRecord& g) {
  std::size_t n = 0;
  for (const GameNode& node : g.nodes) n += node.children.size() > 1 ? node.children.size() - 1 : 0;
  return n;
}

// Games 1..count of the generator with variations, as compressed-library games.
std::vector<std::string> generated_games(std::uint64_t count, std::size_t max_nodes) {
  GenOptions o;
  o.max_nodes = max_nodes, o.variation_percent = 30;
  std::vector<std::string> games;
  for (const GameRecord& g : random_games(count, o)) games.push_back(cblz_game_bytes(g));
  return games;
}

const std::string kLibrary = "cbl/hbsxcjp+cchess_qt/棋谱文件/棋谱研究/棋谱大全/布局/象棋布局疑形攻击/bjyxgj8.CBL";
const std::string kEndgames = "cbl/walker8088+cchess/game_book/残局谱/象棋实用残局/残局的生死棋型.CBL";

}  // namespace

TEST_CASE("every compressed CBL library of the corpus reads with every line legal", "[cbl][compressed][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  std::size_t files = 0, games = 0, variations = 0;
  for (const auto& [path, row] : manifest_rows("cbl")) {
    const std::string bytes = read_file(shared_corpus() / path);
    if (bytes.compare(0, 8, "CCBridge") != 0 || bytes.compare(0, 16, std::string("CCBridgeLibrary\0", 16)) == 0)
      continue;
    INFO(path);
    ++files;
    RecordBuilder b;
    const FileReport r = read_cbl(bytes, b);
    CHECK(r.encoding == "GBK");
    for (const auto& i : r.issues) FAIL_CHECK(i.code << ": " << i.message);
    REQUIRE(r.games == b.games.size());
    REQUIRE(!b.games.empty());
    for (std::size_t k = 0; k < b.games.size(); ++k) {
      INFO("game " << k + 1);
      const GameRecord& g = b.games[k];
      for (const auto& i : b.issues[k])
        if (i.code != Code::MultipleResults && i.code != Code::NulTerminator) FAIL_CHECK(i.code << ": " << i.message);
      // A comment's C terminator is framing: no text keeps a NUL byte.
      for (const auto& n : g.nodes) CHECK(n.comment_after().find('\0') == std::string::npos);
      CHECK_FALSE(g.truncated);
      REQUIRE(g.start_setup);
      CHECK(illegal_moves(g) == 0);
      CHECK(g.tag("Title") != nullptr);
      CHECK(g.tag("Library") != nullptr);
      variations += count_variations(g);
    }
    games += b.games.size();
  }
  CHECK(files >= 3);
  CHECK(variations > 0);
  WARN("compressed CBL corpus: " << files << " files, " << games << " games, " << variations << " variations");
}

TEST_CASE("compressed CBL sample: tags, start, first moves and a variation", "[cbl][compressed][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  RecordBuilder b;
  const FileReport r = read_cbl(read_file(shared_corpus() / kLibrary), b);
  REQUIRE(b.games.size() == 4);
  CHECK(r.games == 4);
  const GameRecord& g = b.games[0];
  CHECK(*g.tag("Title") == "如影随形");
  CHECK(*g.tag("Library") == "布局疑形与攻击（八)其它类");
  CHECK(*g.tag("Author") == "高峰");
  CHECK(*g.tag("AuthorEmail") == "gjffalcon@sian.com");
  CHECK(*g.tag("GameType") == "opening");
  CHECK(to_fen(*g.start_setup) == std::string(kStartFen));
  const auto line = g.main_line();
  REQUIRE(line.size() == 18);
  CHECK(g.node(line[0]).text == "b0c2");  // 马八进七
  CHECK(g.node(line[1]).text == "c6c5");
  // Record 5 (炮二平四) carries the first comment; the 9th ply has an alternative.
  CHECK(g.node(line[4]).comment_after().rfind("平炮士角", 0) == 0);
  CHECK(g.node(line[7]).children.size() == 2);
  CHECK(count_variations(g) == 3);
}

TEST_CASE("compressed CBL endgames: black to move where the first move is black's", "[cbl][compressed][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  RecordBuilder b;
  (void)read_cbl(read_file(shared_corpus() / kEndgames), b);
  REQUIRE(b.games.size() == 196);
  std::size_t black = 0;
  for (const GameRecord& g : b.games) {
    CHECK(*g.tag("GameType") == "endgame");
    if (g.start_setup->side_to_move == Color::Black) ++black;
  }
  CHECK(black == 4);
  CHECK(b.games[0].nodes[0].comment_after().find("三 高 兵") == 0);
}

TEST_CASE("compressed CBL built from generated games reads back the same trees", "[cbl][compressed][roundtrip]") {
  GenOptions o;
  o.max_depth = 8, o.variation_percent = 25;
  std::vector<GameRecord> games = random_games(25, o, {"0-1", "1-0", "*"});
  std::vector<std::string> bytes;
  for (std::size_t k = 0; k < games.size(); ++k) {
    games[k].tags.push_back({"Title", "第" + std::to_string(k + 1) + "局"});
    bytes.push_back(cblz_game_bytes(games[k]));
  }
  RecordBuilder b;
  const FileReport r = read_cbl(cblz_library_bytes(bytes, "测试库"), b);
  CHECK(r.issues.empty());
  REQUIRE(b.games.size() == games.size());
  CHECK(r.games == games.size());
  for (std::size_t k = 0; k < games.size(); ++k) {
    INFO("game " << k + 1);
    CHECK(b.issues[k].empty());
    std::string why;
    const bool same = same_tree(games[k], b.games[k], &why);
    INFO(why);  // given before the check, so that a failure shows it
    CHECK(same);
    CHECK(b.games[k].start_setup->board == games[k].start_setup->board);
    CHECK(b.games[k].start_setup->side_to_move == games[k].start_setup->side_to_move);
    CHECK(*b.games[k].tag("Title") == *games[k].tag("Title"));
    CHECK(*b.games[k].tag("Library") == "测试库");
    CHECK(*b.games[k].tag("LibraryAuthor") == "测试者");
    CHECK(*b.games[k].tag("Created") == "2024-01-02 03:04:05");
    CHECK(b.games[k].result == games[k].result);
  }
}

TEST_CASE("compressed CBL: a record whose ply skips ahead ends the tree there, reported", "[cbl][compressed]") {
  GenOptions o;
  o.main_plies = 12, o.variation_percent = 0, o.comment_percent = 0;
  const GameRecord g = random_game(5, o);
  std::string game = cblz_game_bytes(g);
  // Records, then one empty comment line (CR LF) per record; the 6th claims ply 9.
  const std::size_t records = game.size() - 2 * g.main_line().size() - 6 * g.main_line().size();
  game[records + 5 * 6] = 9;
  RecordBuilder b;
  const FileReport r = read_cbl(cblz_library_bytes({game}, "x"), b);
  REQUIRE(b.games.size() == 1);
  CHECK(r.issues.empty());
  CHECK(b.games[0].main_line().size() == 5);
  CHECK(b.games[0].truncated);
  CHECK(xqtest::has_code(b.issues[0], Code::BadRecord));
}

TEST_CASE("compressed CBL: more games promised than held, and a cut zlib stream", "[cbl][compressed][robust]") {
  GenOptions o;
  o.max_nodes = 150, o.variation_percent = 30;
  const std::string game = cblz_game_bytes(random_game(7, o));
  {
    RecordBuilder b;
    const FileReport r = read_cbl(cblz_library_bytes({game, game}, "x", 1, 3), b);
    CHECK(b.games.size() == 2);
    CHECK(xqtest::has_code(r.issues, Code::Truncated));
  }
  const std::string lib = cblz_library_bytes({game, game, game}, "x");
  for (std::size_t n = 0; n < lib.size(); n += 13) {
    RecordBuilder b;
    const FileReport r = read_cbl(std::string_view(lib).substr(0, n), b);
    CHECK(b.games.size() <= 3);
    CHECK_FALSE(r.issues.empty());
    CHECK(r.games == b.games.size());
  }
}

TEST_CASE("compressed CBL: damaged payloads never crash and stay bounded", "[cbl][compressed][robust]") {
  const std::vector<std::string> games = generated_games(3, 120);
  Lcg rng(17);
  for (int round = 0; round < 400; ++round) {
    std::vector<std::string> bad = games;
    for (int i = 0, flips = 1 + int(rng.below(5)); i < flips; ++i) {
      std::string& g = bad[rng.below(3)];
      g[rng.below(std::uint32_t(g.size()))] ^= char(1 + rng.below(255));
    }
    RecordBuilder b;
    const FileReport r = read_cbl(cblz_library_bytes(bad, "x"), b);
    CHECK(b.games.size() <= 3);
    CHECK(r.games == b.games.size());
  }
}

namespace {

void put_u32_at(std::string& s, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) s[at + std::size_t(i)] = char((v >> (8 * i)) & 0xFF);
}

// A game of no moves whose move records and comment lines are `records`
// (count of them given) and `after`; its size field set to match.
std::string game_with(std::uint32_t count, const std::string& records, const std::string& after) {
  std::string g = cblz_game_bytes(GameRecord{});  // ends with its record count, 0
  put_u32_at(g, g.size() - 4, count);
  g += records;
  g += after;
  put_u32_at(g, 0, std::uint32_t(g.size()));
  return g;
}

std::size_t count_code(const std::vector<Issue>& issues, Code code) {
  std::size_t n = 0;
  for (const auto& i : issues) n += i.code == code;
  return n;
}

}  // namespace

TEST_CASE("compressed CBL: text after the last comment is reported once, with its extent", "[cbl][compressed][robust]") {
  // 3 million trailing lines in a 12 KB file: one issue each took minutes
  // and gigabytes (a 16 KB file, 45 s and 2.3 GB).
  std::string tail;
  for (int k = 0; k < 3000000; ++k) tail += "ab\r\n";
  const std::string lib = cblz_library_bytes({game_with(0, "", tail)}, "x");
  CHECK(lib.size() < 16000);
  RecordBuilder b;
  const FileReport r = read_cbl(lib, b);
  CHECK(r.issues.empty());
  REQUIRE(b.games.size() == 1);
  REQUIRE(b.issues[0].size() == 1);
  {
    const Issue& i = b.issues[0][0];
    CHECK(i.code == Code::TrailingData);
    INFO(i.message);
    CHECK(i.message.find("3000000 lines, 11999998 bytes") != std::string::npos);
    CHECK(i.message.find("not kept: ab ...") != std::string::npos);
  }

  // One line: reported as before, with its text.
  GenOptions o;
  o.main_plies = 3, o.variation_percent = 0, o.comment_percent = 0;
  std::string one = cblz_game_bytes(random_game(3, o)) + cblz_detail::gbk("好") + "\r\n";
  put_u32_at(one, 0, std::uint32_t(one.size()));
  RecordBuilder b1;
  (void)read_cbl(cblz_library_bytes({one}, "x"), b1);
  REQUIRE(b1.issues.size() == 1);
  REQUIRE(b1.issues[0].size() == 1);
  CHECK(b1.issues[0][0].code == Code::TrailingData);
  CHECK(b1.issues[0][0].message.rfind("text after the last move comment; not kept: 好 (inflated byte ", 0) == 0);
  CHECK(b1.games[0].main_line().size() == 3);
}

TEST_CASE("compressed CBL: at most 1000 issues per game, then one that counts the others", "[cbl][compressed][robust]") {
  // 5000 records at ply 1 whose squares are not on the board: 5000 bad moves.
  std::string records, comments;
  for (int k = 0; k < 5000; ++k) records += std::string("\x01\x00\xff\xff\x00\x00", 6), comments += "\r\n";
  RecordBuilder b;
  const FileReport r = read_cbl(cblz_library_bytes({game_with(5000, records, comments)}, "x"), b);
  CHECK(r.issues.empty());
  REQUIRE(b.games.size() == 1);
  CHECK(b.games[0].nodes.size() == 1);
  const auto& issues = b.issues[0];
  REQUIRE(issues.size() == 1001);
  CHECK(count_code(issues, Code::BadMove) == 1000);
  CHECK(issues.back().code == Code::TooManyIssues);
  CHECK(issues.back().message.rfind("4000 more issues of this game are not reported", 0) == 0);
}

TEST_CASE("compressed CBL: move records beyond 2^20 per game are not read, and said so", "[cbl][compressed][robust]") {
  constexpr std::uint32_t kRecords = (1u << 20) + 7;
  std::string records;
  records.reserve(std::size_t(kRecords) * 6);
  for (std::uint32_t k = 0; k < kRecords; ++k) records += std::string("\x01\x00\xff\xff\x00\x00", 6);
  RecordBuilder b;
  const FileReport r = read_cbl(cblz_library_bytes({game_with(kRecords, records, "")}, "x"), b);
  CHECK(r.issues.empty());
  REQUIRE(b.games.size() == 1);
  CHECK(b.games[0].truncated);
  const auto& issues = b.issues[0];
  REQUIRE(issues.size() == 1001);
  CHECK(issues[0].code == Code::TooLarge);
  CHECK(issues[0].message.find("1048583 move records; only the first 1048576") != std::string::npos);
  CHECK(count_code(issues, Code::BadMove) == 999);
  CHECK(issues.back().code == Code::TooManyIssues);
  CHECK(issues.back().message.rfind(std::to_string((1u << 20) - 999) + " more issues", 0) == 0);
}

TEST_CASE("compressed CBL: a payload inflating beyond 16 MiB is read up to 16 MiB, the rest reported", "[cbl][compressed][robust]") {
  // Was allowed up to 256 MB: a 16 KB file inflates to 16 MB, a 400 KB one
  // to 400 MB; then 32 MiB, which took 76 MB to read. The corpus libraries
  // inflate to 116 KB at most.
  const std::string zeros((16u << 20) + 1, '\0');
  uLongf size = compressBound(uLong(zeros.size()));
  std::string z(size, '\0');
  compress2(reinterpret_cast<Bytef*>(z.data()), &size, reinterpret_cast<const Bytef*>(zeros.data()), uLong(zeros.size()),
            Z_BEST_SPEED);
  z.resize(size);
  std::string big("CCBridge\x15\0\0\0\x01\0\0\0\0\0\0\0", 20);
  put_u32_at(big, 16, std::uint32_t(zeros.size()));
  big += z;
  CHECK(big.size() < 200000);
  RecordBuilder b;
  const FileReport r = read_cbl(big, b);
  CHECK(b.games.empty());
  REQUIRE_FALSE(r.issues.empty());
  CHECK(r.issues[0].code == Code::TooLarge);
  CHECK(r.issues[0].message.find("more than 16777216 bytes; the games in the first 16777216 are read") !=
        std::string::npos);
  // Two games, then 17 MiB more: the two games are read, the rest reported.
  const std::string smallest = cblz_game_bytes(GameRecord{});
  RecordBuilder two;
  const FileReport r2 =
      read_cbl(cblz_library_bytes({smallest, smallest, std::string((17u << 20), '\0')}, "x", 1, 3), two);
  CHECK(two.games.size() == 2);
  CHECK(r2.games == 2);
  CHECK(xqtest::has_code(r2.issues, Code::TooLarge));
  // Exactly 16 MiB inflated: read whole.
  const std::string header_only = cblz_library_bytes({}, "x", 1, 0);
  RecordBuilder at_bound;
  const auto byte = [&](std::size_t i) { return std::size_t(static_cast<unsigned char>(header_only[i])); };
  const std::size_t header = byte(16) | byte(17) << 8 | byte(18) << 16 | byte(19) << 24;  // the inflated size
  const FileReport r3 = read_cbl(
      cblz_library_bytes({smallest, std::string((16u << 20) - header - smallest.size(), '\0')}, "x", 1, 1), at_bound);
  CHECK_FALSE(xqtest::has_code(r3.issues, Code::TooLarge));
  CHECK(at_bound.games.size() == 1);
}

TEST_CASE("compressed CBL: a game size below the smallest game's ends the reading, reported", "[cbl][compressed][robust]") {
  // 4-byte "games" were each read as a truncated game: 32 MB of them, 8
  // million games from a 32 KB file (5 s).
  std::string tiny;
  for (int k = 0; k < 1000000; ++k) tiny += std::string("\x04\0\0\0", 4);
  RecordBuilder b;
  const FileReport r = read_cbl(cblz_library_bytes({tiny}, "x", 1, 0xFFFFFFF0u), b);
  CHECK(b.games.empty());
  CHECK(r.games == 0);
  REQUIRE(r.issues.size() == 1);
  CHECK(r.issues[0].code == Code::BadRecord);
  CHECK(r.issues[0].message.find("gives its size as 4 bytes, less than the 143") != std::string::npos);
  // The smallest game reads; one byte less is not a game.
  const std::string smallest = cblz_game_bytes(GameRecord{});
  REQUIRE(smallest.size() == 143);
  RecordBuilder one;
  const FileReport r1 = read_cbl(cblz_library_bytes({smallest, smallest}, "x"), one);
  CHECK(r1.issues.empty());
  CHECK(one.games.size() == 2);
  CHECK(one.issues[0].empty());
  std::string short_one = smallest;
  short_one[0] = char(142);
  RecordBuilder none;
  const FileReport r0 = read_cbl(cblz_library_bytes({smallest, short_one}, "x"), none);
  CHECK(none.games.size() == 1);
  CHECK(xqtest::has_code(r0.issues, Code::BadRecord));
}
