// Value of pieces (子力价值) for deciding whether a capture wins material.
//
// The CXA texts (2011/2020 1.2, 24–26; 1999 25.3): a rook equals two minor
// pieces; horse = cannon; advisor = elephant (weak pieces); a pawn across the
// river "floats"; the king and uncrossed pawns are not material (子力).
// As numbers: rook 4, horse 2, cannon 2, advisor 1, elephant 1, crossed pawn 2,
// uncrossed pawn 0. A crossed pawn at 2 makes a pawn-for-rook trade a gain
// (2011 26.6, 2020 26.7: 送兵换车 is 捉) and pawn-for-minor or minor-for-pawn
// trades no gain (the pawn "floats"); a rook for two pawns is no gain.
// The king as a capturer is worth more than everything (it is never traded).
//
// The 1999 text (25.3) lets the pawn float without the 2011/2020 exception:
// "一兵换取数子或一子换取数兵均不算得子" — a pawn for a rook is no gain either
// (1999 图十二). There a capture line counts as a gain only if it gains with a
// crossed pawn worth kFloatingPawnLow and with it worth kFloatingPawnHigh
// (more than any pieces it could be traded for): so a piece simply winning a
// pawn is a gain, and no trade of pawns against pieces is (ThreatOptions::
// floating_pawn, threats.h).
#pragma once

#include <string_view>

#include "xqrec/core/types.h"

namespace xq::rules {

inline constexpr int kKingValue = 1000;
inline constexpr int kCrossedPawnValue = 2;   // 2011/2020 (and the Asian rules)
inline constexpr int kFloatingPawnLow = 1;    // 1999: the two ends of the floating value
inline constexpr int kFloatingPawnHigh = 16;

// Whether the piece on s counts as material (子力): not the king, not a pawn
// still on its own side of the river.
// Inline: the searches ask both for every capture they look at.
constexpr bool is_material(Piece p, Square s) {
  if (p.empty() || p.type() == PieceType::King) return false;
  if (p.type() == PieceType::Pawn) return !on_own_side(p.color(), s);
  return true;
}

// The value of the piece standing on s (0 for uncrossed pawns, kKingValue for
// kings, `crossed_pawn` for pawns across the river).
constexpr int piece_value(Piece p, Square s, int crossed_pawn = kCrossedPawnValue) {
  switch (p.type()) {
    case PieceType::King: return kKingValue;
    case PieceType::Rook: return 4;
    case PieceType::Horse:
    case PieceType::Cannon: return 2;
    case PieceType::Advisor:
    case PieceType::Elephant: return 1;
    case PieceType::Pawn: return on_own_side(p.color(), s) ? 0 : crossed_pawn;
    case PieceType::None: return 0;
  }
  return 0;
}

// Strong pieces (强子): rook, horse, cannon.
constexpr bool is_strong(PieceType t) {
  return t == PieceType::Rook || t == PieceType::Horse || t == PieceType::Cannon;
}

// The Chinese name of the piece as the side would call it, for explanations
// ("车", "马", "炮", "仕"/"士", "相"/"象", "兵"/"卒", "帅"/"将"); the English
// name is xq::piece_type_name (xqrec/core/types.h).
std::string_view piece_name_zh(Piece p);

}  // namespace xq::rules
