// Internal to the rules: the one walk of the captures that win material
// (24.3: a capture whose complete exchange gains, after which the capturer
// is not mated at once), shared by the chase report (threats.cpp
// direct_targets), the check sequences (check_gain.cpp search_follow_up and
// best_elsewhere) and the 献 test (classify.cpp).
#pragma once

#include <optional>

#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/values.h"

#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

#include "cycle_memo.h"
#include "exchange_board.h"

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

// Whether `after`, the position after a capture onto `to`, has the side to
// move checked by a piece other than the capturer that was not among
// `checking_before` (the capturer's side's checkers before it): a capture
// that uncovers a check (2011 26.7 / 2020 26.8 "兵(卒)吃子时产生其他子将军").
inline bool opens_check(const Position& after, Square to, const SquareSet& checking_before) {
  const Square king = after.king(after.side_to_move());
  if (!king.valid() || !after.in_check()) return false;
  SquareSet checkers = after.attackers(king, ~after.side_to_move());
  checkers.erase(to);
  return !((checkers ^ checking_before) & checkers).empty();
}

// Whether the capturer of c (pos before c, left as it was) is mated at once
// after it: 24.3's "得子后不致立即被对方将死".
inline bool mated_after(Position& pos, Move c) {
  Undo u;
  pos.make_legal(c, u);
  const bool mated = has_mate_in_one(pos);
  pos.undo(c, u);
  return mated;
}

// The mate test of one capture, asked by a search only when the capture
// would change its result: most winning captures found in a search do not
// beat the best so far, and the test (every check, every reply) costs more
// than the rest of the walk.
class MateRefutes {
 public:
  MateRefutes(Position& pos, Move c, bool enabled) : pos_(pos), c_(c), enabled_(enabled) {}
  bool operator()() const { return enabled_ && mated_after(pos_, c_); }

 private:
  Position& pos_;
  Move c_;
  bool enabled_;
};

// Every legal capture, by the side to move, of a piece that counts as
// material (is_material), in generate_legal's order, that `keep(c)`
// accepts and whose complete exchange gains more than `floor` (read again
// before each capture, so that `win` may raise it).
//
// With `kDetails` (the chase report, which keeps every such capture), the
// captures after which the capturer is mated at once (when `mate_refutes`)
// are left out and each other one is handed to `win(c, balance, details)`.
// Without it (the searches that only want the best gain), every capture is
// handed to `win(c, balance, refuted)` and `win` asks `refuted()` (a
// MateRefutes) before counting it. `win` returns false to stop the walk.
// pos is left as it was.
template <bool kDetails, class Keep, class Win>
void winning_captures(Position& pos, int crossed_pawn, bool mate_refutes, const int& floor, Keep&& keep, Win&& win) {
  // Only pieces worth more than the floor can be won: the others' lines are
  // not walked, and a position with no such piece attacked (about half of
  // those the check sequences meet) costs no legality test at all.
  SquareSet victims;
  pos.occupied(~pos.side_to_move()).for_each([&](Square s) {
    if (is_material(pos.at(s), s) && piece_value(pos.at(s), s, crossed_pawn) > floor) victims.insert(s);
  });
  const MemoKey key = memo_key(pos);
  MoveList captures;  // kept for the judged cycle (cycle_memo.h)
  if (!kept_captures_of(key, victims, captures)) {
    pos.generate_legal_captures_of(victims, captures);
    keep_captures_of(key, victims, captures);
  }
  // The board the exchanges are played on, copied at the first one (pos is
  // as it was again before each capture).
  std::optional<ExchangeBoard> board;
  for (Move c : captures) {
    if (!is_material(pos.at(c.to()), c.to()) || !keep(c)) continue;  // an uncrossed pawn is no material
    // The balance is at most the victim's value: no exchange to play out
    // when that is not above the floor.
    if (piece_value(pos.at(c.to()), c.to(), crossed_pawn) <= floor) continue;
    // Kept for the judged cycle (cycle_memo.h): about a quarter of the
    // balances the searches ask were asked already.
    const std::optional<int> kept = kept_capture_balance(key, c, crossed_pawn);
    int balance;
    if (kept) {
      balance = *kept;
    } else {
      if (!board) board.emplace(pos);
      balance = board->capture_balance(c, crossed_pawn);
      keep_capture_balance(key, c, crossed_pawn, balance);
    }
    if (balance <= floor) continue;
    if constexpr (kDetails) {
      const Color owner = pos.at(c.to()).color();
      Undo u;
      pos.make_legal(c, u);
      const bool mated = mate_refutes && has_mate_in_one(pos);
      CaptureDetails d;
      if (!mated) d = details_after_capture(pos, c.to(), owner);
      pos.undo(c, u);
      if (!mated && !win(c, balance, d)) return;
    } else {
      if (!win(c, balance, MateRefutes(pos, c, mate_refutes))) return;
    }
  }
}

}  // namespace xq::rules::detail
