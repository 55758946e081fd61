#include "xqrec/core/rules/threats.h"

#include <algorithm>
#include <array>
#include <climits>
#include <optional>

#include "xqrec/core/rules/values.h"

#include "check_gain.h"
#include "mate_search.h"
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

// Whether the capture k (pos before it) leaves the other side in check by
// a piece other than the capturer that was not checking before: a capture
// that uncovers a check (in the position after a 将, as if the checker moved
// again, the check already given is not uncovered by k).
bool uncovers_check_by_capture(const Position& pos, Move k) {
  if (pos.at(k.to()).empty()) return false;
  const Color us = pos.side_to_move();
  const SquareSet already = pos.attackers(pos.king(~us), us);
  Position after = pos;
  Undo u;
  after.make_legal(k, u);
  return detail::opens_check(after, k.to(), already);
}

// 26.5 names the capturer's duty: whether the piece that captures with c
// (on c.from() in `before`, the side to move's) was the root of the piece the
// other side takes with r after c (做根子: it guarded r's square), or stood
// in r's way (被牵子: a line, a horse's leg, an elephant's eye, or a cannon's
// second screen). A pinner that lets a pinned piece go has no such duty.
// `theirs_before` is `before` with the other side to move.
bool capturer_had_duty(const Position& before, const Position& theirs_before, Move c, Move r) {
  if (before.attackers(r.to(), before.side_to_move()).contains(c.from())) return true;
  const MoveError e = theirs_before.check_move(r);
  return e == MoveError::PathBlocked || e == MoveError::HorseLegBlocked || e == MoveError::ElephantEyeBlocked ||
         e == MoveError::CannonCaptureTooManyScreens;
}

// 26.5: the most the other side wins, after the side to move plays the
// capture c, by a capture elsewhere (not on c's square, whose exchange is
// c's own balance) of a piece the capturer had a duty toward, less what it
// could already win of that piece before c (`theirs_before`, its best
// capture per square then, made only when such a capture is found: most
// walks find none). pos is left as it was.
int answer_elsewhere(Position& pos, Move c, int pv, detail::RootThreatsOnDemand& theirs_before) {
  const Position before = pos, theirs = with_side_to_move(pos, ~pos.side_to_move());
  Undo u;
  pos.make_legal(c, u);
  int best = 0;
  detail::winning_captures<false>(pos, pv, true, best, [&](Move r) { return r.to() != c.to(); },
                                  [&](Move r, int balance, const detail::MateRefutes& refuted) {
    if (!capturer_had_duty(before, theirs, c, r)) return true;
    const detail::RootThreats& root = theirs_before.get();
    const int i = r.to().index();
    const int gain = balance - (root.piece[i] == pos.at(r.to()) ? root.balance[i] : 0);
    if (gain > best && !refuted()) best = gain;
    return true;
  });
  pos.undo(c, u);
  return best;
}

// Whether a first capture or check k by the piece on k.from() is the king's
// or a pawn's own chase (26.1), which a pawn's capture uncovering a check is
// not under 2011 26.7 / 2020 26.8.
bool chases_by_itself(const Position& pos, Move k, const ThreatOptions& opt) {
  const PieceType t = pos.at(k.from()).type();
  if (t == PieceType::King) return true;
  return t == PieceType::Pawn && !(opt.pawn_capture_check_chases && uncovers_check_by_capture(pos, k));
}

