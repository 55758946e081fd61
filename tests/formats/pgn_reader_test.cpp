// PGN reader: every construct of the tokenizer, locations, encodings,
// damaged input, visitor control.
#include <catch2/catch.hpp>

#include "pgn_test_util.h"
#include "xqrec/formats/encoding.h"

using namespace xq;
using namespace xq::formats;
using xq::formats::pgntest::EventLog;

namespace {

EventLog read_events(std::string_view text, bool locations = false, FileReport* report = nullptr,
                     const ReadOptions& options = {}) {
  EventLog log;
  log.with_locations = locations;
  FileReport r = read_pgn(text, log, options);
  if (report) *report = r;
  return log;
}

using Strings = std::vector<std::string>;

}  // namespace

TEST_CASE("PGN: tags, FEN in any case, Format hints", "[pgn]") {
  const auto log = read_events(
      "[Game \"Chinese Chess\"]\n[Event \"第一届 \\\"五羊杯\\\"\"]\n[fen \"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1\"]\n"
      "[Format \"WXF\"]\n\n1. ... K5.4 2. K5.6 1-0\n");
  CHECK(log.events == Strings{"begin 1", "tag Game=Chinese Chess", "tag Event=第一届 \"五羊杯\"",
                              "fen 4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "tag Format=WXF", "move K5.4 wxf",
                              "move K5.6 wxf", "result 1-0", "end"});
  CHECK(notation_from_format_tag("ICCS") == MoveNotation::Iccs);
  CHECK(notation_from_format_tag("node") == MoveNotation::Iccs);
  CHECK(notation_from_format_tag(" wxf ") == MoveNotation::Wxf);
  CHECK(notation_from_format_tag("Chinese") == MoveNotation::Chinese);
  bool known = true;
  CHECK(notation_from_format_tag("Klingon", &known) == MoveNotation::Auto);
  CHECK_FALSE(known);
}

TEST_CASE("PGN: several tags on a line, quotes inside values, unquoted values, Windows paths", "[pgn]") {
  const auto log = read_events(
      "[Event \"a\"][Site \"b\"] [Round 3]\n[Opening \"\"屏风马\"布局\"]\n[Annotator \"C:\\棋谱\\\"]\nh2e2 *\n");
  CHECK(log.only("tag") == Strings{"Event=a", "Site=b", "Round=3", "Opening=\"屏风马\"布局", "Annotator=C:\\棋谱\\"});
  CHECK(log.only("issue").empty());
}

TEST_CASE("PGN: tag values with blanks before the bracket, a quote inside, a carriage return, tabs", "[pgn]") {
  const auto log = read_events(
      "[Event \"a\" ]\r\n[Site \"x\" y\"]\n[Round \"1\r2\"]\n[Date \"\tb\t\"]\n[ White  \"w\"\t]\nh2e2 *\n");
  CHECK(log.only("tag") == Strings{"Event=a", "Site=x\" y", "Round=12", "Date=\tb\t", "White=w"});
  CHECK(log.only("issue").empty());
}

TEST_CASE("PGN: ICCS in both forms, Chinese and WXF, hints", "[pgn]") {
  SECTION("no Format tag: each token by its shape") {
    const auto log = read_events("1. H2-E2 h9g7 2. 马二进三 C8.5 *");
    CHECK(log.only("move") == Strings{"H2-E2 iccs", "h9g7 iccs", "马二进三 chinese", "C8.5 wxf"});
  }
  SECTION("Format ICCS: every move gets the ICCS hint") {
    const auto log = read_events("[Format \"ICCS\"]\n1. H2-E2 H9-G7 *");
    CHECK(log.only("move") == Strings{"H2-E2 iccs", "H9-G7 iccs"});
  }
}

