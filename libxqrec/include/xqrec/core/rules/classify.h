// The nature of one move (着法性质): 将 / 杀 / 捉, or the 闲 family
// 兑 / 献 / 拦 / 跟 / 闲, with the pieces it chases.
//
// Articles (2011 numbering; 2020 in brackets where it differs):
//   24.1 将, 24.2 杀, 24.3 捉 (direct, discovered, joint, by checks, by a complete
//   exchange; not if mated at once), 24.4 兑, 24.5 献, 24.6 拦, 24.7 跟, 24.8 闲,
//   24.17 联合捉子, 24.18 / 26.3 自毙, 26.1 the king and pawns may chase by
//   themselves (26.1.1 unless with other pieces), 26.1.2 a king move that
//   answers a check is 闲, 26.2 a lone attacker on a drawing point, 26.4 从重
//   (the heaviest nature wins), 26.9 [26.10] an exchange offer that loses for
//   the accepting side is 捉.
// A chase must be new (1999 rules, figures 6–8; 2011 图5): a piece the side
// could already win before the move is not chased by it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/core/rules/threats.h"

namespace xq::rules {

// Heaviest first (26.4 从重).
enum class MoveClass : unsigned char {
  Check,     // 将
  Mate,      // 杀 (a mate threat)
  Chase,     // 捉
  Exchange,  // 兑
  Offer,     // 献
  Block,     // 拦
  Follow,    // 跟
  Idle,      // 闲
};
std::string_view class_name_zh(MoveClass c);  // "将", "杀", ...
std::string_view class_code(MoveClass c);     // "check", "mate-threat", "chase", "exchange", "offer", "block", "follow", "idle"
constexpr bool is_attack(MoveClass c) { return c == MoveClass::Check || c == MoveClass::Mate || c == MoveClass::Chase; }

// The heavier classes a move may have that a series-of-checks search could
// not prove or refute within its budget (SearchAnswer::Unknown,
// search_answer.h). classify_move reads them as absent (an unknown mate is no
// 杀, an unknown gain no 捉: docs/repetition.md, "Unknown"); the verdict asks
// whether the other reading would change who loses (Verdict::undecided).
struct UnknownClasses {
  // The move may be 杀 (24.2): the mate search after it ran out of budget,
  // or the 自毙 test (24.18/26.3) could not settle whether the threat is new.
  // Not set on 将 or 杀 (nothing heavier to be).
  bool mate = false;
  // The move may be 捉 by checks (将军得子, 24.3), or a 捉 of another piece
  // than the proven ones: the chase search after the move, or before it
  // (从捉到捉), ran out of budget. Not set on 将 or 杀.
  bool chase = false;
  bool any() const { return mate || chase; }
};

struct MoveClassification {
  Move move;
  Color side = Color::Red;
  Piece mover;
  MoveClass cls = MoveClass::Idle;
  bool gives_check = false;
  bool mate_threat = false;           // a mate threat exists after the move (whether counted or not)
  std::vector<ChaseTarget> targets;   // new chases that count: on a 捉, and kept on a 将 (将兼捉, counted by the Asian rules); none on 杀 or the 闲 family
  std::vector<ChaseTarget> kp_targets;  // new chases by the king or a pawn alone (26.1: 闲 by themselves)
  UnknownClasses unknown;             // what the move may be beyond its class (budget ran out)
  std::string reason;                 // one short clause, English with the Chinese term
};

// Classifies m (legal in `before`) under the rule set.
MoveClassification classify_move(const Position& before, Move m, RuleSet rules,
                                 const ThreatOptions& opt = {});

}  // namespace xq::rules
