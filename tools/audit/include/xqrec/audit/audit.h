// The audit: replay every line of a game record and report what is wrong
// with it, each finding with a stable code, a severity and its location.
//
// Codes (severity):
//   unparsable-move, ambiguous-move, illegal-move (error) — at the first ply
//     of a line that fails; replay of that line stops there.
//   missing-move, swapped-moves (error) — added at that same ply when one
//     missing ply, or two plies in the other order, make the record replay.
//   truncated, bad-position, result-mismatch (error)
//   no-result, incomplete-record, natural-limit, repetition (warning)
//   notation-dialect, side-resolved, ecco-mismatch and reader notes (info)
//   Reader issues keep the reader's code and severity.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "xqrec/ecco/ecco.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"
#include "xqrec/core/rules/natural_limit.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/core/rules/verdict.h"

namespace xq::audit {

// The readers' vocabulary, which findings share.
using formats::Issue;
using formats::Severity;

struct AuditOptions {
  rules::NaturalLimit natural_limit;  // moves without a capture before a draw may be claimed
  int repetition_threshold = 3;  // occurrences of the same position with the same side to move
  rules::RuleSet rules = rules::RuleSet::Cxa2020;  // for repetition verdicts
  bool variations = true;         // replay variations too
  std::size_t max_candidates = 12;  // candidate moves listed in one finding
  bool keep_main_line = false;    // fill GameAudit::start_fen and main_line (the HTML report shows the moves)
  bool proof_lines = false;       // rebuild each verdict's proof lines (rules::add_proof_lines; the HTML report)
  // The searches' depths and budgets for repetition verdicts and their proof
  // lines (rules::adjudicate_cycle, rules::add_proof_lines). With budgets
  // that run out, a verdict can be undecided (rules::Verdict::undecided):
  // then it does not hold the recorded result to anything.
  rules::ThreatOptions threats;
};

using formats::Issue;
using formats::Code;
using formats::Suggested;

struct GameAudit {
  std::string file;
  std::size_t game = 0;  // 1-based within the file
  std::vector<Tag> tags;
  int plies = 0;  // main-line plies replayed
  std::string final_fen;
  std::string final_state;  // "ongoing", "checkmate", "stalemate", or "unknown" when replay stopped early
  std::string result;       // as recorded: "1-0", "0-1", "1/2-1/2", "*" or ""
  std::optional<ecco::Opening> ecco;  // from the main line's moves; none when not from the standard start
  // With AuditOptions::keep_main_line: the start position and the main
  // line's moves as replayed (up to the first that fails).
  std::string start_fen;
  std::vector<Move> main_line;
  std::vector<Issue> findings;

  bool has_errors() const;
};

// Audits one game. `reader_issues` are what the reader said about it; they
// become findings too.
GameAudit audit_game(const GameRecord& record, const std::vector<Issue>& reader_issues,
                     const AuditOptions& options = {});
// The same, into `out`, every field replaced: its lists and strings keep
// their storage for this game (a batch audits one game after another).
void audit_game(const GameRecord& record, const std::vector<Issue>& reader_issues, const AuditOptions& options,
                GameAudit& out);

// One JSON object on one line (with the newline): the schema in the README.
std::string audit_to_json(const GameAudit& audit);
// One line per finding, for people.
std::string audit_to_text(const GameAudit& audit);
// The same, appended to `out` (a batch's lines, without a copy of each).
void append_audit_json(std::string& out, const GameAudit& audit);
void append_audit_text(std::string& out, const GameAudit& audit);

}  // namespace xq::audit
