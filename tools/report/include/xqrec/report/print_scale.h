// How much a game's section must shrink to print on one A4 page. A page
// with no script cannot measure itself, so the report estimates, when it
// writes a section, how tall the section prints at full size (its header,
// tags, move list, boards, verdict tables, other findings), and gives it a
// scale (data-print) that the print style applies (CSS zoom: fonts and boards alike).
// The estimate errs on the tall side; the browser test on real records
// (tests/browser) checks that the sections it scales do fit. Below the
// smallest scale (half size, the least that stays legible) a section still
// runs onto a second page.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace xq::report {

// The widths and counts of a section's parts, as the section writes them.
struct PrintMeasure {
  double heading_em = 0;           // the heading's text width (em)
  double tags_em = 0;              // the tags' flowing list, widths summed (em)
  double facts_em = 0;             // the facts line
  int plies = 0;                   // moves in the move list
  std::vector<double> boards;      // findings with a board (not a verdict): the lines of each one's text (text_lines)
  double plain_lines = 0;          // findings without a board: their texts' lines across the page
  int verdict_rows = 0;            // rows of the verdicts' move tables
  double verdict_lines = 0;        // the lines those rows print on (verdict_row_lines, summed)
  int verdicts = 0;
  double verdict_text_em = 0;      // the verdicts' explanations, labels and the finding texts above them
  int other_rows = 0;              // the table of other findings
  double other_lines = 0;          // the lines its rows print on (other_row_lines, summed)
};

// The displayed width of UTF-8 text in em: CJK characters 1, others about half.
double text_em(std::string_view utf8);
// The same for the text of some markup, its tags left out.
double markup_em(std::string_view html);
// The lines a finding's text (markup of paragraphs and list items) prints
// on beside its board, in a column of `column_mm` at 10 pt; paragraph
// spacing counted as a quarter line each.
double text_lines(std::string_view html, double column_mm);

// The lines one row of the other findings' table prints on: its columns
// (finding, where, message) wrap each on its own.
double other_row_lines(double finding_em, double where_em, double message_em);

// The lines one row of a verdict's move table prints on: its reason and
// each target (a line of its own) wrap in the "why" column beside the board.
double verdict_row_lines(double reason_em, const std::vector<double>& target_ems);

// The estimated printed height at full size, in millimetres.
double printed_height_mm(const PrintMeasure& m);

// The print scale for that height ("" when the section fits at full size,
// else "fit90" ... "fit50", the section's data-print), and the style that
// scales by it.
std::string print_scale_class(double height_mm);
std::string_view print_scale_css();

}  // namespace xq::report
