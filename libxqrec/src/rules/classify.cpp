#include "xqrec/core/rules/classify.h"

#include <algorithm>

#include "xqrec/core/rules/values.h"

#include "classify_in_cycle.h"
#include "winning_captures.h"

namespace xq::rules {

std::string_view class_name_zh(MoveClass c) {
  switch (c) {
    case MoveClass::Check: return "将";
    case MoveClass::Mate: return "杀";
    case MoveClass::Chase: return "捉";
    case MoveClass::Exchange: return "兑";
    case MoveClass::Offer: return "献";
    case MoveClass::Block: return "拦";
    case MoveClass::Follow: return "跟";
    case MoveClass::Idle: return "闲";
  }
  return "闲";
}

std::string_view class_code(MoveClass c) {
  switch (c) {
    case MoveClass::Check: return "check";
    case MoveClass::Mate: return "mate-threat";
    case MoveClass::Chase: return "chase";
    case MoveClass::Exchange: return "exchange";
    case MoveClass::Offer: return "offer";
    case MoveClass::Block: return "block";
    case MoveClass::Follow: return "follow";
    case MoveClass::Idle: return "idle";
  }
  return "idle";
}

namespace {

bool legal_capture(const Position& pos, Square from, Square to) {
  return pos.at(from) && pos.at(from).color() == pos.side_to_move() && pos.check_move(Move(from, to)) == MoveError::None;
}

// Squares a move passes over (rook/cannon line), the horse's leg or the
// elephant's eye: where a piece can block it.
bool passes_over(const Position& pos, Move m, Square s) {
  const Piece p = pos.at(m.from());
  const int ff = m.from().file(), fr = m.from().rank(), tf = m.to().file(), tr = m.to().rank();
  switch (p.type()) {
    case PieceType::Rook:
    case PieceType::Cannon:
    case PieceType::King:
      if (ff == tf && s.file() == ff) return (s.rank() - fr) * (s.rank() - tr) < 0;
      if (fr == tr && s.rank() == fr) return (s.file() - ff) * (s.file() - tf) < 0;
      return false;
    case PieceType::Horse: {
      const int df = tf - ff, dr = tr - fr;
      const Square leg = (df == 2 || df == -2) ? Square(ff + df / 2, fr) : Square(ff, fr + dr / 2);
      return leg == s;
    }
    case PieceType::Elephant:
      return s == Square((ff + tf) / 2, (fr + tr) / 2);
    default:
      return false;
  }
}

// Whether the move stops an enemy piece from a capture or a check it could
// make before (拦, 24.6 "阻拦对方棋子"). Merely shortening a line that leads
// nowhere is not counted: 2011 参考图4's 士四进五 cuts the black rook's rank
// and is 闲.
bool blocks(const Position& before, const Position& after, Move m) {
  const Color them = ~before.side_to_move();
  const Position b = with_side_to_move(before, them);
  MoveList then_moves, now_moves;
  b.generate_pseudo_legal(then_moves);
  after.generate_pseudo_legal(now_moves);
  // Interposing against a check answers it (应将, 闲: 2011 参考图8), it is no 拦:
  // whatever else the checking piece can no longer reach is not counted
  // (弈林仙客 game, ply 54: 炮3平5 interposes on the 5th file).
  const Square king = before.king(before.side_to_move());
  const SquareSet checkers =
      before.in_check() && king.valid() ? before.attackers(king, them) : SquareSet();
  for (Move x : then_moves) {
    if (now_moves.contains(x)) continue;
    if (before.at(x.from()).type() == PieceType::King) continue;
    if (before.at(x.to()).type() == PieceType::King) continue;
    if (checkers.contains(x.from())) continue;
    if (b.at(x.to()).empty() && !b.gives_check(x)) continue;
    if (b.check_move(x) != MoveError::None) continue;  // a pinned piece blocks nothing
    if (passes_over(b, x, m.to())) return true;
  }
  return false;
}

bool same_exchange_kind(PieceType a, PieceType b, Piece pa, Square sa, Piece pb, Square sb, RuleSet rules) {
  if (rules == RuleSet::Cxa2020 || rules == RuleSet::Asian) return a == b;
  return piece_value(pa, sa) == piece_value(pb, sb);  // 2011 24.4, 1999 28.5: equal value
}

// A search asked again after an unknown answer gets this many times the
// budget of the first.
constexpr long kReaskFactor = 8;

// The chases a move makes that were not there before it (a chase must be
// new: 从捉到捉是闲, 1999 图六–图八).
// CXA: per victim. A piece the side could already win is not chased again,
// whatever wins it now: 2011 参考图8 calls 车九退二 闲 because "白吃双士的
// 结果没有发生变化" although the way of winning the advisors changed, and
// 图5 "吃士的本质没有变化".
// Asian: per victim and first capturer (the engines' chase is an attack by
// one piece: FSF counts a new pin that undermines a root as a chase whoever
// else already attacks the piece, FSF-27). The moved piece keeps its identity
// (from捉到捉 by the same piece stays old). A piece the same attacker could
// already take is not chased again when a move merely cuts its root
// (blocking the protector's line or removing a cannon screen: FSF-23,
// ORG-017/087/127/149); pinning its root (假根) still is a chase
// (FSF-24/26/27/28).
//
// A search of the position before the move that ran out of budget
// ("unknown", search_answer.h) is asked again with more; if it is still
// unknown, the side may already have had the chase, and none is new.
struct NewChases {
  std::vector<ChaseTarget> targets;  // proven new chases
  bool unknown = false;              // a search ran out of budget: a new chase may be missing
};

NewChases new_chases(const Position& before, const Position& after, Move m, RuleSet rules, const ThreatOptions& opt,
                     detail::ThreatMemo& memo) {
  const Color us = before.side_to_move();
  const auto find = [&](const Position& pos, Color side, const ThreatOptions& o) {
    return memo.chases(pos, side, o, rules == RuleSet::Asian);
  };
  // After the move an unknown is no chase: only its proven gains are listed.
  const Chases now = find(after, us, opt);
  // No gain after the move, no new chase: the position before need not be
  // searched (most moves of a cycle; the searches are most of a verdict).
  if (now.targets.empty()) return {{}, now.unknown};
  // 26.5 only takes chases away: a capture the side had before the move,
  // whatever it would have cost then, is a chase it already had (a reading:
  // docs/repetition.md, 26.5).
  ThreatOptions plain = opt;
  plain.capture_duties = false;
  Chases old = find(before, us, plain);
  const auto fresh = [&] {
    std::vector<ChaseTarget> out;
    if (rules != RuleSet::Asian) {
      for (const auto& t : now.targets)
        if (std::none_of(old.targets.begin(), old.targets.end(), [&](const ChaseTarget& o) { return o.victim == t.victim; }))
          out.push_back(t);
      return out;
    }
    const Position mine = with_side_to_move(before, us);
    const auto attacked_before = [&](const ChaseTarget& t) {
      if (t.attacker == m.to() || t.root == Root::FalseRoot) return false;
      return mine.at(t.attacker) == t.attacker_piece && mine.check_move(Move(t.attacker, t.victim)) == MoveError::None;
    };
    for (const auto& t : now.targets) {
      const bool existed = std::any_of(old.targets.begin(), old.targets.end(), [&](const ChaseTarget& o) {
        return o.victim == t.victim && (o.attacker == m.from() ? m.to() : o.attacker) == t.attacker;
      });
      if (!existed && !attacked_before(t)) out.push_back(t);
    }
    return best_per_victim(out);
  };
  std::vector<ChaseTarget> out = fresh();
  if (out.empty() || !old.unknown) return {out, now.unknown};
  // Asked again with more budget than the position after the move needed
  // (it found its gains within one budget for all its first checks).
  ThreatOptions more = plain;
  more.check_nodes = opt.check_nodes * kReaskFactor;
  old = find(before, us, more);
  out = fresh();
  // Still unknown before the move: the chase may be an old one (从捉到捉 is 闲,
  // 1999 图六–图八, 2011 参考图8), and a new 捉 is not claimed on a guess.
  if (!old.unknown) return {out, now.unknown};
  return {{}, true};
}

std::string square_phrase(const ChaseTarget& t) {
  std::string s(piece_type_name(t.victim_piece.type()));
  s += " on ";
  s += t.victim.name();
  return s;
}

}  // namespace

MoveClassification classify_move(const Position& before, Move m, RuleSet rules, const ThreatOptions& opt) {
  detail::ThreatMemo memo;
  return detail::classify_move(before, m, rules, opt, memo);
}

MoveClassification detail::classify_move(const Position& before, Move m, RuleSet rules, const ThreatOptions& opt_in,
                                         ThreatMemo& memo) {
  // The Asian rules' chase is an attack on a piece (direct or discovered);
  // winning material through a series of checks (CXA 24.3) is not one.
  ThreatOptions opt = opt_in;
  if (rules == RuleSet::Asian) {
    opt.check_depth = 0;
    opt.mate_refutes = false;
    opt.real_root_protects = true;
  }
  // 1999 25.3: the crossed pawn floats, a pawn for a rook is no gain (图十二).
  if (rules == RuleSet::Cxa1999) opt.floating_pawn = true;
  // Articles of the 2011 and 2020 texts only (threats.h): 26.5, what a
  // capturing root or shielding piece leaves behind; 2011 26.7 / 2020 26.8,
  // a pawn's capture that uncovers a check.
  const bool since_2011 = rules == RuleSet::Cxa2011 || rules == RuleSet::Cxa2020;
  opt.capture_duties = since_2011;
  opt.pawn_capture_check_chases = since_2011;
  opt.pawn_takes_after_checks_is_pawns = since_2011;
  MoveClassification out;
  out.move = m;
  out.side = before.side_to_move();
  out.mover = before.at(m.from());
  const Color us = out.side, them = ~us;
  const bool answered_check = before.in_check();
  const bool king_move = out.mover.type() == PieceType::King;

  Position after = before;
  Undo u;
  after.make(m, u);

  // 将 (24.1). A check may chase as well (将兼捉): the targets are kept, the
  // class is 将 (26.4 从重); the Asian rules count such chases (FSF-05, FSF-10).
  if (after.in_check()) {
    out.gives_check = true;
    out.cls = MoveClass::Check;
    out.reason = "checks (将)";
    for (const auto& t : new_chases(before, after, m, rules, opt, memo).targets)
      if (!(t.king_or_pawn && !t.joint)) out.targets.push_back(t);
    return out;
  }

  // 杀 (24.2), with 26.1.2 (king answering a check) and 24.18/26.3 (自毙).
  // Unknown after the move is no 杀: a mate not proven is not punished (24.2).
  const SearchAnswer mate_answer = rules != RuleSet::Asian ? memo.mate(after, us, opt) : SearchAnswer::Refuted;
  out.mate_threat = mate_answer == SearchAnswer::Found;
  bool mate_counts = out.mate_threat;
  // 26.1.2 is a 2011/2020 article: the 1999 text calls such a king move 杀
  // (1999 图十五: 将4平5 answers the check and is 杀), and counts another
  // piece's chase made possible by the king as 捉 (27.1 "借帅（将）之力").
  const bool king_answer_is_idle = rules == RuleSet::Cxa2011 || rules == RuleSet::Cxa2020;
  // Whatever it threatens, such a king move is 闲 (26.1.2): nothing unknown.
  const bool idle_king_answer = answered_check && king_move && king_answer_is_idle;
  out.unknown.mate = mate_answer == SearchAnswer::Unknown && !idle_king_answer;
  if (mate_counts && idle_king_answer) {
    mate_counts = false;
    out.reason = "king answers a check; its mate threat is 闲 (26.1.2)";
  }
  if (mate_counts && answered_check && !king_move && (rules == RuleSet::Cxa2011 || rules == RuleSet::Cxa2020)) {
    // 自毙: if every answer to the check leaves the same mate threat, the
    // checking side made it itself; only a new threat counts (26.3).
    MoveList answers;
    before.generate_legal(answers);
    bool all = true, some_unknown = false;
    for (Move a : answers) {
      if (a == m) continue;
      Position p = before;
      Undo ua;
      p.make_legal(a, ua);
      SearchAnswer threat = memo.mate(p, us, opt);
      if (threat == SearchAnswer::Unknown) {
        ThreatOptions more = opt;
        more.mate_nodes = opt.mate_nodes * kReaskFactor;
        threat = memo.mate(p, us, more);
        some_unknown = some_unknown || threat == SearchAnswer::Unknown;
      }
      // Still unknown counts as a threat: the mate may be the checker's own
      // doing (自毙, 26.3), and a 杀 is not claimed on a guess.
      if (threat == SearchAnswer::Refuted) {
        all = false;
        break;
      }
    }
    if (all) {
      mate_counts = false;
      // No other answer is proven free of the threat, but some are unknown:
      // the threat may be new after all (26.3), the move may be 杀.
      out.unknown.mate = some_unknown;
      out.reason = "the mate threat was made by the opponent's own check (自毙, 24.18/26.3): 闲";
    }
  }
  // The Asian rules allow perpetual mate threats: no 杀 class there.
  if (mate_counts && rules != RuleSet::Asian) {
    out.cls = MoveClass::Mate;
    out.reason = "threatens mate by checks (杀)";
    return out;
  }

  // 捉 (24.3): new capture threats.
  const NewChases chases = new_chases(before, after, m, rules, opt, memo);
  out.unknown.chase = chases.unknown && !idle_king_answer;
  for (const auto& t : chases.targets) {
    if (t.king_or_pawn && !t.joint) out.kp_targets.push_back(t);
    else out.targets.push_back(t);
  }
  if (!out.targets.empty()) {
    if (idle_king_answer) {
      out.reason = "king answers a check; its chase is 闲 (26.1.2)";
      out.kp_targets.insert(out.kp_targets.end(), out.targets.begin(), out.targets.end());
      out.targets.clear();
    } else if (rules != RuleSet::Asian) {
      // 26.2 (2011/2020), 27.3 (1999): a side with a single attacking piece
      // that only "chases" advisors or elephants is holding a drawing point.
      int attackers = 0;
      for (int i = 0; i < kSquares; ++i) {
        const Piece p = after.at(Square(i));
        if (p && p.color() == us && (is_strong(p.type()) || (p.type() == PieceType::Pawn && is_material(p, Square(i)))))
          ++attackers;
      }
      const bool only_weak = std::all_of(out.targets.begin(), out.targets.end(), [](const ChaseTarget& t) {
        return t.victim_piece.type() == PieceType::Advisor || t.victim_piece.type() == PieceType::Elephant;
      });
      if (attackers <= 1 && only_weak) {
        out.reason = "a lone attacker holding a drawing point; the chase of an advisor/elephant is 闲 (26.2)";
        out.targets.clear();
        // Its chase was new, so the 跟 test below would call it an old one.
        out.cls = MoveClass::Idle;
        return out;
      }
    }
    if (!out.targets.empty()) {
      out.cls = MoveClass::Chase;
      const auto& t = out.targets.front();
      out.reason = "chases the " + square_phrase(t) + " (捉";
      if (t.joint) out.reason += ", 联合捉子";
      if (t.by_checks) out.reason += ", by checks";
      out.reason += ", ";
      out.reason += root_name_zh(t.root);
      out.reason += ")";
      return out;
    }
  }

  // The 闲 family. The moved piece on its new square:
  const Square to = m.to();
  Position mine = with_side_to_move(after, us);
  // 兑 (24.4; 26.9 [2020 26.10]).
  for (int i = 0; i < kSquares; ++i) {
    const Square s(i);
    const Piece b = after.at(s);
    if (!b || b.color() != them || b.type() == PieceType::King) continue;
    if (!same_exchange_kind(out.mover.type(), b.type(), out.mover, to, b, s, rules)) continue;
    if (!legal_capture(mine, to, s) || !legal_capture(after, s, to)) continue;
    Position p = after;
    const Move take(s, to);
    const int their_balance = capture_balance(p, take);
    Undo ut;
    p.make_legal(take, ut);
    const bool mated = has_mate_in_one(p);
    p.undo(take, ut);
    if ((their_balance < 0 || mated) && rules != RuleSet::Asian && rules != RuleSet::Cxa1999) {
      ChaseTarget t;
      t.victim = s;
      t.victim_piece = b;
      t.attacker = to;
      t.attacker_piece = out.mover;
      t.gain = 0;
      t.root = Root::Rooted;
      out.targets.push_back(t);
      out.cls = MoveClass::Chase;
      out.reason = "offers an exchange the " + square_phrase(t) + " cannot accept without loss (捉, 26.9/26.10)";
      return out;
    }
    out.cls = MoveClass::Exchange;
    out.reason = "offers an exchange with the " + std::string(piece_type_name(b.type())) + " on " + s.name() + " (兑)";
    return out;
  }
  // 献 (24.5): the opponent can take the moved piece with a gain and is not
  // mated at once for it: a winning capture on its square.
  {
    bool offered = false;
    constexpr int kAnyGain = 0;
    detail::winning_captures<false>(
        after, kCrossedPawnValue, true, kAnyGain, [&](Move r) { return r.to() == to; },
        [&](Move, int, const detail::MateRefutes& refuted) {
          if (refuted()) return true;
          offered = true;
          return false;  // one is enough
        });
    if (offered) {
      out.cls = MoveClass::Offer;
      out.reason = "offers the " + std::string(piece_type_name(out.mover.type())) + " on " + to.name() + " (献)";
      return out;
    }
  }
  // 拦 (24.6).
  if (blocks(before, after, m)) {
    out.cls = MoveClass::Block;
    out.reason = "blocks an enemy piece (拦)";
    return out;
  }
  // 跟 (24.7): the moved piece attacks a protected piece (有根子) without
  // winning it. If it can also win a piece, that chase is an old one (it was
  // not new, or it would be 捉 above): the move is 闲, "从捉到捉" (1999 图六–
  // 图八), even if the piece also eyes a protected one.
  {
    MoveList mine_moves;
    mine.generate_legal(mine_moves);
    Piece tied;
    Square tied_sq = Square::none();
    bool old_chase = false;
    for (Move x : mine_moves) {
      if (x.from() != to) continue;
      const Piece v = mine.at(x.to());
      if (!v || !is_material(v, x.to())) continue;
      if (capture_balance(mine, x) > 0) {
        old_chase = true;
        break;
      }
      if (!tied_sq.valid()) {
        tied = v;
        tied_sq = x.to();
      }
    }
    if (old_chase) {
      out.cls = MoveClass::Idle;
      out.reason = "keeps a chase it already had (从捉到捉): 闲";
      return out;
    }
    if (tied_sq.valid()) {
      out.cls = MoveClass::Follow;
      out.reason = "ties down the protected " + std::string(piece_type_name(tied.type())) + " on " + tied_sq.name() + " (跟)";
      return out;
    }
  }
  out.cls = MoveClass::Idle;
  if (out.reason.empty()) {
    const auto pawn_takes = std::find_if(out.kp_targets.begin(), out.kp_targets.end(),
                                         [](const ChaseTarget& t) { return t.pawn_takes; });
    if (pawn_takes != out.kp_targets.end())
      out.reason = "a pawn takes the " + square_phrase(*pawn_takes) + " after checks begun by the " +
                   std::string(piece_type_name(pawn_takes->attacker_piece.type())) +
                   ", the pawn's own chase (兵借其他子抽吃), allowed (闲)";
    else if (!out.kp_targets.empty())
      out.reason = "the " + std::string(piece_type_name(out.mover.type())) + " chases by itself, allowed (闲, 26.1)";
    else
      out.reason = "no new threat (闲)";
  }
  return out;
}

}  // namespace xq::rules
