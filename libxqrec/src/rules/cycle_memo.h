// Internal to the rules: answers of pure functions that the 将军得子 walk
// (winning_captures.h) asks again and again, kept while one cycle is
// judged. Each walk generates the legal captures of the pieces worth more
// than its floor (about 800 instructions), plays out the exchange of each
// capture that could win (about 800), and of nearly every capture it counts
// asks whether the capturer is then mated at once (has_mate_in_one: a
// generation of checks, about 1,900 instructions, and a reply test per
// check). Within one judged cycle about a quarter of each is of a position
// asked already (real-cycles bench: 116,050 of 481,190 capture lists,
// 103,915 of 461,235 balances, 38,495 of 155,315 mate tests; within one
// check-sequence question only a tenth of the mate tests). Each answer is a
// function of the board and the side to move (which the position's key
// holds), of the kings the position tracks (with two kings of a colour, a
// relaxed set-up, which one is "the" king depends on the moves that led
// there: so they are compared too), and for a balance of the capture and the
// pawn's value: a kept answer is the answer, whenever it was kept. So are
// the move lists the searches of series of checks generate (below).
//
// Kept per thread (the audit judges games on several) in small tables of
// the latest answers, one a slot. A new scope (one a ThreatMemo: one judged
// cycle) forgets the earlier answers, so that a cycle judged again (as the
// bench does) is searched again and the tables hold one cycle's answers.
#pragma once

#include <cstdint>
#include <optional>

#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"
#include "xqrec/core/square_set.h"
#include "xqrec/core/types.h"

namespace xq::rules::detail {

// What a kept answer is of: the position's Zobrist key and its tracked
// kings' squares (Red's index, Black's index << 8; 0xFF for none).
struct MemoKey {
  std::uint64_t zobrist = 0;
  std::uint16_t kings = 0;
};
inline MemoKey memo_key(const Position& pos) {
  return {pos.key(), std::uint16_t(pos.king(Color::Red).index() | pos.king(Color::Black).index() << 8)};
}

// Forgets, on this thread, the answers kept so far.
void begin_cycle_memo();

// A scope of kept answers, from its construction on.
struct CycleMemoScope {
  CycleMemoScope() { begin_cycle_memo(); }
};

// has_mate_in_one's answer kept in this scope for the position with `key`.
std::optional<bool> kept_mate_in_one(MemoKey key);
void keep_mate_in_one(MemoKey key, bool mate);

// capture_balance(pos, c, pv)'s answer kept in this scope, pos having `key`.
std::optional<int> kept_capture_balance(MemoKey key, Move c, int pv);
void keep_capture_balance(MemoKey key, Move c, int pv, int balance);

// The legal captures of `victims` (Position::generate_legal_captures_of) of
// the position with `key`, into `out`, when kept in this scope for a set
// holding them: those of a smaller set are that list's captures of its
// squares, in the same order (the generator's filter keeps the walk's
// order, and each capture's legality is its own).
bool kept_captures_of(MemoKey key, const SquareSet& victims, MoveList& out);
// Keeps `list`, the legal captures of `victims` (unless too long to keep).
void keep_captures_of(MemoKey key, const SquareSet& victims, const MoveList& list);

// The legal checks (Position::generate_legal_checks) and the legal moves
// (generate_legal) of pos into `out`, the same list in the same order: kept
// in this scope, generated when not. The searches of series of checks ask
// them of the same positions across questions (the mate search, each first
// check's 将军得子 search, the mate-in-one tests): on the real cycles about
// one list in five was asked already in the same judged cycle.
void legal_checks_kept(const Position& pos, MoveList& out);
void legal_moves_kept(const Position& pos, MoveList& out);
// Position::generate_legal_captures_to(sq, out), kept as well, or read from
// the position's kept legal moves (those onto sq).
void legal_captures_to_kept(const Position& pos, Square sq, MoveList& out);

// How many answers were kept on this thread (each one searched), for the
// tests.
struct CycleMemoCounts {
  long mates = 0;
  long balances = 0;
  long capture_lists = 0;
  long move_lists = 0;
};
CycleMemoCounts cycle_memo_counts();

}  // namespace xq::rules::detail
