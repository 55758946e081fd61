#include "xqrec/core/rules/threats.h"

#include <algorithm>
#include <array>
#include <climits>

#include "xqrec/core/rules/values.h"

#include "winning_captures.h"

namespace xq::rules {

namespace {


// A target of the side to move in pos: the piece on `victim`, won first by
// the piece on `from`.
ChaseTarget target(const Position& pos, Square victim, Square from, int gain) {
  ChaseTarget t;
  t.victim = victim;
  t.victim_piece = pos.at(victim);
  t.attacker = from;
  t.attacker_piece = pos.at(from);
  t.gain = gain;
  return t;
}

// Direct captures that win material for the side to move, one per victim
// (the walk of winning_captures.h, with the details the report shows).
// Two pieces of the same kind attacking each other offer an exchange (兑),
// not a chase, as long as the victim can take back (AXF; CXA 2020 26.10: a
// chase only if accepting loses, which classify_move judges): such a capture
// is skipped and noted in `offered` with the balance of taking it at once.
struct Offered {
  Square victim;
  int balance;
};
void direct_targets(Position& pos, std::vector<ChaseTarget>& out, int pv, std::vector<Offered>& offered,
                    bool mate_refutes, bool real_root_protects) {
  const auto not_offered = [&](Move c) {
    const Piece victim = pos.at(c.to());
    if (victim.type() != pos.at(c.from()).type()) return true;
    const Position theirs = with_side_to_move(pos, victim.color());
    if (theirs.check_move(Move(c.to(), c.from())) != MoveError::None) return true;
    offered.push_back({c.to(), capture_balance(pos, c, pv)});
    return false;
  };
  constexpr int kAnyGain = 0;
  detail::winning_captures<true>(pos, pv, mate_refutes, kAnyGain, not_offered,
                                 [&](Move c, int balance, const detail::CaptureDetails& d) {
    ChaseTarget t = target(pos, c.to(), c.from(), balance);
    t.root = detail::root_from(pos, c, balance, d, pv);
    if (real_root_protects && t.root == Root::UnderRooted) return true;
    const int single =
        piece_value(t.victim_piece, c.to(), pv) - (d.recapture ? piece_value(t.attacker_piece, c.from(), pv) : 0);
    t.joint = single <= 0;
    t.king_or_pawn = t.attacker_piece.type() == PieceType::King || t.attacker_piece.type() == PieceType::Pawn;
    out.push_back(t);
    return true;
  });
}

// What the other side could already win at the root of a check sequence (the
// position whose chases are sought, with that side to move): per square, the
// piece there and the balance of its best winning capture. These threats are
// not the sequence's doing; a chase by a direct capture ignores them as well
// (both sides may chase at once: 2011 图3, 参考图5).
struct RootThreats {
  std::array<Piece, kSquares> piece{};
  std::array<int, kSquares> balance{};
};

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
// on the same square at the root: the walk of winning_captures.h, stopping
// as soon as it reaches `enough`.
int best_elsewhere(Position& pos, Square sq, int pv, int enough, const RootThreats& root) {
  int best = 0;
  detail::winning_captures<false>(pos, pv, true, best, [&](Move r) { return r.to() != sq; },
                                  [&](Move r, int balance, const detail::MateRefutes& refuted) {
    const int i = r.to().index();
    const int gain = root.piece[i] == pos.at(r.to()) ? balance - root.balance[i] : balance;
    if (gain <= best || refuted()) return true;
    best = gain;
    return best < enough;
  });
  return best;
}

// No bound on a search window's side (values are a few hundred at most, so
// sums of a few never overflow).
constexpr int kUnbounded = INT_MAX / 4;

// Best material the side to move wins by a direct capture (0 if none: it can
// decline and save its pieces), and the victim, after a defender's reply in a
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
// victim) and stops once the best reaches hi (some value at or above hi is
// returned). Inside the window value and victim are the whole walk's: the
// first capture reaching the best is the same.
int best_follow_up(Position& pos, Square& victim, int pv, const RootThreats& root, int lo, int hi) {
  int best = std::max(0, lo);
  if (best >= hi) return best;
  detail::winning_captures<false>(pos, pv, true, best, [](Move) { return true; },
                                  [&](Move c, int balance, const detail::MateRefutes& refuted) {
    const int value = piece_value(pos.at(c.to()), c.to(), pv);
    Undo u;
    pos.make_legal(c, u);
    const int answer = best_elsewhere(pos, c.to(), pv, value - best, root);
    pos.undo(c, u);
    const int kept = std::min(balance, value - answer);
    if (kept > best && !refuted()) {
      best = kept;
      victim = c.to();
    }
    return best < hi;
  });
  return best;
}

int check_line(Position& pos, int depth, Square& victim, int pv, int floor, int ceiling, const RootThreats& root);

// The material the side to move wins with the check k (then possibly more
// checks) followed by a capture, against the best defence; INT_MIN when k
// mates (杀, not 捉). `victim` is the square, in the current position, of the
// piece won in the worst case: a piece that the defender moves in its reply
// is traced back to where it stood, so the chased piece is the one on the
// board now.
//
// The window (floor, ceiling): the caller ignores any value at or below
// `floor`, so once one reply holds the gain there the other replies need no
// search (the value then returned is at or below `floor`, and `victim`
// means nothing), and any value at or above `ceiling` (some value at or
// above it is returned). Each reply's own searches get the window in which
// its value can still become the worst: above `floor`, below the worst so
// far and the ceiling. Inside the window, value and victim are those of the
// whole search (the first reply, in generation order, reaching the worst).
int check_value(Position& pos, Move k, int depth, Square& victim, int pv, int floor, int ceiling,
                const RootThreats& root) {
  const Piece captured = pos.at(k.to());
  const int cap = captured.empty() ? 0 : piece_value(captured, k.to(), pv);
  Undo u;
  pos.make_legal(k, u);
  MoveList replies;
  pos.generate_legal(replies);
  int worst = replies.empty() ? INT_MIN : kUnbounded;
  Square worst_victim = captured.empty() ? Square::none() : k.to();
  // Replies that take material first, the most valuable first (stable): a
  // check is most often answered by taking the checker, and a reply taking
  // back much leaves its follow-up a narrow window, so the reply holding the
  // gain at the floor comes early and costs little. The worst is still the
  // first in generation order among equals (worst_at: its index there).
  const std::size_t n = replies.size();
  std::array<std::uint8_t, MoveList::kCapacity> order;
  std::array<int, MoveList::kCapacity> backs;
  for (std::size_t i = 0; i < n; ++i) {
    const Piece lost = pos.at(replies[i].to());
    backs[i] = lost.empty() ? 0 : piece_value(lost, replies[i].to(), pv);
    std::size_t j = i;
    for (; j > 0 && backs[order[j - 1]] < backs[i]; --j) order[j] = order[j - 1];
    order[j] = std::uint8_t(i);
  }
  std::size_t worst_at = n;
  for (std::size_t o = 0; o < n; ++o) {
    const std::size_t i = order[o];
    const Move r = replies[i];
    const int back = backs[i];
    // The reply's follow-up matters only where cap - back + follow lies in
    // (floor, min(worst, ceiling)), the worst included for a reply that
    // comes before the worst's in generation order.
    const int beats = i < worst_at ? worst + 1 : worst;
    const int lo = floor - cap + back, hi = std::min(beats, ceiling) - cap + back;
    Undo ur;
    pos.make_legal(r, ur);
    Square v = Square::none();
    int follow = best_follow_up(pos, v, pv, root, lo, hi);
    if (depth > 1 && follow < hi) {
      Square v2 = Square::none();
      const int deeper = check_line(pos, depth - 1, v2, pv, std::max(follow, lo), hi, root);
      if (deeper > follow) { follow = deeper; v = v2; }
    }
    pos.undo(r, ur);
    if (v.valid() && v == r.to()) v = r.from();  // the defender moved it there
    const int val = cap - back + follow;
    if (val < beats) {
      worst = val;
      worst_at = i;
      worst_victim = v.valid() ? v : (captured.empty() ? Square::none() : k.to());
    }
    if (worst <= floor) break;
  }
  pos.undo(k, u);
  victim = worst_victim;
  return worst;
}

// Material the side to move wins with a check (then possibly more checks)
// followed by a capture, against the best defence, and the victim (of the
// first check reaching it). The window (floor, ceiling): the caller wants
// only more than `floor` (no more than `floor` is returned when no check
// gains more) and stops caring at `ceiling` (the walk stops there).
int check_line(Position& pos, int depth, Square& victim, int pv, int floor, int ceiling, const RootThreats& root) {
  int best = floor;
  MoveList checks;
  pos.generate_legal_checks(checks);
  for (Move k : checks) {
    Square v = Square::none();
    const int worst = check_value(pos, k, depth, v, pv, best, ceiling, root);
    if (worst != INT_MIN && worst > best) {
      best = worst;
      victim = v;
    }
    if (best >= ceiling) break;
  }
  return best;
}

bool mate_by_checks(Position& pos, int depth) {
  MoveList checks;
  pos.generate_legal_checks(checks);
  for (Move k : checks) {
    Undo u;
    pos.make_legal(k, u);
    bool mates = true;
    if (depth <= 1) {
      mates = !pos.has_legal_move();  // the last check: any reply escapes
    } else {
      MoveList replies;
      pos.generate_legal(replies);
      for (Move r : replies) {
        Undo ur;
        pos.make_legal(r, ur);
        const bool m = mate_by_checks(pos, depth - 1);
        pos.undo(r, ur);
        if (!m) { mates = false; break; }
      }
    }
    pos.undo(k, u);
    if (mates) return true;
  }
  return false;
}

int rank_of(const ChaseTarget& t) {
  return (t.king_or_pawn ? 4 : 0) + (t.joint ? 2 : 0) + (t.by_checks ? 1 : 0);
}

// Every winning first capture, one entry per victim and first capturer.
std::vector<ChaseTarget> captures_with(const Position& pos0, Color side, const ThreatOptions& opt, int pv) {
  Position pos = with_side_to_move(pos0, side);
  std::vector<ChaseTarget> all;
  std::vector<Offered> offered;
  direct_targets(pos, all, pv, offered, opt.mate_refutes, opt.real_root_protects);
  if (opt.check_depth > 0) {
    // Every check is tried on its own, so that each piece it wins is named.
    MoveList checks;
    pos.generate_legal_checks(checks);
    const RootThreats root = checks.empty() ? RootThreats{} : root_threats(pos, ~side, pv);
    for (Move k : checks) {
      Square victim = Square::none();
      // Only a gain counts (below: gain <= 0 is skipped).
      const int gain = check_value(pos, k, opt.check_depth, victim, pv, 0, kUnbounded, root);
      if (gain == INT_MIN || gain <= 0 || !victim.valid()) continue;
      const Piece vp = pos.at(victim);
      if (vp.empty() || vp.color() == side || !is_material(vp, victim)) continue;
      // A piece already facing one of ours of its kind is an exchange offer
      // (兑, 24.4; 26.9 [2020 26.10] decides whether accepting loses): checks
      // first that win no more than taking it at once do not make it a chase
      // (李来群–吕钦 1992, ply 32: 车4退2 faces the 车 on rank 8; a 炮 check is
      // possible, but the 车 takes the 车 as well without it).
      if (std::any_of(offered.begin(), offered.end(),
                      [&](const Offered& o) { return o.victim == victim && gain <= o.balance; }))
        continue;
      const auto known = std::find_if(all.begin(), all.end(), [&](const ChaseTarget& t) { return t.victim == victim; });
      if (known != all.end()) {
        if (known->by_checks && gain > known->gain) known->gain = gain;
        continue;
      }
      ChaseTarget t = target(pos, victim, k.from(), gain);
      t.root = Root::Rooted;
      t.by_checks = true;
      t.king_or_pawn = t.attacker_piece.type() == PieceType::Pawn;
      all.push_back(t);
    }
  }
  return all;
}

// Keeps the entries whose victim is a gain with the pawn worth little and
// worth a lot as well (1999 25.3, values.h); the ordinary table names them.
template <class Pass>
std::vector<ChaseTarget> floating(const Position& pos, Color side, const ThreatOptions& opt, Pass pass) {
  auto out = pass(pos, side, opt, kCrossedPawnValue);
  if (!opt.floating_pawn) return out;
  for (const int pv : {kFloatingPawnLow, kFloatingPawnHigh}) {
    if (out.empty()) break;
    const auto other = pass(pos, side, opt, pv);
    std::erase_if(out, [&](const ChaseTarget& t) {
      return std::none_of(other.begin(), other.end(), [&](const ChaseTarget& o) { return o.victim == t.victim; });
    });
  }
  return out;
}

}  // namespace

std::vector<ChaseTarget> best_per_victim(const std::vector<ChaseTarget>& all) {
  std::vector<ChaseTarget> out;
  for (const auto& t : all) {
    auto it = std::find_if(out.begin(), out.end(), [&](const ChaseTarget& o) { return o.victim == t.victim; });
    if (it == out.end()) out.push_back(t);
    else if (rank_of(t) < rank_of(*it) || (rank_of(t) == rank_of(*it) && t.gain > it->gain)) *it = t;
  }
  std::sort(out.begin(), out.end(), [](const ChaseTarget& a, const ChaseTarget& b) { return a.victim.index() < b.victim.index(); });
  return out;
}

// 1999 25.3: a gain whatever the pawn is worth (values.h): a victim that is
// no gain with the pawn worth little or worth a lot is dropped (a pawn traded
// for pieces or pieces for a pawn). Three passes, only when a position repeats.
std::vector<ChaseTarget> chase_targets(const Position& pos, Color side, const ThreatOptions& opt) {
  return floating(pos, side, opt, [](const Position& p, Color c, const ThreatOptions& o, int pv) {
    return best_per_victim(captures_with(p, c, o, pv));
  });
}

std::vector<ChaseTarget> chase_captures(const Position& pos, Color side, const ThreatOptions& opt) {
  return floating(pos, side, opt, captures_with);
}

bool threatens_mate(const Position& pos0, Color side, const ThreatOptions& opt) {
  if (pos0.king_attacked(~side)) return false;
  Position pos = with_side_to_move(pos0, side);
  return mate_by_checks(pos, opt.mate_depth);
}

}  // namespace xq::rules
