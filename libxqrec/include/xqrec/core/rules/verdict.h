// The verdict on a repetition: classify every move of the cycle, decide per
// rule set, cite the articles and explain it in one sentence.
//
// JSON (write_verdict_json), the object the audit embeds in its `repetition`
// finding:
//   {"rules":"cxa2020","outcome":"red-loses|black-loses|draw",
//    "must_change":"red|black|null","cycle":[first_ply,last_ply],
//    "classes":{"red":["捉",...],"black":["闲",...]},
//    "targets":[{"ply":5,"side":"red","move":"h2h4","piece":"cannon","square":"c7",
//                "root":"unrooted","joint":false,"by_checks":false},...],
//    "articles":["24.3","25.3",...],"explanation":"..."}
// Plies are numbered from 1 (ply k is the k-th move of the line).
// "undecided":true follows "outcome" only when Verdict::undecided is set (the
// outcome is then "draw"); it is absent otherwise. "unknown" follows
// "targets" only when some move's class a search budget left open
// (MoveClassification::unknown): [{"ply":5,"side":"red","may_be":["杀","捉"]}].
#pragma once

#include "xqrec/core/json_text.h"

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "xqrec/core/move_error.h"
#include "xqrec/core/position.h"
#include "xqrec/core/result.h"
#include "xqrec/core/rules/classify.h"
#include "xqrec/core/rules/cycle.h"
#include "xqrec/core/rules/long_attack.h"
#include "xqrec/core/rules/proof_line.h"
#include "xqrec/core/rules/rule_set.h"

namespace xq::rules {

enum class Outcome : unsigned char { RedLoses, BlackLoses, Draw };
std::string_view outcome_name(Outcome o);  // "red-loses", "black-loses", "draw"

// What one side did over the cycle.
struct SideSummary {
  std::string label;             // "长捉", "一将一捉", "两闲", ...
  bool perpetual_check = false;  // every move checks (长将)
  bool forbidden = false;        // 禁止着法: every move 将/杀/捉 (CXA) / a perpetual chase (AXF)
  bool severe = false;           // CXA 2011 26.8.1 / 2020 26.9.1: 长杀, 捉车, 捉无根子 ...
  bool joint_only = false;       // its severe chases are all 联合捉子 (26.8.2–3 / 26.9.2–3)
  bool plain_only = false;       // its severe chases are none of them 联合捉子
  bool kp_chases = false;        // it has moves whose chases are by the king or a pawn alone
};

struct Verdict {
  RuleSet rules = RuleSet::Cxa2020;
  Outcome outcome = Outcome::Draw;
  std::optional<Color> must_change;
  int first_ply = 0, last_ply = 0;
  std::vector<MoveClassification> moves;  // the cycle, ply first_ply first
  SideSummary red, black;
  std::vector<std::string> articles;
  std::string explanation;
  bool long_attack = false;  // judged under 23.4 (nine attacking moves), not a three-fold repetition
  // CXA: the moves as proven make one side lose, but some moves of the other
  // side may be 杀 or 捉 (MoveClassification::unknown: a search ran out of
  // budget), and read so that side would not lose. The verdict is then a
  // draw, nobody must change, and the explanation says which plies a larger
  // budget (ThreatOptions::mate_nodes, check_nodes) would decide. Never set
  // under the Asian rules (no series of checks is searched there).
  bool undecided = false;
  // One per 杀 and per chase by checks of `moves`, in ply order: filled by
  // add_proof_lines (adjudicate, the HTML report), empty otherwise.
  std::vector<ProofLine> proofs;
};

// Judges one cycle: `before` is the position before its first move, which is
// ply `first_ply` of the line.
Verdict adjudicate_cycle(const Position& before, std::span<const Move> cycle, int first_ply, RuleSet rules,
                         const ThreatOptions& opt = {});

struct AdjudicateOptions {
  RuleSet rules = RuleSet::Cxa2020;
  int threshold = 3;  // occurrences of a position (same side to move) that make a repetition
  ThreatOptions threats;
  // Also judge 23.4 (long_attack.h: nine attacking moves over three or more
  // points, on a claim) when it comes before a three-fold repetition. CXA
  // 2011 and 2020 only (the 1999 and Asian texts have no such article).
  bool rule_23_4 = false;
};

struct LineError {
  int ply = 0;  // 1-based
  Move move;
  MoveError error = MoveError::None;
};

// For the audit, per game: replays the main line from `start`, stops at the
// first position that reaches the threshold (or, with rule_23_4, at the first
// 23.4 window) and judges the repetition from judged_first_ply (cycle.h: the
// last cycle, or the whole span when its rounds differ) or the window. No verdict
// (nullopt) when nothing repeats; a LineError at the first illegal
// move. Without a repetition the cost is one key comparison scan per ply.
Result<std::optional<Verdict>, LineError> adjudicate_line(const Position& start, std::span<const Move> moves,
                                                          const AdjudicateOptions& opt = {});

// Rebuilds the line of every 杀 and every chase by checks of v (`before`:
// the position before v's first ply; `opt`: the options v was judged with).
// The searches take 20 times the verdict's budget, so the audit asks only
// for its HTML report.
void add_proof_lines(Verdict& v, const Position& before, const ThreatOptions& opt = {});

// Appends the verdict as one JSON object (no trailing newline). With
// `with_proofs`, a member "proofs" follows "targets":
//   [{"ply":5,"side":"red","kind":"mate","line":["h2e2",...],"rebuilt":true},
//    {"ply":7,"side":"black","kind":"gain","piece":"rook","square":"c7","gain":9,"line":[...],"rebuilt":true}]
// ("rebuilt":false and an empty line when the budget did not suffice).
// Appended to a string, not streamed: the audit adds one to the JSON line
// of every game with a repetition.
void append_verdict_json(std::string& out, const Verdict& v, bool with_proofs = false);
void write_verdict_json(std::ostream& out, const Verdict& v, bool with_proofs = false);
std::string verdict_json(const Verdict& v);

using xq::json_string;  // the project's one JSON string escaper (xqrec/core/json_text.h)

}  // namespace xq::rules
