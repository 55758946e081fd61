#include "xqrec/core/rules/natural_limit.h"

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

std::optional<NaturalClaim> QuietRun::after_ply_counted(bool capture, Color mover, const Position& after,
                                                       const LineHistory& line) {
  if (capture) {
    plies_ = 0;
    first_ = line.size();
    checks_ = {0, 0};
    counted_ = false;
    return std::nullopt;
  }
  ++plies_;
  if (counted_ && after.in_check()) ++checks_[std::size_t(index(mover))];
  if (reported_ || limit_.moves <= 0 || plies_ < limit_.moves * 2) return std::nullopt;
  if (!counted_) {
    checks_ = line.checks_since(after, first_);
    counted_ = true;
  }
  auto claim = natural_limit_claim(limit_, plies_, checks_);
  reported_ = claim.has_value();
  return claim;
}

}  // namespace xq::rules
