#include "threat_memo.h"

#include <algorithm>

namespace xq::rules::detail {

Chases ThreatMemo::chases(const Position& pos, Color side, const ThreatOptions& opt, bool per_capturer) {
  const auto it = std::find_if(chases_.begin(), chases_.end(), [&](const Entry<Chases>& e) {
    return e.key == pos.key() && e.side == side && e.per_capturer == per_capturer && e.opt == opt;
  });
  if (it != chases_.end()) return it->answer;
  Chases answer = per_capturer ? find_chase_captures(pos, side, opt) : find_chase_targets(pos, side, opt);
  chases_.push_back({pos.key(), side, per_capturer, opt, answer});
  return answer;
}

SearchAnswer ThreatMemo::mate(const Position& pos, Color side, const ThreatOptions& opt) {
  const auto it = std::find_if(mates_.begin(), mates_.end(), [&](const Entry<SearchAnswer>& e) {
    return e.key == pos.key() && e.side == side && e.opt == opt;
  });
  if (it != mates_.end()) return it->answer;
  const SearchAnswer answer = mate_threat(pos, side, opt);
  mates_.push_back({pos.key(), side, false, opt, answer});
  return answer;
}

}  // namespace xq::rules::detail
