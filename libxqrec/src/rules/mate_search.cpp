#include "mate_search.h"

#include <algorithm>
#include <array>

#include "xqrec/core/move_list.h"
#include "xqrec/core/rules/threats.h"

#include "cycle_memo.h"
#include "line_recorder.h"

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

std::size_t ordered_checks(const Position& pos, MoveList& list, std::array<std::uint8_t, MoveList::kCapacity>& order) {
  legal_checks_kept(pos, list);
  return ordered(pos, list, order);
}

std::size_t ordered_replies(const Position& pos, MoveList& list, std::array<std::uint8_t, MoveList::kCapacity>& order) {
  legal_moves_kept(pos, list);
  return ordered(pos, list, order);
}

}  // namespace

bool MateByChecks::spend() {
  ++nodes_;
  if (limited_ && ++spent_ > budget_) exhausted_ = true;
  return !exhausted_;
}

MateByChecks::Result MateByChecks::replay(const LastCheck& c) {
  ++last_check_hits_;
  if (limited_ && spent_ + c.spent > budget_) {
    // The search again would run out within these positions.
    nodes_ += budget_ - spent_ + 1;
    spent_ = budget_ + 1;
    exhausted_ = true;
    return {false, true};
  }
  nodes_ += c.spent;
  if (limited_) spent_ += c.spent;
  return c.mate ? Result{true, false} : Result{false, c.cut};
}

MateByChecks::Result MateByChecks::last_check(Position& pos) {
  if (use_last_checks_) {
    if (const LastCheck* known = last_checks_.find(pos.key())) return replay(*known);
  }
  const OrderedMoves::Span checks = checks_.of(pos, ordered_checks);
  LastCheck seen;
  for (std::size_t o = 0; o < checks.size && !seen.mate; ++o) {
    const Move k = checks_[checks.first + o];
    if (!spend()) return {false, true};  // cut short: not remembered
    ++seen.spent;
    Undo u;
    pos.make_legal(k, u);
    // Mate only if nothing answers the check; an answer is a line the
    // depth stopped (more checks might follow). When a deeper search may
    // follow, this position is a defender's there, so its replies are
    // generated (and kept) now rather than only tested for one.
    const bool answered =
        deeper_may_follow_ ? replies_.of(pos, ordered_replies).size != 0 : pos.has_legal_move();
    pos.undo(k, u);
    seen.mate = !answered;
    seen.cut = seen.cut || answered;
  }
  if (use_last_checks_) last_checks_[pos.key()] = seen;
  return seen.mate ? Result{true, false} : Result{false, seen.cut};
}

MateByChecks::Result MateByChecks::attack(Position& pos, int depth) {
  if (exhausted_) return {false, true};
  if (depth == 1) return last_check(pos);
  if (const Known* known = memo_.find(pos.key())) {
    if (known->mate_in <= depth) return {true, false};
    if (known->no_mate_upto >= depth) return {false, known->no_mate_upto != kAll};
  }
  const OrderedMoves::Span checks = checks_.of(pos, ordered_checks);
  bool cut = false;
  for (std::size_t o = 0; o < checks.size; ++o) {
    const Move k = checks_[checks.first + o];
    if (!spend()) return {false, true};
    Undo u;
    pos.make_legal(k, u);
    const Result r = defend(pos, depth - 1);
    pos.undo(k, u);
    if (exhausted_) return {false, true};
    if (r.mate) {
      auto& known = memo_[pos.key()];
      known.mate_in = std::min<std::int8_t>(known.mate_in, std::int8_t(depth));
      return {true, false};
    }
    cut = cut || r.cut;
  }
  auto& known = memo_[pos.key()];
  known.no_mate_upto = cut ? std::max<std::int8_t>(known.no_mate_upto, std::int8_t(depth)) : kAll;
  return {false, cut};
}

MateByChecks::Result MateByChecks::defend(Position& pos, int depth) {
  // The last check: mate only if nothing answers it; an answer is a line the
  // depth stopped (more checks might follow).
  if (depth == 0) return pos.has_legal_move() ? Result{false, true} : Result{true, false};
  const OrderedMoves::Span replies = replies_.of(pos, ordered_replies);
  for (std::size_t o = 0; o < replies.size; ++o) {
    const Move r = replies_[replies.first + o];
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

MateByChecks::Deepened MateByChecks::deepen(Position& pos, int first, int max_depth) {
  // Iterative deepening: each depth reuses the memo of the shallower ones,
  // and a search that no depth stopped (every line ran out of checks) needs
  // no deeper one. The old depths are searched in full, the deeper ones
  // within the budget. The memo holds depths in an int8: kMaxSearchDepth.
  max_depth = searched_depth(max_depth);
  for (int d = std::max(first, 1); d <= max_depth; ++d) {
    limited_ = d > kUnbudgetedMateDepth;
    deeper_may_follow_ = d < max_depth;
    const Result r = attack(pos, d);
    if (exhausted_) return {SearchAnswer::Unknown, 0};
    if (r.mate) return {SearchAnswer::Found, d};
    if (!r.cut) break;
  }
  return {SearchAnswer::Refuted, 0};
}

std::optional<int> MateByChecks::mate_distance(Position& pos, int max_depth) {
  const Deepened r = deepen(pos, 1, max_depth);
  return r.answer == SearchAnswer::Found ? std::optional<int>(r.checks) : std::nullopt;
}

SearchAnswer MateByChecks::mates(Position& pos, int max_depth) {
  // Whether, not in how many: the old depth at once (it includes the
  // shallower ones), then one check more at a time.
  return deepen(pos, std::min(max_depth, kUnbudgetedMateDepth), max_depth).answer;
}

std::vector<Move> MateByChecks::line(Position& pos, int checks) {
  LineRecorder rec(pos);
  // The fewest checks (at most `most`) that mate from here, 0 if none.
  const auto distance = [&](int most) {
    const Deepened r = deepen(pos, 1, most);
    limited_ = true;  // the line's own search spends its budget throughout
    return r.answer == SearchAnswer::Found ? r.checks : 0;
  };
  limited_ = true;
  int d = checks;
  while (d > 0 && !exhausted_) {
    d = distance(d);
    if (d == 0) break;  // only if the budget ran out
    MoveList ks;
    std::array<std::uint8_t, MoveList::kCapacity> order;
    const std::size_t n = ordered_checks(pos, ks, order);
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
    rec.play(chosen);
    if (d == 1) break;  // mated
    // The reply that resists longest.
    MoveList replies;
    legal_moves_kept(pos, replies);
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
    rec.play(resist);
    d = longest;
  }
  return rec.finish(!exhausted_ && !rec.empty() && !pos.has_legal_move());
}

}  // namespace xq::rules::detail
