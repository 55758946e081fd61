// Article 23.4 (CXA 2011 and 2020): a side that attacks on every one of nine
// consecutive moves, going round three or more points, may be judged on a
// claim as if the position had repeated three times, even though no position
// has occurred three times yet.
//
//   2011 23.4: "在两个点上反复三次为六个回合。如果一方在三个或三个以上点上，
//   连续以犯禁着法或无积极意义的允许或禁止着法达九个回合，即使未形成三次重复的
//   待判局面，经一方提出，可按待判局面的有关规定进行裁决。"
//   2020 23.4: "…连续以将杀捉的交替重复着法达九个回合…"
//
// What is tested (the texts give no mechanical definition of 点 or of "无积极
// 意义"): nine consecutive moves of one side, no capture among them or among
// the opponent's replies in between (23.2: a capture opens a new window),
// every one of the nine 将, 杀 or 捉 (the 2020 wording; the 2011 "moves without
// positive meaning" that are not attacks are left to the arbiter), the
// side's moves touch three or more squares (the two-point shuttle is the
// three-fold repetition of 23.1), and at least one of them repeats an earlier
// one (重复着法). The window is then judged like a cycle.
//
// Cost: moves are classified only when the cheap conditions hold, each at
// most once.
#pragma once

#include <optional>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/rules/classify.h"

namespace xq::rules {

struct LongAttack {
  int first_ply = 0;  // the attacking side's first move of the nine (plies from 1)
  int last_ply = 0;   // its ninth move
  Color side = Color::Red;
};

class LongAttackWatch {
 public:
  static constexpr int kMoves = 9;  // 九个回合

  LongAttackWatch(RuleSet rules, const ThreatOptions& opt) : rules_(rules), opt_(opt) {}

  // Call for every ply in order, with the position before the move; `ply`
  // is 1-based. Returns the window when the side that just moved has made
  // nine attacking moves in the sense above.
  std::optional<LongAttack> push(const Position& before, Move m, int ply);

  // The position before ply `ply` (which must lie in the current window).
  const Position& position_before(int ply) const { return plies_[std::size_t(ply - base_ply_)].before; }

 private:
  struct Ply {
    Position before;
    Move move;
    signed char attack = -1;  // -1 not classified yet, else whether 将/杀/捉
  };
  bool is_attack_at(std::size_t i);

  RuleSet rules_;
  ThreatOptions opt_;
  std::vector<Ply> plies_;  // since the last capture
  int base_ply_ = 1;        // ply of plies_[0]
};

}  // namespace xq::rules
