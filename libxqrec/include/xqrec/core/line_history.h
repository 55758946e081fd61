// The plies a line of play has made from its start, each with what undoes
// it (Pikafish's StateInfo idea): an earlier position is reached by undoing
// from the current one, as many plies as lie between, never by replaying
// the line from its start. The audit's repetition verdicts and the natural
// limit's check count walk back through it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/core/zobrist.h"

namespace xq {

class LineHistory {
 public:
  void clear() {
    moves_.clear();
    undos_.clear();
  }
  void reserve(std::size_t plies) {
    moves_.reserve(plies);
    undos_.reserve(plies);
  }
  // After pos.make(m, u) (or make_legal, make_if_legal) on the line's
  // current position.
  void push(Move m, const Undo& u) {
    moves_.push_back(m);
    // Whether the piece taken was its colour's tracked king (with two kings
    // of a colour, a relaxed set-up, it may be the other one).
    const bool took_tracked_king =
        u.captured.type() == PieceType::King && u.kings[std::size_t(index(u.captured.color()))] == m.to();
    undos_.push_back({u.captured, took_tracked_king, std::uint16_t(u.halfmove_clock)});
  }
  std::size_t size() const { return moves_.size(); }
  std::span<const Move> moves() const { return moves_; }
  Move move(std::size_t i) const { return moves_[i]; }  // ply i + 1

  // The position before ply `ply` (1-based; size() + 1 is `now` itself):
  // `now`, the line's current position, with the later plies undone.
  Position before(const Position& now, std::size_t ply) const {
    Position p = now;
    for (std::size_t i = moves_.size(); i >= ply; --i) undo(p, i - 1);
    return p;
  }

  // The checks each side gave (by Color index) among the plies from index
  // `first` on, counted walking back from `now`.
  std::array<int, 2> checks_since(const Position& now, std::size_t first) const {
    std::array<int, 2> checks{0, 0};
    Position p = now;
    for (std::size_t i = moves_.size(); i > first; --i) {
      if (p.in_check()) ++checks[std::size_t(index(~p.side_to_move()))];
      undo(p, i - 1);
    }
    return checks;
  }

 private:
  // What a ply's Undo holds that the position after it cannot give back: 4
  // bytes, not Undo's 16 (a line at the move bound has a million plies).
  // The key before the ply is the key after it with the ply's Zobrist terms
  // taken out again; the check states are asked again when needed.
  struct PlyUndo {
    Piece captured;
    bool took_tracked_king;  // in the byte Piece leaves before the clock
    std::uint16_t halfmove_clock;
  };
  static_assert(sizeof(PlyUndo) == 4);
  // Undoes ply i + 1 of the line on p, the position after it.
  void undo(Position& p, std::size_t i) const {
    const Move m = moves_[i];
    const PlyUndo& pu = undos_[i];
    const Piece mover = p.at(m.to());
    Undo u;
    u.captured = pu.captured;
    u.halfmove_clock = pu.halfmove_clock;
    // The kings tracked before the ply: a tracked king that moved goes
    // back; a tracked king taken is put back (the position tracks none of
    // its colour after that until the undo).
    const Color us = mover.color();
    u.kings = {p.king(Color::Red), p.king(Color::Black)};
    if (mover.type() == PieceType::King && p.king(us) == m.to()) u.kings[std::size_t(index(us))] = m.from();
    if (pu.took_tracked_king) u.kings[std::size_t(index(~us))] = m.to();
    u.key = p.key() ^ zobrist::piece_key(mover, m.from()) ^ zobrist::piece_key(mover, m.to()) ^
            zobrist::piece_key(pu.captured, m.to()) ^ zobrist::kKeys.black_to_move;
    p.undo(m, u);
  }

  std::vector<Move> moves_;
  std::vector<PlyUndo> undos_;
};

}  // namespace xq
