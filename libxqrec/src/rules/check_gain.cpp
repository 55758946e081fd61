#include "check_gain.h"

#include <algorithm>
#include <utility>

#include "xqrec/core/move_list.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/threats.h"
#include "xqrec/core/rules/values.h"

#include "line_recorder.h"

#include "winning_captures.h"

namespace xq::rules::detail {

namespace {

// The lists kept in generation order (ordered_moves.h): check_value orders
// the replies itself, as it needs each one's place in that order.
std::size_t as_generated(const MoveList& list, std::array<std::uint8_t, MoveList::kCapacity>& order) {
  for (std::size_t i = 0; i < list.size(); ++i) order[i] = std::uint8_t(i);
  return list.size();
}

std::size_t legal_checks(const Position& pos, MoveList& list, std::array<std::uint8_t, MoveList::kCapacity>& order) {
  legal_checks_kept(pos, list);
  return as_generated(list, order);
}

std::size_t legal_replies(const Position& pos, MoveList& list, std::array<std::uint8_t, MoveList::kCapacity>& order) {
  legal_moves_kept(pos, list);
  return as_generated(list, order);
}

// The replies to a check ordered by what they take back, the most valuable
// first (stable: generation order among equals), as both readings of a
// check (check_value, least_defence_value) search them: a check is most
// often answered by taking the checker, and a reply taking back much leaves
// its follow-up a narrow window, so the reply holding the gain at the floor
// comes early and costs little. With `king_first`, among replies taking
// back as much the king's steps come first: a check is most often held by
// stepping aside, and a block searched first pays for the attacker's next
// checks around it (Aids::king_first says where). The first of the order is
// found by a scan (take_backs), the order itself made only when asked
// (sort): most often the first reply settles the check.
struct TakeBackOrder {
  std::array<int, MoveList::kCapacity> backs;  // what each reply takes back, in generation order
  std::array<int, MoveList::kCapacity> keys;   // what orders them: backs, and the king's steps
  std::array<std::uint8_t, MoveList::kCapacity> order;
  std::size_t first = 0;  // order[0], known before the sort

