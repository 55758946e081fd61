// Text-encoding detection and conversion, on synthetic text and on the
// Big5 and GBK files of the shared corpus.
#include <catch2/catch.hpp>

#include <unicode/ustring.h>

#include <filesystem>

#include "test_support.h"
#include "pgn_test_util.h"
#include "shared_corpus.h"
#include "xqrec/formats/encoding.h"

using namespace xq::formats;
namespace fs = std::filesystem;

namespace {

const char* const kSimplified =
    "[Event \"全国象棋个人赛\"]\n[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８\n";
const char* const kTraditional =
    "[Event \"全國象棋個人賽\"]\n[Red \"胡榮華\"]\n[Black \"楊官璘\"]\n\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n";

}  // namespace

TEST_CASE("encoding: BOMs, NUL patterns, UTF-8, ASCII", "[pgn][encoding]") {
  CHECK(detect_encoding("\xEF\xBB\xBF[Event]").name == "UTF-8");
  CHECK(detect_encoding("\xEF\xBB\xBF[Event]").bom_length == 3);
  CHECK(detect_encoding("\xFF\xFE[\0E\0").name == "UTF-16LE");
  CHECK(detect_encoding(std::string_view("[\0E\0v\0e\0n\0t\0", 12)).name == "UTF-16LE");
  CHECK(detect_encoding(std::string_view("\0[\0E\0v\0e\0n\0t", 12)).name == "UTF-16BE");
  CHECK(detect_encoding("1. h2e2 h9g7 *").reason == "ascii");
  CHECK(detect_encoding(kSimplified).name == "UTF-8");
  // A long ASCII head does not hide the encoding of what follows.
  std::string gbk;
  REQUIRE(from_utf8(kSimplified, "GBK", gbk));
  CHECK(detect_encoding(std::string(200000, ' ') + gbk).name == "GB18030");
}

TEST_CASE("encoding: GBK and Big5 told apart by vocabulary", "[pgn][encoding]") {
  std::string gbk, big5;
  REQUIRE(from_utf8(kSimplified, "GBK", gbk));
  REQUIRE(from_utf8(kTraditional, "Big5", big5));
  const auto g = detect_encoding(gbk);
  const auto b = detect_encoding(big5);
  CHECK(g.name == "GB18030");
  CHECK(g.gb_score > g.big5_score);
  CHECK(b.name == "Big5");
  CHECK(b.big5_score > b.gb_score);
  // Traditional text written in GBK (GBK holds the traditional glyphs too)
  // is still GBK.
  std::string trad_gbk;
  REQUIRE(from_utf8(kTraditional, "GBK", trad_gbk));
  CHECK(detect_encoding(trad_gbk).name == "GB18030");
}

TEST_CASE("encoding: conversions through ICU, bad bytes reported with offsets", "[pgn][encoding]") {
  std::string out;
  std::vector<BadBytes> bad;
  REQUIRE(to_utf8("ab\xB3\xB5\xFF" "cd", "GB18030", out, &bad));  // 车, then a bad byte
  CHECK(out == "ab车\xEF\xBF\xBD" "cd");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].offset == 4);
  CHECK(bad[0].bytes == "\xFF");
  std::size_t unmappable = 0;
  std::string lost;
  REQUIRE(from_utf8("车😀", "GBK", out, &unmappable, &lost));
  CHECK(unmappable == 1);
  CHECK(lost == "😀");
  CHECK_FALSE(to_utf8("x", "no-such-encoding", out));
  CHECK(valid_utf8("车马炮"));
  CHECK_FALSE(valid_utf8("\xED\xA0\x80"));  // a surrogate
  CHECK_FALSE(valid_utf8("\xC0\xAF"));      // overlong
  CHECK(escape_bytes("a\xFF车\n") == "a\\xFF车\\n");
}

// valid_utf8 is a table-driven state machine read in blocks; ICU's own
// UTF-8 decoding is the reference. Every string of up to four bytes drawn
// from the boundary values of the UTF-8 byte ranges, behind ASCII prefixes
// that put it across the eight-byte fast path and the 64-byte block edges.
TEST_CASE("encoding: valid_utf8 agrees with ICU on every short sequence of boundary bytes", "[pgn][encoding]") {
  const unsigned char kBytes[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                                  0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  const auto icu_valid = [](const std::string& s) {
    UChar out[256];
    int32_t len = 0;
    UErrorCode err = U_ZERO_ERROR;
    u_strFromUTF8(out, 256, &len, s.data(), int32_t(s.size()), &err);
    return U_SUCCESS(err);
  };
  std::size_t tested = 0, valid = 0;
  const auto check = [&](const std::string& tail, std::initializer_list<std::size_t> prefixes) {
    for (std::size_t prefix : prefixes) {
      const std::string s = std::string(prefix, 'a') + tail;
      const bool expected = icu_valid(s);
      if (valid_utf8(s) != expected) FAIL_CHECK(escape_bytes(s) << " expected " << expected);
      ++tested;
      valid += expected;
    }
  };
  std::string t;
  for (unsigned char a : kBytes) {
    check(std::string(1, char(a)), {0, 7, 8, 63, 64, 70});
    for (unsigned char b : kBytes) {
      check(std::string{char(a), char(b)}, {0, 7, 62, 63});
      for (unsigned char c : kBytes) {
        check(std::string{char(a), char(b), char(c)}, {0, 61, 62});
        for (unsigned char d : kBytes) check(std::string{char(a), char(b), char(c), char(d)}, {0, 61});
      }
    }
  }
  CHECK(tested > 800000);
  CHECK(valid > 5000);  // the reference accepts a good share: the test sees both answers
  // A long Chinese text, and the same text cut inside its last character.
  std::string zh;
  for (int i = 0; i < 100; ++i) zh += "1. 炮二平五 马８进７ ";
  CHECK(valid_utf8(zh));
  CHECK_FALSE(valid_utf8(zh + std::string("\xE7\x82", 2)));
  CHECK_FALSE(valid_utf8(zh.substr(0, zh.size() - 2)));
}

TEST_CASE("encoding: every Big5 file of the corpus is Big5, every GBK file GB18030", "[pgn][encoding][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const fs::path root = xq::test::shared_corpus_dir() / "pgn";
  REQUIRE(fs::is_directory(root));
  std::size_t big5 = 0, gbk = 0, wrong = 0;
  std::string notes;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string path = entry.path().string();
    const bool is_big5 = path.find("Yvonne761+Chinese-Chess-Practical-Dataset") != std::string::npos;
    const bool is_gbk = path.find("walker8088+cchess") != std::string::npos ||
                        path.find("xqbase+eleeye") != std::string::npos;
    if (!is_big5 && !is_gbk) continue;
    const auto bytes = xqtest::try_read_file(path);
    REQUIRE(bytes);
    const auto guess = detect_encoding(*bytes);
    const std::string want = is_big5 ? "Big5" : "GB18030";
    (is_big5 ? big5 : gbk) += 1;
    if (guess.name != want) {
      if (++wrong <= 5) notes += path + ": " + guess.name + "\n";
    }
  }
  INFO(big5 << " Big5 files, " << gbk << " GBK files\n" << notes);
  CHECK(big5 == 200);
  CHECK(gbk > 1500);
  CHECK(wrong == 0);
}
