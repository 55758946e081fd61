// CBF reader and writer.
#include "text_formats_support.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbf.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::test;

namespace {

Collected read(std::string_view text, FileReport* report = nullptr) {
  return {xqtest::read_built(text, read_cbf, report)};
}

}  // namespace

TEST_CASE("cbf: head, FEN side to move, comments with spaces and CDATA ends", "[cbf]") {
  const std::string text =
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n"
      "  <Name>Title here</Name>\n  <URL />\n  <Contest>Cup</Contest>\n  <Commentator>Someone</Commentator>\n"
      "  <RecordResult>2</RecordResult>\n  <Extra>kept</Extra>\n"
      "  <FEN>4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1</FEN>\n </Head>\n <MoveList>\n"
      "  <Move value=\"00-00\"><![CDATA[\xE3\x80\x80 game]]></Move>\n"
      "  <Move value=\"40-50\"><![CDATA[  two ]]]]><![CDATA[> parts]]></Move>\n"
      "  <Move value=\"48-47\" end=\"1\" />\n </MoveList>\n</ChineseChessRecord>\n";
  FileReport rep;
  Collected c = read(text, &rep);
  REQUIRE(rep.games == 1);
  REQUIRE(c.games.size() == 1);
  const GameRecord& r = c.games[0].record;
  CHECK(*r.tag("Title") == "Title here");
  CHECK(*r.tag("Event") == "Cup");
  CHECK(*r.tag("Annotator") == "Someone");
  CHECK(*r.tag("CBF_Extra") == "kept");
  CHECK(r.tag("URL") == nullptr);
  CHECK(r.result == "0-1");
  REQUIRE(r.start_fen);
  CHECK(parse_fen(*r.start_fen)->side_to_move == Color::Black);
  CHECK(r.node(r.root()).comment_after() == "\xE3\x80\x80 game");
  const auto line = r.main_line();
  REQUIRE(line.size() == 2);
  CHECK(r.node(line[0]).text == "e9f9");
  CHECK(r.node(line[0]).comment_after() == "  two ]]> parts");
  CHECK(replay_main_line(r).error == MoveError::None);
  CHECK(text.substr(r.where(line[1]).offset, 5) == "48-47");
  CHECK(c.games[0].issues.empty());
}

TEST_CASE("cbf: unknown attributes, moves after the end and bad values are reported", "[cbf]") {
  const std::string text =
      "<ChineseChessRecord Version=\"1.0\"><Head><FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1</FEN></Head>"
      "<MoveList><Move value=\"00-00\" /><Move value=\"10-22\" odd=\"1\" />"
      "<Move value=\"77-47\" end=\"1\" /><Move value=\"19-27\" /></MoveList></ChineseChessRecord>";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const BuiltGame& g = c.games[0];
  CHECK(xqtest::has_issue(g, Code::UnknownAttribute));
  CHECK(xqtest::has_issue(g, Code::Unsupported));
  CHECK(xqtest::has_issue(g, Code::SideToMove));
  REQUIRE(g.record.start_setup);
  CHECK(g.record.start_setup->side_to_move == Color::Black);  // the first move is Black's
  CHECK(g.record.main_line().size() == 2);

  Collected bad = read("<ChineseChessRecord><MoveList><Move value=\"0-00\" /></MoveList></ChineseChessRecord>");
  REQUIRE(bad.games.size() == 1);
  CHECK(xqtest::has_issue(bad.games[0], Code::BadMove));
  FileReport rep;
  Collected none = read("<xml>not a record</xml>", &rep);
  CHECK(none.games.empty());
  REQUIRE(rep.issues.size() == 1);
  CHECK(rep.issues[0].code == Code::BadRoot);
}

