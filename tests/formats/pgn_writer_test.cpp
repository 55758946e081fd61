// PGN writer: tags, FEN, notations, encodings, loss notes, and write ->
// read round trips on generated games with deep variations.
#include <catch2/catch.hpp>

#include "pgn_test_util.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/pgn_writer.h"

using namespace xq;
using namespace xq::formats;

namespace {

Setup setup_of(const GameRecord& g) {
  if (g.start_setup) return *g.start_setup;
  if (g.start_fen) {
    auto parsed = parse_fen(*g.start_fen);
    if (parsed) return parsed.value();
  }
  return Setup::start();
}

std::vector<Tag> tags_without(const GameRecord& g, std::initializer_list<std::string_view> names) {
  std::vector<Tag> out;
  for (const auto& t : g.tags) {
    bool skip = false;
    for (auto n : names) skip |= t.name == n;
    if (!skip) out.push_back(t);
  }
  return out;
}

// Adds the move `iccs` (plain, "h2e2") after `parent`.
NodeId add_move(GameRecord& g, NodeId parent, std::string_view iccs) {
  GameNode n;
  n.move = *parse_iccs(iccs);
  n.text = std::string(iccs);
  return g.add_child(parent, std::move(n));
}

GameRecord two_move_game() {
  GameRecord g;
  add_move(g, add_move(g, g.root(), "h2e2"), "h9g7");
  g.result = "1-0";
  return g;
}

}  // namespace

TEST_CASE("PGN writer: standard start, Chinese notation, UTF-8", "[pgn][writer]") {
  GameRecord g = two_move_game();
  g.tags = {{"Event", "测试"}, {"Result", "1-0"}};
  const auto out = write_pgn(g);
  CHECK(out.ok);
  CHECK(out.losses.empty());
  CHECK(out.bytes ==
        "[Game \"Chinese Chess\"]\n[Event \"测试\"]\n[Result \"1-0\"]\n\n1. 炮二平五 马８进７ 1-0\n");
}

TEST_CASE("PGN writer: FEN whenever the start is not the standard one, Black to move numbered 1...",
          "[pgn][writer]") {
  GameRecord g;
  g.start_fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1";
  const NodeId a = g.add_child(g.root(), GameNode{});
  g.node(a).move = Move(Square(4, 9), Square(3, 9));  // e9d9
  g.node(a).text = "e9d9";
  PgnWriteOptions o;
  o.notation = MoveNotation::Iccs;
  const auto out = write_pgn(g, o);
  CHECK(out.bytes ==
        "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1\"]\n\n1... E9-D9 *\n");
  // Red to move from the standard position: no FEN tag, even when the
  // record carries the FEN text.
  GameRecord s = two_move_game();
  s.start_fen = std::string(kStartFen);
  CHECK(write_pgn(s).bytes.find("[FEN") == std::string::npos);
  // Standard pieces but Black to move: FEN with side b.
  Setup black = Setup::start();
  black.side_to_move = Color::Black;
  GameRecord t;
  t.start_setup = black;
  CHECK(write_pgn(t).bytes.find("[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b") !=
        std::string::npos);
}

TEST_CASE("PGN writer: tag names made ASCII, the rest kept in the comment, each change noted", "[pgn][writer]") {
  GameRecord g = two_move_game();
  g.tags = {{"红方", "胡荣华"}, {"Time Control", "90+30"}, {"备注", "第一轮"}, {"Site", "a \"b\"\nc"}};
  const auto out = write_pgn(g);
  CHECK(out.bytes.find("[Red \"胡荣华\"]") != std::string::npos);
  CHECK(out.bytes.find("[TimeControl \"90+30\"]") != std::string::npos);
  CHECK(out.bytes.find("{备注: 第一轮}") != std::string::npos);
  CHECK(out.bytes.find("[Site \"a \\\"b\\\" c\"]") != std::string::npos);
  std::vector<Code> codes;
  for (const auto& l : out.losses) codes.push_back(l.code);
  CHECK(codes == std::vector<Code>{Code::TagRenamed, Code::TagRenamed, Code::TagInComment, Code::TagNewline});
  // Read back: the tags are ASCII and the comment holds the unmapped one.
  const auto back = xqtest::read_built(out.bytes, read_pgn);
  REQUIRE(back.size() == 1);
  CHECK(back[0].record.node(0).comment_after() == "备注: 第一轮");
}

