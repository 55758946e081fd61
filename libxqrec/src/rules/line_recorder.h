// Internal to the rules: a proof line being built (mate_search.cpp,
// check_gain.cpp). The searches walk down the line they show, so its moves
// are played on the position and must all be taken back, whatever way the
// walk ends.
#pragma once

#include <vector>

#include "xqrec/core/position.h"

namespace xq::rules::detail {

class LineRecorder {
 public:
  explicit LineRecorder(Position& pos) : pos_(&pos) {}
  LineRecorder(const LineRecorder&) = delete;
  LineRecorder& operator=(const LineRecorder&) = delete;
  ~LineRecorder() { rewind(); }

  // Plays m (legal in the current position) as the line's next move.
  void play(Move m) {
    moves_.push_back(m);
    undos_.emplace_back();
    pos_->make_legal(m, undos_.back());
  }

  bool empty() const { return moves_.empty(); }

  // Takes every move back; the line if `complete`, else nothing (a line cut
  // short proves nothing).
  std::vector<Move> finish(bool complete) {
    rewind();
    std::vector<Move> out;
    if (complete) out.swap(moves_);
    moves_.clear();
    return out;
  }

 private:
  void rewind() {
    while (!undos_.empty()) {
      pos_->undo(moves_[undos_.size() - 1], undos_.back());
      undos_.pop_back();
    }
  }

  Position* pos_;
  std::vector<Move> moves_;
  std::vector<Undo> undos_;
};

}  // namespace xq::rules::detail
