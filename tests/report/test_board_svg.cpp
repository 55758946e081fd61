// The board diagram: every piece once, on its square, with its letter and
// nothing else carrying data-piece; the arrows and marks the report asks
// for; nothing loaded from outside; valid XML.
#include <catch2/catch.hpp>

#include <pugixml.hpp>

#include <map>
#include <string>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/report/board_svg.h"

using namespace xq;
using namespace xq::report;

namespace {

pugi::xml_document parse(const std::string& svg) {
  pugi::xml_document doc;
  const auto r = doc.load_string(svg.c_str());
  INFO(r.description());
  REQUIRE(r);
  return doc;
}

// square -> data-piece of every element that carries data-piece
std::map<std::string, std::string> pieces(const pugi::xml_document& doc) {
  std::map<std::string, std::string> out;
  for (const auto& n : doc.select_nodes("//*[@data-piece]")) {
    const auto e = n.node();
    CHECK(std::string(e.attribute("class").value()).rfind("piece", 0) == 0);
    CHECK(out.emplace(e.attribute("data-square").value(), e.attribute("data-piece").value()).second);
  }
  return out;
}

const char* kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

}  // namespace

TEST_CASE("board svg: the start position, every piece on its ICCS square", "[report]") {
  const Setup s = parse_fen(kStart).value();
  const auto doc = parse(board_svg(s));
  const auto svg = doc.child("svg");
  CHECK(std::string(svg.attribute("class").value()) == "board");
  CHECK(std::string(svg.attribute("data-fen").value()) == kStart);
  const auto p = pieces(doc);
  REQUIRE(p.size() == 32);
  CHECK(p.at("e0") == "K");
  CHECK(p.at("e9") == "k");
  CHECK(p.at("b2") == "C");
  CHECK(p.at("h7") == "c");
  CHECK(p.at("a3") == "P");
  CHECK(p.at("i6") == "p");
  CHECK(p.at("a0") == "R");
  CHECK(p.count("e1") == 0);
  // The river and both palaces' diagonals are drawn.
  CHECK(doc.select_nodes("//*[@class='river']").size() == 2);
  CHECK(doc.select_nodes("//*[@class='palace']").size() == 4);
}

TEST_CASE("board svg: the pieces of any position, the two sides told apart without colour", "[report]") {
  const Setup s = parse_fen("2bak4/4a4/4b4/p3C4/2p6/9/P3p4/4B4/4A4/2BAK4 w - - 0 1").value();
  const auto doc = parse(board_svg(s));
  const auto p = pieces(doc);
  int n = 0;
  for (int i = 0; i < kSquares; ++i)
    if (s.at(Square(i))) ++n;
  CHECK(p.size() == std::size_t(n));
  CHECK(p.at("e6") == "C");
  CHECK(p.at("e3") == "p");
  // Red's pieces have a second ring; the glyphs differ by side.
  const auto red_king = doc.select_node("//*[@data-square='e0']").node();
  const auto black_king = doc.select_node("//*[@data-square='e9']").node();
  CHECK(red_king.select_nodes("circle").size() == 2);
  CHECK(black_king.select_nodes("circle").size() == 1);
  CHECK(std::string(red_king.child("text").text().get()) == "帥");
  CHECK(std::string(black_king.child("text").text().get()) == "將");
}

TEST_CASE("board svg: arrows, the last move and the chased piece", "[report]") {
  const Setup s = parse_fen(kStart).value();
  BoardMarks m;
  m.arrows = {{parse_iccs("h2e2").value(), ArrowKind::Illegal},
              {parse_iccs("b2e2").value(), ArrowKind::Candidate},
              {parse_iccs("h0g2").value(), ArrowKind::Candidate}};
  m.last_move = parse_iccs("h9g7").value();
  m.targets = {Square(4, 6)};
  const auto doc = parse(board_svg(s, m));
  const auto arrows = doc.select_nodes("//*[contains(@class,'arrow')]");
  REQUIRE(arrows.size() == 3);
  CHECK(std::string(arrows[0].node().attribute("class").value()) == "arrow illegal");
  CHECK(std::string(arrows[0].node().attribute("data-move").value()) == "h2e2");
  CHECK(std::string(arrows[1].node().attribute("class").value()) == "arrow candidate");
  CHECK(doc.select_nodes("//*[@class='last']").size() == 2);
  CHECK(std::string(doc.select_node("//*[@class='target']").node().attribute("data-square").value()) == "e6");
  // Still exactly the 32 pieces carry data-piece.
  CHECK(pieces(doc).size() == 32);
}

TEST_CASE("board svg: nothing is loaded from outside", "[report]") {
  const std::string svg = board_svg(parse_fen(kStart).value());
  CHECK(svg.find("href=\"http") == std::string::npos);
  CHECK(svg.find("src=") == std::string::npos);
  CHECK(svg.find("@import") == std::string::npos);
  CHECK(svg.find("url(http") == std::string::npos);
  // Inline in a page: no namespace and no style of its own.
  BoardMarks inline_marks;
  inline_marks.standalone = false;
  const std::string in_page = board_svg(parse_fen(kStart).value(), inline_marks);
  CHECK(in_page.find("xmlns") == std::string::npos);
  CHECK(in_page.find("<style>") == std::string::npos);
}
