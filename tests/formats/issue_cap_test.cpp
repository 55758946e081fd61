// Every reader caps its issues (1,000 a game, 1,000 file-level, 10,000 a
// file, then one too-many-issues with the count) and bounds every excerpt
// (128 bytes; a longer one is cut to 120 and "…"), on generated hostile
// inputs (the reliability issue's reproductions, smaller).
#include <catch2/catch.hpp>

#include <string>

#include "binary_record_builder.h"
#include "xqrec/formats/reader.h"

using namespace xq;
using namespace xq::formats;
using xq::formats::testing::RecordBuilder;

namespace {

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out.append(s);
  return out;
}

std::size_t count(const std::vector<Issue>& issues, Code code) {
  std::size_t n = 0;
  for (const auto& i : issues) n += i.code == code;
  return n;
}

// Every issue of the file and its games: their number and excerpts bounded.
void check_bounded(const FileReport& r, const RecordBuilder& b) {
  CHECK(r.issues.size() <= 1001);
  std::size_t total = r.issues.size();
  for (const auto& i : r.issues) CHECK(i.text.size() <= kMaxExcerptBytes);
  for (const auto& g : b.issues) {
    CHECK(g.size() <= 1001);
    total += g.size();
    for (const auto& i : g) CHECK(i.text.size() <= kMaxExcerptBytes);
  }
  CHECK(total <= 10000 + 1 + b.issues.size());
}

const Issue* too_many(const std::vector<Issue>& issues) {
  for (const auto& i : issues)
    if (i.code == Code::TooManyIssues) return &i;
  return nullptr;
}

}  // namespace

TEST_CASE("excerpts: at most 128 bytes, cut at a character and never inside an escape", "[issue-cap]") {
  std::string s(128, 'a');
  bound_excerpt(s);
  CHECK(s == std::string(128, 'a'));
  s = std::string(129, 'a');
  bound_excerpt(s);
  CHECK(s == std::string(120, 'a') + "\u2026");
  s = std::string(119, 'a') + "\u70ae" + std::string(20, 'b');  // 炮 across byte 120
  bound_excerpt(s);
  CHECK(s == std::string(119, 'a') + "\u2026");
  s = std::string(118, 'a') + "\\x00" + std::string(20, 'b');  // \x00 across byte 120
  bound_excerpt(s);
  CHECK(s == std::string(118, 'a') + "\u2026");
  CHECK(bounded_excerpt(std::string(1 << 20, 'x')).size() == 120 + 3);
}

TEST_CASE("PGN: 200,000 stray brackets in a game give 1,000 issues and the count", "[issue-cap]") {
  const std::string bytes = "1. h2e2 " + std::string(200000, ']');
  RecordBuilder b;
  const FileReport r = read_games(bytes, "b.pgn", b);
  REQUIRE(b.issues.size() == 1);
  CHECK(count(b.issues[0], Code::StrayCharacter) == 1000);
  const Issue* more = too_many(b.issues[0]);
  REQUIRE(more);
  CHECK(more->message.find("199000 more issues of this game") == 0);
  check_bounded(r, b);
}

TEST_CASE("PGN: a token of 4 MB is one issue with its extent, and no move", "[issue-cap]") {
  const std::string bytes = "1. " + std::string(4 << 20, 'x') + " *";
  RecordBuilder b;
  const FileReport r = read_games(bytes, "t.pgn", b);
  std::vector<Issue> all = r.issues;
  for (const auto& g : b.issues) all.insert(all.end(), g.begin(), g.end());
  REQUIRE(count(all, Code::TokenTooLong) == 1);
  for (const auto& i : all)
    if (i.code == Code::TokenTooLong) CHECK(i.message.find("token of 4194304 bytes (offsets 3..4194307)") == 0);
  for (const auto& g : b.games)
    for (const auto& n : g.nodes) CHECK(n.text.size() < 100);
  check_bounded(r, b);
}

// The same through a decoded window (GB18030: the reader keeps a source
// offset per decoded byte): the token's extent in the file's bytes, ending
// at the file's end or before the result, the Chinese tag before it two
// bytes a character in the file and three in the text.
TEST_CASE("PGN: a token of 4 MB in a decoded file has its extent in the file's bytes", "[issue-cap]") {
  const std::string head = "[Event \"\xb2\xe2\xca\xd4\"]\n1. ";  // 测试 in GBK
  for (const bool at_end : {true, false}) {
    const std::string bytes = head + std::string(4 << 20, 'x') + (at_end ? "" : " *\n");
    RecordBuilder b;
    ReadOptions options;
    options.input_encoding = "GB18030";
    const FileReport r = read_games(bytes, "t.pgn", b, options);
    std::vector<Issue> all = r.issues;
    for (const auto& g : b.issues) all.insert(all.end(), g.begin(), g.end());
    INFO((at_end ? "at the end" : "before the result"));
    REQUIRE(count(all, Code::TokenTooLong) == 1);
    const std::string extent = "token of 4194304 bytes (offsets " + std::to_string(head.size()) + ".." +
                               std::to_string(head.size() + (4 << 20)) + ")";
    for (const auto& i : all)
      if (i.code == Code::TokenTooLong) CHECK(i.message.find(extent) == 0);
  }
}

