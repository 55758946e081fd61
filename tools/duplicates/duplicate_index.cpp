// Classes of identical canonical lines, the prefix buckets that find the
// candidates for embedding, and the groups.
#include "xqrec/duplicates/duplicate_index.h"

#include <algorithm>
#include <numeric>

namespace xq::duplicates {

std::string_view relation_name(Relation r) {
  switch (r) {
    case Relation::Kept: return "kept";
    case Relation::Identical: return "identical";
    case Relation::Mirrored: return "mirrored";
    case Relation::Embedded: return "embedded";
    case Relation::MirroredEmbedded: return "mirrored+embedded";
  }
  return "?";
}

bool DuplicateIndex::better_kept(std::uint32_t a, std::uint32_t b) const {
  const GameScore &sa = entries_[a].score, &sb = entries_[b].score;
  return sa != sb ? sa > sb : a < b;
}

bool DuplicateIndex::better_target(std::uint32_t a, std::uint32_t b) const {
  const std::uint32_t pa = entries_[kept_[a]].key.plies, pb = entries_[kept_[b]].key.plies;
  if (pa != pb) return pa > pb;
  return better_kept(kept_[a], kept_[b]);
}

std::uint32_t DuplicateIndex::class_of_key(std::uint64_t line, std::uint32_t plies) const {
  const auto it = std::lower_bound(order_.begin(), order_.end(), 0u, [&](std::uint32_t e, std::uint32_t) {
    const LineKey& k = entries_[e].key;
    return k.line != line ? k.line < line : k.plies < plies;
  });
  if (it == order_.end()) return kNone;
  const LineKey& k = entries_[*it].key;
  return k.line == line && k.plies == plies ? class_of_[*it] : kNone;
}

std::vector<std::uint32_t> DuplicateIndex::embedding_candidates() {
  const auto n = std::uint32_t(entries_.size());
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), 0u);
  // Stable: within a class, reading order.
  std::stable_sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
    const LineKey &ka = entries_[a].key, &kb = entries_[b].key;
    return ka.line != kb.line ? ka.line < kb.line : ka.plies < kb.plies;
  });
  class_of_.assign(n, kNone);
  class_start_.clear();
  kept_.clear();
  for (std::uint32_t i = 0; i < n; ++i) {
    const LineKey& k = entries_[order_[i]].key;
    if (i == 0 || k.line != entries_[order_[i - 1]].key.line || k.plies != entries_[order_[i - 1]].key.plies) {
      class_start_.push_back(i);
      kept_.push_back(order_[i]);
    }
    const auto c = std::uint32_t(class_start_.size() - 1);
    class_of_[order_[i]] = c;
    if (better_kept(order_[i], kept_[c])) kept_[c] = order_[i];
  }
  class_start_.push_back(n);

  // Prefix buckets: the classes long enough to be embedded, by the chain
  // value at min_plies, shortest first.
  std::vector<std::uint32_t> bucketed;
  for (std::uint32_t c = 0; c + 1 < class_start_.size(); ++c)
    if (entries_[order_[class_start_[c]]].key.plies >= min_plies_) bucketed.push_back(c);
  auto first_key = [&](std::uint32_t c) -> const LineKey& { return entries_[order_[class_start_[c]]].key; };
  std::sort(bucketed.begin(), bucketed.end(), [&](std::uint32_t a, std::uint32_t b) {
    const LineKey &ka = first_key(a), &kb = first_key(b);
    return ka.prefix != kb.prefix ? ka.prefix < kb.prefix : ka.plies < kb.plies;
  });
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0, j; i < bucketed.size(); i = j) {
    const LineKey& shortest = first_key(bucketed[i]);
    for (j = i + 1; j < bucketed.size() && first_key(bucketed[j]).prefix == shortest.prefix; ++j)
      if (first_key(bucketed[j]).plies > shortest.plies) out.push_back(order_[class_start_[bucketed[j]]]);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void DuplicateIndex::prefix_seen(std::uint32_t entry, std::uint32_t ply, std::uint64_t hash) {
  if (ply < min_plies_ || ply >= entries_[entry].key.plies) return;
  const std::uint32_t shorter = class_of_key(hash, ply);
  if (shorter == kNone) return;
  const std::uint32_t longer = class_of_[entry];
  auto [it, added] = target_.try_emplace(shorter, longer);
  if (!added && better_target(longer, it->second)) it->second = longer;
}

std::vector<Group> DuplicateIndex::groups() const {
  const auto classes = std::uint32_t(kept_.size());
  // The classes joining each target, target by target.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> joining(target_.begin(), target_.end());
  for (auto& p : joining) std::swap(p.first, p.second);
  std::sort(joining.begin(), joining.end());
  std::vector<Group> out;
  auto j = joining.begin();
  for (std::uint32_t c = 0; c < classes; ++c) {
    while (j != joining.end() && j->first < c) ++j;
    if (target_.count(c)) continue;  // it joins a longer class's group
    std::vector<std::uint32_t> games(order_.begin() + class_start_[c], order_.begin() + class_start_[c + 1]);
    for (auto k = j; k != joining.end() && k->first == c; ++k)
      games.insert(games.end(), order_.begin() + class_start_[k->second], order_.begin() + class_start_[k->second + 1]);
    if (games.size() < 2) continue;
    const std::uint32_t kept = kept_[c];
    const LineKey& kk = entries_[kept].key;
    std::sort(games.begin(), games.end());
    Group g;
    g.members.push_back({kept, Relation::Kept});
    for (const std::uint32_t e : games) {
      if (e == kept) continue;
      const LineKey& k = entries_[e].key;
      const bool flipped = k.oriented && kk.oriented && k.mirrored != kk.mirrored;
      const bool same = class_of_[e] == c;
      g.members.push_back({e, same ? (flipped ? Relation::Mirrored : Relation::Identical)
                                   : (flipped ? Relation::MirroredEmbedded : Relation::Embedded)});
    }
    out.push_back(std::move(g));
  }
  std::sort(out.begin(), out.end(),
            [](const Group& a, const Group& b) { return a.members[0].entry < b.members[0].entry; });
  return out;
}

}  // namespace xq::duplicates
