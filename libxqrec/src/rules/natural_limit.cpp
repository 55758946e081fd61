#include "xqrec/rules/natural_limit.h"

#include <algorithm>

namespace xq::rules {

std::optional<NaturalClaim> natural_limit_claim(const NaturalLimit& limit, int quiet_plies,
                                                const std::array<int, 2>& checks) {
  if (limit.moves <= 0) return std::nullopt;
  for (Color c : {Color::Red, Color::Black}) {
    const int excess = std::max(0, checks[std::size_t(index(c))] - limit.check_cap);
    if (quiet_plies - excess >= limit.moves * 2) return NaturalClaim{c, excess};
  }
  return std::nullopt;
}

void QuietRun::count_checks(Position pos, std::span<const Move> played) {
  for (std::size_t i = 0; i < played.size(); ++i) {
    const Color mover = pos.side_to_move();
    Undo u;
    pos.make_legal(played[i], u);
    if (i >= first_ && pos.in_check()) ++checks_[std::size_t(index(mover))];
  }
  counted_ = true;
}

std::optional<NaturalClaim> QuietRun::after_ply(bool capture, Color mover, const Position& after,
                                               const Position& line_start, std::span<const Move> played) {
  if (capture) {
    plies_ = 0;
    first_ = played.size();
    checks_ = {0, 0};
    counted_ = false;
    return std::nullopt;
  }
  ++plies_;
  if (counted_ && after.in_check()) ++checks_[std::size_t(index(mover))];
  if (reported_ || limit_.moves <= 0 || plies_ < limit_.moves * 2) return std::nullopt;
  if (!counted_) count_checks(line_start, played);
  auto claim = natural_limit_claim(limit_, plies_, checks_);
  reported_ = claim.has_value();
  return claim;
}

}  // namespace xq::rules