TEST_CASE("PGN: move numbers in every style", "[pgn]") {
  const auto log = read_events(
      "1. h2e2 h9g7 2.h0g2 2... i9h9 3. …… b9c7 4、 b0c2 5．c6c5 6. .... a9b9 7.          g6g5 "
      "８． a0b0 9...i9i8 10.\n 10... c7d5 *");
  CHECK(log.only("move") == Strings{"h2e2 iccs", "h9g7 iccs", "h0g2 iccs", "i9h9 iccs", "b9c7 iccs",
                                    "b0c2 iccs", "c6c5 iccs", "a9b9 iccs", "g6g5 iccs", "a0b0 iccs",
                                    "i9i8 iccs", "c7d5 iccs"});
  CHECK(log.only("issue").empty());
}

TEST_CASE("PGN: glued moves and numbers go through the splitter", "[pgn]") {
  const auto log = read_events("1. 炮二平五马８进７ 2.马二进三车９平８3. 兵七进一 1. Ｃ２＝５Ｈ８＋７ *");
  CHECK(log.only("move") == Strings{"炮二平五 chinese", "马８进７ chinese", "马二进三 chinese", "车９平８ chinese",
                                    "兵七进一 chinese", "Ｃ２＝５ wxf", "Ｈ８＋７ wxf"});
}

TEST_CASE("PGN: comments, line comments, escape lines", "[pgn]") {
  const auto log = read_events(
      "{game comment\r\nline two} 1. h2e2 {after} ; to the end\n% escape line 1-0\n h9g7 {a}{b} *");
  CHECK(log.events == Strings{"begin 1", "comment game comment\nline two", "move h2e2 iccs", "comment after",
                              "comment  to the end", "move h9g7 iccs", "comment a", "comment b", "result *",
                              "end"});
}

TEST_CASE("PGN: nested variations and NAGs", "[pgn]") {
  const auto log = read_events("1. h2e2 $1 (1. h2g2?! (1. c3c4 !!) h9g7) 1... h9g7 $14 (1... b9c7) 2. h0g2! *");
  CHECK(log.events == Strings{"begin 1",  "move h2e2 iccs", "nag 1",  "(",          "move h2g2 iccs",
                              "nag 6",    "(",              "move c3c4 iccs", "nag 3", ")",
                              "move h9g7 iccs", ")",        "move h9g7 iccs", "nag 14", "(",
                              "move b9c7 iccs", ")",        "move h0g2 iccs", "nag 1",  "result *",
                              "end"});
}

TEST_CASE("PGN: many games, text after the result, games without tags", "[pgn]") {
  const auto log = read_events(
      "[Event \"one\"]\n1. h2e2 h9g7 1-0 {resigns}\n=====\n欢迎访问《象棋百科全书网》 1. zzz\n"
      "[Event \"two\"]\n1. b2e2 0-1\n\n1. c3c4 1/2-1/2\n\nh2e2 h9g7 *\n");
  CHECK(log.events == Strings{"begin 1", "tag Event=one", "move h2e2 iccs", "move h9g7 iccs", "result 1-0",
                              "comment resigns", "issue ignored-text", "end", "begin 2", "tag Event=two",
                              "move b2e2 iccs", "result 0-1", "end", "begin 3", "move c3c4 iccs",
                              "result 1/2-1/2", "issue ignored-text", "end"});
}

TEST_CASE("PGN: a movetext-only file is one game, a new tag section ends a game without result", "[pgn]") {
  const auto log = read_events("h2e2 h9g7\n[Event \"x\"]\nb2e2");
  CHECK(log.events == Strings{"begin 1", "move h2e2 iccs", "move h9g7 iccs", "issue no-termination", "end",
                              "begin 2", "tag Event=x", "move b2e2 iccs", "end truncated"});
}

TEST_CASE("PGN: truncated when the movetext reaches the end of the file", "[pgn]") {
  CHECK(read_events("[Result \"1-0\"]\n1. h2e2 h9g7").events.back() == "end truncated");
  CHECK(read_events("[Result \"1-0\"]\n1. h2e2 h9g7 1-0").events.back() == "end");
  CHECK(read_events("[Event \"only tags\"]\n").events.back() == "end truncated");
  CHECK(read_events("1. h2e2 (1. h2g2").events.back() == "end truncated");
  CHECK(read_events("1. h2e2 {comment never clos").events.back() == "end truncated");
}

