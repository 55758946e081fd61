// Writing WXF notation. Reading: description.h (scan_wxf) and resolve.h.
//
// A WXF move is letter, origin file (1..9 from the mover's right), direction
// (+ forward, - backward, . sideways) and number (ranks moved for K R C P
// moving forward or back; otherwise the destination file). Two same pieces
// on a file: the file becomes + (front) or - (rear): C+-2.
//
// Conventions for three or more pawns (WxfStyle::convention):
// - Xqbase (default; ElephantEye, xqbase.com): letters K A B N R C P; three
//   pawns on one file P+ P. P-; four or five pawns, or several files each
//   holding two or more: Pa..Pe over all of them, by file from the mover's
//   right, then front to back.
// - Official (WXF "Official Xiangqi piece names and notation"): letters
//   K A E H R C P; three pawns P+ P<file> P-; four: ++ P+ P- --;
//   five: ++ P+ P<file> P- --; two files with doubled pawns: the file digit
//   leads, 3+.4 / 33.4 (middle) / 3-.4, with no letter.
#pragma once

#include <cstdint>
#include <string>

#include "xqrec/core/position.h"

namespace xq::notation {

enum class WxfConvention : std::uint8_t { Xqbase, Official };

struct WxfStyle {
  WxfConvention convention = WxfConvention::Xqbase;
  // Letters: Xqbase uses B N, Official E H; this overrides when set.
  enum class Letters : std::uint8_t { ByConvention, BN, EH } letters = Letters::ByConvention;
};

// The move in WXF notation, ASCII. `move` must be legal in `pos` (at least a
// piece of the side to move on its from-square); otherwise "".
std::string write_wxf(const Position& pos, Move move, const WxfStyle& style = {});

}  // namespace xq::notation
