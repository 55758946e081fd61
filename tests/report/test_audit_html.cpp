// The audit's page: a section per flagged game with its tags, its moves in
// Chinese notation (ICCS in each title), the flagged plies marked, and a
// board before every flagged move; a repetition's verdict; a summary with
// links; nothing loaded from outside. Read back as XML (the markup is
// well-formed), as a browser's DOM would be.
#include <catch2/catch.hpp>

#include <pugixml.hpp>

#include "test_games.h"
#include "xqrec/audit/audit.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/position.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/report/audit_html.h"
#include "xqrec/report/html_page.h"

#include <set>

using namespace xq;

namespace {

audit::GameAudit audited(std::string_view pgn, bool keep = true, bool proof_lines = false) {
  const auto games = xqtest::read_built(pgn, formats::read_pgn);
  REQUIRE(games.size() == 1);
  audit::AuditOptions options;
  options.keep_main_line = keep;
  options.proof_lines = proof_lines;
  audit::GameAudit a = audit::audit_game(games[0].record, games[0].issues, options);
  a.file = "t.pgn";
  a.game = 1;
  return a;
}

std::string attr(const pugi::xml_node& n, const char* name) { return n.attribute(name).value(); }

constexpr const char* kIllegal =
    "[Event \"e\"]\n[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n1. h2e2 h7e7 2. e2e5 1-0\n";
// The start position comes back after plies 4 and 8: a threefold repetition.
constexpr const char* kRepetition = "[Result \"1/2-1/2\"]\n\n1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 1/2-1/2\n";

}  // namespace

TEST_CASE("audit html: an illegal move's board, arrow and marked ply", "[report]") {
  const audit::GameAudit a = audited(kIllegal);
  REQUIRE(a.has_errors());
  REQUIRE(report::flagged_game(a));
  pugi::xml_document doc;
  const std::string section = report::game_section(a, 7);
  REQUIRE(doc.load_string(section.c_str()));
  const auto s = doc.child("section");
  CHECK(attr(s, "class") == "game");
  CHECK(attr(s, "id") == "g7");
  CHECK(attr(s, "data-file") == "t.pgn");
  CHECK(attr(s, "data-game") == "1");
  // The tags as a table.
  CHECK(doc.select_nodes("//table[@class='tags']/tr").size() == a.tags.size());
  // The moves in Chinese, ICCS in the titles; the failing move as written, flagged.
  const auto plies = doc.select_nodes("//p[@class='movelist']/span[starts-with(@class,'ply')]");
  REQUIRE(plies.size() == 3);
  CHECK(attr(plies[0].node(), "title") == "h2e2");
  CHECK(std::string(plies[0].node().text().get()) == "炮二平五");
  CHECK(attr(plies[2].node(), "class") == "ply flagged failed");
  CHECK(std::string(plies[2].node().child("a").text().get()) == "e2e5");
  // The finding's board: the position before the flagged move, the move read
  // as an illegal one in red, the last move played highlighted.
  const auto finding = doc.select_node("//div[@data-code='illegal-move']").node();
  REQUIRE(finding);
  CHECK(attr(finding, "data-ply") == "3");
  CHECK(attr(plies[2].node().child("a"), "href") == "#" + attr(finding, "id"));
  const auto board = finding.select_node(".//*[@class='board']").node();
  REQUIRE(board);
  const auto it = std::find_if(a.findings.begin(), a.findings.end(), [](const auto& f) { return f.name() == "illegal-move"; });
  CHECK(attr(board, "data-fen") == it->fen);
  CHECK(board.select_nodes(".//*[@data-piece]").size() == 32);
  const auto arrow = board.select_node(".//*[@class='arrow illegal']").node();
  REQUIRE(arrow);
  CHECK(attr(arrow, "data-move") == "e2e5");
  const auto last = board.select_nodes(".//*[@class='last']");
  REQUIRE(last.size() == 2);
  CHECK(attr(last[0].node(), "data-square") == "h7");
  CHECK(attr(last[1].node(), "data-square") == "e7");
  // The message beside it.
  CHECK(std::string(finding.select_node(".//p[@class='message']").node().text().get()).find("replay of this line stops") !=
        std::string::npos);
}

