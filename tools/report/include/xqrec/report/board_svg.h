// A board diagram as inline SVG, for the arbiter's report and `xqrec fen
// --svg`: the lines, the river and the palaces drawn; each piece an element
// with data-square (its ICCS square, e0) and data-piece (its FEN letter) —
// nothing else carries data-piece —; moves as arrows (a played or flagged
// move solid, an illegal one red, candidates dashed), the last move played
// highlighted, and chased pieces ringed. Red is at the bottom. Legible in
// black and white: Red's pieces are white with a double ring, Black's dark
// with a light glyph, and the two sides' glyphs differ (帥 將, 俥 車 ...).
// No resource outside the SVG; CJK glyphs from the system's fonts named in
// the style.
#pragma once

#include <string>
#include <vector>

#include "xqrec/core/setup.h"
#include "xqrec/core/types.h"

namespace xq::report {

enum class ArrowKind : std::uint8_t { Move, Illegal, Candidate };

struct BoardArrow {
  Move move;
  ArrowKind kind = ArrowKind::Move;
};

struct BoardMarks {
  std::vector<BoardArrow> arrows;
  Move last_move = Move::none();   // highlighted on its two squares
  std::vector<Square> targets;     // chased pieces, ringed
  bool standalone = true;          // an SVG file of its own (the XML namespace, the style and arrow heads inside)
};

std::string board_svg(const Setup& setup, const BoardMarks& marks = {});

// For a page that holds boards inline (standalone false): the boards' style,
// and the arrow heads they share, a hidden SVG for once in the page's body
// (an id may be defined once a page).
std::string_view board_css();
std::string board_shared_defs();

}  // namespace xq::report
