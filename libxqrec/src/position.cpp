// Position state: construction, make/undo and the Zobrist key.
#include "xqrec/core/position.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "geometry.h"
#include "play_move.h"
#include "xqrec/core/zobrist.h"

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

namespace {

// Every problem that can be relaxed (TooManyMoves never is).
bool accepts_every_problem(const Relaxations& accepted) {
  for (unsigned p = 0; p < unsigned(PositionProblem::Count); ++p)
    if (PositionProblem(p) != PositionProblem::TooManyMoves && !accepted.allows(PositionProblem(p))) return false;
  return true;
}

}  // namespace

Result<Position, std::vector<PositionIssue>> Position::from_setup(const Setup& setup, const Relaxations& accepted) {
  // Accepting every problem refuses none: no need to list them. The audit
  // and the resolver replay every record so, and report its problems from
  // check_setup themselves (resolve_start): a second check per game cost
  // as much as replaying two of its plies.
  if (accepts_every_problem(accepted) && moves_fit_lists(setup)) return Position(setup);
  std::vector<PositionIssue> refused = blocking_issues(check_setup(setup), accepted);
  if (!refused.empty()) return fail(std::move(refused));
  return Position(setup);
}

Position::Position(const Setup& setup) {
  static const Setup standard = Setup::start();
  // Pieces are single bytes: one memcmp, where == would compare 90 pieces
  // one by one (this runs once per replayed game).
  static_assert(sizeof(Piece) == 1 && std::is_trivially_copyable_v<Piece>);
  if (std::memcmp(setup.board.data(), standard.board.data(), sizeof setup.board) == 0 &&
      setup.side_to_move == Color::Red) {
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

Position Position::with_side_to_move(Color side) const {
  Position p = *this;
  if (side == side_) return p;
  p.side_ = side;
  p.key_ ^= zobrist::kKeys.black_to_move;
  p.in_check_ = -1;
  p.opponent_check_ = -1;
  return p;
}

void Position::make(Move m, Undo& u) { play(m, u); }

void Position::undo(Move m, const Undo& u) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[std::size_t(to.index())];
  const Color us = mover.color();
  board_[std::size_t(from.index())] = mover;
  board_[std::size_t(to.index())] = u.captured;
  const SquareSet& to_bit = geometry::kSquareBit[to.index()];
  occupied_[index(us)] = occupied_[index(us)] ^ (geometry::kSquareBit[from.index()] | to_bit);
  if (!u.captured.empty()) occupied_[index(u.captured.color())] = occupied_[index(u.captured.color())] ^ to_bit;
  king_ = u.kings;
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
  play(m, u);
  settle_check_state(m, safe_before);
}

}  // namespace xq
