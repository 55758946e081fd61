// The single-move legality check, with the reason a move fails.
#include <cassert>
#include <cstdlib>

#include "xqrec/core/square_set.h"

#include "board_attacks.h"
#include "geometry.h"
#include "play_move.h"
#include "xqrec/core/position.h"

namespace xq {

namespace {

// How many pieces stand strictly between two squares on one file or rank:
// 0, 1, or 2 for "two or more" (all a cannon needs to know).
int pieces_between(const SquareSet& occupied, Square a, Square b) {
  const int df = b.file() - a.file(), dr = b.rank() - a.rank();
  const int d = dr > 0 ? geometry::Up : dr < 0 ? geometry::Down : df > 0 ? geometry::Right : geometry::Left;
  const auto& rays = geometry::kMasks.ray;
  // The ray from a minus the ray from b (on the same line, beyond b) is
  // the squares between them plus b itself.
  SquareSet between = occupied & (rays[std::size_t(a.index())][std::size_t(d)] ^ rays[std::size_t(b.index())][std::size_t(d)]);
  between.erase(b);
  return between.empty() ? 0 : between.has_one() ? 1 : 2;
}

// Whether the king of `us` on k is attacked after a move of another piece
// from `from` to `to` (played already on board, them and all) when it was
// not before. Only what the move changed can attack it then: the lines
// through `from` (a blocker or screen gone) and `to` (a new screen), and a
// horse's leg or an elephant's eye `from` cleared (a diagonal neighbour).
// Pawns, advisors and kings attack whatever the occupancy; a capture leaves
// `to` occupied. The same answer as the full attack test in that case.
[[gnu::always_inline]] inline bool exposed_after_move(const Piece* board, Square k, Color us, const SquareSet& them,
                                                     const SquareSet& all, Square from, Square to) {
  using geometry::Relation;
  const auto& masks = geometry::kMasks;
  const std::size_t ki = std::size_t(k.index());
  if (!masks.exposure_zone[ki].contains(from) && !masks.line_zone[ki].contains(to)) return false;
  const Color by = ~us;
  const auto line_attack = [&](std::uint8_t d) {
    const SquareSet& ray = masks.ray[ki][d];
    if (!them.intersects(ray)) return false;
    SquareSet on_ray = all & ray;
    // Up and Right walk to higher indexes, Down and Left to lower ones.
    const bool ascending = d == geometry::Up || d == geometry::Right;
    const Square first = ascending ? on_ray.lowest() : on_ray.highest();
    const Piece p = board[first.index()];
    if (p == Piece(by, PieceType::Rook) || (d <= geometry::Down && p == Piece(by, PieceType::King))) return true;
    on_ray.erase(first);
    return !on_ray.empty() &&
           board[(ascending ? on_ray.lowest() : on_ray.highest()).index()] == Piece(by, PieceType::Cannon);
  };
  const auto& from_king = geometry::kRelations[ki];
  const std::uint8_t d_from = from_king[std::size_t(from.index())].line;
  const std::uint8_t d_to = from_king[std::size_t(to.index())].line;
  if (d_from != Relation::kNoLine && line_attack(d_from)) return true;
  if (d_to != Relation::kNoLine && d_to != d_from && line_attack(d_to)) return true;
  if (!masks.horse_legs[ki].contains(from)) return false;
  // `from` is the leg of two horse squares and the eye of an elephant
  // square (elephants attack only on their own side of the river).
  if (them.intersects(masks.horse_from[ki]))
    for (const auto& h : geometry::kTables.horse_from[ki])
      if (h.via == from.index() && board[h.to] == Piece(by, PieceType::Horse)) return true;
  if (on_own_side(by, k))
    for (const auto& e : geometry::kTables.elephant_from[std::size_t(index(by))][ki])
      if (e.via == from.index() && board[e.to] == Piece(by, PieceType::Elephant)) return true;
  return false;
}

}  // namespace

// Whether piece p on `from` could move to `to` by its own rules on this
// board, ignoring what stands on `to` and the safety of its king.
MoveError Position::geometry_error(Piece p, Square from, Square to) const {
  const Color c = p.color();
  const int df = to.file() - from.file(), dr = to.rank() - from.rank();
  const int adf = std::abs(df), adr = std::abs(dr);
  switch (p.type()) {
    case PieceType::King:
      if (adf + adr != 1) {
        // The flying general: a king "captures" the other king on an open file.
        const Piece target = at(to);
        if (df == 0 && target.type() == PieceType::King && target.color() != c)
          return pieces_between(occupied_[0] | occupied_[1], from, to) == 0 ? MoveError::None : MoveError::PathBlocked;
        return MoveError::NotAPieceMove;
      }
      return in_palace(c, to) ? MoveError::None : MoveError::LeavesPalace;
    case PieceType::Advisor:
      if (adf != 1 || adr != 1) return MoveError::NotAPieceMove;
      return in_palace(c, to) ? MoveError::None : MoveError::LeavesPalace;
    case PieceType::Elephant:
      if (adf != 2 || adr != 2) return MoveError::NotAPieceMove;
      if (!on_own_side(c, to)) return MoveError::ElephantCrossesRiver;
      if (!at(Square(from.file() + df / 2, from.rank() + dr / 2)).empty()) return MoveError::ElephantEyeBlocked;
      return MoveError::None;
    case PieceType::Horse: {
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1))) return MoveError::NotAPieceMove;
      const Square leg = adr == 2 ? Square(from.file(), from.rank() + dr / 2) : Square(from.file() + df / 2, from.rank());
      return at(leg).empty() ? MoveError::None : MoveError::HorseLegBlocked;
    }
    case PieceType::Rook:
      if (df != 0 && dr != 0) return MoveError::NotAPieceMove;
      return pieces_between(occupied_[0] | occupied_[1], from, to) == 0 ? MoveError::None : MoveError::PathBlocked;
    case PieceType::Cannon: {
      if (df != 0 && dr != 0) return MoveError::NotAPieceMove;
      const int between = pieces_between(occupied_[0] | occupied_[1], from, to);
      if (at(to).empty()) return between == 0 ? MoveError::None : MoveError::PathBlocked;
      if (between == 0) return MoveError::CannonCaptureNeedsScreen;
      return between == 1 ? MoveError::None : MoveError::CannonCaptureTooManyScreens;
    }
    case PieceType::Pawn: {
      const int fwd = c == Color::Red ? 1 : -1;
      if (adf + adr != 1) return MoveError::NotAPieceMove;
      if (dr == -fwd) return MoveError::PawnMovesBackward;
      if (dr == 0 && on_own_side(c, from)) return MoveError::PawnSidewaysBeforeRiver;
      return MoveError::None;
    }
    case PieceType::None:
      break;
  }
  return MoveError::NoPiece;
}