TEST_CASE("cbf: unknown elements in and around the move list are reported, not read as moves", "[cbf]") {
  // How CBF stores variations is not known (docs/cbf.md). Whatever a file
  // holds besides the flat <Move> list (an element among the moves, inside a
  // <Move>, after the end of the main line, or beside <MoveList>) is reported
  // where it is, and none of the moves inside it enter the tree.
  const std::string text =
      "\xEF\xBB\xBF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n"
      "  <FEN>rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1</FEN>\n </Head>\n <MoveList>\n"
      "  <Move value=\"00-00\" />\n"
      "  <Move value=\"77-47\" />\n"
      "  <Variation><Move value=\"17-47\" /></Variation>\n"
      "  <Move value=\"70-62\"><Branch value=\"72-42\" /></Move>\n"
      "  <Move value=\"79-67\" end=\"1\" />\n"
      "  <Line><Move value=\"19-27\" /></Line>\n"
      " </MoveList>\n"
      " <Variations><Move value=\"10-22\" /></Variations>\n"
      "</ChineseChessRecord>\n";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const BuiltGame& g = c.games[0];
  const GameRecord& r = g.record;
  const auto line = r.main_line();
  REQUIRE(line.size() == 3);
  CHECK(r.node(line[0]).text == "h2e2");
  CHECK(r.node(line[1]).text == "h9g7");
  CHECK(r.node(line[2]).text == "h0g2");
  CHECK(r.nodes.size() == 4);  // root and the three main-line moves: nothing else was read
  CHECK(replay_main_line(r).error == MoveError::None);

  std::vector<std::string> where;
  for (const auto& i : g.issues) {
    CHECK(i.code == Code::UnknownElement);
    CHECK(i.severity == Severity::Warning);
    const std::size_t at = std::size_t(i.where.offset);
    const std::size_t end = text.find_first_of(" />", at + 1);
    where.push_back(text.substr(at, end - at) + ":" + i.text);
  }
  std::sort(where.begin(), where.end());
  CHECK(where == std::vector<std::string>{"<Branch:Branch", "<Line:Line", "<Variation:Variation", "<Variations:Variations"});
}

TEST_CASE("cbf: the writer writes like 象棋桥 and names its losses", "[cbf]") {
  std::mt19937 rng(99);
  GameRecord g = random_game(rng, 30, 3);
  g.tags = {{"Title", "名"}, {"Red", "R"}, {"WhiteElo", "1"}};
  g.node(g.main_line()[2]).edit_notes().nags = {3};
  const CbfWriteResult w = write_cbf(g);
  CHECK(w.bytes.substr(0, 3) == "\xEF\xBB\xBF");
  CHECK(w.bytes.find("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n <Head>\n  <Name>") !=
        std::string::npos);
  CHECK(w.bytes.find("  <URL />\n") != std::string::npos);
  CHECK(w.bytes.find("<Move value=\"00-00\">") != std::string::npos);
  std::vector<Code> codes;
  for (const auto& l : w.losses) codes.push_back(l.code);
  CHECK(std::count(codes.begin(), codes.end(), Code::TagDropped) == 1);
  CHECK(std::count(codes.begin(), codes.end(), Code::NagDropped) == 1);
  CHECK(std::count(codes.begin(), codes.end(), Code::VariationsDropped) == (count_variations(g) ? 1 : 0));
  Collected back = read(w.bytes);
  REQUIRE(back.games.size() == 1);
  CHECK(compare_trees(g, back.games[0].record, {false, true}) == "");
  CHECK(back.games[0].issues.empty());
}

TEST_CASE("cbf: corpus files read like the manifest says and survive write and read", "[cbf][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto files = corpus_files("cbf");
  REQUIRE(!files.empty());
  const auto manifest = read_manifest();
  for (const auto& path : files) {
    const std::string rel = std::filesystem::relative(path, shared_corpus()).generic_string();
    INFO(rel);
    Collected c = read(read_file(path));
    const auto it = manifest.find(rel);
    REQUIRE(it != manifest.end());
    REQUIRE(c.games.size() == std::size_t(it->second.games));
    const GameRecord& r = c.games[0].record;
    const Replay rp = replay_main_line(r);
    CHECK(rp.error == MoveError::None);
    CHECK(rp.legal == it->second.plies);
    CHECK(c.games[0].issues.empty());
    CHECK(!r.node(r.root()).comment_after().empty());
    const CbfWriteResult w = write_cbf(r);
    CHECK(w.losses.empty());
    Collected back = read(w.bytes);
    REQUIRE(back.games.size() == 1);
    CHECK(compare_trees(r, back.games[0].record) == "");
    CHECK(back.games[0].record.tags == r.tags);
    CHECK(back.games[0].record.result == r.result);
  }
}