TEST_CASE("PGN: locations in lines, characters and bytes", "[pgn]") {
  const std::string text = "[Event \"测试\"]\n\n1. 炮二平五 马８进７\r\n2. h0g2";
  const auto log = read_events(text, true);
  REQUIRE(log.move_locations.size() == 3);
  CHECK(log.move_locations[0].line == 3);
  CHECK(log.move_locations[0].column == 4);
  CHECK(log.move_locations[0].offset == text.find("炮二平五"));
  CHECK(log.move_locations[1].column == 9);
  CHECK(log.move_locations[1].offset == text.find("马８进７"));
  CHECK(log.move_locations[2].line == 4);
  CHECK(log.move_locations[2].column == 4);
  CHECK(log.move_locations[2].offset == text.find("h0g2"));
}

TEST_CASE("PGN: GBK, Big5 and UTF-16 input, offsets point into the original bytes", "[pgn][encoding]") {
  const std::string utf8 =
      "[Game \"Chinese Chess\"]\n[Event \"全国象棋个人赛\"]\n[Red \"胡荣华\"]\n\n"
      "1. 炮二平五 马８进７ 2. 马二进三 车９平８ {红方先手}\n3. 车一平二 马２进３ 1-0\n";
  for (std::string_view enc : {"GB18030", "UTF-16LE", "UTF-16BE", "UTF-16LE+BOM"}) {
    INFO(enc);
    const bool bom = enc == std::string_view("UTF-16LE+BOM");
    if (bom) enc = "UTF-16LE";
    std::string bytes;
    REQUIRE(from_utf8(utf8, enc, bytes));
    if (bom) bytes.insert(0, "\xFF\xFE");
    FileReport report;
    const auto log = read_events(bytes, true, &report);
    CHECK(report.encoding == enc);
    CHECK(log.move_texts.size() == 6);
    CHECK(log.only("issue").empty());
    // Each move's offset points at its own bytes in the original encoding.
    for (std::size_t i = 0; i < log.move_texts.size(); ++i) {
      std::string expect;
      REQUIRE(from_utf8(log.move_texts[i], report.encoding, expect));
      CHECK(bytes.substr(log.move_locations[i].offset, expect.size()) == expect);
    }
  }
}

TEST_CASE("PGN: traditional Big5 text is detected and decoded", "[pgn][encoding]") {
  const std::string utf8 =
      "[Game \"Chinese Chess\"]\n[Event \"全國象棋個人賽\"]\n[Red \"胡榮華\"]\n\n"
      "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n3. 車一平二 馬２進３ 1-0\n";
  std::string big5;
  REQUIRE(from_utf8(utf8, "Big5", big5));
  FileReport report;
  const auto log = read_events(big5, true, &report);
  CHECK(report.encoding == "Big5");
  CHECK(log.move_texts == Strings{"炮二平五", "馬８進７", "馬二進三", "車９平８", "車一平二", "馬２進３"});
  CHECK(log.move_locations[1].offset == big5.find("\xB0\xA8"));  // 馬
  // The override wins over detection.
  ReadOptions gb;
  gb.input_encoding = "GB18030";
  CHECK(read_events(big5, false, &report, gb).move_texts != log.move_texts);
  CHECK(report.encoding == "GB18030");
}

