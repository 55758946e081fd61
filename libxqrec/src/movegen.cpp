// Move generation: pseudo-legal moves from the geometry tables, then the
// king-safety filter, which only tests the moves that could expose the king.
#include <cstring>

#include "board_attacks.h"
#include "geometry.h"
#include "xqrec/position.h"

namespace xq {

using geometry::kTables;

void Position::generate_pseudo_legal(MoveList& out) const {
  const Color us = side_;
  const std::size_t ci = std::size_t(index(us));
  const Piece* board = board_.data();
  auto target_ok = [&](std::uint8_t to) {
    const Piece p = board[to];
    return p.empty() || p.color() != us;
  };
  occupied_[ci].for_each([&](Square from) {
    const std::size_t fi = std::size_t(from.index());
    switch (board[fi].type()) {
      case PieceType::Rook:
        for (const auto& ray : kTables.ray[fi]) {
          for (std::uint8_t to : ray) {
            const Piece p = board[to];
            if (p.empty()) {
              out.push(Move(from, Square(to)));
              continue;
            }
            if (p.color() != us) out.push(Move(from, Square(to)));
            break;
          }
        }
        break;
      case PieceType::Cannon:
        for (const auto& ray : kTables.ray[fi]) {
          const std::uint8_t* p = ray.begin();
          const std::uint8_t* end = ray.end();
          for (; p != end && board[*p].empty(); ++p) out.push(Move(from, Square(*p)));
          if (p == end) continue;
          for (++p; p != end; ++p) {
            const Piece q = board[*p];
            if (q.empty()) continue;
            if (q.color() != us) out.push(Move(from, Square(*p)));
            break;
          }
        }
        break;
      case PieceType::Horse:
        for (const auto& h : kTables.horse[fi])
          if (board[h.via].empty() && target_ok(h.to)) out.push(Move(from, Square(h.to)));
        break;
      case PieceType::Elephant:
        for (const auto& e : kTables.elephant[ci][fi])
          if (board[e.via].empty() && target_ok(e.to)) out.push(Move(from, Square(e.to)));
        break;
      case PieceType::Advisor:
        for (std::uint8_t to : kTables.advisor[ci][fi])
          if (target_ok(to)) out.push(Move(from, Square(to)));
        break;
      case PieceType::King:
        for (std::uint8_t to : kTables.king[ci][fi])
          if (target_ok(to)) out.push(Move(from, Square(to)));
        break;
      case PieceType::Pawn:
        for (std::uint8_t to : kTables.pawn[ci][fi])
          if (target_ok(to)) out.push(Move(from, Square(to)));
        break;
      case PieceType::None:
        break;
    }
  });
}

// When the side to move is not in check, a move can only expose its king if
// it moves the king, or leaves or enters the king's file or rank (a rook or
// cannon line, or the flying general), or frees a horse's leg next to the
// king. Every other move is safe without a test.
bool Position::needs_safety_test(Move m, bool in_check) const {
  if (in_check) return true;
  const Square k = king_[index(side_)];
  if (!k.valid()) return false;
  const Square from = m.from(), to = m.to();
  if (from == k) return true;
  if (from.file() == k.file() || from.rank() == k.rank()) return true;
  if (to.file() == k.file() || to.rank() == k.rank()) return true;
  const int df = from.file() - k.file(), dr = from.rank() - k.rank();
  return (df == 1 || df == -1) && (dr == 1 || dr == -1);
}

bool Position::keeps_king_safe(Move m) const {
  const Piece mover = at(m.from());
  const Color us = mover.color();
  std::array<Piece, kSquares> scratch = board_;
  scratch[std::size_t(m.to().index())] = mover;
  scratch[std::size_t(m.from().index())] = Piece();
  const Square k = mover.type() == PieceType::King ? m.to() : king_[index(us)];
  if (!k.valid()) return true;
  return !detail::attacked_on(scratch.data(), k, ~us, true);
}

void Position::generate_legal(MoveList& out) const {
  MoveList pseudo;
  generate_pseudo_legal(pseudo);
  const bool check = in_check();
  out.clear();
  for (Move m : pseudo)
    if (!needs_safety_test(m, check) || keeps_king_safe(m)) out.push(m);
}

std::size_t Position::count_legal() const {
  MoveList pseudo;
  generate_pseudo_legal(pseudo);
  const bool check = in_check();
  std::size_t n = 0;
  for (Move m : pseudo)
    if (!needs_safety_test(m, check) || keeps_king_safe(m)) ++n;
  return n;
}

GameState Position::state() const {
  if (count_legal() > 0) return GameState::Ongoing;
  return in_check() ? GameState::Checkmate : GameState::Stalemate;
}

}  // namespace xq
