// Internal to the rules: answers of two pure functions that the 将军得子
// walk (winning_captures.h) asks again and again, kept while one cycle is
// judged. Of nearly every capture it counts the walk asks whether the
// capturer is then mated at once (has_mate_in_one: a generation of checks,
// about 1,900 instructions, and a reply test per check), and before that
// the capture's balance (an exchange played out, about 800). Within one
// judged cycle about a quarter of either is of a position asked already
// (real-cycles bench: 38,495 of 155,315 mate tests, 103,915 of 461,235
// balances; within one check-sequence question only a tenth of the mate
// tests). Each answer is a function of the board, the side to move (which
// the position's key holds), and for a balance the capture and the pawn's
// value: a kept answer is the answer, whenever it was kept.
//
// Kept per thread (the audit judges games on several) in small tables of
// the latest answers, one a slot. A new scope (one a ThreatMemo: one judged
// cycle) forgets the earlier answers, so that a cycle judged again (as the
// bench does) is searched again and the tables hold one cycle's answers.
#pragma once

#include <cstdint>
#include <optional>

#include "xqrec/core/types.h"

namespace xq::rules::detail {

// Forgets, on this thread, the answers kept so far.
void begin_cycle_memo();

// A scope of kept answers, from its construction on.
struct CycleMemoScope {
  CycleMemoScope() { begin_cycle_memo(); }
};

// has_mate_in_one's answer kept in this scope for the position with `key`.
std::optional<bool> kept_mate_in_one(std::uint64_t key);
void keep_mate_in_one(std::uint64_t key, bool mate);

// capture_balance(pos, c, pv)'s answer kept in this scope, pos having `key`.
std::optional<int> kept_capture_balance(std::uint64_t key, Move c, int pv);
void keep_capture_balance(std::uint64_t key, Move c, int pv, int balance);

// How many answers were kept on this thread (each one searched), for the
// tests.
struct CycleMemoCounts {
  long mates = 0;
  long balances = 0;
};
CycleMemoCounts cycle_memo_counts();

}  // namespace xq::rules::detail