TEST_CASE("PGN writer: GBK output, unencodable characters noted", "[pgn][writer][encoding]") {
  GameRecord g = two_move_game();
  g.tags = {{"Event", "象棋😀"}};
  PgnWriteOptions o;
  o.encoding = OutputEncoding::Gbk;
  o.newline = "\r\n";
  const auto out = write_pgn(g, o);
  REQUIRE(out.ok);
  std::string text;
  REQUIRE(to_utf8(out.bytes, "GBK", text));
  CHECK(text.find("1. 炮二平五 马８进７ 1-0\r\n") != std::string::npos);
  REQUIRE(out.losses.size() == 1);
  CHECK(out.losses[0].code == Code::UnencodableCharacters);
}

TEST_CASE("PGN writer: unresolved moves are written as their text and noted", "[pgn][writer]") {
  GameRecord g = two_move_game();
  g.node(1).move = Move::none();
  g.node(1).text = "炮二平五";
  const auto out = write_pgn(g);
  CHECK(out.bytes.find("1. 炮二平五 h9g7 1-0") != std::string::npos);
  REQUIRE(!out.losses.empty());
  CHECK(out.losses[0].code == Code::UnresolvedMove);
}

TEST_CASE("PGN writer: comments before main-line and variation moves stand after the move number",
          "[pgn][writer][roundtrip]") {
  // 1. h2e2 h9g7 2. h0g2, with 1. h2g2 h9g7 as a variation of the first move.
  GameRecord g = two_move_game();
  const NodeId third = add_move(g, 2, "h0g2");
  const NodeId alt = add_move(g, g.root(), "h2g2");
  const NodeId alt2 = add_move(g, alt, "h9g7");
  g.node(g.root()).edit_notes().comment_after = "game";
  g.node(1).edit_notes().comment_before = "before first";
  g.node(2).edit_notes().comment_before = "before black";
  g.node(third).edit_notes().comment_before = "before third";
  g.node(alt).edit_notes().comment_before = "before variation";
  g.node(alt2).edit_notes().comment_before = "inside variation";
  PgnWriteOptions o;
  o.notation = MoveNotation::Iccs;
  const auto out = write_pgn(g, o);
  CHECK(out.losses.empty());
  INFO(out.bytes);
  CHECK(out.bytes.find("{game}\n1. {before first} H2-E2 ( 1. {before variation} H2-G2 1... {inside variation} H9-G7) "
                       "1... {before black} H9-G7\n2. {before third} H0-G2 1-0") != std::string::npos);
  for (auto notation : {MoveNotation::Chinese, MoveNotation::Wxf, MoveNotation::Iccs}) {
    INFO(notation_name(notation));
    o.notation = notation;
    auto back = xqtest::read_built(write_pgn(g, o).bytes, read_pgn);
    REQUIRE(back.size() == 1);
    CHECK(back[0].issues.empty());
    GameRecord& h = back[0].record;
    CHECK(pgntest::resolve_tree(h) == 0);
    const std::string diff = pgntest::tree_difference(g, h);
    CHECK(diff == "");
    CHECK(h.node(h.main_line()[0]).comment_before() == "before first");
    CHECK(h.node(h.node(h.root()).children[1]).comment_before() == "before variation");
  }
}

