// Internal to the rules: the threat searches already answered while one
// cycle is judged. A judged span whose rounds differ meets the same position,
// with the same side asked about, more than once (about one question in ten
// on the real games of ../shared/corpus), and the searches (threats.h) are
// pure functions of the board, the side and the options.
#pragma once

#include <cstdint>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/search_answer.h"
#include "xqrec/core/rules/threats.h"

#include "cycle_memo.h"

namespace xq::rules::detail {

class ThreatMemo {
 public:
  // find_chase_captures (per capturer, the Asian chase) or find_chase_targets.
  Chases chases(const Position& pos, Color side, const ThreatOptions& opt, bool per_capturer);
  SearchAnswer mate(const Position& pos, Color side, const ThreatOptions& opt);

 private:
  // The mate tests and exchanges of the searches kept for the cycle as well.
  CycleMemoScope answers_;
  template <class Answer>
  struct Entry {
    std::uint64_t key;  // the position's Zobrist key (the board and its side to move)
    Color side;
    bool per_capturer;
    ThreatOptions opt;
    Answer answer;
  };
  // A few dozen questions a cycle: a linear search costs less than hashing.
  std::vector<Entry<Chases>> chases_;
  std::vector<Entry<SearchAnswer>> mates_;
};

}  // namespace xq::rules::detail
