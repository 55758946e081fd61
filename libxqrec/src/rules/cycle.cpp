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
    used_ = 0;
    slots_.clear();  // their storage kept for the next long run
    ply_bits_ = kNarrowPlyBits;
    if (!large_counts_.empty()) large_counts_ = {};
  }
}

void RepetitionCounter::rehash(std::size_t size) {
  std::vector<std::uint32_t> live;
  live.swap(slots_);
  if (used_ == 0) {  // a new run's index: small, in the storage of the last one
    slots_ = std::move(live);
    slots_.assign(size, 0);
    return;
  }
  slots_.assign(size, 0);
  for (const std::uint32_t o : live) {
    if (o == 0) continue;
    std::size_t at = home(std::uint32_t(keys_[ply_of(o)] >> 32), size);
    while (slots_[at] != 0) at = at + 1 == size ? 0 : at + 1;
    slots_[at] = o;
  }
}

void RepetitionCounter::widen() {
  const std::uint32_t mark = count_mark();
  const int narrow = ply_bits_;
  for (std::uint32_t& s : slots_) {
    if (s == 0) continue;
    const std::uint32_t ply = s & ply_mask(), field = s >> narrow;
    // A count of 2 or more goes to the map (its mark is 1 now); one at the
    // old mark is there already.
    if (field != 0 && field != mark) large_counts_[keys_[ply - 1]] = field + 1;
    s = ply | (field != 0 ? std::uint32_t{1} << kWidePlyBits : 0);
  }
  ply_bits_ = kWidePlyBits;
}

RepetitionCounter::Occurrence RepetitionCounter::index_key(std::size_t i) {
  if (i + 1 >= ply_mask() && ply_bits_ == kNarrowPlyBits) [[unlikely]]
    widen();
  // At most three quarters full: a probe stays a few slots long.
  if ((used_ + 1) * 4 > slots_.size() * 3) rehash(next_size(slots_.size()));
  const std::uint64_t key = keys_[i];
  const std::size_t size = slots_.size();
  std::size_t at = home(std::uint32_t(key >> 32), size);
  while (slots_[at] != 0 && keys_[ply_of(slots_[at])] != key) at = at + 1 == size ? 0 : at + 1;
  std::uint32_t& s = slots_[at];
  const std::uint32_t ply = std::uint32_t(i + 1);
  if (s == 0) {  // first seen
    s = ply;
    ++used_;
    return {1, -1};
  }
  const int previous = int(ply_of(s));
  const std::uint32_t field = s >> ply_bits_, mark = count_mark();
  std::uint32_t n;
  if (field != mark) {
    n = field + 2;  // the count before this one is field + 1
    if (n - 1 < mark)
      s = ply | (n - 1) << ply_bits_;
    else
      large_counts_[key] = n, s = ply | mark << ply_bits_;
  } else {
    n = ++large_counts_[key];
    s = ply | mark << ply_bits_;
  }
  return {int(n), previous};
}

std::optional<Repetition> RepetitionCounter::push_indexed(std::uint64_t key) {
  if (!indexed_) {
    for (std::size_t i = 0; i + 1 < keys_.size(); ++i) index_key(i);
    indexed_ = true;
  }
  const std::size_t i = keys_.size() - 1;
  const Occurrence o = index_key(i);
  if (o.count < threshold_) return std::nullopt;
  // The threshold-th occurrence counting this one as the first: back
  // through the keys (the same side to move every second ply).
  int first = o.previous;
  for (int k = 2; k < threshold_;) {
    first -= 2;
    if (keys_[std::size_t(first)] == key) ++k;
  }
  Repetition r;
  r.first_ply = base_ply_ + o.previous + 1;
  r.span_first_ply = base_ply_ + first + 1;
  r.last_ply = ply_;
  r.occurrences = o.count;
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
