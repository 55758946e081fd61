// What a side threatens: the pieces it can win next move (捉 targets, 24.3)
// and whether it threatens mate by checks (杀, 24.2).
//
// Both questions are asked of a position with the side in question to move
// (after its own move, as if the opponent passed): "could it, if it were its
// turn". They are pure functions of the position.
#pragma once

#include <cstdint>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/search_answer.h"

namespace xq::rules {

// The most checks in a row either search goes to: a deeper mate_depth or
// check_depth is searched as this one (the mate search's memo holds depths
// in an int8; `xqrec adjudicate` refuses more).
inline constexpr int kMaxSearchDepth = 20;
// The depth a search goes to when `requested` checks are asked for.
constexpr int searched_depth(int requested) { return requested < kMaxSearchDepth ? requested : kMaxSearchDepth; }

struct ThreatOptions {
  // Checks in a row tried for 将军得子 / 抽吃 (0 = direct captures only) and
  // for a mate threat (杀). The rules allow any number (24.2, 24.3); the
  // searches stop at these depths and budgets (docs/repetition.md, "Series
  // of checks"). 杀 is searched to 9 checks (3 in full, then within
  // mate_nodes: a narrow search, +5 % of the corpus audit); 将军得子
  // stays at the 2 checks searched in full, as each of its positions also
  // walks the defender's exchanges (4 checks cost +22 %). Answers past the
  // full depths report "unknown" when a budget runs out (search_answer.h).
  int check_depth = 2;
  int mate_depth = 9;
  // Positions searched beyond the old depths (3 checks for 杀, 2 for
  // 将军得子, always searched in full): per mate question, and per position
  // for every first check of 将军得子 together. When a budget runs out the
  // answer is "unknown" (search_answer.h); each consumer reads it in the
  // direction that creates no forbidden verdict (classify.cpp).
  long mate_nodes = 5000;
  long check_nodes = 500;
  // Whether a capture after which the capturer is mated at once is no
  // threat (24.3 "得子后不致立即被对方将死"). Off under the Asian rules,
  // whose chase is an attack (FSF-23).
  bool mate_refutes = true;
  // The 1999 floating pawn (values.h): a capture line is a gain only if it
  // gains with a crossed pawn worth kFloatingPawnLow and kFloatingPawnHigh.
  // Set by classify_move under cxa1999; off = a crossed pawn is worth
  // kCrossedPawnValue (2011 26.6 / 2020 26.7: 送兵换车 is a gain).
  bool floating_pawn = false;
  // Whether a piece with a real root (a legal recapture) is chased only by a
  // weaker attacker, so that 少根 and joint chases do not count. The Asian
  // rules: "chasing a piece with a real root is a draw" (AXF diagram 86,
  // ORG-127: two rooks against a cannon protected by a rook). Set by
  // classify_move under `asian`.
  bool real_root_protects = false;
  // 26.5 (2011, 2020): "做根子和被牵子捉子，完整互吃后价值相当或得子者，
  // 按捉处理；得不偿失者，按闲处理". A direct capture by a piece that guarded
  // another (做根子) or stood in the way of an attack on one (被牵子) is
  // charged with what the other side then wins of that piece beyond what it
  // could win of it before; no chase when that is worth more than the piece
  // taken. Set by classify_move; the 1999 text has no such article, and the
  // Asian chase is an attack. 2020's 各吃各子 (any capture the other side
  // already had) is not counted (docs/repetition.md).
  bool capture_duties = false;
  // 2011 26.7 / 2020 26.8: "兵(卒)吃子时产生其他子将军，按捉处理" -- a pawn
  // whose capture uncovers another piece's check wins by that check, which
  // is no longer the pawn chasing by itself (26.1). Set by classify_move.
  bool pawn_capture_check_chases = false;
  // The same article's first sentence: "兵(卒)借其他子抽吃对方的子，按“闲”
  // 处理" -- material won by another piece's check (or checks) and taken at
  // the end by a pawn is the pawn's own chase (26.1), allowed. Set by
  // classify_move under 2011 and 2020 (the 1999 text has no such sentence).
  bool pawn_takes_after_checks_is_pawns = false;