TEST_CASE("PGN: many games draw on the file's 10,000 issues", "[issue-cap]") {
  const std::string bytes = repeat("1. h2e2 " + std::string(2000, ']') + " *\n\n", 12);
  RecordBuilder b;
  const FileReport r = read_games(bytes, "g.pgn", b);
  REQUIRE(b.issues.size() == 12);
  std::size_t strays = 0;
  for (const auto& g : b.issues) strays += count(g, Code::StrayCharacter);
  CHECK(strays == 10000);
  REQUIRE(too_many(b.issues[11]));
  CHECK(too_many(b.issues[11])->message.find("the file's limit of 10000 issues is reached") != std::string::npos);
  check_bounded(r, b);
}

TEST_CASE("XQF: XQ and 1 MB of 0xFF give 1,000 issues and the count", "[issue-cap]") {
  const std::string bytes = "XQ" + std::string(1 << 20, '\xFF');
  RecordBuilder b;
  const FileReport r = read_games(bytes, "f.xqf", b);
  REQUIRE(b.issues.size() == 1);
  CHECK(b.issues[0].size() == 1001);
  CHECK(too_many(b.issues[0]));
  check_bounded(r, b);
}

TEST_CASE("CBR: 1 MB of move records that are no moves give 1,000 issues and the count", "[issue-cap]") {
  std::string bytes(2214, '\0');
  bytes.replace(0, 16, std::string("CCBridge Record\0", 16));
  bytes[19] = 2;
  bytes += repeat(std::string("\0\0\xFF\xFF", 4), 1 << 18);
  RecordBuilder b;
  const FileReport r = read_games(bytes, "m.cbr", b);
  REQUIRE(b.issues.size() == 1);
  CHECK(count(b.issues[0], Code::BadMove) == 1000);
  CHECK(too_many(b.issues[0]));
  check_bounded(r, b);
}

TEST_CASE("CBL: 5,000 records of an unknown version: 1,000 file-level issues and the count", "[issue-cap]") {
  std::string bytes = std::string("CCBridgeLibrary\0", 16) + std::string(66608, '\0');
  bytes += repeat(std::string("CCBridge Record\0\0\0\0\x09", 20), 5000);
  RecordBuilder b;
  const FileReport r = read_games(bytes, "l.cbl", b);
  CHECK(count(r.issues, Code::Unsupported) == 999);  // and bad-index
  REQUIRE(too_many(r.issues));
  CHECK(too_many(r.issues)->message.find("4001 more file-level issues") == 0);
  check_bounded(r, b);
}

TEST_CASE("DhtmlXQ: 20,000 fields never closed give 1,000 issues and the count", "[issue-cap]") {
  const std::string bytes = "[DhtmlXQ]" + repeat("[DhtmlXQ_x]", 20000) + "[/DhtmlXQ]";
  RecordBuilder b;
  const FileReport r = read_games(bytes, "d.ubb", b);
  REQUIRE(b.issues.size() == 1);
  CHECK(b.issues[0].size() == 1001);
  CHECK(too_many(b.issues[0]));
  check_bounded(r, b);
}

TEST_CASE("JSON: 20,000 unknown members and 2,000 lines that are no game", "[issue-cap]") {
  std::string bytes = "{\"xqrec\":1";
  for (int i = 0; i < 20000; ++i) bytes += ",\"m" + std::to_string(i) + "\":1";
  bytes += ",\"" + std::string(10000, 'n') + "\":1}\n" + repeat("1\n", 2000);
  RecordBuilder b;
  const FileReport r = read_games(bytes, "j.jsonl", b);
  REQUIRE(b.issues.size() == 1);
  CHECK(count(b.issues[0], Code::UnknownMember) == 1000);
  CHECK(too_many(b.issues[0]));
  CHECK(count(r.issues, Code::BadSchema) == 1000);
  CHECK(too_many(r.issues));
  check_bounded(r, b);
}

TEST_CASE("JSON: a member name of 1 MB is bounded in the message", "[issue-cap]") {
  const std::string bytes = "{\"xqrec\":1,\"" + std::string(1 << 20, 'n') + "\":1}\n";
  RecordBuilder b;
  const FileReport r = read_games(bytes, "n.jsonl", b);
  REQUIRE(b.issues.size() == 1);
  REQUIRE(b.issues[0].size() == 1);
  CHECK(b.issues[0][0].message.size() < 300);
  check_bounded(r, b);
}

TEST_CASE("FEN lines: 20,000 lines that are no FEN give 1,000 issues and the count", "[issue-cap]") {
  const std::string bytes = repeat("x\n", 20000);
  RecordBuilder b;
  const FileReport r = read_games(bytes, "f.fen", b);
  CHECK(count(r.issues, Code::BadFen) == 1000);
  CHECK(too_many(r.issues));
  check_bounded(r, b);
}

TEST_CASE("CBF: 20,000 unknown elements give 1,000 issues and the count", "[issue-cap]") {
  const std::string bytes = "<?xml version=\"1.0\"?><ChineseChessRecord Version=\"1.0\"><Head/><MoveList/>" +
                            repeat("<X/>", 20000) + "<" + std::string(10000, 'Y') + "/></ChineseChessRecord>";
  RecordBuilder b;
  const FileReport r = read_games(bytes, "e.cbf", b);
  REQUIRE(b.issues.size() == 1);
  CHECK(count(b.issues[0], Code::UnknownElement) == 1000);
  CHECK(too_many(b.issues[0]));
  check_bounded(r, b);
}
