#include "xqrec/report/verdict_html.h"

#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/report/board_svg.h"
#include "xqrec/report/html_page.h"

namespace xq::report {

namespace {

std::string zh_side(Color c) { return c == Color::Red ? "红" : "黑"; }

// A proof line in Chinese notation (ICCS in a title), from `after` (the
// position after the proved move) with the mover to move again.
std::string proof_text(const Position& after, const rules::ProofLine& p) {
  const std::string head = p.mate ? "line (杀 24.2)"
                                  : "line (将军得子 24.3, the " + std::string(piece_type_name(p.target.victim_piece.type())) +
                                        " on " + p.target.victim.name() + ")";
  std::string zh, iccs;
  Position pos = rules::with_side_to_move(after, p.side);
  for (std::size_t k = 0; k < p.moves.size(); ++k) {
    const Move m = p.moves[k];
    // Appended, not `(k ? " " : "") + ...`: GCC 12 warns falsely there (-Wrestrict, its bug 105329).
    if (k) zh += ' ', iccs += ' ';
    zh += notation::write_chinese(pos, m);
    iccs += to_iccs(m);
    Undo u;
    pos.make(m, u);
  }
  if (p.moves.empty()) zh = "not rebuilt within the search budget";
  else if (p.mate) zh += " 杀";
  return "<br/><span class=\"proof\" data-kind=\"" + std::string(p.mate ? "mate" : "gain") + "\" title=\"" + iccs +
         "\">" + html_escape(head + ": " + zh) + "</span>";
}

}  // namespace

std::string verdict_section(const Position& before, const rules::Verdict& v) {
  std::string out = "<section class=\"verdict\" data-rules=\"" + std::string(rules::rule_set_name(v.rules)) +
                    "\" data-outcome=\"" + std::string(rules::outcome_name(v.outcome)) + "\" data-first-ply=\"" +
                    std::to_string(v.first_ply) + "\" data-last-ply=\"" + std::to_string(v.last_ply) + "\"" +
                    (v.undecided ? " data-undecided=\"true\"" : "") + ">";
  out += "<h2>" + std::string(v.long_attack ? "23.4: plies " : "Repetition: plies ") + std::to_string(v.first_ply) +
         "–" + std::to_string(v.last_ply) + "</h2>";
  BoardMarks marks;
  marks.standalone = false;
  for (const auto& m : v.moves) {
    marks.arrows.push_back({m.move, ArrowKind::Move});
    for (const auto& t : m.targets) marks.targets.push_back(t.victim);
  }
  out += board_svg(before.setup(), marks);
  out += "<table class=\"moves\"><tr><th>ply</th><th>move</th><th>class</th><th>why</th></tr>";
  Position pos = before;
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const auto& m = v.moves[i];
    const std::string zh = notation::write_chinese(pos, m.move);
    out += "<tr data-ply=\"" + std::to_string(v.first_ply + int(i)) + "\" data-class=\"" +
           std::string(rules::class_code(m.cls)) + "\"><td>" + std::to_string(v.first_ply + int(i)) + "</td><td title=\"" +
           to_iccs(m.move) + "\">" + zh_side(m.side) + " " + html_escape(zh) + "</td><td class=\"cls\">" +
           std::string(rules::class_name_zh(m.cls)) + "</td><td>" + html_escape(m.reason);
    // What a larger search budget could still make of the move.
    if (m.unknown.any())
      out += "<br/><span class=\"unknown\">unknown: " +
             std::string(m.unknown.mate && m.unknown.chase ? "mate threat and gain by checks"
                         : m.unknown.mate                  ? "mate threat"
                                                           : "gain by checks") +
             " not proven within the budget</span>";
    for (const auto& t : m.targets)
      out += "<br/>target: " + std::string(color_name(t.victim_piece.color())) + " " +
             std::string(piece_type_name(t.victim_piece.type())) + " on " + t.victim.name() + " (" +
             std::string(rules::root_name_zh(t.root)) + ")";
    Undo u;
    pos.make(m.move, u);
    for (const auto& p : v.proofs)
      if (p.ply == v.first_ply + int(i)) out += proof_text(pos, p);
    out += "</td></tr>";
  }
  out += "</table>";
  const std::string outcome = std::string(rules::outcome_name(v.outcome)) + (v.undecided ? " (undecided)" : "");
  out += "<p class=\"outcome\">" + html_escape(outcome) + ": " +
         html_escape(v.explanation) + "</p>";
  out += "<table class=\"summary\"><tr><th>must change</th><td>" +
         (v.must_change ? zh_side(*v.must_change) + " (" + std::string(color_name(*v.must_change)) + ")" : std::string("—")) +
         "</td></tr><tr><th>红 red</th><td>" + html_escape(v.red.label) + "</td></tr><tr><th>黑 black</th><td>" +
         html_escape(v.black.label) + "</td></tr><tr><th>rules</th><td>" + std::string(rules::rule_set_name(v.rules)) +
         "</td></tr><tr><th>articles</th><td>";
  for (std::size_t i = 0; i < v.articles.size(); ++i) out += (i ? ", " : "") + html_escape(v.articles[i]);
  out += "</td></tr></table></section>";
  return out;
}

}  // namespace xq::report