TEST_CASE("cbf: generated games survive write and read (main line)", "[cbf]") {
  std::mt19937 rng(5);
  for (int i = 0; i < 100; ++i) {
    GameRecord g = random_game(rng, 5 + i, 2);
    g.tags = {{"Event", "E & <b>"}, {"Result", g.result}};
    const CbfWriteResult w = write_cbf(g);
    Collected back = read(w.bytes);
    REQUIRE(back.games.size() == 1);
    CHECK(compare_trees(g, back.games[0].record, {false, true}) == "");
    CHECK(back.games[0].record.result == g.result);
  }
}

TEST_CASE("cbf: truncated and corrupted input never crashes", "[cbf]") {
  std::mt19937 rng(11);
  const std::string text = write_cbf(random_game(rng, 30, 0)).bytes;
  std::size_t reported = 0, cuts = 0;
  // Cut before the closing root tag: every such cut must be reported.
  const std::size_t limit = text.rfind("</ChineseChessRecord>");
  for (std::size_t n = 0; n < limit; n += 7) {
    FileReport rep;
    Collected c = read(text.substr(0, n), &rep);
    ++cuts;
    if (!rep.issues.empty() || (!c.games.empty() && (c.games[0].record.truncated || !c.games[0].issues.empty())))
      ++reported;
  }
  CHECK(reported == cuts);
  for (int i = 0; i < 300; ++i) {
    std::string bad = text;
    for (int k = 0; k < 4; ++k) bad[rng() % bad.size()] = char(rng() % 256);
    Collected c = read(bad);
    (void)c;
  }
}

TEST_CASE("cbf: 60000 moves written value =\"...\" read in linear time, located at their digits", "[cbf]") {
  // value_location looked for "value=" from each element to the end of the
  // file when a space stood before '=': quadratic (50000 such took 14 s).
  constexpr int kMoves = 60000;
  static constexpr const char* kSpellings[] = {"value =\"", "value\t=\t'", "value = \"", "value  =  \""};
  std::string text =
      "<ChineseChessRecord Version=\"1.0\">\n <MoveList>\n  <Move value=\"00-00\" />\n";
  std::vector<std::size_t> digits;
  for (int k = 0; k < kMoves; ++k) {
    const char* spelled = kSpellings[k % 4];
    text += "  <Move ";
    text += spelled;
    digits.push_back(text.size());
    text += k % 2 == 0 ? "77-47" : "47-77";
    text += spelled[std::string_view(spelled).size() - 1];
    text += " />\n";
  }
  text += " </MoveList>\n</ChineseChessRecord>\n";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const BuiltGame& g = c.games[0];
  CHECK(g.issues.empty());
  const auto line = g.record.main_line();
  REQUIRE(line.size() == std::size_t(kMoves));
  std::size_t misplaced = 0;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const SourceLocation w = g.record.where(line[k]);
    misplaced += w.offset != digits[k] || w.line != k + 4 || text.substr(w.offset, 5) != (k % 2 == 0 ? "77-47" : "47-77");
  }
  CHECK(misplaced == 0);
  CHECK(g.record.where(line[1]).column == std::string_view("  <Move value\t=\t'").size() + 1);
}

TEST_CASE("cbf: an attribute that merely ends in \"value\" is not the move's value", "[cbf]") {
  const std::string text =
      "<ChineseChessRecord Version=\"1.0\"><MoveList><Move value=\"00-00\" />"
      "<Move xvalue=\"10-22\" value=\"77-47\" /><Move a=\"value=1\" value='19-27' />"
      "<Move xvalue=\"70-62\" /></MoveList></ChineseChessRecord>";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const BuiltGame& g = c.games[0];
  const auto line = g.record.main_line();
  REQUIRE(line.size() == 2);
  CHECK(g.record.node(line[0]).text == "h2e2");
  CHECK(g.record.where(line[0]).offset == text.find("77-47"));
  CHECK(g.record.where(line[1]).offset == text.find("19-27"));
  // No value at all: the bad move is placed at its element, not in xvalue.
  const Issue* bad = nullptr;
  for (const auto& i : g.issues)
    if (i.code == Code::BadMove) bad = &i;
  REQUIRE(bad != nullptr);
  CHECK(bad->where.offset == text.find("<Move xvalue=\"70-62\""));
  CHECK(xqtest::has_issue(g, Code::UnknownAttribute));  // xvalue and a, as before
}
