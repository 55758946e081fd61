// Exchanges on one square (完整互吃交换) and the roots of a piece
// (有根子 / 无根子 / 少根子 / 假根 / 暗根).
//
// Everything is played out with legal moves on the real board, so a root that
// cannot legally recapture (pinned, or the recapture would expose its king to a
// discovered check or to the flying general) is a false root (假根, 24.16), and
// a root behind another attacker on the same line (暗根, x-ray) joins in as
// soon as the front piece has captured.
#pragma once

#include <string_view>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/values.h"

namespace xq::rules {

// The same position with the other side to move (a "pass"), for asking what a
// side threatens after its move. The position may then be one where the side
// not to move is in check; callers never capture kings.
Position with_side_to_move(const Position& pos, Color side);

// Best material the side to move can win by starting captures on sq and
// stopping whenever it likes (>= 0). Values from piece_value(), a crossed pawn
// worth `crossed_pawn` (values.h).
int exchange_gain_on(Position& pos, Square sq, int crossed_pawn = kCrossedPawnValue);

// The balance of the complete exchange that starts with the capture c
// (mandatory), for the side making it: value of the victim minus what the
// other side then wins back on that square. c must be a legal capture (it
// is played with make_legal, as is every move of the exchange).
int capture_balance(Position& pos, Move c, int crossed_pawn = kCrossedPawnValue);

// Whether the side to move has a move that mates at once.
bool has_mate_in_one(Position& pos);

// How a piece is protected against a given capture (evaluated after it).
enum class Root : unsigned char {
  Rooted,       // 有根: a legal recapture exists and the exchange does not lose for the owner
  Unrooted,     // 无根: nothing of its own side attacks the square
  FalseRoot,    // 假根: a protector attacks the square but cannot legally recapture
  UnderRooted,  // 少根: protected, but fewer or weaker roots than attackers (the exchange loses)
};
std::string_view root_name(Root r);     // "rooted", "unrooted", "false-root", "under-rooted"
std::string_view root_name_zh(Root r);  // "有根", "无根", "假根", "少根"

// The root of the piece captured by c (c must be a legal capture).
Root root_against(Position& pos, Move c, int crossed_pawn = kCrossedPawnValue);

}  // namespace xq::rules
