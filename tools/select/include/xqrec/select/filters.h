// The filters of `xqrec select`, combined with AND, and the parsers of
// their command-line values. Each parser fails with a one-line reason.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xqrec/core/result.h"
#include "xqrec/core/setup.h"
#include "xqrec/formats/issue.h"
#include "xqrec/select/material.h"
#include "xqrec/select/pattern.h"

namespace xq::select {

// --plies MIN:MAX (either side may be empty; "N" is N:N), inclusive.
struct PlyRange {
  std::uint32_t min = 0, max = UINT32_MAX;
  bool contains(std::uint32_t n) const { return n >= min && n <= max; }
};
Result<PlyRange, std::string> parse_ply_range(std::string_view text);

// A date as days packed YYYYMMDD, and the span a recorded date stands for:
// "2004.05.??" is 20040501-20040531 (day 31 for any month: only order
// matters), "2004" the whole year.
struct DateSpan {
  std::uint32_t first = 0, last = 0;
};
// A recorded date: the first run of four digits is the year, the next
// numbers (one or two digits, any separators: 2004.05.01, 2004-5-1,
// 2004年5月1日, 2004/05) the month and the day; '?' or a missing part is
// unknown. None when there is no year.
std::optional<DateSpan> parse_record_date(std::string_view text);
// --date FROM:TO, each YYYY[.MM[.DD]] (or -, /), either side empty for open.
// A game matches when the span of its recorded date lies inside: a game of
// "2004" does not match 2004.06:2004.12, whose games it may not be.
Result<DateSpan, std::string> parse_date_range(std::string_view text);

// --ecco: codes (C77), families (C7 = C70-C79), classes (C = C00-C99) and
// ranges of them (C70-C79, C7-D1), comma-separated.
struct EccoSet {
  std::vector<std::pair<int, int>> ranges;  // inclusive, code = letter index * 100 + number
  bool contains(std::string_view code) const;
};
Result<EccoSet, std::string> parse_ecco_set(std::string_view text);

// --ends: how the main line ends, any of those listed (comma-separated).
enum class Ending : std::uint8_t { Mate, Stalemate, Repetition, NaturalLimit, Incomplete };
// "mate", "stalemate", "repetition", "natural-limit", "incomplete"
std::string_view ending_name(Ending e);
Result<unsigned, std::string> parse_endings(std::string_view text);  // a mask of 1 << Ending
inline bool has_ending(unsigned mask, Ending e) { return mask >> unsigned(e) & 1u; }

// --result: any of 1-0, 0-1, 1/2-1/2 and * (no result recorded), comma-separated.
Result<std::vector<std::string>, std::string> parse_results(std::string_view text);

// --tag NAME=REGEX
struct TagFilter {
  std::string name;  // matched ASCII case-insensitively, as readers match tag names
  Pattern pattern;
};
Result<TagFilter, std::string> parse_tag_filter(std::string_view text);

struct Filters {
  std::vector<TagFilter> tags;     // --tag and --event: each tag present and matching
  std::vector<Pattern> players;    // --player: Red or Black matches, each pattern
  std::optional<DateSpan> date;
  std::vector<std::string> results;  // any of them
  std::optional<EccoSet> ecco;
  std::optional<PlyRange> plies;     // main-line plies replayed
  std::optional<Setup> position;     // board and side to move, anywhere on the main line
  bool mirror = false;               // the mirrored board counts too
  std::optional<Material> material;  // reached anywhere on the main line
  unsigned endings = 0;              // a mask; 0: any ending
  std::vector<std::vector<formats::Code>> findings;  // each group: one of its codes reported
  bool no_errors = false;            // no error-level finding
  bool unique = false;               // the kept game of each duplicate group only
  bool skip_deleted = false;         // leave out the games marked deleted

  // Whether the audit has to run (findings, errors, how a game ends).
  bool needs_audit() const { return !findings.empty() || no_errors || endings; }
};

}  // namespace xq::select