TEST_CASE("PGN: long GBK input decoded in chunks keeps locations right", "[pgn][encoding]") {
  std::string utf8;
  for (int g = 0; g < 5000; ++g) {
    utf8 += "[Event \"第" + std::to_string(g) + "局\"]\n\n{很长的注释 " + std::string(std::size_t(g % 50), 'x') +
            "}\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 1-0\n\n";
  }
  std::string gbk;
  REQUIRE(from_utf8(utf8, "GBK", gbk));
  REQUIRE(gbk.size() > 512 * 1024);  // several decoder chunks
  FileReport report;
  const auto log = read_events(gbk, true, &report);
  CHECK(report.games == 5000);
  CHECK(report.encoding == "GB18030");
  REQUIRE(log.move_texts.size() == 30000);
  std::size_t bad = 0, counted_to = 0;
  std::uint32_t line = 1;
  for (std::size_t i = 0; i < log.move_texts.size(); ++i) {
    std::string expect;
    REQUIRE(from_utf8(log.move_texts[i], "GBK", expect));
    const auto& w = log.move_locations[i];
    bad += gbk.compare(w.offset, expect.size(), expect) != 0;
    // Line: count line feeds before the offset.
    while (counted_to < w.offset) line += gbk[counted_to++] == '\n';
    bad += line != w.line;
  }
  CHECK(bad == 0);
}

TEST_CASE("PGN: a tag line longer than the decoded look-ahead is read whole", "[pgn][encoding]") {
  // 300 kB of Chinese text in one tag (the look-ahead is 64 kB), at every
  // kind of alignment to the decoder's chunks: the value is kept whole, in
  // GBK and UTF-16 as in UTF-8, and the moves after it still read.
  for (std::size_t pad : {0, 1, 70000, 200001}) {
    std::string value;
    while (value.size() < 300000) value += "胡荣华\"让\"先";
    const std::string escaped = [&] {
      std::string e;
      for (char c : value) (c == '"' ? e += "\\\"" : e += c);
      return e;
    }();
    const std::string utf8 = "{" + std::string(pad, 'x') + "}\n[Event \"" + escaped + "\"]\n[Red \"杨官璘\"]\n" +
                             "1. 炮二平五 马８进７ 1-0\n";
    for (std::string_view enc : {"UTF-8", "GB18030", "UTF-16LE"}) {
      INFO(enc << ", pad " << pad);
      std::string bytes;
      REQUIRE(from_utf8(utf8, enc, bytes));
      FileReport report;
      const auto log = read_events(bytes, false, &report);
      CHECK(report.encoding == enc);
      CHECK(log.only("tag") == Strings{"Event=" + value, "Red=杨官璘"});
      CHECK(log.move_texts == Strings{"炮二平五", "马８进７"});
      CHECK(log.only("issue").empty());
    }
  }
}

TEST_CASE("PGN: a tag line longer than 1 MiB in decoded input is cut with an error, the game goes on",
          "[pgn][encoding]") {
  const std::string utf8 = "[Event \"" + std::string(1500000, 'e') + "\"]\n[Red \"杨官璘\"]\n1. 炮二平五 马８进７ 1-0\n";
  std::string bytes;
  REQUIRE(from_utf8(utf8, "UTF-16LE", bytes));
  FileReport report;
  const auto log = read_events(bytes, false, &report);
  CHECK(log.only("issue") == Strings{"token-too-long"});
  CHECK(log.only("tag").size() == 2);
  CHECK(log.only("tag").back() == "Red=杨官璘");
  CHECK(log.move_texts == Strings{"炮二平五", "马８进７"});
}

