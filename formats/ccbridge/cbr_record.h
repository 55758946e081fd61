// One CBR record (the body of a .cbr file and of each CBL slot).
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "record/issue_cap.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats::detail {

struct CbrRecordResult {
  bool read = false;       // a game was visited
  Control control = Control::Continue;
};

inline constexpr std::string_view kCbrMagic{"CCBridge Record\0", 16};

// Reads the record in `record` (which starts with the magic), whose first
// byte is at `base` in the file. `extra_tags` are visited after the header's;
// `game_issue`, if given, is visited as an issue of the game itself, first
// (CBL: the library's index marks the entry deleted). File-level issues go
// to `file_issues`; the game's issues are capped as issue_cap.h says,
// drawing on `budget` (the file's, for a library).
CbrRecordResult read_cbr_record(std::string_view record, std::uint64_t base, std::size_t index, GameVisitor& visitor,
                                const std::vector<std::pair<std::string_view, std::string>>& extra_tags,
                                IssueCap& file_issues, IssueBudget* budget, const Issue* game_issue = nullptr);

}  // namespace xq::formats::detail
