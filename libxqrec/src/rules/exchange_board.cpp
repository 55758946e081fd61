#include "exchange_board.h"

#include <algorithm>
#include <limits>

#include "xqrec/core/rules/values.h"

#include "../board_attacks.h"
#include "../geometry.h"

namespace xq::rules::detail {

namespace {

constexpr int kMaxExchangeDepth = 12;

}  // namespace

ExchangeBoard::ExchangeBoard(const Position& pos) {
  // Square by square, all of them: a plain copy of the board (the compiler
  // makes it one), where visiting the occupied squares costs a bit scan each.
  for (int s = 0; s < kSquares; ++s) board_[std::size_t(s)] = pos.at(Square(s));
  for (const Color c : {Color::Red, Color::Black}) {
    occupied_[std::size_t(index(c))] = pos.occupied(c);
    king_[std::size_t(index(c))] = pos.king(c);
  }
}

Piece ExchangeBoard::play(Square from, Square to, Color side) {
  const std::size_t f = std::size_t(from.index()), t = std::size_t(to.index());
  const Piece mover = board_[f], taken = board_[t];
  board_[t] = mover;
  board_[f] = Piece();
  const std::size_t us = std::size_t(index(side)), them = std::size_t(index(~side));
  occupied_[us] = occupied_[us] ^ (geometry::kSquareBit[f] | geometry::kSquareBit[t]);
  occupied_[them] = occupied_[them] ^ geometry::kSquareBit[t];
  // As Position::play: the tracked king moves with its piece.
  if (mover.type() == PieceType::King && king_[us] == from) king_[us] = to;
  return taken;
}

void ExchangeBoard::unplay(Square from, Square to, Color side, Piece taken, Square king_before) {
  const std::size_t f = std::size_t(from.index()), t = std::size_t(to.index());
  board_[f] = board_[t];
  board_[t] = taken;
  const std::size_t us = std::size_t(index(side)), them = std::size_t(index(~side));
  occupied_[us] = occupied_[us] ^ (geometry::kSquareBit[f] | geometry::kSquareBit[t]);
  occupied_[them] = occupied_[them] ^ geometry::kSquareBit[t];
  king_[us] = king_before;
}

bool ExchangeBoard::king_safe(Color side) const {
  const Square k = king_[std::size_t(index(side))];
  return !k.valid() || !xq::detail::attacked_on(board_.data(), k, ~side, true, occupied_[std::size_t(index(~side))],
                                                occupied_[0] | occupied_[1]);
}

int ExchangeBoard::gain_on(Square sq, Color side, int depth, int pv, int enough) {
  const Piece victim = board_[std::size_t(sq.index())];
  if (victim.empty() || victim.color() == side || victim.type() == PieceType::King || depth >= kMaxExchangeDepth)
    return 0;
  SquareSet from = xq::detail::capturers_on(board_.data(), sq, side, occupied_[std::size_t(index(side))],
                                             occupied_[0] | occupied_[1]);
  // One capture per kind of capturer: the cheapest of a kind is as good as
  // any other of it, except that line pieces differ by what stays behind, so
  // every line piece (rook, cannon) is tried. A kind counts as tried once
  // one of its captures was legal.
  bool tried[kPieceTypeCount] = {};
  int best = 0;
  const int v = piece_value(victim, sq, pv);
  const Square king_before = king_[std::size_t(index(side))];
  while (!from.empty()) {
    const Square f = from.lowest();  // ascending, as the generator walks the pieces
    from.erase(f);
    const PieceType t = board_[std::size_t(f.index())].type();
    const bool line = t == PieceType::Rook || t == PieceType::Cannon;
    if (!line && tried[int(t)]) continue;
    const Piece taken = play(f, sq, side);
    if (!king_safe(side)) {
      unplay(f, sq, side, taken, king_before);
      continue;
    }
    if (!line) tried[int(t)] = true;
    // Only a reply gaining less than v - best improves on best.
    const int back = gain_on(sq, ~side, depth + 1, pv, v - best);
    unplay(f, sq, side, taken, king_before);
    best = std::max(best, v - back);
    if (best >= v || best >= enough) break;
  }
  return best;
}

int ExchangeBoard::capture_balance(Move c, int pv) {
  const Square sq = c.to();
  const Color side = board_[std::size_t(c.from().index())].color();
  const int v = piece_value(board_[std::size_t(sq.index())], sq, pv);
  const Square king_before = king_[std::size_t(index(side))];
  const Piece taken = play(c.from(), sq, side);
  const int back = gain_on(sq, ~side, 1, pv, std::numeric_limits<int>::max());
  unplay(c.from(), sq, side, taken, king_before);
  return v - back;
}

}  // namespace xq::rules::detail