// `theirs_before`: the other side's captures before any of ours, for 26.5.
void direct_targets(Position& pos, std::vector<ChaseTarget>& out, int pv, std::vector<Offered>& offered,
                    const ThreatOptions& opt, detail::RootThreatsOnDemand& theirs_before) {
  const auto not_offered = [&](Move c) {
    const Piece victim = pos.at(c.to());
    if (victim.type() != pos.at(c.from()).type()) return true;
    const Position theirs = with_side_to_move(pos, victim.color());
    if (theirs.check_move(Move(c.to(), c.from())) != MoveError::None) return true;
    offered.push_back({c.to(), capture_balance(pos, c, pv)});
    return false;
  };
  constexpr int kAnyGain = 0;
  detail::winning_captures<true>(pos, pv, opt.mate_refutes, kAnyGain, not_offered,
                                 [&](Move c, int balance, const detail::CaptureDetails& d) {
    ChaseTarget t = target(pos, c.to(), c.from(), balance);
    t.root = detail::root_from(pos, c, balance, d, pv);
    if (opt.real_root_protects && t.root == Root::UnderRooted) return true;
    // 26.5 得不偿失: what the other side then wins of what the capturer
    // guarded or shielded is worth more than the piece taken: no gain (闲);
    // as much or less, the chase stands (价值相当或得子者，按捉处理).
    if (opt.capture_duties) {
      if (answer_elsewhere(pos, c, pv, theirs_before) > piece_value(t.victim_piece, c.to(), pv)) return true;
    }
    const int single =
        piece_value(t.victim_piece, c.to(), pv) - (d.recapture ? piece_value(t.attacker_piece, c.from(), pv) : 0);
    t.joint = single <= 0;
    t.king_or_pawn = chases_by_itself(pos, c, opt);
    out.push_back(t);
    return true;
  });
}

// Whether a series of checks starting with k (pos before it) and ending as
// `a` says is a king's or a pawn's own chase (26.1; 1999 27.1-27.2). A king
// that steps off a line uncovers a check but wins nothing by itself. A
// pawn's series is its own when the pawn, another pawn or the king takes at
// its end: another piece that takes after a pawn's check chases (the pawn
// only helps it, 26.1.1 "走动后其他子产生新的捉，按捉处理"; 2020 26.8 "兵(卒)、帅(将)
// 与其他子共同擒捉的是对方同一个子……按捉处理"; 1999 27.2 exempts only what the
// pawn "本身捉吃"). Under 2011 26.7 / 2020 26.8 a pawn that takes at the end
// of another piece's checks (兵借其他子抽吃) chases by itself too
// (`pawn_takes` is set). Not when the pawn's first capture, or its final
// one, opens another piece's check (the same article's second sentence: 捉).
bool own_series(const Position& pos, Move k, const detail::GainByChecks::Answer& a, const ThreatOptions& opt,
                bool& pawn_takes) {
  const PieceType last = a.taker.type();
  const bool pawn_opens = opt.pawn_capture_check_chases && a.taker_opens_check;
  if (pos.at(k.from()).type() == PieceType::Pawn)
    return chases_by_itself(pos, k, opt) && (last == PieceType::King || (last == PieceType::Pawn && !pawn_opens));
  pawn_takes = opt.pawn_takes_after_checks_is_pawns && last == PieceType::Pawn && !pawn_opens;
  return pawn_takes;
}

// The final captures that make a series starting with k the king's or a
// pawn's own chase (own_series): the king's and a pawn's after a pawn's
// check, a pawn's after another piece's under 2011 / 2020; a pawn's capture
// that opens another piece's check is not own there (26.7 / 26.8).
detail::GainByChecks::OwnTakes own_takes(const Position& pos, Move k, const ThreatOptions& opt) {
  detail::GainByChecks::OwnTakes own;
  if (pos.at(k.from()).type() == PieceType::Pawn) {
    if (!chases_by_itself(pos, k, opt)) return own;
    own.king = true;
  } else if (!opt.pawn_takes_after_checks_is_pawns) {
    return own;
  }
  own.pawns = true;
  own.pawns_opening_check = !opt.pawn_capture_check_chases;
  return own;
}

