// Internal to the rules: the forced mate by consecutive checks behind 杀
// (24.2 "企图在下一着将军或连续将军，将死对方"). The attacker plays checking
// moves only, the defender every legal reply; the attacker mates if every
// reply leads to mate within the depth.
//
// Any length of checks is allowed by the text; the search is bounded by a
// depth (checks in a row) and a budget of searched positions per question.
// Depths up to kUnbudgetedMateDepth (the old fixed search) are always
// completed; deeper ones are tried one by one while the budget lasts, and a
// budget that runs out answers "unknown" (search_answer.h): its consumers
// decide which way is conservative (classify.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/search_answer.h"
#include "xqrec/core/rules/threats.h"

#include "key_table.h"
#include "ordered_moves.h"

namespace xq::rules::detail {

// The old mate_depth: always searched in full, whatever the budget.
inline constexpr int kUnbudgetedMateDepth = 3;

class MateByChecks {
 public:
  // `budget`: positions (moves made) that the depths beyond
  // kUnbudgetedMateDepth may search together.
  explicit MateByChecks(long budget) : budget_(budget) {}

  // The fewest checks (at most max_depth) with which the side to move in pos
  // mates against every defence; nullopt when there is none within the depth
  // or the budget. pos is left as it was.
  std::optional<int> mate_distance(Position& pos, int max_depth);

  // Whether it mates within max_depth checks: the old depth
  // (kUnbudgetedMateDepth) in full, then the deeper ones within the budget;
  // Unknown when the budget ran out before max_depth was searched in full.
  SearchAnswer mates(Position& pos, int max_depth);

  // The principal line of a mate in `checks` checks (mate_distance's
  // answer): each check, the fastest to mate, and the defender's reply that
  // resists longest (the first in generation order among equals), ending
  // with the mating check. Empty if the budget runs out while building it.
  std::vector<Move> line(Position& pos, int checks);

  long nodes() const { return nodes_; }
  bool exhausted() const { return exhausted_; }
  // Whether what was searched of a position is kept for when it comes
  // again: its move lists, and its answer at the last check (on by default;
  // off only to test that they change nothing).
  void use_stores(bool on) {
    use_last_checks_ = on;
    checks_.remember(on);
    replies_.remember(on);
  }
  // The last checks answered from the store.
  long last_check_hits() const { return last_check_hits_; }

 private:
  struct Result {
    bool mate = false;
    bool cut = false;  // a "no mate" that the depth decided (a deeper search might mate)
  };
  // Attacker to move: mate by at most `depth` checks?
  Result attack(Position& pos, int depth);
  // Defender to move after check, with `depth` checks left for the attacker
  // after this reply (0: the check was the last one).
  Result defend(Position& pos, int depth);
  bool spend();
  // Attacker to move with one check left: a mate in one?
  Result last_check(Position& pos);
  // What searching a last check cost and answered. Nothing below it reads
  // the memo, so both are the position's alone: a position met again one
  // check from the end (by another order of checks, or at a later depth of
  // the deepening, where the lines come back round) is answered and charged
  // to the budget exactly as searching it again would.
  struct LastCheck {
    bool mate = false;
    bool cut = false;
    std::uint16_t spent = 0;  // the checks tried, one position each
  };
  Result replay(const LastCheck& c);
  // The iterative deepening behind every question: depths first..max_depth
  // (at most kMaxSearchDepth), stopping at the first mate, at a depth that
  // no line reached, or when the budget runs out (Unknown).
  struct Deepened {
    SearchAnswer answer = SearchAnswer::Refuted;
    int checks = 0;  // Found: the fewest checks that mate
  };
  Deepened deepen(Position& pos, int first, int max_depth);

  // Per position (attacker to move): the fewest checks proven to mate, and
  // the most checks proven not to (kAll: none at any depth).
  struct Known {
    std::int8_t mate_in = 127;
    std::int8_t no_mate_upto = 0;
  };
  static constexpr std::int8_t kAll = 126;
  static_assert(kMaxSearchDepth < kAll, "the memo's depths are int8 (deepen clamps to kMaxSearchDepth)");
  KeyTable<Known> memo_;
  KeyTable<LastCheck> last_checks_;
  bool use_last_checks_ = true;
  // The checks of the attacker's positions and the replies of the
  // defender's, in the order tried.
  OrderedMoves checks_;
  OrderedMoves replies_;
  long last_check_hits_ = 0;
  long budget_;
  long nodes_ = 0;  // every position searched
  long spent_ = 0;  // those counted against the budget
  bool deeper_may_follow_ = false;  // a depth of the deepening that is not the last
  bool limited_ = false;  // counting against the budget (depths beyond the old one)
  bool exhausted_ = false;
};

}  // namespace xq::rules::detail
