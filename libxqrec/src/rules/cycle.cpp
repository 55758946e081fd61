#include "xqrec/rules/cycle.h"

namespace xq::rules {

void RepetitionCounter::restart() {
  keys_.clear();
  seen_.fill(0);
  base_ply_ = ply_;
}

std::optional<Repetition> RepetitionCounter::count(std::uint64_t key) const {
  int n = 0, previous = -1, first = -1;
  // Same side to move only every second ply; the key includes the side anyway.
  for (int i = int(keys_.size()) - 1; i >= 0; i -= 2) {
    if (keys_[std::size_t(i)] != key) continue;
    ++n;
    if (n == 2) previous = base_ply_ + i;
    if (n == threshold_) first = base_ply_ + i;
  }
  if (n < threshold_) return std::nullopt;
  Repetition r;
  r.first_ply = previous + 1;
  r.span_first_ply = first + 1;
  r.last_ply = ply_;
  r.occurrences = n;
  r.key = key;
  return r;
}

int judged_first_ply(const Repetition& r, std::span<const Move> moves) {
  const int cycle = r.last_ply - r.first_ply + 1, span = r.last_ply - r.span_first_ply + 1;
  if (span % cycle != 0) return r.span_first_ply;
  for (int i = 0; i < span - cycle; ++i)
    if (moves[std::size_t(r.span_first_ply - 1 + i)] != moves[std::size_t(r.first_ply - 1 + i % cycle)]) return r.span_first_ply;
  return r.first_ply;
}

std::optional<Repetition> find_repetition(const Position& start, std::span<const Move> moves, int threshold) {
  Position pos = start;
  RepetitionCounter counter(threshold);
  (void)counter.push(pos.key(), false);
  for (Move m : moves) {
    const bool capture = !pos.at(m.to()).empty();
    Undo u;
    pos.make(m, u);
    if (auto r = counter.push(pos.key(), capture)) return r;
  }
  return std::nullopt;
}

}  // namespace xq::rules
