#include "xqrec/core/rules/exchange.h"

#include <algorithm>
#include <limits>

#include "xqrec/core/rules/values.h"

#include "cycle_memo.h"
#include "exchange_board.h"
#include "winning_captures.h"

namespace xq::rules {

Position with_side_to_move(const Position& pos, Color side) { return pos.with_side_to_move(side); }

int exchange_gain_on(Position& pos, Square sq, int crossed_pawn) {
  return detail::ExchangeBoard(pos).gain_on(sq, pos.side_to_move(), 0, crossed_pawn, std::numeric_limits<int>::max());
}

int capture_balance(Position& pos, Move c, int crossed_pawn) {
  return detail::ExchangeBoard(pos).capture_balance(c, crossed_pawn);
}

namespace {

// has_mate_in_one without its table of kept mate answers (the checks come
// from the kept move lists, cycle_memo.h).
bool search_mate_in_one(Position& pos) {
  MoveList checks;
  detail::legal_checks_kept(pos, checks);
  for (Move m : checks) {
    Undo u;
    pos.make_legal(m, u);
    const bool mate = !pos.has_legal_move();  // stops at the first reply
    pos.undo(m, u);
    if (mate) return true;
  }
  return false;
}

}  // namespace

bool has_mate_in_one(Position& pos) {
  const detail::MemoKey key = detail::memo_key(pos);
  if (const std::optional<bool> kept = detail::kept_mate_in_one(key)) return *kept;
  const bool mate = search_mate_in_one(pos);
  detail::keep_mate_in_one(key, mate);
  return mate;
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
  legal_captures_to_kept(after, sq, recaptures);
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
