// The plies a line of play has made from its start, each with what undoes
// it (Pikafish's StateInfo idea): an earlier position is reached by undoing
// from the current one, as many plies as lie between, never by replaying
// the line from its start. The audit's repetition verdicts and the natural
// limit's check count walk back through it.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "xqrec/core/position.h"

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
    undos_.push_back(u);
  }
  std::size_t size() const { return moves_.size(); }
  std::span<const Move> moves() const { return moves_; }
  Move move(std::size_t i) const { return moves_[i]; }  // ply i + 1

  // The position before ply `ply` (1-based; size() + 1 is `now` itself):
  // `now`, the line's current position, with the later plies undone.
  Position before(const Position& now, std::size_t ply) const {
    Position p = now;
    for (std::size_t i = moves_.size(); i >= ply; --i) p.undo(moves_[i - 1], undos_[i - 1]);
    return p;
  }

  // The checks each side gave (by Color index) among the plies from index
  // `first` on, counted walking back from `now`.
  std::array<int, 2> checks_since(const Position& now, std::size_t first) const {
    std::array<int, 2> checks{0, 0};
    Position p = now;
    for (std::size_t i = moves_.size(); i > first; --i) {
      if (p.in_check()) ++checks[std::size_t(index(~p.side_to_move()))];
      p.undo(moves_[i - 1], undos_[i - 1]);
    }
    return checks;
  }

 private:
  std::vector<Move> moves_;
  std::vector<Undo> undos_;
};

}  // namespace xq
