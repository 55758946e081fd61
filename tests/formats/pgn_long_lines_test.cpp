// Lines longer than the PGN reader's window (a comment or a tag line of
// more than 1 MiB): what is reported, and where, must not depend on where
// the window happens to stand, which changes with where the reading started
// (a whole file with one job, a part of it with several).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/reader.h"

using namespace xq;
using namespace xq::formats;

namespace {

std::vector<BuiltGame> games_of(const std::string& bytes) {
  std::vector<BuiltGame> games;
  GameBuilder builder([&](BuiltGame& g) {
    games.push_back(std::move(g));
    return Control::Continue;
  });
  (void)read_games(bytes, "long.pgn", builder);
  return games;
}

const Issue* find(const std::vector<Issue>& issues, Code code) {
  for (const auto& i : issues)
    if (i.code == code) return &i;
  return nullptr;
}

// Short games before the one under test, so that it starts at another
// place of the reader's window.
std::string games_before(std::size_t bytes) {
  std::string out;
  for (int n = 1; out.size() < bytes; ++n)
    out += "[Event \"g" + std::to_string(n) + "\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n";
  return out;
}

}  // namespace

TEST_CASE("PGN: a comment cut past 1 MiB is reported where it starts", "[pgn][long-lines]") {
  // Lines of Chinese text: the window moves on many times inside the
  // comment, in UTF-8 and in GBK alike (中文注释 in GBK below).
  std::string utf8_line, gbk_line;
  for (int i = 0; i < 20; ++i) {
    utf8_line += "中文注释";
    gbk_line += "\xD6\xD0\xCE\xC4\xD7\xA2\xCA\xCD";
  }
  utf8_line += '\n';
  gbk_line += '\n';
  for (const std::string* line : {&utf8_line, &gbk_line}) {
    for (const std::size_t before : {std::size_t(0), std::size_t(300'000)}) {
      const std::string prefix = games_before(before);
      std::string comment;
      while (comment.size() < 1'500'000) comment += *line;
      const std::string game = "[Event \"c\"]\n\n1. h2e2 {" + comment + "} h9g7 *\n";
      const std::vector<BuiltGame> games = games_of(prefix + game);
      REQUIRE(!games.empty());
      INFO((line == &utf8_line ? "UTF-8" : "GBK") << ", " << prefix.size() << " bytes before");
      const Issue* cut = find(games.back().issues, Code::CommentTooLong);
      REQUIRE(cut);
      // The `{` of `1. h2e2 {` on the game's third line.
      const std::size_t lines_before = std::size_t(std::count(prefix.begin(), prefix.end(), '\n'));
      CHECK(cut->where.line == lines_before + 3);
      CHECK(cut->where.column == 9);
      CHECK(cut->where.offset == prefix.size() + 21);
      // The move after the comment is read.
      CHECK(games.back().record.nodes.size() == 3);
    }
  }
}

TEST_CASE("PGN: whether a long tag line is cut depends on its length alone", "[pgn][long-lines]") {
  // Over 1 MiB (1,048,576 bytes) without a line feed: cut, wherever the
  // line starts; at the bound: read whole.
  struct Case {
    std::size_t value_bytes;
    bool cut;  // the line (its value with `[Annotator "` and `"]`) is longer than the bound
  };
  const std::string head = "[Annotator \"";
  const std::size_t bound = std::size_t(1) << 20;
  for (const Case c : {Case{1'500'000, true}, Case{bound - head.size() - 2, false}, Case{bound - head.size() - 1, true}}) {
    std::string kept_value;
    for (const std::size_t before : {std::size_t(0), std::size_t(500'000), std::size_t(900'000)}) {
      // Chinese characters for the long one (the cut goes back to a
      // character's start), single bytes to hit the bound exactly.
      std::string value;
      if (c.value_bytes > bound)
        while (value.size() < c.value_bytes) value += "注";
      else
        value.assign(c.value_bytes, 'x');
      const std::string line = head + value + "\"]";
      const std::string game = "[Event \"huge\"]\n" + line + "\n\n1. h2e2 h9g7 *\n\n";
      const std::vector<BuiltGame> games = games_of(games_before(before) + game + games_before(1000));
      INFO(line.size() << "-byte tag line, " << before << " bytes before");
      // The game with the long line, and the one after it.
      std::size_t at = 0;
      while (at < games.size() && !(!games[at].record.tags.empty() && games[at].record.tags[0].value == "huge")) ++at;
      REQUIRE(at + 1 < games.size());
      const BuiltGame& g = games[at];
      CHECK((find(g.issues, Code::TokenTooLong) != nullptr) == c.cut);
      // Its moves and the next game are read all the same.
      CHECK(g.record.nodes.size() == 3);
      CHECK(games[at + 1].record.nodes.size() == 5);
      std::string annotator;
      for (const auto& t : g.record.tags)
        if (t.name == "Annotator") annotator = t.value;
      if (before == 0) kept_value = annotator;
      CHECK(annotator == kept_value);
    }
  }
}

TEST_CASE("PGN: bytes not valid in a line longer than the window are reported where they stand", "[pgn][long-lines]") {
  // An invalid byte early in a comment of 1.2 MB (UTF-8): the window moves
  // on inside the comment before the error is reported, and where it is
  // must not depend on where the window stood.
  for (const std::size_t before : {std::size_t(0), std::size_t(300'000), std::size_t(700'000)}) {
    const std::string prefix = games_before(before);
    // 1.2 MB of Chinese after the bad byte: the file reads as UTF-8 with
    // one bad byte.
    std::string chinese;
    while (chinese.size() < 1'200'000) chinese += "中文注释";
    const std::string game =
        "[Event \"b\"]\n\n1. h2e2 {" + std::string(10, 'x') + "\x80" + chinese + "} h9g7 *\n";
    const std::string after = "[Event \"中文注释\"]\n\n1. h2e2 {中文注释} h9g7 *\n";
    const std::vector<BuiltGame> games = games_of(prefix + game + after);
    REQUIRE(games.size() >= 2);
    INFO(prefix.size() << " bytes before");
    const Issue* bad = find(games[games.size() - 2].issues, Code::BadEncoding);
    REQUIRE(bad);
    const std::size_t lines_before = std::size_t(std::count(prefix.begin(), prefix.end(), '\n'));
    CHECK(bad->where.line == lines_before + 3);
    CHECK(bad->where.column == 20);  // `1. h2e2 {` and ten x before it
    CHECK(bad->where.offset == prefix.size() + 32);
  }
}

namespace {

std::vector<BuiltGame> games_of(const std::string& bytes, const std::string& encoding, FileReport* report) {
  std::vector<BuiltGame> games;
  GameBuilder builder([&](BuiltGame& g) {
    games.push_back(std::move(g));
    return Control::Continue;
  });
  ReadOptions options;
  options.input_encoding = encoding;
  *report = read_games(bytes, "long.pgn", builder, options);
  return games;
}

std::vector<const Issue*> all_of(const std::vector<Issue>& issues, Code code) {
  std::vector<const Issue*> out;
  for (const auto& i : issues)
    if (i.code == code) out.push_back(&i);
  return out;
}

std::string repeated(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t k = 0; k < n; ++k) out += s;
  return out;
}

// A game of `head` then `body` (bytes after its result), read as UTF-8
// after `before` bytes of short games and before one more game.
struct GameAfterOthers {
  std::string prefix;              // the games before it
  std::vector<BuiltGame> games;    // every game read
  std::vector<const Issue*> bad;   // its bad-encoding issues (into `games`)
  std::size_t lines_before = 0;    // line feeds before its head
  std::size_t body_offset = 0;     // where `body` starts in the file

  GameAfterOthers(std::size_t before, const std::string& head, const std::string& body)
      : prefix(games_before(before)) {
    const std::string after = "[Event \"a\"]\n\n1. h2e2 h9g7 *\n";
    FileReport report;
    games = games_of(prefix + head + body + "\n\n" + after, "UTF-8", &report);
    REQUIRE(games.size() >= 2);
    bad = all_of(games[games.size() - 2].issues, Code::BadEncoding);
    lines_before = std::size_t(std::count(prefix.begin(), prefix.end(), '\n'));
    body_offset = prefix.size() + head.size();
  }
  GameAfterOthers(const GameAfterOthers&) = delete;  // `bad` points into `games`
  // The bad-encoding issues of the game after it.
  std::vector<const Issue*> bad_after() const { return all_of(games.back().issues, Code::BadEncoding); }
};

}  // namespace

TEST_CASE("PGN: a run of undecodable bytes over many windows is one issue where it starts", "[pgn][long-lines]") {
  // 3 MB of bytes never valid in UTF-8 after a result, each its own
  // sequence: one run, read over many windows before it is reported.
  for (const std::size_t before : {std::size_t(0), std::size_t(300'000), std::size_t(700'000)}) {
    const GameAfterOthers read(before, "[Event \"r\"]\n\n1. h2e2 h9g7 1-0 ", std::string(3'000'000, '\xFF'));
    INFO(read.prefix.size() << " bytes before");
    const auto& bad = read.bad;
    REQUIRE(bad.size() == 1);
    const std::size_t from = read.body_offset;
    CHECK(bad[0]->where.line == read.lines_before + 3);
    CHECK(bad[0]->where.column == 18);
    CHECK(bad[0]->where.offset == from);
    CHECK_THAT(bad[0]->text, Catch::StartsWith(repeated("\\xFF", 16)));
    CHECK_THAT(bad[0]->message, Catch::Contains("(a run of 3000000 bytes, offsets " + std::to_string(from) + ".." +
                                                std::to_string(from + 3'000'000) + ")"));
    CHECK(read.bad_after().empty());
  }
}

TEST_CASE("PGN: undecodable bytes by the million in a game: the first 100 in order, where they stand",
          "[pgn][long-lines]") {
  // 1.5 million bad bytes, each between two letters, after a result: a run
  // each, read over many windows before any is reported; a game keeps 100.
  for (const std::size_t before : {std::size_t(0), std::size_t(300'000), std::size_t(700'000)}) {
    const GameAfterOthers read(before, "[Event \"m\"]\n\n1. h2e2 h9g7 1-0 ", repeated("\xFF" "a", 1'500'000));
    INFO(read.prefix.size() << " bytes before");
    const auto& bad = read.bad;
    REQUIRE(bad.size() == 100);
    for (std::size_t k = 0; k < bad.size(); ++k) {
      INFO("issue " << k);
      CHECK(bad[k]->where.line == read.lines_before + 3);
      CHECK(bad[k]->where.column == 18 + 2 * k);
      CHECK(bad[k]->where.offset == read.body_offset + 2 * k);
      CHECK(bad[k]->text == "\\xFF");
    }
    CHECK(read.bad_after().empty());
  }
}

TEST_CASE("PGN: undecodable bytes by the million outside a game: the first 1,000 and the count of the others",
          "[pgn][long-lines]") {
  // A % line of 600,000 bad bytes between letters before the first game:
  // file-level issues, reported once its game starts.
  std::string line = "%";
  line += repeated("\xFF" "a", 600'000);
  line += '\n';
  FileReport report;
  const std::vector<BuiltGame> games =
      games_of(line + "[Event \"a\"]\n\n1. h2e2 h9g7 *\n" + games_before(200'000), "UTF-8", &report);
  REQUIRE(!games.empty());
  const auto bad = all_of(report.issues, Code::BadEncoding);
  REQUIRE(bad.size() == 1000);
  for (std::size_t k = 0; k < bad.size(); ++k) {
    INFO("issue " << k);
    CHECK(bad[k]->where.line == 1);
    CHECK(bad[k]->where.column == 2 + 2 * k);
    CHECK(bad[k]->where.offset == 1 + 2 * k);
  }
  const auto more = all_of(report.issues, Code::TooManyIssues);
  REQUIRE(more.size() == 1);
  CHECK_THAT(more[0]->message, Catch::StartsWith("599000 more file-level issues are not reported"));
  CHECK(more[0]->where.offset == 1 + 2 * 1000);  // the first not kept
  CHECK(more[0]->where.column == 2 + 2 * 1000);
}

TEST_CASE("PGN: a bad byte in a long comment after a million joined runs is reported where it stands",
          "[pgn][long-lines]") {
  // 300,000 runs after a result, joined and counted as they leave the
  // window, then a game whose comment has a bad byte 200,000 bytes in:
  // it is located while the window moves on inside the comment, which
  // needs the count of located entries kept right as runs are joined.
  for (const std::size_t before : {std::size_t(0), std::size_t(300'000), std::size_t(700'000)}) {
    const std::string prefix = games_before(before);
    const std::string junk = "[Event \"x\"]\n\n1. h2e2 h9g7 1-0 " + repeated("\xFF" "a", 300'000) + "\n\n";
    const std::string head = "[Event \"y\"]\n\n1. h2e2 {" + std::string(200'000, 'b');
    const std::string game = head + "\xFF" + std::string(300'000, 'c') + "} h9g7 *\n";
    FileReport report;
    const std::vector<BuiltGame> games = games_of(prefix + junk + game, "UTF-8", &report);
    REQUIRE(games.size() >= 2);
    INFO(prefix.size() << " bytes before");
    const auto bad = all_of(games.back().issues, Code::BadEncoding);
    REQUIRE(bad.size() == 1);
    const std::size_t lines_before = std::size_t(std::count(prefix.begin(), prefix.end(), '\n'));
    CHECK(bad[0]->where.line == lines_before + 7);
    CHECK(bad[0]->where.column == 200'010);  // `1. h2e2 {` and the b's before it
    CHECK(bad[0]->where.offset == prefix.size() + junk.size() + head.size());
    CHECK(bad[0]->text == "\\xFF");
  }
}

TEST_CASE("PGN: a tag on a long line after moves starts a game that keeps its own undecodable bytes",
          "[pgn][long-lines]") {
  // The undecodable bytes of a tag line are counted as it loads only up to
  // the first `[` after the line's tags: there a new game may start (here
  // after moves), whose bytes are its own, 100 of them reported.
  for (const std::string tags : {"[Event \"x\"] ", "[Event \"x\"][Site \"a[b]\"] "}) {
    const std::string line = tags + "1. h2e2 " + repeated("\xFF ", 100'000) + "[Event \"y\"] " +
                             repeated("\xFF ", 100'000) + "1. h2e2 *\n";
    INFO(tags);
    FileReport report;
    const std::vector<BuiltGame> games = games_of(line, "UTF-8", &report);
    REQUIRE(games.size() == 2);
    CHECK(all_of(games[0].issues, Code::BadEncoding).size() == 100);
    const auto bad = all_of(games[1].issues, Code::BadEncoding);
    REQUIRE(bad.size() == 100);
    CHECK(bad[0]->where.offset == line.find("[Event \"y\"]") + 12);
  }
}
