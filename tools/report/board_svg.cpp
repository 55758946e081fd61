#include "xqrec/report/board_svg.h"

#include <cstdio>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"

namespace xq::report {

namespace {

constexpr int kCell = 40, kMargin = 30;
constexpr int kWidth = kMargin * 2 + kCell * (kFiles - 1), kHeight = kMargin * 2 + kCell * (kRanks - 1);

// Where a point of the board is drawn: file a on the left, rank 0 (Red's
// back rank) at the bottom.
int x_of(int file) { return kMargin + file * kCell; }
int y_of(int rank) { return kMargin + (kRanks - 1 - rank) * kCell; }

std::string num(int v) { return std::to_string(v); }

void line(std::string& out, int x1, int y1, int x2, int y2, const char* cls = nullptr) {
  out += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\"";
  if (cls) out += std::string(" class=\"") + cls + "\"";
  out += "/>";
}

const char* glyph(Piece p) {
  const bool red = p.color() == Color::Red;
  switch (p.type()) {
    case PieceType::King: return red ? "帥" : "將";
    case PieceType::Advisor: return red ? "仕" : "士";
    case PieceType::Elephant: return red ? "相" : "象";
    case PieceType::Horse: return red ? "傌" : "馬";
    case PieceType::Rook: return red ? "俥" : "車";
    case PieceType::Cannon: return red ? "炮" : "砲";
    case PieceType::Pawn: return red ? "兵" : "卒";
    default: return "";
  }
}


constexpr const char* kStyle =
    ".board .grid line{stroke:#333;stroke-width:1.2}"
    ".board .grid .edge{stroke-width:2.4}"
    ".board .river{font:18px 'Noto Serif CJK SC','Noto Sans CJK SC','Noto Serif CJK TC',serif;fill:#555}"
    ".board .piece circle{stroke-width:1.6}"
    ".board .piece.red circle{fill:#fff;stroke:#b00}"
    ".board .piece.red circle.inner{fill:none;stroke:#b00;stroke-width:1}"
    ".board .piece.black circle{fill:#222;stroke:#000}"
    ".board .piece text{font:18px 'Noto Serif CJK SC','Noto Sans CJK SC','Noto Serif CJK TC',serif;"
    "text-anchor:middle;dominant-baseline:central}"
    ".board .piece.red text{fill:#b00}"
    ".board .piece.black text{fill:#fff}"
    ".board .last{fill:#fd4;fill-opacity:.55;stroke:#a80;stroke-dasharray:3 2}"
    ".board .target{fill:none;stroke:#06c;stroke-width:3}"
    ".board .arrow{stroke-width:5;stroke-linecap:round;opacity:.8}"
    ".board .arrow.move{stroke:#06c}"
    ".board .arrow.illegal{stroke:#d00}"
    ".board .arrow.candidate{stroke:#080;stroke-dasharray:8 6}";

// The arrow heads, one marker a kind of arrow.
std::string marker_defs() {
  std::string out = "<defs>";
  for (const char* kind : {"move", "illegal", "candidate"})
    out += std::string("<marker id=\"head-") + kind +
           "\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\">"
           "<path d=\"M0,0L10,5L0,10z\" class=\"head " + kind + "\" fill=\"" +
           (std::string(kind) == "illegal" ? "#d00" : std::string(kind) == "candidate" ? "#080" : "#06c") + "\"/></marker>";
  return out + "</defs>";
}

}  // namespace

std::string_view board_css() { return kStyle; }

std::string board_shared_defs() {
  // Hidden by size, not by display:none, under which browsers may not draw
  // the markers the visible boards refer to.
  return "<svg class=\"shared-defs\" width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">" +
         marker_defs() + "</svg>";
}

std::string board_svg(const Setup& setup, const BoardMarks& marks) {
  std::string out;
  out.reserve(12000);
  out += "<svg class=\"board\" data-fen=\"" + to_fen(setup) + "\" viewBox=\"0 0 " + num(kWidth) + " " + num(kHeight) +
         "\" width=\"" + num(kWidth) + "\" height=\"" + num(kHeight) + "\" role=\"img\"";
  if (marks.standalone) out += " xmlns=\"http://www.w3.org/2000/svg\"";
  out += " aria-label=\"" + to_fen(setup) + "\">";
  if (marks.standalone) out += std::string("<style>") + kStyle + "</style>";
  if (marks.standalone) out += marker_defs();
  // The grid: ranks across; files broken at the river but on the edges; the
  // palaces' diagonals.
  out += "<g class=\"grid\">";
  for (int r = 0; r < kRanks; ++r) line(out, x_of(0), y_of(r), x_of(kFiles - 1), y_of(r), r == 0 || r == kRanks - 1 ? "edge" : nullptr);
  for (int f = 0; f < kFiles; ++f) {
    const bool edge = f == 0 || f == kFiles - 1;
    if (edge) {
      line(out, x_of(f), y_of(0), x_of(f), y_of(kRanks - 1), "edge");
    } else {
      line(out, x_of(f), y_of(0), x_of(f), y_of(4));
      line(out, x_of(f), y_of(5), x_of(f), y_of(kRanks - 1));
    }
  }
  for (int base : {0, 7}) {
    line(out, x_of(3), y_of(base), x_of(5), y_of(base + 2), "palace");
    line(out, x_of(5), y_of(base), x_of(3), y_of(base + 2), "palace");
  }
  out += "</g>";
  out += "<text class=\"river\" x=\"" + num(x_of(2)) + "\" y=\"" + num((y_of(4) + y_of(5)) / 2 + 6) +
         "\" text-anchor=\"middle\">楚 河</text>";
  out += "<text class=\"river\" x=\"" + num(x_of(6)) + "\" y=\"" + num((y_of(4) + y_of(5)) / 2 + 6) +
         "\" text-anchor=\"middle\">汉 界</text>";
  // The last move under the pieces.
  if (!marks.last_move.is_none())
    for (Square s : {marks.last_move.from(), marks.last_move.to()})
      out += "<rect class=\"last\" data-square=\"" + s.name() + "\" x=\"" + num(x_of(s.file()) - 19) + "\" y=\"" +
             num(y_of(s.rank()) - 19) + "\" width=\"38\" height=\"38\" rx=\"4\"/>";
  for (int i = 0; i < kSquares; ++i) {
    const Square s(i);
    const Piece p = setup.at(s);
    if (!p) continue;
    const bool red = p.color() == Color::Red;
    out += std::string("<g class=\"piece ") + (red ? "red" : "black") + "\" data-square=\"" + s.name() +
           "\" data-piece=\"" + std::string(1, p.fen_char()) + "\" transform=\"translate(" + num(x_of(s.file())) + "," +
           num(y_of(s.rank())) + ")\"><circle r=\"17\"/>";
    if (red) out += "<circle class=\"inner\" r=\"14\"/>";
    out += std::string("<text>") + glyph(p) + "</text></g>";
  }
  for (Square s : marks.targets)
    out += "<circle class=\"target\" data-square=\"" + s.name() + "\" cx=\"" + num(x_of(s.file())) + "\" cy=\"" +
           num(y_of(s.rank())) + "\" r=\"20\"/>";
  for (const BoardArrow& a : marks.arrows) {
    if (a.move.is_none()) continue;
    const char* kind = a.kind == ArrowKind::Illegal ? "illegal" : a.kind == ArrowKind::Candidate ? "candidate" : "move";
    const int x1 = x_of(a.move.from().file()), y1 = y_of(a.move.from().rank());
    const int x2 = x_of(a.move.to().file()), y2 = y_of(a.move.to().rank());
    out += std::string("<line class=\"arrow ") + kind + "\" data-move=\"" + to_iccs(a.move) + "\" x1=\"" + num(x1) +
           "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) + "\" marker-end=\"url(#head-" + kind +
           ")\"/>";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace xq::report
