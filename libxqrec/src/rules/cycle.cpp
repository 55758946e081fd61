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
  int count = 0, previous = -1;
  // Same side to move only every second ply; the key includes the side anyway.
  for (int i = int(keys_.size()) - 1; i >= 0; i -= 2) {
    if (keys_[std::size_t(i)] != key) continue;
    ++count;
    if (count == 2) previous = base_ply_ + i;
  }
  if (count < threshold_) return std::nullopt;
  Repetition r;
  r.first_ply = previous + 1;
  r.last_ply = ply_;
  r.occurrences = count;
  r.key = key;
  return r;
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
