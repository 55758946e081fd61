#include "mate_search.h"

#include <algorithm>
#include <array>

#include "xqrec/core/move_list.h"

namespace xq::rules::detail {

namespace {

// Captures first, then the generation order (stable): a check that takes
// material, and a reply that takes the checker, are the likeliest to decide,
// and the first refuting reply ends a defender's node. The order only
// changes the cost and, among equal lines, which one `line` shows.
std::size_t ordered(const Position& pos, const MoveList& moves, std::array<std::uint8_t, MoveList::kCapacity>& order) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (pos.at(moves[i].to())) order[n++] = std::uint8_t(i);
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (!pos.at(moves[i].to())) order[n++] = std::uint8_t(i);
  return n;
}

}  // namespace

bool MateByChecks::spend() {
  ++nodes_;
  if (limited_ && ++spent_ > budget_) exhausted_ = true;
  return !exhausted_;
}

MateByChecks::Result MateByChecks::attack(Position& pos, int depth) {
  if (exhausted_) return {false, true};
  // Depth-1 nodes are cheap (one check and a legal-move test each): no memo.
  const bool memo = depth >= 2;
  if (memo) {
    const auto it = memo_.find(pos.key());
    if (it != memo_.end()) {
      if (it->second.mate_in <= depth) return {true, false};
      if (it->second.no_mate_upto >= depth) return {false, it->second.no_mate_upto != kAll};
    }
  }
  MoveList checks;
  pos.generate_legal_checks(checks);
  std::array<std::uint8_t, MoveList::kCapacity> order;
  const std::size_t n = ordered(pos, checks, order);
  bool cut = false;
  for (std::size_t o = 0; o < n; ++o) {
    const Move k = checks[order[o]];
    if (!spend()) return {false, true};
    Undo u;
    pos.make_legal(k, u);
    const Result r = defend(pos, depth - 1);
    pos.undo(k, u);
    if (exhausted_) return {false, true};
    if (r.mate) {
      if (memo) {
        auto& known = memo_[pos.key()];
        known.mate_in = std::min<std::int8_t>(known.mate_in, std::int8_t(depth));
      }
      return {true, false};
    }
    cut = cut || r.cut;
  }
  if (memo) {
    auto& known = memo_[pos.key()];
    known.no_mate_upto = cut ? std::max<std::int8_t>(known.no_mate_upto, std::int8_t(depth)) : kAll;
  }
  return {false, cut};
}

MateByChecks::Result MateByChecks::defend(Position& pos, int depth) {
  // The last check: mate only if nothing answers it; an answer is a line the
  // depth stopped (more checks might follow).
  if (depth == 0) return pos.has_legal_move() ? Result{false, true} : Result{true, false};
  MoveList replies;
  pos.generate_legal(replies);
  std::array<std::uint8_t, MoveList::kCapacity> order;
  const std::size_t n = ordered(pos, replies, order);
  for (std::size_t o = 0; o < n; ++o) {
    const Move r = replies[order[o]];
    if (!spend()) return {false, true};
    Undo u;
    pos.make_legal(r, u);
    const Result a = attack(pos, depth);
    pos.undo(r, u);
    if (exhausted_) return {false, true};
    if (!a.mate) return {false, a.cut};
  }
  return {true, false};
}

std::optional<int> MateByChecks::mate_distance(Position& pos, int max_depth) {
  // Iterative deepening: each depth reuses the memo of the shallower ones,
  // and a search that no depth stopped (every line ran out of checks) needs
  // no deeper one.
  for (int d = 1; d <= max_depth; ++d) {
    limited_ = d > kUnbudgetedMateDepth;
    const Result r = attack(pos, d);
    if (exhausted_) return std::nullopt;
    if (r.mate) return d;
    if (!r.cut) return std::nullopt;
  }
  return std::nullopt;
}

SearchAnswer MateByChecks::mates(Position& pos, int max_depth) {
  // The old search first, at its depth and without a budget; then the
  // deeper ones while the budget lasts.
  const int old_depth = std::min(max_depth, kUnbudgetedMateDepth);
  if (old_depth < 1) return SearchAnswer::Refuted;
  limited_ = false;
  Result r = attack(pos, old_depth);
  for (int d = old_depth + 1; !r.mate && r.cut && d <= max_depth; ++d) {
    limited_ = true;
    r = attack(pos, d);
    if (exhausted_) return SearchAnswer::Unknown;
  }
  return r.mate ? SearchAnswer::Found : SearchAnswer::Refuted;
}

std::vector<Move> MateByChecks::line(Position& pos, int checks) {
  std::vector<Move> out;
  std::vector<Undo> undos;
  const auto play = [&](Move m) {
    out.push_back(m);
    undos.emplace_back();
    pos.make_legal(m, undos.back());
  };
  // The fewest checks (at most `most`) that mate from here, 0 if none.
  const auto distance = [&](int most) {
    for (int d = 1; d <= most; ++d)
      if (attack(pos, d).mate) return d;
    return 0;
  };
  limited_ = true;
  int d = checks;
  while (d > 0 && !exhausted_) {
    d = distance(d);
    if (d == 0) break;  // only if the budget ran out
    MoveList ks;
    pos.generate_legal_checks(ks);
    std::array<std::uint8_t, MoveList::kCapacity> order;
    const std::size_t n = ordered(pos, ks, order);
    Move chosen;
    bool found = false;
    for (std::size_t o = 0; o < n && !found; ++o) {
      const Move k = ks[order[o]];
      Undo u;
      pos.make_legal(k, u);
      found = defend(pos, d - 1).mate;
      pos.undo(k, u);
      if (found) chosen = k;
    }
    if (!found) break;
    play(chosen);
    if (d == 1) break;  // mated
    // The reply that resists longest.
    MoveList replies;
    pos.generate_legal(replies);
    int longest = -1;
    Move resist;
    for (Move r : replies) {
      Undo u;
      pos.make_legal(r, u);
      const int m = distance(d - 1);
      pos.undo(r, u);
      if (m > longest) {
        longest = m;
        resist = r;
      }
    }
    if (longest <= 0) break;
    play(resist);
    d = longest;
  }
  const bool complete = !exhausted_ && !out.empty() && !pos.has_legal_move();
  for (std::size_t i = out.size(); i-- > 0;) pos.undo(out[i], undos[i]);
  if (!complete) out.clear();
  return out;
}

}  // namespace xq::rules::detail
