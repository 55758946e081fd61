// The verdict page: one section with the board before the cycle, a row per
// move with its class, the verdict and the articles; a page that loads
// nothing from outside and prints on A4.
#include <catch2/catch.hpp>

#include <pugixml.hpp>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/verdict.h"
#include "xqrec/report/html_page.h"
#include "xqrec/report/verdict_html.h"

using namespace xq;

namespace {

// The verdict of a line, and in `before` the position before its cycle.
rules::Verdict judge(const char* fen, const char* moves, Position& before, const rules::AdjudicateOptions& opt = {}) {
  const Position start(parse_fen(fen).value());
  std::vector<Move> line;
  std::string text(moves);
  for (std::size_t at = 0; at < text.size();) {
    const auto end = std::min(text.find(' ', at), text.size());
    line.push_back(parse_iccs(text.substr(at, end - at)).value());
    at = end + 1;
  }
  const auto r = rules::adjudicate_line(start, line, opt);
  REQUIRE(r);
  REQUIRE(*r);
  before = start;
  for (int ply = 1; ply < (**r).first_ply; ++ply) {
    Undo u;
    before.make(line[std::size_t(ply - 1)], u);
  }
  return **r;
}

}  // namespace

TEST_CASE("verdict html: a perpetual check, move by move", "[report]") {
  Position before;
  const rules::Verdict v = judge("4k4/9/5R3/9/9/9/9/9/9/3K5 w - - 0 1", "f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9", before);
  const std::string section = report::verdict_section(before, v);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(section.c_str()));
  const auto s = doc.child("section");
  CHECK(std::string(s.attribute("class").value()) == "verdict");
  CHECK(std::string(s.attribute("data-outcome").value()) == "red-loses");
  const auto rows = doc.select_nodes("//tr[@data-ply]");
  REQUIRE(rows.size() == v.moves.size());
  CHECK(std::string(rows[0].node().attribute("data-ply").value()) == std::to_string(v.first_ply));
  CHECK(std::string(rows[0].node().attribute("data-class").value()) == "check");
  // Red's first move of the cycle in Chinese notation, ICCS in its title.
  const auto first = rows[0].node().select_node("td[@title]").node();
  CHECK(std::string(first.attribute("title").value()) == to_iccs(v.moves[0].move));
  CHECK(std::string(first.text().get()).find("车") != std::string::npos);
  // The board before the cycle, the cycle's moves as arrows.
  CHECK(doc.select_nodes("//*[@data-piece]").size() == 3);
  CHECK(doc.select_nodes("//*[contains(@class,'arrow')]").size() == v.moves.size());
  CHECK(section.find(v.explanation.substr(0, 20)) != std::string::npos);
  for (const auto& a : v.articles) CHECK(section.find(a) != std::string::npos);
}

TEST_CASE("verdict html: each 杀 shows the line that proves it", "[report]") {
  // tests/data/rules/checks.txt [24.2-8-checks-长杀]: 车i9i8 threatens an
  // 8-check mate, 车i8i9 a 2-check mate.
  rules::AdjudicateOptions opt;
  opt.threats.mate_depth = 9;
  Position before;
  rules::Verdict v = judge("8R/9/4k4/N8/9/9/9/5K3/9/9 w", "i9i8 e7d7 i8i9 d7e7 i9i8 e7d7 i8i9 d7e7 i9i8", before, opt);
  pugi::xml_document plain;
  REQUIRE(plain.load_string(report::verdict_section(before, v).c_str()));
  CHECK(plain.select_nodes("//span[@class='proof']").empty());  // none asked for

  rules::add_proof_lines(v, before, opt.threats);
  REQUIRE(v.proofs.size() == 2);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(report::verdict_section(before, v).c_str()));
  const auto first = doc.select_node("//tr[@data-ply='5']//span[@class='proof']").node();
  REQUIRE(first);
  CHECK(std::string(first.attribute("data-kind").value()) == "mate");
  CHECK(std::string(first.attribute("title").value()) ==
        "i8i7 e7e8 a6c7 e8d8 c7e6 d8e8 e6g7 e8d8 g7f9 d8d9 f9e7 d9d8 e7c6 d8d9 i7i9");
  const std::string text = first.text().get();
  CHECK(text.find("24.2") != std::string::npos);
  CHECK(text.rfind(" 杀") == text.size() - std::string(" 杀").size());
  CHECK(doc.select_node("//tr[@data-ply='7']//span[@class='proof']").node());
  CHECK(!doc.select_node("//tr[@data-ply='6']//span[@class='proof']").node());
}

TEST_CASE("verdict html: the page is self-contained and prints on A4", "[report]") {
  const std::string page = report::html_page("t <&>", "<p>x</p>");
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.find("<meta charset=\"utf-8\"/>") != std::string::npos);
  CHECK(page.find("<title>t &lt;&amp;&gt;</title>") != std::string::npos);
  CHECK(page.find("@page{size:A4") != std::string::npos);
  CHECK(page.find("Noto") != std::string::npos);
  CHECK(page.find("http") == std::string::npos);
  CHECK(page.find("<script") == std::string::npos);
  pugi::xml_document doc;
  CHECK(doc.load_string(page.substr(page.find('\n') + 1).c_str()));
}

// tests/data/rules/checks.txt [24.2-budget-undecided]: within 10 positions
// per mate question Red's 车i9i8 may be 杀, so Black's proven 长杀 does not
// decide the verdict (rules::Verdict::undecided).
TEST_CASE("verdict html: an undecided draw and its unknown move", "[report]") {
  rules::AdjudicateOptions opt;
  opt.threats.mate_depth = 9;
  opt.threats.check_depth = 4;
  opt.threats.mate_nodes = 10;
  const char* fen = "8R/9/4k4/N8/9/3c5/r8/5K3/9/9 w";
  const char* moves = "i9i8 d4d7 i8i9 d7d4 i9i8 d4d7 i8i9 d7d4 i9i8";
  Position before;
  const rules::Verdict v = judge(fen, moves, before, opt);
  REQUIRE(v.undecided);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(report::verdict_section(before, v).c_str()));
  const auto s = doc.child("section");
  CHECK(std::string(s.attribute("data-outcome").value()) == "draw");
  CHECK(std::string(s.attribute("data-undecided").value()) == "true");
  const std::string outcome = doc.select_node("//p[@class='outcome']").node().text().get();
  CHECK(outcome.rfind("draw (undecided): ", 0) == 0);
  // The unknown move says so in its row; the others do not.
  CHECK(doc.select_node("//tr[@data-ply='5']//span[@class='unknown']").node());
  CHECK(doc.select_nodes("//span[@class='unknown']").size() == 1);
  // Decided (the default budget): no attribute, no mark.
  opt.threats.mate_nodes = rules::ThreatOptions{}.mate_nodes;
  const rules::Verdict decided = judge(fen, moves, before, opt);
  pugi::xml_document doc2;
  REQUIRE(doc2.load_string(report::verdict_section(before, decided).c_str()));
  CHECK(doc2.child("section").attribute("data-undecided").empty());
  CHECK(doc2.select_nodes("//span[@class='unknown']").empty());
}
