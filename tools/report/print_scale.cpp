#include "xqrec/report/print_scale.h"

#include <algorithm>
#include <cmath>

namespace xq::report {

namespace {

// A4 with the page's 15 mm margins: 180 × 267 mm; a little kept spare for
// what the estimate misses.
constexpr double kLineWidthMm = 180, kPageHeightMm = 255;
constexpr double kPtMm = 0.3528;

// Lines of text of `em` width at `pt` points, and their height.
double lines(double em, double pt) { return em <= 0 ? 0 : std::ceil(em * pt * kPtMm / kLineWidthMm); }
double height(double line_count, double pt) { return line_count * pt * 1.45 * kPtMm; }

}  // namespace

double text_em(std::string_view s) {
  double em = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) em += c == ' ' ? 0.3 : 0.55;
    else if (c >= 0xE0) em += 1.0;    // a three- or four-byte character: CJK in these records
    else if (c >= 0xC0) em += 0.6;    // two bytes: Latin, Greek ...
  }
  return em;
}

double other_row_lines(double finding_em, double where_em, double message_em) {
  // The table's width shared as a browser's automatic layout roughly does:
  // the finding's name a fifth, where it stands a third, the message the rest.
  const auto in = [](double em, double share) { return std::max(1.0, std::ceil(em * 8.5 * kPtMm / (kLineWidthMm * share))); };
  return std::max({in(finding_em, 0.2), in(where_em, 0.33), in(message_em, 0.47)});
}

double markup_em(std::string_view html) {
  double em = 0;
  std::size_t run = 0;
  bool in_tag = false;
  for (std::size_t i = 0; i <= html.size(); ++i) {
    const char c = i < html.size() ? html[i] : '<';
    if (c == '<' && !in_tag) em += text_em(html.substr(run, i - run)), in_tag = true;
    else if (c == '>' && in_tag) in_tag = false, run = i + 1;
  }
  return em;
}

double text_lines(std::string_view html, double column_mm) {
  double total = 0;
  // Paragraphs and list items start with <p or <li.
  std::size_t at = 0;
  while (at < html.size()) {
    std::size_t next = html.size();
    for (std::string_view open : {"<p", "<li"}) next = std::min(next, html.find(open, at + 1));
    const double em = markup_em(html.substr(at, next - at));
    if (em > 0) total += std::max(1.0, std::ceil(em * 10 * kPtMm / column_mm)) + 0.25;
    at = next;
  }
  return total;
}

double verdict_row_lines(double reason_em, const std::vector<double>& target_ems) {
  // The page's width less the board (55 mm) and the ply, move and class
  // columns leaves the reason about 65 mm.
  const auto in = [](double em) { return std::max(1.0, std::ceil(em * 8.5 * kPtMm / 65)); };
  double n = in(reason_em);
  for (double t : target_ems) n += in(t);
  return n;
}

double printed_height_mm(const PrintMeasure& m) {
  // The sizes of the print style (html_page.cpp): body 10 pt, heading
  // 11.5 pt, tags and tables 8.5 pt, the move list 9 pt.
  double mm = height(std::max(1.0, lines(m.heading_em, 11.5)), 11.5) + 2;
  mm += height(lines(m.tags_em, 8.5), 8.5);
  mm += height(std::max(1.0, lines(m.facts_em, 10)), 10);
  // A move takes about 5 em with its number and space (红 炮二平五 ...).
  mm += height(lines(m.plies * 5.2, 9), 9) + 2;
  // Boards 52 mm wide, two to a row (a half-page column each), each with
  // its caption and its text below: a row as tall as its taller one.
  for (std::size_t i = 0; i < m.boards.size(); i += 2) {
    const double text = std::max(m.boards[i], i + 1 < m.boards.size() ? m.boards[i + 1] : 0.0);
    mm += 58 + 6 + 3 + height(text, 10);
  }
  mm += height(m.plain_lines, 10);
  // A verdict: its heading, the board (55 mm) beside the moves table (a
  // row a line, a target a line more), the outcome, the summary table.
  if (m.verdicts) {
    const double table = height(m.verdict_lines + 1, 8.5) * 1.15 + m.verdict_rows * 0.8;
    mm += m.verdicts * (height(1, 10) + 4 + height(5, 8.5) * 1.15 + 4) + std::max(m.verdicts * 62.0, table) +
          height(lines(m.verdict_text_em, 10), 10);
  }
  // The other findings: a row each, the message wrapping in its column.
  if (m.other_rows) mm += height(m.other_lines + 1, 8.5) * 1.15 + m.other_rows * 0.8;
  return mm;
}

std::string print_scale_class(double height_mm) {
  // Zoom shrinks widths too, so text wraps later: the height falls faster
  // than the scale, and scaling by the ratio alone is on the safe side.
  for (int percent = 100; percent >= 50; percent -= 10)
    if (height_mm * percent / 100 <= kPageHeightMm) return percent == 100 ? "" : "fit" + std::to_string(percent);
  return "fit50";
}

std::string_view print_scale_css() {
  return "@media print{.game[data-print=fit90]{zoom:.9}.game[data-print=fit80]{zoom:.8}.game[data-print=fit70]{zoom:.7}"
         ".game[data-print=fit60]{zoom:.6}.game[data-print=fit50]{zoom:.5}}";
}

}  // namespace xq::report
