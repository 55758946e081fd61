// The print scale: a section estimated taller than an A4 page is scaled
// down in print, by more the taller it is, never below half size; the
// browser test (tests/browser/real_report.sh) checks the estimate against
// what Chromium prints from real records.
#include <catch2/catch.hpp>

#include "xqrec/report/print_scale.h"

using namespace xq;

TEST_CASE("print scale: widths of text", "[report]") {
  CHECK(report::text_em("") == 0);
  CHECK(report::text_em("炮二平五") == Approx(4));
  CHECK(report::text_em("ab") == Approx(1.1));
  CHECK(report::markup_em("<p class=\"x\">炮<b>二</b></p>") == Approx(2));
  // A paragraph of 100 CJK characters in an 84 mm column at 10 pt: 3.5 mm a character, 24 a line.
  const std::string long_text = "<p>" + [] { std::string s; for (int i = 0; i < 100; ++i) s += "炮"; return s; }() + "</p>";
  CHECK(report::text_lines(long_text, 84) == Approx(5.25));
  CHECK(report::text_lines(long_text + "<p>a</p>", 84) == Approx(6.5));
}

TEST_CASE("print scale: table rows wrap in their columns", "[report]") {
  CHECK(report::verdict_row_lines(5, {}) == 1);
  CHECK(report::verdict_row_lines(5, {14}) == 2);
  CHECK(report::verdict_row_lines(60, {}) > 2);
  CHECK(report::other_row_lines(10, 10, 10) == 1);
  CHECK(report::other_row_lines(10, 10, 200) > 3);
}

TEST_CASE("print scale: the taller the section, the smaller it prints", "[report]") {
  report::PrintMeasure m;
  m.heading_em = 40;
  m.plies = 80;
  const double short_game = report::printed_height_mm(m);
  CHECK(report::print_scale_class(short_game).empty());
  // A long game with a long judged span and many findings.
  m.plies = 300;
  m.verdicts = 1;
  m.verdict_rows = 40;
  for (int i = 0; i < 40; ++i) m.verdict_lines += report::verdict_row_lines(20, std::vector<double>(i % 5 == 0, 14.0));
  m.boards = {6, 6, 8};
  const double long_game = report::printed_height_mm(m);
  CHECK(long_game > 267);  // more than an A4 page's height inside its margins
  const std::string fit = report::print_scale_class(long_game);
  REQUIRE_FALSE(fit.empty());
  CHECK(report::print_scale_css().find("[data-print=" + fit + "]") != std::string_view::npos);
  // Monotone, and half size at the least.
  int previous = 100;
  for (double mm : {100.0, 260.0, 300.0, 340.0, 400.0, 480.0, 600.0, 2000.0}) {
    const std::string c = report::print_scale_class(mm);
    const int percent = c.empty() ? 100 : std::stoi(c.substr(3));
    CHECK(percent <= previous);
    CHECK(percent >= 50);
    previous = percent;
  }
  CHECK(report::print_scale_class(2000) == "fit50");
}