TEST_CASE("audit html: a repetition shows its verdict, the cycle marked", "[report]") {
  const audit::GameAudit a = audited(kRepetition);
  REQUIRE(report::flagged_game(a));
  pugi::xml_document doc;
  const std::string section = report::game_section(a, 1);
  REQUIRE(doc.load_string(section.c_str()));
  const auto verdict = doc.select_node("//div[@data-code='repetition']/section[@class='verdict']").node();
  REQUIRE(verdict);
  CHECK(attr(verdict, "data-outcome") == "draw");
  // The board before the judged cycle, its moves as arrows, a row per move with its class.
  const auto rows = verdict.select_nodes(".//tr[@data-class]");
  CHECK(rows.size() == verdict.select_nodes(".//*[starts-with(@class,'arrow')]").size());
  CHECK(rows.size() >= 4);
  CHECK(doc.select_nodes("//span[contains(@class,'cycle')]").size() >= 4);
  CHECK(doc.select_nodes("//span[contains(@class,'flagged')]").size() == 1);
  // The verdict's board is the position before the judged plies: the main
  // line replayed to the ply before the first judged one.
  const auto rep = std::find_if(a.findings.begin(), a.findings.end(), [](const auto& f) { return f.verdict.has_value(); });
  REQUIRE(rep != a.findings.end());
  auto setup = parse_fen(a.start_fen);
  REQUIRE(setup);
  auto pos = Position::from_setup(setup.value());
  REQUIRE(pos);
  for (int i = 0; i < rep->verdict->first_ply - 1; ++i) {
    Undo u;
    pos.value().make(a.main_line[std::size_t(i)], u);
  }
  const std::string fen = to_fen(pos.value().setup());
  const auto board = verdict.select_node(".//*[@class='board']").node();
  REQUIRE(board);
  CHECK(attr(board, "data-fen") == fen);
}

TEST_CASE("audit html: a 杀 in a judged cycle shows its proof line when asked", "[report]") {
  // tests/data/rules/checks.txt [24.2-4-checks-长杀]: at the default depth
  // (3 checks) 车b1c1 threatens the 3-check mate b1b7+ f7f8 c5d7+ f8f7 d7c9+
  // ... (c1b1's needs four: 闲 here).
  constexpr const char* kMateThreat =
      "[FEN \"2b2ab2/9/5k3/9/2N6/9/9/R8/2RK5/9 w\"]\n[Result \"*\"]\n\n"
      "1. c1b1 f7f8 2. b1c1 f8f7 3. c1b1 f7f8 4. b1c1 f8f7 5. c1b1 *\n";
  for (const bool asked : {false, true}) {
    const audit::GameAudit a = audited(kMateThreat, true, asked);
    pugi::xml_document doc;
    REQUIRE(doc.load_string(report::game_section(a, 1).c_str()));
    const auto proofs = doc.select_nodes("//section[@class='verdict']//span[@class='proof']");
    if (!asked) {
      CHECK(proofs.empty());
      continue;
    }
    REQUIRE(proofs.size() >= 1);
    for (const auto& p : proofs) {
      CHECK(attr(p.node(), "data-kind") == "mate");
      CHECK(std::string(p.node().text().get()).find(" 杀") != std::string::npos);
      CHECK(attr(p.node().parent().parent(), "data-class") == "mate-threat");  // under a 杀 row
    }
  }
}

TEST_CASE("audit html: without the main line kept, a section still stands", "[report]") {
  const audit::GameAudit a = audited(kIllegal, false);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(report::game_section(a, 1).c_str()));
  CHECK(doc.select_nodes("//p[@class='movelist']").empty());
  CHECK(doc.select_node("//div[@data-code='illegal-move']//*[@class='board']"));
}

TEST_CASE("audit html: the page holds a summary and the flagged games only", "[report]") {
  report::AuditHtml page(false);
  REQUIRE(page.open("t.html").empty());
  audit::BatchSummary sum;
  audit::GameAudit clean = audited("[Result \"*\"]\n\n1. h2e2 h9g7 *\n");
  for (const audit::GameAudit& a : {audited(kIllegal), clean, audited(kRepetition)}) {
    page.add(a);
    ++sum.games;
    sum.plies += std::size_t(a.plies);
    for (const auto& f : a.findings) ++sum.findings_by_code[std::string(f.name())];
  }
  sum.files = 1;
  std::string html;
  REQUIRE(page.finish(sum, [&](std::string_view b) { return html.append(b), true; }).empty());
  CHECK(page.sections() == 2);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(html.c_str(), pugi::parse_default | pugi::parse_doctype));
  CHECK(doc.select_nodes("//section[@class='game']").size() == 2);
  // Findings by code, linked to the sections that have them.
  const auto row = doc.select_node("//section[@class='summary']//tr[@data-code='illegal-move']").node();
  REQUIRE(row);
  const auto link = row.select_node(".//a").node();
  CHECK(attr(link, "href") == "#g1");
  CHECK(doc.select_node("//section[@id='g1']"));
  // no-result is in the summary, but the clean game has no section to link to.
  CHECK(doc.select_node("//section[@class='summary']//tr[@data-code='no-result']"));
  // Self-contained: nothing from the network, no script.
  CHECK(html.find("http") == std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("@media print") != std::string::npos);
}

TEST_CASE("audit html: --html-all shows every game, a clean one with its last position", "[report]") {
  report::AuditHtml page(true);
  REQUIRE(page.open("t.html").empty());
  page.add(audited("[Result \"*\"]\n\n1. h2e2 h9g7 *\n"));
  std::string html;
  REQUIRE(page.finish({}, [&](std::string_view b) { return html.append(b), true; }).empty());
  pugi::xml_document doc;
  REQUIRE(doc.load_string(html.c_str(), pugi::parse_default | pugi::parse_doctype));
  const auto board = doc.select_node("//section[@class='game']//*[@class='board']").node();
  REQUIRE(board);
  CHECK(board.select_nodes(".//*[@class='last']").size() == 2);
}

