// The plain definition of a legal move, against which the generators' fast
// paths are tested (test_king_scan, test_check_generation,
// test_mate_in_one_plain, and the corpus's evasions in
// evasions_corpus_test): a pseudo-legal move after which the
// mover's king, tested on a copy, is not attacked.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>

#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"

namespace xq::test {

inline std::string iccs_list(const MoveList& moves) {
  std::string s;
  for (Move m : moves) s += to_iccs(m) + " ";
  return s;
}

// The same moves in the same order.
inline void require_same_list(const MoveList& got, const MoveList& want) {
  INFO("got " << iccs_list(got) << "want " << iccs_list(want));
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) REQUIRE(got[i] == want[i]);
}

// The legal moves by the plain definition, in the pseudo-legal order.
inline MoveList plain_legal(const Position& pos) {
  MoveList pseudo, legal;
  pos.generate_pseudo_legal(pseudo);
  for (Move m : pseudo) {
    Position copy = pos;
    Undo u;
    copy.make(m, u);
    if (!copy.king_attacked(pos.side_to_move())) legal.push(m);
  }
  return legal;
}

}  // namespace xq::test
