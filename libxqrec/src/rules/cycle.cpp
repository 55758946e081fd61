#include "xqrec/rules/cycle.h"

namespace xq::rules {

std::optional<Repetition> RepetitionCounter::push(std::uint64_t key, bool after_capture) {
  ++ply_;
  if (after_capture) {
    keys_.clear();
    seen_.fill(0);
    base_ply_ = ply_;
  }
  keys_.push_back(key);
  const unsigned bit = unsigned(key >> 54);  // 10 bits: 1024 in seen_
  std::uint64_t& word = seen_[bit >> 6];
  const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
  const bool maybe_seen = (word & mask) != 0;
  word |= mask;
  if (!maybe_seen) return std::nullopt;
  int count = 0, previous = -1, first = -1;
  // Same side to move only every second ply; the key includes the side anyway.
  for (int i = int(keys_.size()) - 1; i >= 0; i -= 2) {
    if (keys_[std::size_t(i)] != key) continue;
    ++count;
    if (count == 2) previous = base_ply_ + i;
    if (count == threshold_) first = base_ply_ + i;
  }
  if (count < threshold_) return std::nullopt;
  Repetition r;
  r.first_ply = previous + 1;
  r.span_first_ply = first + 1;
  r.last_ply = ply_;
  r.occurrences = count;
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