  friend bool operator==(const ThreatOptions&, const ThreatOptions&) = default;
};

struct ChaseTarget {
  Square victim;        // where the chased piece stands
  Piece victim_piece;
  Square attacker;      // the first capturer (for a check sequence: the first checking piece)
  Piece attacker_piece;
  int gain = 0;         // material won (values.h units)
  Root root = Root::Unrooted;  // the victim's root against the first capture
  bool joint = false;          // 联合捉子 (24.17): the first capture alone wins nothing
  bool by_checks = false;      // won through a check or consecutive checks (将军得子, 抽吃)
  bool king_or_pawn = false;   // the king's or a pawn's own chase (26.1; threats.cpp own_series), or pawn_takes
  // by_checks: a pawn takes at the end of another piece's checks, the
  // pawn's own chase (2011 26.7 / 2020 26.8 兵借其他子抽吃; ThreatOptions).
  bool pawn_takes = false;
  // by_checks: read with the king's and pawns' own final captures left out
  // (some line of the plain search ends with one, another ends with
  // another piece's capture against every defence that holds the whole
  // gain to its least: a chase, 24.3;
  // threats.cpp), as its proof line is (chase_line): which ones, as bits
  // (1 the king's, 2 a pawn's, 4 a pawn's opening another piece's check);
  // 0 when none was left out.
  std::uint8_t own_takes_left_out = 0;
  Move first_check;            // by_checks: the check that starts the line
  int checks = 0;              // by_checks: the depth (checks in a row) at which the gain was found
};

// What a search for chases found, and whether the list may be short:
// `unknown` when some series of checks ran out of budget before its depth,
// so that a piece not listed (or a larger gain) may still be won by checks.
// The listed targets are proven gains whatever `unknown` says.
struct Chases {
  std::vector<ChaseTarget> targets;
  bool unknown = false;
};

// The pieces of the other side that `side` can win if it is to move in pos:
// a legal capture (or a check sequence ending in one) whose complete exchange
// wins material, after which `side` is not mated at once. One entry per
// victim square, the most telling one (not by king or pawn, not joint, direct).
Chases find_chase_targets(const Position& pos, Color side, const ThreatOptions& opt = {});
// The targets alone (an unknown read as "not found").
std::vector<ChaseTarget> chase_targets(const Position& pos, Color side, const ThreatOptions& opt = {});

// The same gains, one entry per victim and first capturer: for asking whether
// a chase is new per attacker (the Asian rules, classify.cpp).
Chases find_chase_captures(const Position& pos, Color side, const ThreatOptions& opt = {});
std::vector<ChaseTarget> chase_captures(const Position& pos, Color side, const ThreatOptions& opt = {});

// The most telling entry per victim (not by king or pawn, not joint, direct;
// then the largest gain), ordered by square.
std::vector<ChaseTarget> best_per_victim(const std::vector<ChaseTarget>& all);

// Whether `side`, if it is to move in pos, mates by a check or a series of
// checks (at most opt.mate_depth of them, within opt.mate_nodes) whatever
// the defender replies.
// Refuted when the other side is in check in pos (the move was a check);
// Unknown when the budget ran out before the depth was searched in full.
SearchAnswer mate_threat(const Position& pos, Color side, const ThreatOptions& opt = {});
// mate_threat(...) == Found.
bool threatens_mate(const Position& pos, Color side, const ThreatOptions& opt = {});

// The line that proves threatens_mate, for an arbiter: `side`'s checks, each
// answered by the reply that resists longest, ending with the mating check
// (ICCS-ready moves from pos with `side` to move). Empty when there is no
// mate threat (or the line's own budget, 20 times mate_nodes, runs out).
std::vector<Move> mate_line(const Position& pos, Color side, const ThreatOptions& opt = {});

// The line that proves a by-checks target t of chase_targets(pos, side, opt):
// t's first check, the defender's best reply, the next checks, and the
// capture that wins. Empty for a direct target.
std::vector<Move> chase_line(const Position& pos, Color side, const ChaseTarget& t, const ThreatOptions& opt = {});

}  // namespace xq::rules
