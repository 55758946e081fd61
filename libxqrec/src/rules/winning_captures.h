// Internal to the rules: the one walk of the captures that win material
// (24.3: a capture whose complete exchange gains, after which the capturer
// is not mated at once), shared by the chase report (threats.cpp
// direct_targets), the check sequences (threats.cpp best_follow_up and
// best_elsewhere) and the 献 test (classify.cpp).
#pragma once

#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/values.h"

#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

namespace xq::rules::detail {

// What the chase report wants to know of a winning capture besides its
// balance, seen after it: whether the victim's side can take back legally,
// and whether a piece of that side attacks the square at all (one that
// cannot legally take back is a false root, 假根).
struct CaptureDetails {
  bool recapture = false;
  bool attacked = false;
};

// The details of the capture just played onto `sq`, `owner` being the side
// whose piece was taken (exchange.cpp).
CaptureDetails details_after_capture(const Position& after, Square sq, Color owner);

// The root of the piece taken by c (pos before c), from the balance of c's
// exchange and its details: what root_against tells (exchange.cpp).
Root root_from(const Position& pos, Move c, int balance, const CaptureDetails& d, int crossed_pawn);

// Every legal capture, by the side to move, of a piece that counts as
// material (is_material), in generate_legal's order, that `keep(c)`
// accepts, whose complete exchange gains more than `floor` (read again before
// each capture, so that `win` may raise it), and after which the capturer is
// not mated at once (when `mate_refutes`), is handed to
// `win(c, balance, details)`; `win` returns false to stop the walk. The
// details are found only with `kDetails` (the chase report); the searches
// that only want the best gain do not pay for them. pos is left as it was.
template <bool kDetails, class Keep, class Win>
void winning_captures(Position& pos, int crossed_pawn, bool mate_refutes, const int& floor, Keep&& keep, Win&& win) {
  MoveList captures;
  pos.generate_legal_captures(captures);
  for (Move c : captures) {
    if (!is_material(pos.at(c.to()), c.to()) || !keep(c)) continue;  // an uncrossed pawn is no material
    const int balance = capture_balance(pos, c, crossed_pawn);
    if (balance <= floor) continue;
    const Color owner = pos.at(c.to()).color();
    Undo u;
    pos.make_legal(c, u);
    const bool mated = mate_refutes && has_mate_in_one(pos);
    CaptureDetails d;
    if constexpr (kDetails)
      if (!mated) d = details_after_capture(pos, c.to(), owner);
    pos.undo(c, u);
    if (!mated && !win(c, balance, d)) return;
  }
}

}  // namespace xq::rules::detail
