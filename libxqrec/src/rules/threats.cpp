#include "xqrec/rules/threats.h"

#include <algorithm>
#include <climits>

#include "xqrec/rules/values.h"

namespace xq::rules {

namespace {

bool captures_king(const Position& pos, Move m) { return pos.at(m.to()).type() == PieceType::King; }

// Direct captures that win material for the side to move, one per victim.
void direct_targets(Position& pos, std::vector<ChaseTarget>& out) {
  MoveList legal;
  pos.generate_legal(legal);
  for (Move c : legal) {
    const Piece victim = pos.at(c.to());
    if (victim.empty() || !is_material(victim, c.to())) continue;
    // Two pieces of the same kind attacking each other offer an exchange
    // (兑), not a chase, as long as the victim can take back (AXF; CXA 2020
    // 26.10: a chase only if accepting loses, which classify_move judges).
    if (victim.type() == pos.at(c.from()).type()) {
      const Position theirs = with_side_to_move(pos, victim.color());
      if (theirs.check_move(Move(c.to(), c.from())) == MoveError::None) continue;
    }
    const int balance = capture_balance(pos, c);
    if (balance <= 0) continue;
    Undo u;
    pos.make(c, u);
    const bool mated = has_mate_in_one(pos);
    bool recapture = false;
    if (!mated) {
      MoveList replies;
      pos.generate_legal(replies);
      for (Move r : replies)
        if (r.to() == c.to()) { recapture = true; break; }
    }
    pos.undo(c, u);
    if (mated) continue;
    ChaseTarget t;
    t.victim = c.to();
    t.victim_piece = victim;
    t.attacker = c.from();
    t.attacker_piece = pos.at(c.from());
    t.gain = balance;
    t.root = root_against(pos, c);
    const int single = piece_value(victim, c.to()) - (recapture ? piece_value(t.attacker_piece, c.from()) : 0);
    t.joint = single <= 0;
    t.king_or_pawn = t.attacker_piece.type() == PieceType::King || t.attacker_piece.type() == PieceType::Pawn;
    out.push_back(t);
  }
}

// Best material the side to move wins by direct captures (0 if none), and the victim.
int best_direct(Position& pos, Square& victim) {
  std::vector<ChaseTarget> ts;
  direct_targets(pos, ts);
  int best = 0;
  for (const auto& t : ts)
    if (t.gain > best) { best = t.gain; victim = t.victim; }
  return best;
}

// Material the side to move wins with a check (then possibly more checks)
// followed by a capture, against the best defence. Returns INT_MIN when no
// checking line gains anything.
int check_line(Position& pos, int depth, Square& victim, Square& first_checker) {
  int best = INT_MIN;
  MoveList legal;
  pos.generate_legal(legal);
  for (Move k : legal) {
    if (captures_king(pos, k) || !pos.gives_check(k)) continue;
    const Piece captured = pos.at(k.to());
    const int cap = captured.empty() ? 0 : piece_value(captured, k.to());
    Undo u;
    pos.make(k, u);
    MoveList replies;
    pos.generate_legal(replies);
    int worst = INT_MAX;
    Square worst_victim = captured.empty() ? Square::none() : k.to();
    if (replies.empty()) worst = INT_MIN;  // a mate: 杀, not 捉
    for (Move r : replies) {
      const Piece lost = pos.at(r.to());
      const int back = lost.empty() ? 0 : piece_value(lost, r.to());
      Undo ur;
      pos.make(r, ur);
      Square v = Square::none(), unused = Square::none();
      int follow = best_direct(pos, v);
      if (depth > 1) {
        Square v2 = Square::none();
        const int deeper = check_line(pos, depth - 1, v2, unused);
        if (deeper > follow) { follow = deeper; v = v2; }
      }
      pos.undo(r, ur);
      const int val = cap - back + follow;
      if (val < worst) {
        worst = val;
        worst_victim = v.valid() ? v : (captured.empty() ? Square::none() : k.to());
      }
    }
    pos.undo(k, u);
    if (worst != INT_MIN && worst > best) {
      best = worst;
      victim = worst_victim;
      first_checker = k.from();
    }
  }
  return best;
}

bool mate_by_checks(Position& pos, int depth) {
  MoveList legal;
  pos.generate_legal(legal);
  for (Move k : legal) {
    if (captures_king(pos, k) || !pos.gives_check(k)) continue;
    Undo u;
    pos.make(k, u);
    MoveList replies;
    pos.generate_legal(replies);
    bool mates = true;
    if (!replies.empty()) {
      if (depth <= 1) {
        mates = false;
      } else {
        for (Move r : replies) {
          Undo ur;
          pos.make(r, ur);
          const bool m = mate_by_checks(pos, depth - 1);
          pos.undo(r, ur);
          if (!m) { mates = false; break; }
        }
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

}  // namespace

std::vector<ChaseTarget> chase_targets(const Position& pos0, Color side, const ThreatOptions& opt) {
  Position pos = with_side_to_move(pos0, side);
  std::vector<ChaseTarget> all;
  direct_targets(pos, all);
  if (opt.check_depth > 0) {
    Square victim = Square::none(), checker = Square::none();
    const int gain = check_line(pos, opt.check_depth, victim, checker);
    if (gain > 0 && victim.valid() && checker.valid()) {
      const bool known = std::any_of(all.begin(), all.end(), [&](const ChaseTarget& t) { return t.victim == victim; });
      const Piece vp = pos.at(victim);
      if (!known && !vp.empty() && vp.color() != side && is_material(vp, victim)) {
        ChaseTarget t;
        t.victim = victim;
        t.victim_piece = vp;
        t.attacker = checker;
        t.attacker_piece = pos.at(checker);
        t.gain = gain;
        t.root = Root::Rooted;
        t.by_checks = true;
        t.king_or_pawn = t.attacker_piece.type() == PieceType::Pawn;
        all.push_back(t);
      }
    }
  }
  // One entry per victim: the most telling capture.
  std::vector<ChaseTarget> out;
  for (const auto& t : all) {
    auto it = std::find_if(out.begin(), out.end(), [&](const ChaseTarget& o) { return o.victim == t.victim; });
    if (it == out.end()) out.push_back(t);
    else if (rank_of(t) < rank_of(*it) || (rank_of(t) == rank_of(*it) && t.gain > it->gain)) *it = t;
  }
  std::sort(out.begin(), out.end(), [](const ChaseTarget& a, const ChaseTarget& b) { return a.victim.index() < b.victim.index(); });
  return out;
}

bool threatens_mate(const Position& pos0, Color side, const ThreatOptions& opt) {
  if (pos0.king_attacked(~side)) return false;
  Position pos = with_side_to_move(pos0, side);
  return mate_by_checks(pos, opt.mate_depth);
}

}  // namespace xq::rules
