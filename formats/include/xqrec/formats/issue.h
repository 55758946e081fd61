// One type for every problem xqrec reports — what a reader could not read,
// a move that does not resolve, an audit finding, what a writer could not
// keep — and the registry of their codes (issue_codes.def), so that a code
// is an enumerator the compiler checks, not a free string.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xqrec/core/game.h"
#include "xqrec/core/rules/verdict.h"
#include "xqrec/core/types.h"

namespace xq::formats {

enum class Severity : std::uint8_t { Error, Warning, Info };
std::string_view severity_name(Severity s);  // "error", "warning", "info"

enum class Code : std::uint16_t {
#define XQREC_CODE(id, ...) id,
#include "xqrec/formats/issue_codes.def"
#undef XQREC_CODE
};

// Where docs/reader-codes.md lists a code.
enum class CodeTable : std::uint8_t { Reader, Audit, Convert };

// One row of the registry.
struct CodeInfo {
  Code code;
  std::string_view name;  // stable, as in the reports: "bad-header"
  CodeTable table;
  std::uint8_t severities;     // a bit per Severity it may carry
  std::string_view modules;    // who emits it: "XQF, CBR/CBL"
  std::string_view severity_note;  // when which severity, if it may carry several; else empty
  std::string_view meaning;
  std::string_view then;  // what happens next

  bool allows(Severity s) const { return (severities >> static_cast<unsigned>(s)) & 1U; }
};

std::span<const CodeInfo> code_registry();  // in the order of issue_codes.def
const CodeInfo& code_info(Code c);
std::string_view code_name(Code c);
std::optional<Code> code_named(std::string_view name);
std::ostream& operator<<(std::ostream& out, Code c);  // its name

// A common misreading of a move text that is legal (reported, never applied).
struct Suggested {
  std::string move;         // ICCS
  std::string kind;         // the misreading, as notation names it: "direction-swapped", ...
  std::string description;  // for people
};

struct Issue {
  Issue() = default;
  // What readers mostly say: the code, where, the text and why.
  Issue(Code c, Severity s, SourceLocation at, std::string excerpt, std::string why)
      : code(c), severity(s), where(at), text(std::move(excerpt)), message(std::move(why)) {}

  Code code{};
  Severity severity = Severity::Error;
  SourceLocation where;  // in the source file; not known when line and offset are 0
  std::string text;      // the offending source text, UTF-8 (escaped where not text), bounded (bound_excerpt)
  std::string message;   // one line, for people
  int ply = 0;           // 1-based ply of its line; 0 for the game (or the file) as a whole
  int move_number = 0;   // the full-move number of that ply; 0 when not about a move
  std::optional<Color> side;       // who was to move at that ply
  std::string variation = "main";  // "main", or the branch path such as "12.1/15.2"
  std::string fen;                 // the position before the move, where one is known
  std::vector<std::string> candidates;  // ICCS moves
  std::vector<Suggested> suggestions;
  std::optional<rules::Verdict> verdict;  // repetition: the verdict, when judged
  // Where the finding stands on the board, for the arbiter's report (they
  // are not in the JSON Lines, whose schema keeps to what a pipeline reads):
  std::string read_as;        // ICCS of the move the text was read as, though not legal here (illegal-move, wrong-side)
  std::string previous_move;  // ICCS of the move that led to `fen`, where the line played one

  std::string_view name() const { return code_name(code); }
  bool located() const { return where.line != 0 || where.offset != 0; }
};

using Issues = std::vector<Issue>;

// An excerpt (Issue::text) holds at most kMaxExcerptBytes bytes: a longer
// one is cut to its first kExcerptCut bytes (at a UTF-8 character boundary,
// never inside a \xNN escape) followed by "…"; the message then says how
// long the offending bytes were.
inline constexpr std::size_t kMaxExcerptBytes = 128;
inline constexpr std::size_t kExcerptCut = 120;
void bound_excerpt(std::string& text);
std::string bounded_excerpt(std::string_view text);

}  // namespace xq::formats
