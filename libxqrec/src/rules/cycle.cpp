#include "xqrec/core/rules/cycle.h"

namespace xq::rules {

void RepetitionCounter::reset(int threshold) {
  threshold_ = threshold < 2 ? 2 : threshold;
  restart();
  ply_ = -1;
  base_ply_ = 0;
  if (slots_.capacity() > 1024) slots_ = {};
}

void RepetitionCounter::restart() {
  keys_.clear();
  seen_.fill(0);
  base_ply_ = ply_;
  if (indexed_) {
    indexed_ = false;
    previous_.clear();
    used_ = 0;
    slots_.clear();  // its storage kept for the next long run
  }
}

void RepetitionCounter::grow_index() {
  if (slots_.empty()) {  // a new run's index: small, in the storage of the last one
    slots_.assign(1024, Slot{});
    return;
  }
  // The live slots move to a table twice the size.
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.size() * 2, Slot{});
  for (const Slot& o : old) {
    if (o.last < 0) continue;
    std::size_t at = std::size_t(keys_[std::size_t(o.last)]) & (slots_.size() - 1);
    while (slots_[at].last >= 0) at = (at + 1) & (slots_.size() - 1);
    slots_[at] = o;
  }
}

const RepetitionCounter::Slot& RepetitionCounter::index_key(std::size_t i) {
  // At most three quarters full: 2^20 positions fit 2^21 slots (at half,
  // 2^22: twice the memory), and a probe stays a few slots long.
  if ((used_ + 1) * 4 > slots_.size() * 3) grow_index();
  const std::uint64_t key = keys_[i];
  std::size_t at = std::size_t(key) & (slots_.size() - 1);
  while (slots_[at].last >= 0 && keys_[std::size_t(slots_[at].last)] != key) at = (at + 1) & (slots_.size() - 1);
  Slot& s = slots_[at];
  used_ += s.last < 0;
  previous_.push_back(s.last);
  s.last = std::int32_t(i);
  ++s.count;
  return s;
}

std::optional<Repetition> RepetitionCounter::push_indexed(std::uint64_t key) {
  if (!indexed_) {
    previous_.clear();
    previous_.reserve(keys_.capacity());
    for (std::size_t i = 0; i + 1 < keys_.size(); ++i) index_key(i);
    indexed_ = true;
  }
  const std::size_t i = keys_.size() - 1;
  const int n = index_key(i).count;
  if (n < threshold_) return std::nullopt;
  // The previous occurrence, and the threshold-th counting this one as the first.
  const std::int32_t previous = previous_[i];
  std::int32_t first = std::int32_t(i);
  for (int k = 1; k < threshold_; ++k) first = previous_[std::size_t(first)];
  Repetition r;
  r.first_ply = base_ply_ + previous + 1;
  r.span_first_ply = base_ply_ + first + 1;
  r.last_ply = ply_;
  r.occurrences = n;
  r.key = key;
  return r;
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