// Inline: make_if_legal asks it on every ply of a replay.
[[gnu::always_inline]] inline bool Position::reaches(Piece p, Square from, Square to) const {
  using geometry::Relation;
  const auto& masks = geometry::kMasks;
  const std::size_t f = std::size_t(from.index()), t = std::size_t(to.index()), c = index(p.color());
  const Relation rel = geometry::kRelations[f][t];
  switch (p.type()) {
    case PieceType::Rook:
    case PieceType::Cannon: {
      if (rel.line == Relation::kNoLine) return false;
      SquareSet between = (occupied_[0] | occupied_[1]) & (masks.ray[f][rel.line] ^ masks.ray[t][rel.line]);
      between.erase(to);  // the ray from `from` minus the ray beyond `to`
      if (p.type() == PieceType::Rook || board_[t].empty()) return between.empty();
      return between.has_one();  // a cannon captures over exactly one screen
    }
    case PieceType::Horse:
      return rel.leg != Relation::kNone && board_[rel.leg].empty();
    case PieceType::Elephant:
      return rel.eye != Relation::kNone && on_own_side(p.color(), to) && board_[rel.eye].empty();
    case PieceType::Advisor:
      return masks.advisor_to[c][f].contains(to);
    case PieceType::King:
      return masks.king_to[c][f].contains(to);  // the flying general is no move
    case PieceType::Pawn:
      return masks.pawn_to[c][f].contains(to);
    case PieceType::None:
      break;
  }
  return false;
}