// OwnTakes kept in a ChaseTarget (own_takes_left_out).
std::uint8_t as_bits(const detail::GainByChecks::OwnTakes& own) {
  return std::uint8_t((own.king ? 1 : 0) | (own.pawns ? 2 : 0) | (own.pawns_opening_check ? 4 : 0));
}
detail::GainByChecks::OwnTakes from_bits(std::uint8_t bits) {
  return {(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0};
}

// The target of a series of checks starting with k that wins as `a` says.
ChaseTarget series_target(const Position& pos, Move k, const detail::GainByChecks::Answer& a,
                          const ThreatOptions& opt) {
  ChaseTarget t = target(pos, a.victim, k.from(), a.gain);
  t.root = Root::Rooted;
  t.by_checks = true;
  t.first_check = k;
  t.checks = a.depth;
  t.king_or_pawn = own_series(pos, k, a, opt, t.pawn_takes);
  return t;
}

int rank_of(const ChaseTarget& t) {
  return (t.king_or_pawn ? 4 : 0) + (t.joint ? 2 : 0) + (t.by_checks ? 1 : 0);
}

// Adds a series' target t to `all`, one series per victim: of two series
// winning it, one that is not a king's or pawn's own chase is kept (the
// first found may be a pawn's), else the larger gain. A piece won directly
// stays so, unless every direct capture of it is a king's or pawn's own
// chase and the series is not: a pawn's capture does not hide another
// piece's 将军得子 of the same piece (best_per_victim then reads the series).
void add_series(std::vector<ChaseTarget>& all, const ChaseTarget& t) {
  const auto same = [&](const ChaseTarget& o) { return o.victim == t.victim; };
  const auto series = std::find_if(all.begin(), all.end(), [&](const ChaseTarget& o) { return same(o) && o.by_checks; });
  if (series != all.end()) {
    if (rank_of(t) < rank_of(*series) || (rank_of(t) == rank_of(*series) && t.gain > series->gain)) *series = t;
    return;
  }
  const bool direct = std::any_of(all.begin(), all.end(), same);
  const bool only_own = std::all_of(all.begin(), all.end(),
                                    [&](const ChaseTarget& o) { return !same(o) || (o.king_or_pawn && !o.joint); });
  if (!direct || (only_own && !t.king_or_pawn)) all.push_back(t);
}

// Whether a series that is no own chase, ending with the king's or a pawn's
// capture (`last_taker`), only wins what the king or a pawn already wins by
// taking the same piece directly, for at least the series' gain: then the
// checks add nothing and the chase is the king's or pawn's own (26.1
// "帅（将）、兵（卒）本身允许长捉"; 26.1.1 counts another piece only when its
// "走动后其他子产生新的捉": a harmless check before the king's capture is no
// new chase). 亭亭–中天象棋 ply 101: 炮e4xe7+ 象xe7 帅xf0, the king takes f0
// anyway.
bool adds_nothing(const std::vector<ChaseTarget>& all, const ChaseTarget& t, PieceType last_taker) {
  if (t.king_or_pawn || (last_taker != PieceType::King && last_taker != PieceType::Pawn)) return false;
  return std::any_of(all.begin(), all.end(), [&](const ChaseTarget& o) {
    return o.victim == t.victim && !o.by_checks && o.king_or_pawn && !o.joint && o.gain >= t.gain;
  });
}

// A second search left open with the budget it shares is asked again for one
// check with this much more (classify.cpp asks again the same way).
constexpr long kReaskFactor = 8;

// The line searches redo the question with the moves kept: more budget.
constexpr long kLineBudgetFactor = 20;

// Every winning first capture, one entry per victim and first capturer.
Chases captures_with(const Position& pos0, Color side, const ThreatOptions& opt, int pv) {
  Position pos = with_side_to_move(pos0, side);
  Chases found;
  std::vector<ChaseTarget>& all = found.targets;
  std::vector<Offered> offered;
  // What the other side could win before any of our moves: made when first
  // needed, by the chase report (26.5) or the check sequences.
  detail::RootThreatsOnDemand root(pos, ~side, pv);
  direct_targets(pos, all, pv, offered, opt, root);
  if (opt.check_depth > 0) {
    // Every check is tried on its own, so that each piece it wins is named.
    MoveList checks;
    detail::legal_checks_kept(pos, checks);
    // One budget for every first check of the position (check_gain.h).
    detail::GainByChecks search(pv, root, opt.check_nodes);
    // A series' gain that counts: a piece of the other side that is
    // material, not one already facing ours of its kind for no more than
    // taking it at once (兑, 24.4; 26.9 [2020 26.10] decides whether
    // accepting loses: 李来群–吕钦 1992, ply 32: 车4退2 faces the 车 on rank 8;
    // a 炮 check is possible, but the 车 takes the 车 as well without it).
    const auto counts = [&](const detail::GainByChecks::Answer& a) {
      if (a.gain == INT_MIN || a.gain <= 0 || !a.victim.valid()) return false;
      const Piece vp = pos.at(a.victim);
      if (vp.empty() || vp.color() == side || !is_material(vp, a.victim)) return false;
      return std::none_of(offered.begin(), offered.end(),
                          [&](const Offered& o) { return o.victim == a.victim && a.gain <= o.balance; });
    };
    // The searches without the king's or pawns' own final captures, one per
    // set of them (own_takes: after a pawn's first check, after another
    // piece's), each, like `search`, one budget for every first check.
    std::optional<detail::GainByChecks> without_after_pawn, without_after_other;
    for (Move k : checks) {
      const auto answer = search.gain(pos, k, opt.check_depth);
      found.unknown = found.unknown || answer.unknown;
      if (!counts(answer)) continue;
      ChaseTarget t = series_target(pos, k, answer, opt);
      PieceType last_taker = answer.taker.type();
      // 26.1 lets a king or a pawn chase by itself, and 26.7 / 26.8 a pawn
      // take by another piece's checks; neither exempts the other pieces'
      // 将军得子 (24.3). When some line of the search may end with such an
      // own capture (the line read, or any line this check's search read,
      // memoised ones included: Answer::king_or_pawn_took), it is asked again
      // with those captures left out, against the defences that hold the
      // whole gain to its least at every check (24.3 counts what the checks
      // win against the best defence; check_gain.h leave_out): a gain there
      // is the other piece's chase, 捉, for whatever piece it wins; none, and
      // against some least defence the checks win only by the king's or a
      // pawn's own capture: its own chase. Whichever line comes first in
      // generation order (docs/repetition.md, 捉).
      const auto own = own_takes(pos, k, opt);
      if (own.any() && (t.king_or_pawn || answer.king_or_pawn_took)) {
        auto& without = own.king ? without_after_pawn : without_after_other;
        if (!without) {
          without.emplace(pv, root, opt.check_nodes);
          without->leave_out(own);
        }
        // The first search's least replies to k: not found again.
        const auto& least = search.least_replies();
        auto other = without->gain(pos, k, opt.check_depth, &least);
        // What the second search leaves open: it never wins more than the
        // first (it has fewer captures), so once it reaches the first's
        // known gain, or proves a chase of that gain, a deeper depth changes
        // nothing; else a known first answer is asked again for this check
        // alone with more budget (as the position before a move is,
        // classify.cpp), and only then is the first answer made unknown.
        const auto open = [&](const detail::GainByChecks::Answer& o) {
          return o.unknown && !(counts(o) && o.gain >= answer.gain);
        };
        if (open(other) && !answer.unknown) {
          detail::GainByChecks more(pv, root, opt.check_nodes * kReaskFactor);
          more.leave_out(own);
          other = more.gain(pos, k, opt.check_depth, &least);
        }
        found.unknown = found.unknown || open(other);
        if (counts(other)) {
          ChaseTarget o = series_target(pos, k, other, opt);
          o.own_takes_left_out = as_bits(own);
          // The line read, when it is another piece's and wins as much of
          // the same piece, stays (the same target, the same proof line).
          if (!o.king_or_pawn && (t.king_or_pawn || o.victim != t.victim || o.gain != t.gain)) {
            t = o;
            last_taker = other.taker.type();
          }
        } else if (!t.king_or_pawn) {
          // The line read is another piece's, but some least defence leaves
          // only the king's or a pawn's own capture: its own chase, named by
          // the piece the line read wins.
          t.king_or_pawn = true;
          t.pawn_takes = !own.king;
        }
      }
      if (adds_nothing(all, t, last_taker)) t.king_or_pawn = true;
      add_series(all, t);
    }
  }
  return found;
}

// Keeps the entries whose victim is a gain with the pawn worth little and
// worth a lot as well (1999 25.3, values.h); the ordinary table names them.
// A chase by another piece than the king or a pawn needs such a one in
// every pass: where only their own lines win the piece (26.1; 1999 27.1-27.2)
// it is no gain of the other piece (四川李艾东–厦门郑一泓 2001: the cannon's
// c1c9+ and the pawn's capture win the horse g5 with the pawn worth 2, only
// the pawn's own capture with it worth 1), but still the king's or pawn's
// own chase, which 27.2 相互长打 reads (老王中王–棋趣棋情 2009 ply 67: the
// rook h5, the pawn's own 兵g4g5 兵xh5 with the pawn worth a lot). Unknown if
// any pass is: a victim dropped for want of budget in one pass might have
// stayed.
template <class Pass>
Chases floating(const Position& pos, Color side, const ThreatOptions& opt, Pass pass) {
  Chases out = pass(pos, side, opt, kCrossedPawnValue);
  if (!opt.floating_pawn) return out;
  for (const int pv : {kFloatingPawnLow, kFloatingPawnHigh}) {
    if (out.targets.empty()) break;
    const Chases other = pass(pos, side, opt, pv);
    out.unknown = out.unknown || other.unknown;
    const auto won_by = [&](const ChaseTarget& t, bool other_piece) {
      return std::any_of(other.targets.begin(), other.targets.end(), [&](const ChaseTarget& o) {
        return o.victim == t.victim && (!other_piece || !o.king_or_pawn);
      });
    };
    // Another piece's chase won only by the king's or a pawn's own line in
    // this pass: theirs (a joint chase, 24.17, is no king's or pawn's own).
    for (ChaseTarget& t : out.targets)
      if (!t.king_or_pawn && !t.joint && won_by(t, false) && !won_by(t, true)) t.king_or_pawn = true;
    std::erase_if(out.targets, [&](const ChaseTarget& t) { return !won_by(t, !t.king_or_pawn); });
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
Chases find_chase_targets(const Position& pos, Color side, const ThreatOptions& opt) {
  return floating(pos, side, opt, [](const Position& p, Color c, const ThreatOptions& o, int pv) {
    Chases all = captures_with(p, c, o, pv);
    all.targets = best_per_victim(all.targets);
    return all;
  });
}

std::vector<ChaseTarget> chase_targets(const Position& pos, Color side, const ThreatOptions& opt) {
  return find_chase_targets(pos, side, opt).targets;
}

Chases find_chase_captures(const Position& pos, Color side, const ThreatOptions& opt) {
  return floating(pos, side, opt, captures_with);
}

std::vector<ChaseTarget> chase_captures(const Position& pos, Color side, const ThreatOptions& opt) {
  return find_chase_captures(pos, side, opt).targets;
}

SearchAnswer mate_threat(const Position& pos0, Color side, const ThreatOptions& opt) {
  if (pos0.king_attacked(~side)) return SearchAnswer::Refuted;
  Position pos = with_side_to_move(pos0, side);
  detail::MateByChecks search(opt.mate_nodes);
  return search.mates(pos, opt.mate_depth);
}

bool threatens_mate(const Position& pos, Color side, const ThreatOptions& opt) {
  return mate_threat(pos, side, opt) == SearchAnswer::Found;
}

std::vector<Move> mate_line(const Position& pos0, Color side, const ThreatOptions& opt) {
  if (pos0.king_attacked(~side)) return {};
  Position pos = with_side_to_move(pos0, side);
  // Its own budget, larger: the line is asked once per shown move, and the
  // search must reach the depth at which threatens_mate found the mate.
  detail::MateByChecks search(opt.mate_nodes * kLineBudgetFactor);
  const auto d = search.mate_distance(pos, opt.mate_depth);
  return d ? search.line(pos, *d) : std::vector<Move>{};
}

std::vector<Move> chase_line(const Position& pos0, Color side, const ChaseTarget& t, const ThreatOptions& opt) {
  if (!t.by_checks || t.checks <= 0) return {};
  Position pos = with_side_to_move(pos0, side);
  const int pv = kCrossedPawnValue;
  detail::RootThreatsOnDemand root(pos, ~side, pv);
  detail::GainByChecks search(pv, root, opt.check_nodes * kLineBudgetFactor);
  if (t.own_takes_left_out) search.leave_out(from_bits(t.own_takes_left_out));  // the line the target was read from
  return search.line(pos, t.first_check, t.checks);
}

}  // namespace xq::rules