TEST_CASE("html escape: markup, control bytes and invalid UTF-8 never reach the page", "[report]") {
  CHECK(report::html_escape("a<b&c\"d'e>") == "a&lt;b&amp;c&quot;d&#39;e&gt;");
  CHECK(report::html_escape("炮二平五\tx\ny") == "炮二平五\tx\ny");
  // What XML may not hold is shown as its bytes, as on the terminal.
  CHECK(report::html_escape("a\x1b" "c") == "a\\x1bc");
  CHECK(report::html_escape(std::string("n\0ul", 4)) == "n\\x00ul");
  CHECK(report::html_escape("bad\xfe\xff.pgn") == "bad\\xfe\\xff.pgn");
  CHECK(report::html_escape("\xe7\x82") == "\\xe7\\x82");          // cut UTF-8
  CHECK(report::html_escape("\xc2\x85") == "\\xc2\\x85");          // C1 control
  CHECK(report::html_escape("\xef\xbf\xbe") == "\\xef\\xbf\\xbe");  // U+FFFE
}

TEST_CASE("audit html: every id once on a page of many boards", "[report]") {
  report::AuditHtml page(true);
  REQUIRE(page.open("t.html").empty());
  for (const char* pgn : {kIllegal, kRepetition, kIllegal}) page.add(audited(pgn));
  std::string html;
  REQUIRE(page.finish({}, [&](std::string_view b) { return html.append(b), true; }).empty());
  pugi::xml_document doc;
  REQUIRE(doc.load_string(html.c_str(), pugi::parse_default | pugi::parse_doctype));
  CHECK(doc.select_nodes("//*[@class='board']").size() >= 3);
  std::set<std::string> ids;
  for (const auto& n : doc.select_nodes("//*[@id]")) CHECK(ids.insert(attr(n.node(), "id")).second);
  // Every arrow's head is defined on the page.
  for (const auto& n : doc.select_nodes("//*[@marker-end]")) {
    const std::string ref = attr(n.node(), "marker-end");  // url(#head-...)
    CHECK(ids.count(ref.substr(5, ref.size() - 6)) == 1);
  }
}

TEST_CASE("audit html: a failing move without text shows what it was read as", "[report]") {
  audit::GameAudit a = audited(kIllegal);
  // As a binary record (XQF, CBR) reports it: no text, the move it holds.
  for (auto& f : a.findings)
    if (f.name() == "illegal-move") f.text.clear();
  pugi::xml_document doc;
  REQUIRE(doc.load_string(report::game_section(a, 1).c_str()));
  const auto failed = doc.select_node("//span[@class='ply flagged failed']/a").node();
  REQUIRE(failed);
  CHECK(std::string(failed.text().get()).find("e2e5") != std::string::npos);
}

TEST_CASE("audit html: a variation's first ply shows the move before its branch", "[report]") {
  // Black's alternative to h9g7 cannot be played: its board shows h2e2 as the last move.
  const audit::GameAudit a = audited("[Result \"*\"]\n\n1. h2e2 h9g7 (1... e9e5) 2. h0g2 *\n");
  const auto it = std::find_if(a.findings.begin(), a.findings.end(), [](const auto& f) { return f.variation != "main"; });
  REQUIRE(it != a.findings.end());
  CHECK(it->previous_move == "h2e2");
  pugi::xml_document doc;
  REQUIRE(doc.load_string(report::game_section(a, 1).c_str()));
  const auto last = doc.select_nodes("//div[@data-variation!='main']//*[@class='last']");
  REQUIRE(last.size() == 2);
  CHECK(attr(last[0].node(), "data-square") == "h2");
  CHECK(attr(last[1].node(), "data-square") == "e2");
}

TEST_CASE("audit html: the file's own findings are the file's, not a game's", "[report]") {
  audit::GameAudit a;
  a.file = "f.pgn";
  a.game = 0;
  formats::Issue& f = a.findings.emplace_back();
  f.code = formats::Code::BadHeader;
  f.severity = formats::Severity::Error;
  f.message = "cannot read";
  pugi::xml_document doc;
  REQUIRE(doc.load_string(report::game_section(a, 1).c_str()));
  const auto head = doc.select_node("//div[@data-code='bad-header']//p[@class='head']").node();
  REQUIRE(head);
  CHECK(std::string(head.last_child().value()).find("the file") != std::string::npos);
  CHECK(std::string(doc.select_node("//h2").node().child_value()).find("the file") != std::string::npos);
  report::AuditHtml page(false);
  REQUIRE(page.open("t.html").empty());
  page.add(a);
  audit::BatchSummary sum;
  sum.findings_by_code["bad-header"] = 1;
  std::string html;
  REQUIRE(page.finish(sum, [&](std::string_view b) { return html.append(b), true; }).empty());
  CHECK(html.find("f.pgn (the file)") != std::string::npos);
  CHECK(html.find("f.pgn #0") == std::string::npos);
  CHECK(html.find("the game as a whole") == std::string::npos);
}