// Inline: make_if_legal asks it on every ply of a replay.
inline bool Position::may_expose_king(Piece p, Move m) const {
  const Square k = king_[index(side_)];
  if (p.type() == PieceType::King) return true;
  if (!k.valid()) return false;  // no king to expose (keeps_king_safe agrees)
  // A move off or onto a line through the king (rook, cannon screen, facing
  // kings) can open an attack only if an enemy piece stands on that ray; a
  // move off a horse leg next to the king (diagonally adjacent) only if an
  // enemy piece stands where a horse would attack the king from, or an
  // elephant could (the king across the river). Those are
  // tested in full. Any other move is safe unless the king is in check
  // already (the check state is cached per position).
  const SquareSet& them = occupied_[index(~side_)];
  const auto& masks = geometry::kMasks;
  const std::size_t ki = std::size_t(k.index());
  const auto& from_king = geometry::kRelations[ki];
  const auto enemy_on_ray_to = [&](Square s) {
    const std::uint8_t d = from_king[std::size_t(s.index())].line;
    return d != geometry::Relation::kNoLine && them.intersects(masks.ray[ki][d]);
  };
  const Square from = m.from(), to = m.to();
  if (enemy_on_ray_to(from) || enemy_on_ray_to(to)) return true;
  // The same square is the eye of an elephant that attacks a king across
  // the river (a relaxed set-up).
  if (masks.horse_legs[ki].contains(from) && (them.intersects(masks.horse_from[ki]) || on_own_side(~side_, k)))
    return true;
  return in_check();
}

MoveError Position::mover_error(Move m) const {
  const Square from = m.from(), to = m.to();
  if (!from.valid() || !to.valid()) return MoveError::OffBoard;
  if (from == to) return MoveError::NullMove;
  const Piece p = at(from);
  if (p.empty()) return MoveError::NoPiece;
  if (p.color() != side_) return MoveError::WrongSide;
  const Piece target = at(to);
  if (!target.empty() && target.color() == side_) return MoveError::CapturesOwnPiece;
  if (p.type() == PieceType::King && !(std::abs(to.file() - from.file()) + std::abs(to.rank() - from.rank()) == 1))
    return MoveError::NotAPieceMove;  // the flying general is an attack, never a move
  return MoveError::None;
}

bool Position::make_if_legal(Move m, Undo& u) {
  if (mover_error(m) != MoveError::None) return false;
  const Square from = m.from(), to = m.to();
  const Piece p = at(from);
  assert(reaches(p, from, to) == (geometry_error(p, from, to) == MoveError::None));
  if (!reaches(p, from, to)) return false;
  const Color us = side_;
  const Square k = king_[index(us)];
  // A king known safe that stays put can be attacked after the move only
  // through what the move changed; otherwise the full test after it.
  const bool changes_only = in_check_ == 0 && from != k;
  if (opponent_check_ < 0) opponent_check_ = king_attacked(~side_) ? 1 : 0;
  const bool safe_before = opponent_check_ == 0;
  play(m, u);
  // The king test on the real board, after the move: no scratch copy.
  const bool attacked = changes_only ? k.valid() && exposed_after_move(board_.data(), k, us, occupied_[index(~us)],
                                                                       occupied_[0] | occupied_[1], from, to)
                                     : king_attacked(us);
  if (attacked) {
    undo(m, u);
    return false;
  }
  settle_check_state(m, safe_before);
  return true;
}

