// The natural move limit (自然限着): a draw may be claimed after a number of
// moves in a row without a capture (article 4.2.4: 60 moves, lowered for
// lesser events), and in checking the count the claimant's checks are
// counted at most 10 (2011 and 2020 editions, article 22.2: "提出方'将军'
// 最多只计10着"). The count here is of plies: a move is two.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>

#include "xqrec/core/line_history.h"
#include "xqrec/core/position.h"

namespace xq::rules {

struct NaturalLimit {
  int moves = 60;      // moves (two plies each) in a row without a capture; 0 turns it off
  int check_cap = 10;  // the claimant's checks counted at most
};

struct NaturalClaim {
  Color side;              // who may claim
  int checks_not_counted;  // that side's checks beyond the cap, left out of the count
};

// Who may claim a draw after `quiet_plies` plies without a capture in which
// each side gave `checks[index(side)]` checks; Red is asked first.
std::optional<NaturalClaim> natural_limit_claim(const NaturalLimit& limit, int quiet_plies,
                                                const std::array<int, 2>& checks);

// The plies of a line since its last capture and each side's checks among
// those the line played, kept ply by ply. The checks matter only once the
// count can reach the limit (a side's checks beyond the cap only lower its
// count, so the limit cannot be reached before the plies are): they are
// counted then, walking the line's history back once, and ply by ply after
// that. Asking every ply would cost a king test on a quarter of the plies.
class QuietRun {
 public:
  // `start_clock`: the plies without a capture before the line's first move
  // (its start position's halfmove clock).
  explicit QuietRun(const NaturalLimit& limit, int start_clock) : limit_(limit), plies_(start_clock) {}

  // After each ply of the line: `after` is the position after it, `line`
  // the line's history, this ply included (read only when the checks are
  // counted). Returns the claim the first time the limit is reached,
  // nothing before or after.
  // Inline for the plies that only count (no capture, the checks not
  // counted yet, the limit not reached): most plies of a replay, which
  // paid a call across files each.
  std::optional<NaturalClaim> after_ply(bool capture, Color mover, const Position& after, const LineHistory& line) {
    if (!capture && !counted_ && plies_ + 1 < limit_.moves * 2) {
      ++plies_;
      return std::nullopt;
    }
    return after_ply_counted(capture, mover, after, line);
  }

  int plies() const { return plies_; }

 private:
  // after_ply for every other ply: a capture, a count that may reach the
  // limit, or checks counted ply by ply.
  std::optional<NaturalClaim> after_ply_counted(bool capture, Color mover, const Position& after,
                                                const LineHistory& line);

  NaturalLimit limit_;
  int plies_;             // since the last capture
  std::size_t first_ = 0;  // the index in the line's history of the run's first ply
  std::array<int, 2> checks_{0, 0};
  bool counted_ = false;  // checks_ are up to date
  bool reported_ = false;
};

}  // namespace xq::rules
