// Internal to the searches of series of checks (mate_search.cpp,
// check_gain.cpp): the move lists a question has generated, per position, in
// the order the generator given to of() leaves them (the mate search's: the
// order it tries them; the 将军得子 search's: generation order, which it
// sorts itself where it needs to). Their iterative deepening walks the lines of each
// depth again at the next, and lines of checks often come back to the same
// few positions (a king stepping to and fro), so most lists are asked for
// many times within one question; a list is a function of the position alone
// (the board and the side to move, which its key holds), so generating it
// again would only give the same list.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

#include "key_table.h"

namespace xq::rules::detail {

class OrderedMoves {
 public:
  // Where a position's list lies in the store.
  struct Span {
    std::uint32_t first = 0;
    std::uint32_t size = 0;
  };

  // The list of pos. The first time, `generate(pos, list, order)` fills a
  // MoveList and the indexes of the moves to keep, in the order to try
  // them, and returns how many; later, the list comes from the store.
  template <class Generate>
  Span of(const Position& pos, Generate&& generate) {
    if (!remember_) return store(pos, generate);
    const auto [span, added] = spans_.try_emplace(pos.key());
    if (added) *span = store(pos, generate);  // store() leaves spans_ alone
    return *span;
  }

  // Off: every list generated again (only to test that the store changes
  // nothing); lists asked for so far stay.
  void remember(bool on) { remember_ = on; }

  // The i-th move of the store (a Span's first + index): read afresh after
  // each recursion, since storing a list may move the store.
  Move operator[](std::size_t i) const { return moves_[i]; }

 private:
  template <class Generate>
  Span store(const Position& pos, Generate& generate) {
    MoveList list;
    std::array<std::uint8_t, MoveList::kCapacity> order;
    const std::size_t n = generate(pos, list, order);
    const Span span{std::uint32_t(moves_.size()), std::uint32_t(n)};
    // 64 moves reserved the first time: a question's stores started empty
    // and grew by doubling, copying as they went (middle cycles: -0.56 % of
    // all instructions); then one growth test a list, not a move.
    if (moves_.capacity() == 0) moves_.reserve(64);
    moves_.resize(moves_.size() + n);
    Move* kept = moves_.data() + span.first;
    for (std::size_t o = 0; o < n; ++o) kept[o] = list[order[o]];
    return span;
  }

  KeyTable<Span> spans_;
  bool remember_ = true;
  std::vector<Move> moves_;
};

}  // namespace xq::rules::detail
