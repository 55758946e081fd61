#include "xqrec/core/perft.h"

namespace xq {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return pos.count_legal();  // bulk counting at the leaves
  MoveList moves;
  pos.generate_legal(moves);
  std::uint64_t nodes = 0;
  Undo u;
  for (Move m : moves) {
    pos.make(m, u);
    nodes += perft(pos, depth - 1);
    pos.undo(m, u);
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  MoveList moves;
  pos.generate_legal(moves);
  Undo u;
  for (Move m : moves) {
    pos.make(m, u);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo(m, u);
  }
  return out;
}

}  // namespace xq