TEST_CASE("PGN: bad bytes, unterminated constructs and stray characters are issues, reading goes on",
          "[pgn][robust]") {
  SECTION("invalid UTF-8 in a UTF-8 file") {
    std::string text =
        "[Event \"全国象棋个人赛\"]\n1. 炮二平五 马８进７ 2. h0\xFF\xFEg2 {红方先手} 1-0\n[Event \"y\"]\n1. h2e2 *";
    FileReport report;
    const auto log = read_events(text, true, &report);
    CHECK(report.encoding == "UTF-8");
    const auto issues = log.only("issue");
    REQUIRE(issues.size() == 1);
    CHECK(issues[0] == "bad-encoding");
    CHECK(log.issues[0].where.offset == text.find('\xFF'));
    CHECK(log.issues[0].text == "\\xFF\\xFE");
    CHECK(log.only("move").size() == 4);
    CHECK(report.games == 2);
  }
  SECTION("unterminated comment stops at the next tag section") {
    const auto log = read_events("[Event \"a\"]\n1. h2e2 {never closed\n[Event \"b\"]\n1. b2e2 1-0");
    CHECK(log.events == Strings{"begin 1", "tag Event=a", "move h2e2 iccs", "issue unterminated-comment",
                                "comment never closed", "issue no-termination", "end", "begin 2", "tag Event=b",
                                "move b2e2 iccs", "result 1-0", "end"});
  }
  SECTION("unterminated tag and variation, stray characters") {
    const auto log = read_events("[Event \"a\n[Site \"b\"]\n1. h2e2 ) } ] (1. h2g2 (1. c3c4 1-0\n[Event \"c\"] *");
    CHECK(log.events == Strings{"begin 1", "issue unterminated-tag", "tag Event=a", "tag Site=b",
                                "move h2e2 iccs", "issue stray-character", "issue stray-character",
                                "issue stray-character", "(", "move h2g2 iccs", "(", "move c3c4 iccs",
                                "issue unterminated-variation", ")", ")", "result 1-0", "end", "begin 2",
                                "tag Event=c", "result *", "end"});
  }
  SECTION("binary junk") {
    std::string junk;
    for (int i = 0; i < 5000; ++i) junk += char((i * 7919) % 256);
    FileReport report;
    const auto log = read_events(junk, false, &report);
    CHECK(log.events.size() > 0);  // it read something and came back
  }
}

TEST_CASE("PGN: UTF-8 BOM and a BOM in the middle of the file", "[pgn][encoding]") {
  FileReport report;
  const auto log = read_events("\xEF\xBB\xBF[Event \"a\"]\n1. h2e2 *\n\xEF\xBB\xBF[Event \"b\"]\n1. h2e2 *", true,
                               &report);
  CHECK(report.encoding == "UTF-8");
  CHECK(report.games == 2);
  REQUIRE(log.move_locations.size() == 2);
  CHECK(log.move_locations[0].offset == 18);
  CHECK(log.move_locations[0].line == 2);
  CHECK(log.move_locations[0].column == 4);
}

TEST_CASE("PGN: visitor control: skip a game, stop reading", "[pgn]") {
  struct Skipper : EventLog {
    Control begin_game(std::size_t index, SourceLocation where) override {
      EventLog::begin_game(index, where);
      return index == 1 ? Control::SkipGame : Control::Continue;
    }
    Control end_game(bool t) override {
      EventLog::end_game(t);
      return Control::Stop;
    }
  } v;
  const FileReport r = read_pgn("[Event \"a\"]\n1. h2e2 *\n[Event \"b\"]\n1. b2e2 *\n[Event \"c\"]\n1. c3c4 *", v);
  CHECK(v.events == Strings{"begin 1", "begin 2", "tag Event=b", "move b2e2 iccs", "result *", "end"});
  CHECK(r.games == 2);
}

TEST_CASE("PGN: game builder makes the tree", "[pgn][builder]") {
  const auto games = xqtest::read_built(
      "{start} 1. h2e2 {c1} (1. h2g2 {v} 1... h9g7 (1... b9c7)) ({only a comment}) 1... h9g7 $2 2. h0g2 *", read_pgn);
  REQUIRE(games.size() == 1);
  const GameRecord& g = games[0].record;
  CHECK(g.node(0).comment_after() == "start");
  const auto main = g.main_line();
  REQUIRE(main.size() == 3);
  CHECK(g.node(main[0]).text == "h2e2");
  CHECK(g.node(main[0]).comment_after() == "c1\nonly a comment");
  REQUIRE(g.node(0).children.size() == 2);
  const GameNode& var = g.node(g.node(0).children[1]);
  CHECK(var.text == "h2g2");
  CHECK(var.comment_after() == "v");
  REQUIRE(var.children.size() == 2);
  CHECK(g.node(var.children[1]).text == "b9c7");
  CHECK(g.node(main[1]).nags() == std::vector<int>{2});
  CHECK(g.result == "*");
  CHECK_FALSE(g.truncated);
}