MoveError Position::check_move(Move m) const {
  if (const MoveError e = mover_error(m); e != MoveError::None) return e;
  const Square from = m.from(), to = m.to();
  const Piece p = at(from);
  // The table test first; the arithmetic one only to name the failure.
  if (!reaches(p, from, to)) return geometry_error(p, from, to);
  if (may_expose_king(p, m) && !keeps_king_safe(m)) {
    // Tell the two ways apart: does the own king now face the other one?
    std::array<Piece, kSquares> scratch = board_;
    scratch[std::size_t(to.index())] = p;
    scratch[std::size_t(from.index())] = Piece();
    const Square k = p.type() == PieceType::King ? to : king_[index(side_)];
    const Square ek = king_[index(~side_)];
    if (k.valid() && ek.valid() && k.file() == ek.file()) {
      bool open = true;
      const int step = ek.rank() > k.rank() ? 1 : -1;
      for (int r = k.rank() + step; r != ek.rank(); r += step)
        if (!scratch[std::size_t(Square(k.file(), r).index())].empty()) open = false;
      // Only blame the kings when nothing else attacks the king.
      if (open && !detail::attacked_on(scratch.data(), k, ~side_, false)) return MoveError::KingsFacing;
    }
    return MoveError::LeavesKingInCheck;
  }
  return MoveError::None;
}

std::string_view move_error_code(MoveError e) {
  switch (e) {
    case MoveError::None: return "ok";
    case MoveError::OffBoard: return "off-board";
    case MoveError::NullMove: return "null-move";
    case MoveError::NoPiece: return "no-piece";
    case MoveError::WrongSide: return "wrong-side";
    case MoveError::CapturesOwnPiece: return "captures-own-piece";
    case MoveError::NotAPieceMove: return "not-a-piece-move";
    case MoveError::PathBlocked: return "path-blocked";
    case MoveError::HorseLegBlocked: return "horse-leg-blocked";
    case MoveError::ElephantEyeBlocked: return "elephant-eye-blocked";
    case MoveError::ElephantCrossesRiver: return "elephant-crosses-river";
    case MoveError::LeavesPalace: return "leaves-palace";
    case MoveError::PawnMovesBackward: return "pawn-moves-backward";
    case MoveError::PawnSidewaysBeforeRiver: return "pawn-sideways-before-river";
    case MoveError::CannonCaptureNeedsScreen: return "cannon-needs-screen";
    case MoveError::CannonCaptureTooManyScreens: return "cannon-too-many-screens";
    case MoveError::LeavesKingInCheck: return "leaves-king-in-check";
    case MoveError::KingsFacing: return "kings-facing";
  }
  return "unknown";
}

std::string_view move_error_message(MoveError e) {
  switch (e) {
    case MoveError::None: return "legal";
    case MoveError::OffBoard: return "a square is off the board";
    case MoveError::NullMove: return "the piece does not move";
    case MoveError::NoPiece: return "no piece on the from-square";
    case MoveError::WrongSide: return "the piece belongs to the side not to move";
    case MoveError::CapturesOwnPiece: return "the move captures a piece of its own side";
    case MoveError::NotAPieceMove: return "this piece cannot move that way";
    case MoveError::PathBlocked: return "a piece stands in the way";
    case MoveError::HorseLegBlocked: return "the horse's leg is blocked (蹩马腿)";
    case MoveError::ElephantEyeBlocked: return "the elephant's eye is blocked (塞象眼)";
    case MoveError::ElephantCrossesRiver: return "an elephant cannot cross the river";
    case MoveError::LeavesPalace: return "the piece cannot leave the palace";
    case MoveError::PawnMovesBackward: return "a pawn cannot move backward";
    case MoveError::PawnSidewaysBeforeRiver: return "a pawn cannot move sideways before crossing the river";
    case MoveError::CannonCaptureNeedsScreen: return "a cannon captures only by jumping exactly one screen";
    case MoveError::CannonCaptureTooManyScreens: return "a cannon captures over exactly one screen, not several";
    case MoveError::LeavesKingInCheck: return "the move leaves its own king in check";
    case MoveError::KingsFacing: return "the move leaves the two kings facing each other";
  }
  return "unknown";
}

}  // namespace xq
