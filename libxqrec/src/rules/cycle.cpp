#include "xqrec/core/rules/cycle.h"

namespace xq::rules {

void RepetitionCounter::reset(int threshold) {
  threshold_ = threshold < 2 ? 2 : threshold;
  restart();
  ply_ = -1;
  base_ply_ = 0;
  if (slots_.capacity() > 1024) slots_ = {};
  if (links_.capacity() > 1024) links_ = {};
}

void RepetitionCounter::restart() {
  keys_.clear();
  seen_.fill(0);
  base_ply_ = ply_;
  if (indexed_) {
    indexed_ = false;
    used_ = 0;
    slots_.clear();  // their storage kept for the next long run
    links_used_ = 0;
    links_.clear();
  }
}

void RepetitionCounter::grow_index() {
  std::vector<std::uint32_t> live;
  live.swap(slots_);
  const std::size_t size = next_size(live.size());
  if (live.empty()) {  // a new run's index: small, in the storage of the last one
    slots_ = std::move(live);
    slots_.assign(size, 0);
    return;
  }
  // The live slots move to a larger table.
  slots_.assign(size, 0);
  for (const std::uint32_t o : live) {
    if (o == 0) continue;
    std::size_t at = home(std::uint32_t(keys_[o - 1] >> 32), size);
    while (slots_[at] != 0) at = at + 1 == size ? 0 : at + 1;
    slots_[at] = o;
  }
}

void RepetitionCounter::grow_links() {
  std::vector<Link> live;
  live.swap(links_);
  const std::size_t size = next_size(live.size());
  if (live.empty()) {
    links_ = std::move(live);
    links_.assign(size, Link{});
    return;
  }
  links_.assign(size, Link{});
  for (const Link& l : live) {
    if (l.at == 0) continue;
    std::size_t at = home(l.at * 0x9E3779B9u, size);
    while (links_[at].at != 0) at = at + 1 == size ? 0 : at + 1;
    links_[at] = l;
  }
}

const RepetitionCounter::Link* RepetitionCounter::link_of(std::size_t i) const {
  if (links_used_ == 0) return nullptr;
  const std::uint32_t want = std::uint32_t(i + 1);
  const std::size_t size = links_.size();
  for (std::size_t at = home(want * 0x9E3779B9u, size);; at = at + 1 == size ? 0 : at + 1) {
    if (links_[at].at == want) return &links_[at];
    if (links_[at].at == 0) return nullptr;
  }
}

void RepetitionCounter::add_link(std::size_t i, int previous, int count) {
  if ((links_used_ + 1) * 4 > links_.size() * 3) grow_links();
  const std::uint32_t want = std::uint32_t(i + 1);
  const std::size_t size = links_.size();
  std::size_t at = home(want * 0x9E3779B9u, size);
  while (links_[at].at != 0) at = at + 1 == size ? 0 : at + 1;
  links_[at] = Link{want, previous, count};
  ++links_used_;
}

RepetitionCounter::Occurrence RepetitionCounter::index_key(std::size_t i) {
  // At most three quarters full: a probe stays a few slots long.
  if ((used_ + 1) * 4 > slots_.size() * 3) grow_index();
  const std::uint64_t key = keys_[i];
  const std::size_t size = slots_.size();
  std::size_t at = home(std::uint32_t(key >> 32), size);
  while (slots_[at] != 0 && keys_[slots_[at] - 1] != key) at = at + 1 == size ? 0 : at + 1;
  std::uint32_t& s = slots_[at];
  if (s == 0) {  // first seen
    s = std::uint32_t(i + 1);
    ++used_;
    return {1, -1};
  }
  const int previous = int(s - 1);
  const Link* before = link_of(std::size_t(previous));
  const int n = (before ? before->count : 1) + 1;
  add_link(i, previous, n);
  s = std::uint32_t(i + 1);
  return {n, previous};
}

std::optional<Repetition> RepetitionCounter::push_indexed(std::uint64_t key) {
  if (!indexed_) {
    for (std::size_t i = 0; i + 1 < keys_.size(); ++i) index_key(i);
    indexed_ = true;
  }
  const std::size_t i = keys_.size() - 1;
  const Occurrence o = index_key(i);
  if (o.count < threshold_) return std::nullopt;
  // The threshold-th occurrence counting this one as the first: each one
  // on the way has occurred before, so has a link.
  int first = int(i);
  for (int k = 1; k < threshold_; ++k) first = link_of(std::size_t(first))->previous;
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
