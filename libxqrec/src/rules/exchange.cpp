#include "xqrec/core/rules/exchange.h"

#include <algorithm>
#include <limits>

#include "xqrec/core/rules/values.h"

#include "winning_captures.h"

namespace xq::rules {

Position with_side_to_move(const Position& pos, Color side) { return pos.with_side_to_move(side); }

namespace {

constexpr int kMaxExchangeDepth = 12;

// What the side to move gains by the exchange on sq (0 when it declines).
// `enough`: the caller only needs to know whether the gain reaches it, so the
// walk stops there and may return any value at or above it; below it the
// value is exact. A capture that loses nothing back (the gain is then the
// victim's whole value) also ends the walk: nothing beats it.
int gain_on(Position& pos, Square sq, int depth, int pv, int enough = std::numeric_limits<int>::max()) {
  const Piece victim = pos.at(sq);
  if (victim.empty() || victim.type() == PieceType::King || depth >= kMaxExchangeDepth) return 0;
  MoveList legal;
  pos.generate_legal_captures_to(sq, legal);
  // One capture per kind of capturer: the cheapest of a kind is as good as
  // any other of it, except that line pieces differ by what stays behind, so
  // every line piece (rook, cannon) is tried.
  bool tried[kPieceTypeCount] = {};
  int best = 0;
  const int v = piece_value(victim, sq, pv);
  for (Move m : legal) {
    const PieceType t = pos.at(m.from()).type();
    if (t != PieceType::Rook && t != PieceType::Cannon) {
      if (tried[int(t)]) continue;
      tried[int(t)] = true;
    }
    Undo u;
    pos.make_legal(m, u);
    // Only a reply gaining less than v - best improves on best.
    const int back = gain_on(pos, sq, depth + 1, pv, v - best);
    pos.undo(m, u);
    best = std::max(best, v - back);
    if (best >= v || best >= enough) break;
  }
  return best;
}

}  // namespace

int exchange_gain_on(Position& pos, Square sq, int crossed_pawn) { return gain_on(pos, sq, 0, crossed_pawn); }

int capture_balance(Position& pos, Move c, int crossed_pawn) {
  const Piece victim = pos.at(c.to());
  const int v = piece_value(victim, c.to(), crossed_pawn);
  Undo u;
  pos.make_legal(c, u);
  const int back = gain_on(pos, c.to(), 1, crossed_pawn);
  pos.undo(c, u);
  return v - back;
}

bool has_mate_in_one(Position& pos) {
  MoveList checks;
  pos.generate_legal_checks(checks);
  for (Move m : checks) {
    Undo u;
    pos.make_legal(m, u);
    const bool mate = !pos.has_legal_move();  // stops at the first reply
    pos.undo(m, u);
    if (mate) return true;
  }
  return false;
}

std::string_view root_name(Root r) {
  switch (r) {
    case Root::Rooted: return "rooted";
    case Root::Unrooted: return "unrooted";
    case Root::FalseRoot: return "false-root";
    case Root::UnderRooted: return "under-rooted";
  }
  return "rooted";
}

std::string_view root_name_zh(Root r) {
  switch (r) {
    case Root::Rooted: return "有根";
    case Root::Unrooted: return "无根";
    case Root::FalseRoot: return "假根";
    case Root::UnderRooted: return "少根";
  }
  return "有根";
}

namespace detail {

CaptureDetails details_after_capture(const Position& after, Square sq, Color owner) {
  MoveList recaptures;
  after.generate_legal_captures_to(sq, recaptures);
  return {!recaptures.empty(), !after.attackers(sq, owner).empty()};
}

Root root_from(const Position& pos, Move c, int balance, const CaptureDetails& d, int crossed_pawn) {
  if (!d.recapture) return d.attacked ? Root::FalseRoot : Root::Unrooted;
  // A real root: the piece is chased only through the exchange. When the
  // victim is worth more than its capturer (a horse on a rook), the root is
  // real and the gain comes from the values alone.
  if (piece_value(pos.at(c.to()), c.to(), crossed_pawn) > piece_value(pos.at(c.from()), c.from(), crossed_pawn))
    return Root::Rooted;
  return balance > 0 ? Root::UnderRooted : Root::Rooted;
}

}  // namespace detail

Root root_against(Position& pos, Move c, int crossed_pawn) {
  const Color owner = pos.at(c.to()).color();
  const int balance = capture_balance(pos, c, crossed_pawn);
  Undo u;
  pos.make_legal(c, u);
  const detail::CaptureDetails d = detail::details_after_capture(pos, c.to(), owner);
  pos.undo(c, u);
  return detail::root_from(pos, c, balance, d, crossed_pawn);
}

}  // namespace xq::rules