  template <class Replies>
  void take_backs(const Position& pos, const Replies& replies, std::size_t n, int pv, bool king_first) {
    first = 0;
    // The king's steps start from its square (the tracked king's, should a
    // relaxed set-up have two: the order only).
    const Square king = king_first ? pos.king(pos.side_to_move()) : Square::none();
    for (std::size_t i = 0; i < n; ++i) {
      const Move r = replies.at(i);
      const Piece lost = pos.at(r.to());
      backs[i] = lost.empty() ? 0 : piece_value(lost, r.to(), pv);
      keys[i] = 2 * backs[i] + (r.from() == king ? 1 : 0);
      if (keys[i] > keys[first]) first = i;
    }
  }
  void sort(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {  // stable: generation order among equals
      std::size_t j = i;
      for (; j > 0 && keys[order[j - 1]] < keys[i]; --j) order[j] = order[j - 1];
      order[j] = std::uint8_t(i);
    }
  }
};

}  // namespace

RootThreats root_threats(const Position& root, Color other, int pv) {
  RootThreats t;
  Position pos = with_side_to_move(root, other);
  const int any = 0;
  detail::winning_captures<false>(pos, pv, true, any, [](Move) { return true; },
                                  [&](Move r, int balance, const detail::MateRefutes& refuted) {
    const int i = r.to().index();
    if (balance > t.balance[i] && !refuted()) {
      t.balance[i] = balance;
      t.piece[i] = pos.at(r.to());
    }
    return true;
  });
  return t;
}

// The best that the side to move, the other side of a capture just played
// onto `sq`, wins by a direct capture elsewhere (the exchange on `sq` is the
// capture's own balance), less what it could already win of the same piece
// on the same square at the root: the walk of winning_captures.h, from
// `floor` (a best at or below it is returned as `floor`: the caller reads
// none of them apart), some value at or above `enough` once one reaches it.
// Only the value is read, not which capture gives it: the mate test (most
// of the walk's cost) is asked of a capture reaching `enough` at once, of
// the others after the walk, the highest gain first, until one holds.
int GainByChecks::best_elsewhere(Position& pos, Square sq, int floor, int enough) {
  const int pv = pv_;
  MoveList found;  // the captures above the floor, below enough
  std::array<int, MoveList::kCapacity> gains;
  int reached = floor;
  detail::winning_captures<false>(pos, pv, true, floor, [&](Move r) { return r.to() != sq; },
                                  [&](Move r, int balance, const detail::MateRefutes& refuted) {
    // Made only when a capture is found (most walks find none).
    const RootThreats& root = root_->get();
    const int i = r.to().index();
    const int gain = root.piece[i] == pos.at(r.to()) ? balance - root.balance[i] : balance;
    if (gain <= floor) return true;
    if (gain < enough) {
      gains[found.size()] = gain;
      found.push(r);
      return true;
    }
    if (refuted()) return true;
    reached = gain;
    return false;
  });
  if (reached > floor) return reached;
  for (;;) {
    std::size_t top = found.size();
    for (std::size_t j = 0; j < found.size(); ++j)
      if (gains[j] > floor && (top == found.size() || gains[j] > gains[top])) top = j;
    if (top == found.size()) return floor;
    if (!detail::mated_after(pos, found[top])) return gains[top];
    gains[top] = floor;  // refuted: not counted
  }
}

// Best material the side to move wins by a direct capture (0 if none: it can
// decline and save its pieces), and what it wins, after a defender's reply in a
// check sequence. A capture c counts with what it keeps when the other side
// answers with its best capture: the exchange on c's square (c's balance) or
// a capture elsewhere that the sequence made possible (24.3 得子: the line
// must win material; 炮i0+ 车h0 马xf2+ is no gain when 车xi0 answers the
// discovered check and takes the checking cannon). The other side's captures
// are legal moves, so after a capture with check only the evasions count.
// Found by the walk of winning_captures.h without what only a chase report
// needs (offers, roots, recaptures, the target list), looking at a capture
// only when its balance would beat the best so far, and at the other side's
// answers only until one of them brings it down to that best. The check
// sequences call this after every reply: it is most of an audit's time on
// real archives with repetitions.
//
// The window (lo, hi): the caller needs the value only between them, so the
// walk starts from lo (a value at or below it is returned as lo, with no
// `won`) and stops once the best reaches hi (some value at or above hi is
// returned). Inside the window value and `won` are the whole walk's: the
// first capture reaching the best is the same.
int GainByChecks::best_follow_up(Position& pos, Won& won, int lo, int hi, Move* capture) {
  // A capture keeps at most the piece it takes: when no piece of the other
  // side is worth more than lo, the walk would find nothing above lo and
  // answer lo (nothing won).
  if (lo > 0 && aids_.futility && most_[1] <= lo) return lo;
  if (!remember_) return search_follow_up(pos, won, lo, hi, capture);
  // Exact whatever the budget (no position is counted here): always kept,
  // marked with whether the walk's best was ever the king's or a pawn's.
  Capture found;
  const auto known = stores_->follow_ups[full_].find(pos.key(), 0, lo, hi);
  const bool outer = std::exchange(took_, false);
  const int value = known ? known->value : search_follow_up(pos, found.won, lo, hi, &found.move);
  if (known) {
    found = known->witness;
    took_ = known->mark;
  } else {
    stores_->follow_ups[full_].store(pos.key(), 0, lo, hi, value, found, took_);
  }
  took_ = took_ || outer;
  if (found.won.square.valid()) {
    won = found.won;
    if (capture) *capture = found.move;
  }
  return value;
}

// most_: the question's root, with the attacker to move, gives each line's
// bound: the defender's pieces there, the most valuable first (a pawn as a
// crossed one, pv_: it may cross on the way), summed. A line takes only
// pieces of the defender that stand at the root, each once; a capture keeps
// at most the piece it takes (best_follow_up), so a line of c checks wins
// at most most_[c + 1]. The last entry holds all of them: it bounds every
// longer line too (relaxed set-ups may have more pieces than it counts).
void GainByChecks::bound_gains(const Position& root) {
  // Every first check of a question starts from the same root: made once.
  if (bounds_made_ && bounds_key_ == root.key()) return;
  bounds_made_ = true;
  bounds_key_ = root.key();
  std::array<int, kSquares> values{};
  std::size_t n = 0;
  const Color defender = ~root.side_to_move();
  root.occupied(defender).for_each([&](Square s) {
    const Piece p = root.at(s);
    if (p.type() != PieceType::King) values[n++] = p.type() == PieceType::Pawn ? pv_ : piece_value(p, s, pv_);
  });
  std::sort(values.begin(), values.begin() + long(n), std::greater<>());
  most_.fill(0);
  for (std::size_t c = 1; c < most_.size(); ++c) most_[c] = most_[c - 1] + (c <= n ? values[c - 1] : 0);
  for (std::size_t c = most_.size(); c <= n; ++c) most_.back() += values[c - 1];
}

// best_follow_up's walk, for a position the memo does not answer.
int GainByChecks::search_follow_up(Position& pos, Won& won, int lo, int hi, Move* capture) {
  const int pv = pv_;
  int best = std::max(0, lo);
  if (best >= hi) return best;
  detail::winning_captures<false>(pos, pv, true, best, [](Move) { return true; },
                                  [&](Move c, int balance, const detail::MateRefutes& refuted) {
    const int value = piece_value(pos.at(c.to()), c.to(), pv);
    const Piece taker = pos.at(c.from());
    Undo u;
    pos.make_legal(c, u);
    // A pawn's capture that opens another piece's check (the defender,
    // having just replied, was not in check before it).
    const bool opens = taker.type() == PieceType::Pawn && detail::opens_check(pos, c.to(), SquareSet());
    const bool king = taker.type() == PieceType::King, pawn = taker.type() == PieceType::Pawn;
    if (!full_ && ((king && left_out_.king) || (pawn && (opens ? left_out_.pawns_opening_check : left_out_.pawns)))) {
      pos.undo(c, u);
      return true;
    }
    // What c keeps, min(balance, value - answer), beats the best only when
    // the answer is below value - best, and is the balance whatever answer
    // at or below value - balance (0 or more: the balance is at most the
    // value): the walk elsewhere starts from there and stops at the other.
    const int answer = aids_.elsewhere_window ? best_elsewhere(pos, c.to(), std::max(0, value - balance), value - best)
                                              : best_elsewhere(pos, c.to(), 0, kUnbounded);
    pos.undo(c, u);
    const int kept = std::min(balance, value - answer);
    if (kept > best && !refuted()) {
      took_ = took_ || king || pawn;
      best = kept;
      won = {c.to(), taker, opens};
      if (capture) *capture = c;
    }
    return best < hi;
  });
  return best;
}

// What the attacker wins after the defender's reply r to a check, with
// `depth` checks in all from that check on: its best direct capture, or more
// checks (depth > 1), in the window (lo, hi) as best_follow_up and
// check_line take it; `won`'s square is traced back through r (the
// defender moved the piece there). pos is left as it was.
int GainByChecks::reply_follow_up(Position& pos, Move r, int depth, int lo, int hi, Won& won) {
  Undo ur;
  pos.make_legal(r, ur);
  const int follow = after_reply(pos, depth - 1, lo, hi, won);
  pos.undo(r, ur);
  if (won.square.valid() && won.square == r.to()) won.square = r.from();
  return follow;
}

// reply_follow_up in the position after the reply, with `checks` more
// checks allowed; `won` as the search leaves it (the callers pass it empty).
int GainByChecks::after_reply(Position& pos, int checks, int lo, int hi, Won& won) {
  int follow = 0;
  if (checks == 0) {
    follow = best_follow_up(pos, won, lo, hi);
    if (follow < hi && want_cut_ && !cut_) {
      // The depth stops this line; a deeper search matters only if a check
      // is left to play. When the lists are kept, this position's checks
      // are the next depth's (an attacker's position there): kept now.
      MoveList fresh;
      cut_ = checks_of(pos, fresh).span.size != 0;
    }
    return follow;
  }
  // While lines cut by the depth are looked for and none has been seen, a
  // remembered value would skip the leaves that test needs: searched again.
  if (remember_ && (!want_cut_ || cut_)) {
    if (const auto known = stores_->after_replies[full_].find(pos.key(), checks, lo, hi)) {
      won = known->witness;
      took_ = took_ || known->mark;  // what its subtree read, for this first check too
      return known->value;
    }
  }
  // took_ of this subtree alone, for its memo entry.
  const bool outer = std::exchange(took_, false);
  follow = best_follow_up(pos, won, lo, hi);
  if (follow < hi) {
    Won deeper_won;
    const int deeper = check_line(pos, checks, deeper_won, std::max(follow, lo), hi);
    if (deeper > follow) {
      follow = deeper;
      won = deeper_won;
    }
  }
  // A search the budget stopped answers nothing.
  if (remember_ && !stop_) stores_->after_replies[full_].store(pos.key(), checks, lo, hi, follow, won, took_);
  took_ = took_ || outer;
  return follow;
}

// Most checks are answered by taking the checking piece, and the answer
// holds the gain at the floor: the captures of the piece that moved (the
// checker, unless the check is discovered; `takes`, the legal captures onto
// `to` after the check, in generation order) are tried before every reply
// is generated, and one that holds the floor settles the check (a value at
// or below the floor is all the caller reads, whichever reply gives it).
// Each follow-up is searched in (its floor, what `high` is for it): the
// first reading's ceiling, or just above the floor for the whole gains of
// least_defence_value, which need only whether one holds it. Returns whether
// one settles the check, with the value it holds it to (at or below
// `floor`); `keep(reply, follow, won)` is told of each capture that does not.
// Only where the search is neither counted against a budget nor (still)
// watched for lines cut by the depth (the callers ask), so that every
// answer is the same. Shared by both readings of a check, so that they
// cannot drift apart.
template <class Keep>
bool GainByChecks::settles_at_floor(Position& pos, const MoveList& takes, Square to, int cap, int depth, int floor,
                                    int high, int& value, Keep&& keep) {
  if (takes.empty()) return false;
  const int back = piece_value(pos.at(to), to, pv_);
  const int lo = floor - cap + back;
  // After a capture, the attacker needs more than the `depth` most valuable
  // pieces of the defender (most_) to beat its floor: its follow-up would
  // answer lo (check_line says when the search may skip it).
  if (aids_.futility && most_[std::size_t(std::min(depth, kMostChecks))] <= lo) {
    value = floor;
    return true;
  }
  for (Move r : takes) {
    spend();  // never refused: no budget here
    Won v;
    const int follow = reply_follow_up(pos, r, depth, lo, high - cap + back, v);
    if (cap - back + follow <= floor) {
      value = cap - back + follow;
      return true;
    }
    keep(r, follow, v);
  }
  return false;
}

// The material the side to move wins with the check k (then possibly more
// checks) followed by a capture, against the best defence; INT_MIN when k
// mates (杀, not 捉). `won` is the piece won in the worst case, its square
// in the current position (a piece that the defender moves in its reply is
// traced back to where it stood, so the chased piece is the one on the
// board now), and the piece that takes it at the end of that line.
//
// The window (floor, ceiling): the caller ignores any value at or below
// `floor`, so once one reply holds the gain there the other replies need no
// search (the value then returned is at or below `floor`, and `won`
// means nothing), and any value at or above `ceiling` (some value at or
// above it is returned). Each reply's own searches get the window in which
// its value can still become the worst: above `floor`, below the worst so
// far and the ceiling. Inside the window, value and `won` are those of the
// whole search (the first reply, in generation order, reaching the worst).
int GainByChecks::check_value(Position& pos, Move k, int depth, Won& won, int floor, int ceiling) {
  const int pv = pv_;
  // The first check's least replies, kept for a search leaving captures
  // out: a reply whose value is exact and the worst, and one whose window
  // stopped at the worst (equal or more: open).
  LeastReplies* const record = std::exchange(record_, nullptr);
  if (record) record->valid = false;
  const Piece captured = pos.at(k.to());
  const int cap = captured.empty() ? 0 : piece_value(captured, k.to(), pv);
  Undo u;
  pos.make_legal(k, u);
  // A capture of the checker holding the gain at the floor settles the
  // check (settles_at_floor).
  MoveList fresh;  // the replies, when they are not kept
  Moves replies;
  // The captures of the checker tried first, none holding the floor, and
  // what each follow-up came to: the first two (rarely more than one are
  // tried); others are searched again below.
  struct Tried {
    Move reply;
    int follow;
    Won won;
  };
  std::array<Tried, 2> tried;
  std::size_t tried_count = 0;
  const bool pre_try = !limited_ && (!want_cut_ || cut_);
  // A reply after which the attacker needs more than the `depth` most
  // valuable pieces of the defender (most_) to beat the floor holds the
  // floor: its follow-up would answer its window's low end, lo (check_line
  // says when the search may skip it).
  const bool futile = aids_.futility && (!want_cut_ || cut_);
  const int rest = most_[std::size_t(std::min(depth, kMostChecks))];
  if (pre_try && keep_lists_) replies = replies_of(pos, fresh);
  if (pre_try) {
    MoveList takes;
    if (keep_lists_) {
      // generate_legal_captures_to's list: the same moves in the same order.
      for (std::size_t i = 0; i < replies.span.size; ++i)
        if (const Move r = replies.at(i); r.to() == k.to()) takes.push(r);
    } else {
      legal_captures_to_kept(pos, k.to(), takes);
    }
    int settled;
    if (settles_at_floor(pos, takes, k.to(), cap, depth, floor, ceiling, settled, [&](Move r, int follow, const Won& v) {
          if (tried_count < tried.size()) tried[tried_count++] = {r, follow, v};
        })) {
      pos.undo(k, u);
      won = Won{};
      return settled;
    }
  }
  if (!pre_try || !keep_lists_) replies = replies_of(pos, fresh);
  const std::size_t n = replies.span.size;
  int worst = n == 0 ? INT_MIN : kUnbounded;
  // The check's own capture, when nothing is won after it.
  const Won by_check = captured.empty() ? Won{} : Won{k.to(), pos.at(k.to())};
  Won worst_won = by_check;
  // The replies that take back most first (TakeBackOrder). The worst is
  // still the first in generation order among equals (worst_at: its index
  // there).
  TakeBackOrder by;
  by.take_backs(pos, replies, n, pv, king_first_ && !limited_);
  std::size_t worst_at = n;
  std::array<int, MoveList::kCapacity> values, highs;  // each reply's value and window's high end
  bool complete = true;
  for (std::size_t o = 0; o < n; ++o) {
    if (o == 1) by.sort(n);
    const std::size_t i = o == 0 ? by.first : by.order[o];
    const Move r = replies.at(i);  // afresh: the store may have moved
    const int back = by.backs[i];
    // The reply's follow-up matters only where cap - back + follow lies in
    // (floor, min(worst, ceiling)), the worst included for a reply that
    // comes before the worst's in generation order.
    const int beats = i < worst_at ? worst + 1 : worst;
    const int lo = floor - cap + back, hi = std::min(beats, ceiling) - cap + back;
    // A capture of the checker tried first is not searched again (nor
    // counted again: there is no budget there). Its window then was (lo,
    // the ceiling), whose high end is at least this one's: inside this
    // window its value and witness are the same. Above it the value is one
    // at or above hi, as a search again would give; its witness may differ
    // from the one a search again would leave (the memo's, empty), but such
    // a value is either not the worst (at or above `beats`) or at or above
    // the ceiling (when the two high ends are the same), where no caller
    // reads a witness (gain() and line() search without a ceiling).
    const Tried* known = nullptr;
    if (aids_.reuse_tried && r.to() == k.to())
      for (std::size_t t = 0; t < tried_count; ++t)
        if (tried[t].reply == r) known = &tried[t];
    Won v;
    int follow;
    if (known) {
      v = known->won;
      follow = known->follow;
    } else if (futile && rest <= lo) {
      follow = lo;  // what its search would answer, with nothing won
    } else {
      if (!spend()) {
        complete = false;
        break;
      }
      follow = reply_follow_up(pos, r, depth, lo, hi, v);
    }
    const int val = cap - back + follow;
    values[i] = val;
    highs[i] = known ? kUnbounded : cap - back + hi;
    if (val < beats) {
      worst = val;
      worst_at = i;
      worst_won = v.square.valid() ? v : by_check;
    }
    if (worst <= floor || stop_) {
      complete = false;
      break;
    }
  }
  if (record && complete && n > 0 && worst < ceiling) {
    record->valid = true;
    record->depth = depth;
    record->least = worst;
    record->replies.clear();
    record->open.clear();
    for (std::size_t i = 0; i < n; ++i) {
      if (values[i] < highs[i] && values[i] == worst) record->replies.push(replies.at(i));
      if (values[i] >= highs[i] && highs[i] == worst) record->open.push(replies.at(i));
    }
  }
  pos.undo(k, u);
  won = worst_won;
  return worst;
}

// check_value in a search that leaves the king's or pawns' own final
// captures out (leave_out): 24.3 asks what the checks win against the best
// defence, and a defence that loses more, but only to the king or a pawn,
// does not excuse another piece's gain. So the replies are read as pairs:
// first each one's whole gain (every capture counted, full_), the least of
// which the defender holds it to; then, among the replies reaching that
// least only, the gain without the own captures, its least (the first in
// generation order among equals) being the value, with what it wins. The
// same window as check_value for that value: since leaving captures out
// never wins more, a whole gain at or below `floor` settles the check
// (the value is at or below it too), as in check_value, and the ceiling
// bounds only the second reading (the whole gains are needed exactly at
// or below their least). Each reading is memoised apart (Stores).
int GainByChecks::least_defence_value(Position& pos, Move k, int depth, Won& won, int floor, int ceiling) {
  const int pv = pv_;
  const LeastReplies* known = std::exchange(known_least_, nullptr);
  if (known && (!known->valid || known->depth != depth || known->least <= floor)) known = nullptr;
  const Piece captured = pos.at(k.to());
  const int cap = captured.empty() ? 0 : piece_value(captured, k.to(), pv);
  Undo u;
  pos.make_legal(k, u);
  const bool futile = aids_.futility && (!want_cut_ || cut_);
  const int rest = most_[std::size_t(std::min(depth, kMostChecks))];
  // As check_value does: a capture of the checker that holds the whole gain
  // at the floor settles the check (the value is at or below it too;
  // settles_at_floor, whose searches need only tell whether it is held).
  if (!known && !limited_ && (!want_cut_ || cut_)) {
    MoveList takes;
    legal_captures_to_kept(pos, k.to(), takes);
    const bool outer = std::exchange(full_, true);
    int settled;
    const bool held = settles_at_floor(pos, takes, k.to(), cap, depth, floor, floor + 1, settled, [](Move, int, const Won&) {});
    full_ = outer;
    if (held) {
      pos.undo(k, u);
      won = Won{};
      return settled;
    }
  }
  MoveList fresh;
  const Moves replies = replies_of(pos, fresh);
  const std::size_t n = replies.span.size;
  const Won by_check = captured.empty() ? Won{} : Won{k.to(), pos.at(k.to())};
  if (n == 0) {
    pos.undo(k, u);
    won = by_check;
    return INT_MIN;
  }
  std::array<int, MoveList::kCapacity> whole;
  TakeBackOrder by;
  by.take_backs(pos, replies, n, pv, king_first_ && !limited_);
  by.sort(n);
  const auto& backs = by.backs;
  // The whole gains, the replies taking back most first (a low least
  // early narrows the others' windows): exact at or below the least so
  // far (ties included), else some value above it.
  int least = kUnbounded;
  // Found by the first search of this check (least_replies): only the
  // replies it left open are searched, whether they reach its least.
  const auto among = [](const MoveList& list, Move r) { return std::find(list.begin(), list.end(), r) != list.end(); };
  if (known) {
    least = known->least;
    cut_ = cut_ || known->cut;
  }
  const bool outer = std::exchange(full_, true);
  for (std::size_t o = 0; o < n && least > floor && !stop_; ++o) {
    const std::size_t i = by.order[o];
    if (known) {
      const Move r = replies.at(i);
      whole[i] = among(known->replies, r) ? least : least + 1;
      if (!among(known->open, r)) continue;
    }
    const int back = backs[i];
    const int lo = floor - cap + back, hi = least + 1 - cap + back;
    int follow = lo;  // a futile reply's: nothing above the floor
    if (!(futile && rest <= lo)) {
      if (!spend()) break;
      Won v;
      follow = reply_follow_up(pos, replies.at(i), depth, lo, hi, v);
    }
    whole[i] = cap - back + follow;
    least = std::min(least, whole[i]);
  }
  full_ = outer;
  if (least <= floor || stop_) {
    pos.undo(k, u);
    won = Won{};
    return least;
  }
  int worst = kUnbounded;
  Won worst_won = by_check;
  for (std::size_t i = 0; i < n; ++i) {
    if (whole[i] != least) continue;
    const int back = backs[i];
    if (!spend()) break;
    Won v;
    const int follow =
        reply_follow_up(pos, replies.at(i), depth, floor - cap + back, std::min(worst, ceiling) - cap + back, v);
    const int val = cap - back + follow;
    if (val < worst) {
      worst = val;
      worst_won = v.square.valid() ? v : by_check;
    }
    if (worst <= floor || stop_) break;
  }
  pos.undo(k, u);
  won = worst_won;
  return worst;
}

// Material the side to move wins with a check (then possibly more checks)
// followed by a capture, against the best defence, and what it wins (of the
// first check reaching it). The window (floor, ceiling): the caller wants
// only more than `floor` (no more than `floor` is returned when no check
// gains more) and stops caring at `ceiling` (the walk stops there).
//
// A check that cannot win more than `floor` (what it takes, and the `depth`
// most valuable pieces of the defender: most_) is not searched, nor any
// check when no line of `depth` checks can, except while lines cut by the
// depth are looked for (a deeper search would pass there): the caller
// ignores such a check's value.
int GainByChecks::check_line(Position& pos, int depth, Won& won, int floor, int ceiling, Move* check) {
  int best = floor;
  const bool futile = aids_.futility && (!want_cut_ || cut_);
  if (futile && most_[std::size_t(std::min(depth + 1, kMostChecks))] <= floor) return best;
  MoveList fresh;
  const Moves checks = checks_of(pos, fresh);
  const int rest = most_[std::size_t(std::min(depth, kMostChecks))];
  for (std::size_t i = 0; i < checks.span.size; ++i) {
    const Move k = checks.at(i);  // afresh: the store may have moved
    if (futile && rest <= best) {
      const Piece captured = pos.at(k.to());
      const int cap = captured.empty() ? 0 : piece_value(captured, k.to(), pv_);
      if (cap + rest <= best) continue;
      // Taking back the checking move's piece, worth `back` where it
      // lands, holds it at the floor (check_value's first reply): the
      // check is not searched when that capture is legal.
      const int back = piece_value(pos.at(k.from()), k.to(), pv_);
      if (cap - back + rest <= best && taken_back(pos, k)) continue;
    }
    Won v;
    const int worst = defence_value(pos, k, depth, v, best, ceiling);
    if (worst != INT_MIN && worst > best) {
      best = worst;
      won = v;
      if (check) *check = k;
    }
    if (best >= ceiling || stop_) break;
  }
  return best;
}

// Whether, after k, the other side can take the piece k moved.
bool GainByChecks::taken_back(Position& pos, Move k) {
  Undo u;
  pos.make_legal(k, u);
  MoveList takes;
  legal_captures_to_kept(pos, k.to(), takes);
  pos.undo(k, u);
  return !takes.empty();
}

GainByChecks::Moves GainByChecks::checks_of(const Position& pos, MoveList& fresh) {
  if (keep_lists_) return {stores_->checks.of(pos, legal_checks), nullptr, &stores_->checks};
  legal_checks_kept(pos, fresh);
  return {{0, std::uint32_t(fresh.size())}, &fresh};
}

GainByChecks::Moves GainByChecks::replies_of(const Position& pos, MoveList& fresh) {
  if (keep_lists_) return {stores_->replies.of(pos, legal_replies), nullptr, &stores_->replies};
  legal_moves_kept(pos, fresh);
  return {{0, std::uint32_t(fresh.size())}, &fresh};
}

bool GainByChecks::spend() {
  ++nodes_;
  if (limited_ && ++spent_ > budget_) stop_ = exhausted_ = true;
  return !stop_;
}

void GainByChecks::prepare(int max_depth) {
  // The memo pays where the depths are searched again one by one (at the
  // old depth alone it costs more than the few positions it finds again),
  // and so do the lists.
  const bool deepens = max_depth > kUnbudgetedCheckDepth;
  remember_ = aids_.memo && deepens;
  keep_lists_ = aids_.move_lists && deepens;
  king_first_ = aids_.king_first && !deepens;
  if ((remember_ || keep_lists_) && !stores_) stores_ = std::make_unique<Stores>();
}

GainByChecks::Answer GainByChecks::gain(Position& pos, Move k, int max_depth, const LeastReplies* least) {
  // The old search first, at its depth and without a budget; then one more
  // check at a time while some line was stopped by the depth with a check
  // left, and while the budget lasts (the last completed depth stands).
  Answer out;
  max_depth = searched_depth(max_depth);  // the documented maximum, not a wrap
  out.depth = std::min(max_depth, kUnbudgetedCheckDepth);
  limited_ = false;
  stop_ = false;
  cut_ = false;
  took_ = false;
  want_cut_ = out.depth < max_depth;
  prepare(max_depth);
  bound_gains(pos);
  Won won;
  record_ = left_out_.any() ? nullptr : &least_;
  known_least_ = left_out_.any() ? least : nullptr;
  out.gain = defence_value(pos, k, out.depth, won, 0, kUnbounded);
  record_ = nullptr;
  known_least_ = nullptr;
  least_.cut = cut_;
  for (int d = out.depth + 1; d <= max_depth && cut_ && out.gain != INT_MIN; ++d) {
    // A depth left unsearched for want of budget: the deeper answer is open.
    if (spent_ >= budget_) {
      out.unknown = true;
      break;
    }
    limited_ = true;
    cut_ = false;
    want_cut_ = d < max_depth;
    Won v;
      const int g = defence_value(pos, k, d, v, 0, kUnbounded);
    if (stop_) {
      out.unknown = true;
      break;
    }
    // The fewest checks reaching the gain, and its victim. Where captures
    // are left out, the deepest depth completed is read: its least
    // defences may differ (least_defence_value), and its gain be lower.
    if (g > out.gain || (g < out.gain && left_out_.any())) {
      out.depth = d;
      out.gain = g;
      won = v;
    }
  }
  out.victim = won.square;
  out.taker = won.by;
  out.taker_opens_check = won.opens_check;
  out.king_or_pawn_took = took_;
  return out;
}

std::vector<Move> GainByChecks::line(Position& pos, Move k, int depth) {
  LineRecorder rec(pos);
  limited_ = true;
  prepare(depth);
  bound_gains(pos);
  stop_ = false;
  want_cut_ = false;  // the line keeps to its depth
  Move check = k;
  for (int d = depth; d >= 1 && !stop_; --d) {
    const Piece captured = pos.at(check.to());
    const int cap = captured.empty() ? 0 : piece_value(captured, check.to(), pv_);
    rec.play(check);
    // The defender's reply that check_value reads: the lowest value, the
    // first in generation order among equals (the line then wins what the
    // chase names, and the piece that takes is the one the rules read).
    // Where captures are left out, the lowest whole gain first, then the
    // lowest gain without them (least_defence_value).
    MoveList replies;
    legal_moves_kept(pos, replies);
    int least = kUnbounded, worst = kUnbounded;
    Move reply;
    for (Move r : replies) {
      const Piece lost = pos.at(r.to());
      const int back = lost.empty() ? 0 : piece_value(lost, r.to(), pv_);
      Won v;
      int whole = 0;
      if (left_out_.any()) {
        full_ = true;
        whole = cap - back + reply_follow_up(pos, r, d, -kUnbounded, kUnbounded, v);
        full_ = false;
        if (whole > least) continue;
      }
      const int val = cap - back + reply_follow_up(pos, r, d, -kUnbounded, kUnbounded, v);
      if (whole < least || val < worst) {
        least = whole;
        worst = val;
        reply = r;
      }
    }
    if (replies.empty()) break;  // mated: no gain line (the caller does not ask)
    rec.play(reply);
    // The attacker's continuation: a capture if it holds the value, else
    // the check that does.
    Won v;
    Move capture;
    const int direct = best_follow_up(pos, v, -kUnbounded, kUnbounded, &capture);
    Move next;
    const int deeper = d > 1 ? check_line(pos, d - 1, v, direct, kUnbounded, &next) : direct;
    if (deeper > direct) {
      check = next;
      continue;
    }
    if (direct > 0) rec.play(capture);
    break;
  }
  return rec.finish(!stop_);
}

}  // namespace xq::rules::detail
