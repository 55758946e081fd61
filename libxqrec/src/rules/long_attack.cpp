#include "xqrec/core/rules/long_attack.h"

#include <algorithm>

namespace xq::rules {

bool LongAttackWatch::is_attack_at(std::size_t i) {
  Ply& p = plies_[i];
  if (p.attack < 0) p.attack = is_attack(classify_move(p.before, p.move, rules_, opt_).cls) ? 1 : 0;
  return p.attack != 0;
}

std::optional<LongAttack> LongAttackWatch::push(const Position& before, Move m, int ply) {
  if (!before.at(m.to()).empty()) {
    // A capture is never part of the window (23.2): start again after it.
    plies_.clear();
    base_ply_ = ply + 1;
    return std::nullopt;
  }
  plies_.push_back({before, m, -1});
  constexpr std::size_t span = 2 * kMoves - 1;  // the side's nine moves and the eight replies between them
  if (plies_.size() < span) return std::nullopt;
  // Keep only what a window can use.
  if (plies_.size() > span) {
    plies_.erase(plies_.begin());
    ++base_ply_;
  }
  // The side's moves: indices 0, 2, ..., 16. Cheap tests first.
  std::vector<Square> points;
  bool repeats = false;
  for (std::size_t i = 0; i < span; i += 2) {
    const Move x = plies_[i].move;
    for (std::size_t j = 0; j < i; j += 2)
      if (plies_[j].move == x) repeats = true;
    for (Square s : {x.from(), x.to()})
      if (std::find(points.begin(), points.end(), s) == points.end()) points.push_back(s);
  }
  if (!repeats || points.size() < 3) return std::nullopt;
  // The latest first: a quiet move ends the test at once.
  for (std::size_t i = span; i-- > 0;) {
    if (i % 2 != 0) continue;
    if (!is_attack_at(i)) return std::nullopt;
  }
  return LongAttack{base_ply_, ply, before.side_to_move()};
}

}  // namespace xq::rules