TEST_CASE("PGN write -> read gives the same tree: generated games with deep variations", "[pgn][roundtrip]") {
  struct Case {
    MoveNotation notation;
    IccsStyle iccs;
    OutputEncoding encoding;
    const char* newline;
  };
  const Case cases[] = {
      {MoveNotation::Chinese, IccsStyle::UpperDash, OutputEncoding::Utf8, "\n"},
      {MoveNotation::Chinese, IccsStyle::UpperDash, OutputEncoding::Gbk, "\r\n"},
      {MoveNotation::Wxf, IccsStyle::UpperDash, OutputEncoding::Utf8, "\n"},
      {MoveNotation::Iccs, IccsStyle::UpperDash, OutputEncoding::Utf8, "\n"},
      {MoveNotation::Iccs, IccsStyle::Lower, OutputEncoding::Gbk, "\r\n"},
  };
  Setup black = Setup::start();
  black.side_to_move = Color::Black;
  black.fullmove_number = 7;
  std::size_t games = 0, nodes = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    pgntest::GenOptions go;
    go.max_depth = 2 + int(seed % 6);
    const GameRecord g = pgntest::random_game(seed, go, seed % 4 == 0 ? black : Setup::start());
    for (const Case& c : cases) {
      INFO("seed " << seed << " notation " << notation_name(c.notation) << " " << encoding_name(c.encoding));
      PgnWriteOptions o;
      o.notation = c.notation;
      o.iccs_style = c.iccs;
      o.encoding = c.encoding;
      o.newline = c.newline;
      const auto out = write_pgn(g, o);
      REQUIRE(out.ok);
      CHECK(out.losses.empty());
      FileReport report;
      auto back = xqtest::read_built(out.bytes, read_pgn, &report);
      REQUIRE(back.size() == 1);
      CHECK(back[0].issues.empty());
      GameRecord& h = back[0].record;
      CHECK(pgntest::resolve_tree(h) == 0);
      CHECK(pgntest::tree_difference(g, h) == "");
      CHECK(tags_without(h, {"Game", "Format"}) == g.tags);
      CHECK(setup_of(h) == setup_of(g));
      CHECK(h.result == g.result);
      CHECK_FALSE(h.truncated);
      ++games;
      nodes += h.nodes.size();
    }
  }
  CHECK(games == 200);
  CHECK(nodes > 20000);
}

TEST_CASE("PGN writer: variations nested 30,000 deep are written without recursion", "[pgn][writer]") {
  // Each level's black reply has an alternative, whose line holds the next
  // level: "1. h2e2 h9g7 (1... b9c7 2. e2h2 h9g7 (2... c7b9 3. h2e2 ...".
  // The writer once called itself per level and overflowed the stack
  // (fuzzing found it at about 5,000 levels under ASan).
  constexpr int kDepth = 30000;
  GameRecord deep;
  NodeId at = deep.root();
  for (int level = 0; level < kDepth; ++level) {
    const NodeId red = add_move(deep, at, level % 2 == 0 ? "h2e2" : "e2h2");
    add_move(deep, red, "h9g7");
    if (level + 1 < kDepth) at = add_move(deep, red, level % 2 == 0 ? "b9c7" : "c7b9");
  }
  deep.result = "*";
  PgnWriteOptions o;
  o.notation = MoveNotation::Iccs;
  const auto out = write_pgn(deep, o);
  REQUIRE(out.ok);
  CHECK(out.losses.empty());
  auto back = xqtest::read_built(out.bytes, read_pgn);
  REQUIRE(back.size() == 1);
  GameRecord& h = back[0].record;
  REQUIRE(h.nodes.size() == deep.nodes.size());
  CHECK(pgntest::resolve_tree(h) == 0);
  // Read back in the order written, node by node (tree_difference builds a
  // path per node, quadratic at this depth).
  std::size_t differ = 0;
  for (std::size_t i = 0; i < h.nodes.size(); ++i) {
    const GameNode &x = deep.nodes[i], &y = h.nodes[i];
    differ += x.move != y.move || x.parent != y.parent || x.children.size() != y.children.size() ||
              !std::equal(x.children.begin(), x.children.end(), y.children.begin());
  }
  CHECK(differ == 0);
}

TEST_CASE("PGN write -> read: two games concatenated read as two", "[pgn][roundtrip]") {
  LossNotes losses;
  const GameRecord a = pgntest::random_game(101), b = pgntest::random_game(102);
  const std::string text = write_pgn_text(a, {}, losses) + "\n" + write_pgn_text(b, {}, losses);
  auto back = xqtest::read_built(text, read_pgn);
  REQUIRE(back.size() == 2);
  pgntest::resolve_tree(back[0].record);
  pgntest::resolve_tree(back[1].record);
  CHECK(pgntest::tree_difference(a, back[0].record) == "");
  CHECK(pgntest::tree_difference(b, back[1].record) == "");
  CHECK(losses.empty());
}