TEST_CASE("PGN: game builder: a variation before the first move keeps the main line first", "[pgn][builder]") {
  const auto games = xqtest::read_built("( {alt} 1. h2g2 ) 1. h2e2 h9g7 *", read_pgn);
  REQUIRE(games.size() == 1);
  const GameRecord& g = games[0].record;
  REQUIRE(g.node(0).children.size() == 2);
  CHECK(g.node(g.node(0).children[0]).text == "h2e2");
  CHECK(g.node(g.node(0).children[1]).text == "h2g2");
  CHECK(g.node(g.node(0).children[1]).comment_before() == "alt");
}

TEST_CASE("PGN: a comment between a move number and its move is the comment before that move", "[pgn][builder]") {
  const auto games = xqtest::read_built(
      "{game} 1. {b1} h2e2 {a1} 1... {b2} h9g7 2. h0g2 {a3} (2. {vb} b0c2 3. {vb2} b2b9) 2... i9h9 3. {left} *",
      read_pgn);
  REQUIRE(games.size() == 1);
  const GameRecord& g = games[0].record;
  CHECK(g.node(0).comment_after() == "game");
  const auto main = g.main_line();
  REQUIRE(main.size() == 4);
  CHECK(g.node(main[0]).comment_before() == "b1");
  CHECK(g.node(main[0]).comment_after() == "a1");
  CHECK(g.node(main[1]).comment_before() == "b2");
  CHECK(g.node(main[1]).comment_after() == "");
  CHECK(g.node(main[2]).comment_before() == "");
  CHECK(g.node(main[2]).comment_after() == "a3");
  REQUIRE(g.node(main[1]).children.size() == 2);
  const GameNode& var = g.node(g.node(main[1]).children[1]);
  CHECK(var.text == "b0c2");
  CHECK(var.comment_before() == "vb");
  REQUIRE(var.children.size() == 1);
  CHECK(g.node(var.children[0]).comment_before() == "vb2");
  // A comment after a number that no move follows stays after the last move.
  CHECK(g.node(main[3]).comment_after() == "left");
  // Before the number, a comment is still the comment after the move before.
  const auto old_style = xqtest::read_built("1. h2e2 {c} 1... h9g7 {d} 2. h0g2 *", read_pgn);
  REQUIRE(old_style.size() == 1);
  const auto m = old_style[0].record.main_line();
  REQUIRE(m.size() == 3);
  CHECK(old_style[0].record.node(m[0]).comment_after() == "c");
  CHECK(old_style[0].record.node(m[1]).comment_after() == "d");
  CHECK(old_style[0].record.node(m[2]).comment_before() == "");
}

