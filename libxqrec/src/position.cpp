// Position state: construction, make/undo and the Zobrist key.
#include "xqrec/position.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "geometry.h"
#include "xqrec/zobrist.h"

namespace xq {

std::string_view game_state_name(GameState s) {
  switch (s) {
    case GameState::Ongoing: return "ongoing";
    case GameState::Checkmate: return "checkmate";
    case GameState::Stalemate: return "stalemate";
  }
  return "ongoing";
}

// The start position is built once: replaying thousands of games per second
// constructs it for every game.
const Position& Position::standard_start() {
  static const Position start = from_scratch(Setup::start());
  return start;
}

Position::Position() : Position(standard_start()) {}

Position::Position(const Setup& setup) {
  static const Setup standard = Setup::start();
  if (setup.board == standard.board && setup.side_to_move == Color::Red) {
    *this = standard_start();
    halfmove_clock_ = std::uint16_t(std::clamp(setup.halfmove_clock, 0, 0xFFFF));
    fullmove_number_ = setup.fullmove_number < 1 ? 1 : setup.fullmove_number;
    return;
  }
  *this = from_scratch(setup);
}

Position Position::from_scratch(const Setup& setup) {
  Position pos(Uninitialised{});
  pos.build(setup);
  return pos;
}

void Position::build(const Setup& setup) {
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = setup.board[std::size_t(s)];
    if (!p.empty()) set_piece(Square(s), p);
  }
  side_ = setup.side_to_move;
  halfmove_clock_ = std::uint16_t(setup.halfmove_clock < 0 ? 0 : setup.halfmove_clock > 0xFFFF ? 0xFFFF
                                                                                            : setup.halfmove_clock);
  fullmove_number_ = setup.fullmove_number < 1 ? 1 : setup.fullmove_number;
  key_ = compute_key();
}

Setup Position::setup() const {
  Setup s;
  s.board = board_;
  s.side_to_move = side_;
  s.halfmove_clock = halfmove_clock_;
  s.fullmove_number = fullmove_number_;
  return s;
}

void Position::set_piece(Square s, Piece p) {
  in_check_ = -1;
  const Piece old = board_[std::size_t(s.index())];
  if (!old.empty()) {
    occupied_[index(old.color())].erase(s);
    if (old.type() == PieceType::King && king_[index(old.color())] == s)
      king_[index(old.color())] = Square::none();
  }
  board_[std::size_t(s.index())] = p;
  if (!p.empty()) {
    occupied_[index(p.color())].insert(s);
    // With several kings of a colour (a broken set-up), the first one found
    // is "the" king; the position check reports the extra ones.
    if (p.type() == PieceType::King && !king_[index(p.color())].valid()) king_[index(p.color())] = s;
  }
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (int s = 0; s < kSquares; ++s) k ^= zobrist::piece_key(board_[std::size_t(s)], Square(s));
  if (side_ == Color::Black) k ^= zobrist::kKeys.black_to_move;
  return k;
}

void Position::make(Move m, Undo& u) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[std::size_t(from.index())];
  const Piece captured = board_[std::size_t(to.index())];
  u.captured = captured;
  u.halfmove_clock = halfmove_clock_;
  u.key = key_;
  u.in_check = in_check_;
  u.opponent_check = opponent_check_;
  in_check_ = -1;
  opponent_check_ = -1;  // the move may have left the mover's king attacked

  const Color us = mover.color();
  key_ ^= zobrist::piece_key(mover, from) ^ zobrist::piece_key(mover, to) ^ zobrist::kKeys.black_to_move;
  if (!captured.empty()) {
    key_ ^= zobrist::piece_key(captured, to);
    occupied_[index(captured.color())].erase(to);
    if (captured.type() == PieceType::King && king_[index(captured.color())] == to)
      king_[index(captured.color())] = Square::none();
    halfmove_clock_ = 0;
  } else if (halfmove_clock_ < 0xFFFF) {
    ++halfmove_clock_;
  }
  board_[std::size_t(to.index())] = mover;
  board_[std::size_t(from.index())] = Piece();
  occupied_[index(us)].erase(from);
  occupied_[index(us)].insert(to);
  if (mover.type() == PieceType::King && king_[index(us)] == from) king_[index(us)] = to;

  if (side_ == Color::Black) ++fullmove_number_;
  side_ = ~side_;
}

void Position::undo(Move m, const Undo& u) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[std::size_t(to.index())];
  const Color us = mover.color();
  board_[std::size_t(from.index())] = mover;
  board_[std::size_t(to.index())] = u.captured;
  occupied_[index(us)].erase(to);
  occupied_[index(us)].insert(from);
  if (mover.type() == PieceType::King && king_[index(us)] == to) king_[index(us)] = from;
  if (!u.captured.empty()) {
    occupied_[index(u.captured.color())].insert(to);
    if (u.captured.type() == PieceType::King && !king_[index(u.captured.color())].valid())
      king_[index(u.captured.color())] = to;
  }
  side_ = ~side_;
  if (side_ == Color::Black) --fullmove_number_;
  halfmove_clock_ = u.halfmove_clock;
  key_ = u.key;
  in_check_ = u.in_check;
  opponent_check_ = u.opponent_check;
}

void Position::make_legal(Move m, Undo& u) {
  assert(is_legal(m));
  // Before the move, was the other king safe? (Known after a legal move; a
  // set-up may put the side not to move in check.)
  if (opponent_check_ < 0) opponent_check_ = king_attacked(~side_) ? 1 : 0;
  const bool safe_before = opponent_check_ == 0;
  make(m, u);
  settle_check_state(m, safe_before);
}

void Position::settle_check_state(Move m, bool other_safe_before) {
  opponent_check_ = 0;  // the move is legal: the mover's king is safe
  const Square k = king_[index(side_)];
  if (!other_safe_before || !k.valid()) return;
  // A move can attack the king only from its file or rank (rooks, cannons
  // and their screens, the flying general, pawns next to it), from a horse
  // square, or by leaving a line or a horse leg (diagonally next to it).
  const Square from = m.from(), to = m.to();
  const std::size_t ki = std::size_t(k.index());
  const auto& masks = geometry::kMasks;
  const auto& from_king = geometry::kRelations[ki];
  const bool touches = from_king[std::size_t(from.index())].line != geometry::Relation::kNoLine ||
                       from_king[std::size_t(to.index())].line != geometry::Relation::kNoLine ||
                       masks.horse_legs[ki].contains(from) || masks.horse_from[ki].contains(to);
  if (!touches) in_check_ = 0;
}

}  // namespace xq