TEST_CASE("PGN: a game built in the nodes of a richer previous game carries nothing of it", "[pgn]") {
  // The builder fills the previous game's nodes again: every field must
  // come back to its default (comments, NAGs, variations, notation,
  // locations), and a shorter game must not keep the longer one's nodes.
  const std::string rich =
      "[Event \"rich\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n"
      "{before} 1. {first} h2e2! {after} (1. b2e2 {alt} $2 (1. c3c4 ?? {deep})) h9g7 $14 2. h0g2 {x} "
      "(2. g3g4 i9h9 3. i0h0) i9h9 3. i0h0 b9c7 1-0\n\n";
  const std::string plain = "[Event \"plain\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 *\n\n";
  const std::string tiny = "[Event \"tiny\"]\n\n1. C2.5 *\n";
  const auto alone = [](const std::string& text) {
    auto games = xqtest::read_built(text, read_pgn);
    REQUIRE(games.size() == 1);
    return games[0].record;
  };
  const auto same = [](const GameRecord& a, const GameRecord& b) {
    if (a.nodes.size() != b.nodes.size() || a.tags != b.tags || a.start_fen != b.start_fen || a.result != b.result)
      return false;
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
      const GameNode &x = a.nodes[i], &y = b.nodes[i];
      if (x.text != y.text || x.notation != y.notation || a.where(NodeId(i)).offset != b.where(NodeId(i)).offset ||
          x.move != y.move || x.comment_before() != y.comment_before() || x.comment_after() != y.comment_after() ||
          x.nags() != y.nags() || x.parent != y.parent || x.children.size() != y.children.size() ||
          !std::equal(x.children.begin(), x.children.end(), y.children.begin()))
        return false;
    }
    return true;
  };
  // Copied out, not moved: the builder keeps its nodes for the next game.
  std::vector<BuiltGame> games;
  GameBuilder builder([&](BuiltGame& g) {
    games.push_back(g);
    return Control::Continue;
  });
  // rich + tiny + plain: the last plain fills the nodes of the second rich kept past
  // tiny's size (its notes and variations at nodes 2 to 5).
  (void)read_pgn(rich + plain + tiny + rich + tiny + plain, builder);
  REQUIRE(games.size() == 6);
  // Locations differ by where each game starts in the file: compare the
  // games read alone with their offsets shifted.
  auto shifted = [](GameRecord r, std::uint64_t by) {
    for (std::size_t i = 0; i < r.nodes.size(); ++i)
      if (SourceLocation w = r.where(NodeId(i)); w.offset || w.line) w.offset += by, r.locations.set(i, w);
    return r;
  };
  CHECK(same(games[0].record, alone(rich)));
  CHECK(same(games[1].record, shifted(alone(plain), rich.size())));
  CHECK(same(games[2].record, shifted(alone(tiny), rich.size() + plain.size())));
  CHECK(same(games[3].record, shifted(alone(rich), rich.size() + plain.size() + tiny.size())));
  CHECK(same(games[5].record, shifted(alone(plain), 2 * (rich.size() + tiny.size()) + plain.size())));
  CHECK(games[2].record.nodes.size() == 2);
}

TEST_CASE("PGN: the builder keeps no chunk of nodes past the game's after a longer one", "[pgn]") {
  // 5,000 plies (two chunks of nodes), then 3: the builder's own record
  // keeps the first chunk's nodes made for the next game, not the second.
  std::string text = "[Event \"long\"]\n\n";
  const char* const moves[] = {"h2e2", "h9g7", "e2h2", "g7h9"};
  for (int i = 0; i < 5000; ++i) text += std::string(moves[i % 4]) + (i % 10 == 9 ? "\n" : " ");
  text += "*\n\n[Event \"short\"]\n\n1. h2e2 h9g7 2. e2h2 *\n";
  std::vector<std::size_t> sizes, made;
  GameBuilder builder([&](BuiltGame& g) {
    sizes.push_back(g.record.nodes.size());
    made.push_back(g.record.nodes.made());
    return Control::Continue;
  });
  (void)read_pgn(text, builder);
  REQUIRE(sizes == std::vector<std::size_t>{5001, 4});
  CHECK(made[0] == 5001);
  CHECK(made[1] == NodeStore::kChunkSize);  // the first chunk's, filled by the long game
}

TEST_CASE("PGN: file-level issues past the first thousand are counted in one issue", "[pgn]") {
  std::string text;
  for (int i = 0; i < 1500; ++i) text += "}\n";  // a stray character outside any game, 1500 times
  GameBuilder builder([](BuiltGame&) { return Control::Continue; });
  const FileReport report = read_pgn(text, builder);
  std::size_t stray = 0;
  const Issue* more = nullptr;
  for (const auto& i : report.issues) {
    stray += i.code == Code::StrayCharacter;
    if (i.code == Code::TooManyIssues) more = &i;
  }
  CHECK(stray == 1000);
  REQUIRE(more);
  CHECK(more->severity == Severity::Warning);
  CHECK(more->message.rfind("500 more file-level issues", 0) == 0);
  CHECK(more->where.line == 1001);  // where the first one not kept stands
}
