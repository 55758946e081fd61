// Internal to the rules: what the check-gain search (check_gain.h) has
// already learnt of a position's value within one question, so that a
// position met again (another order of the checks, another first check of
// the same position, the next depth of the iterative deepening) is not
// searched again.
//
// The values memorised are those of the attacker's positions: what the
// attacker wins from there with at most `checks` more checks (0: a direct
// capture only). Within one question they depend on the board and `checks`
// alone: the root's threats and the pawn's value are the question's, and a
// piece won is named on the board of that position (the callers trace it
// back through the moves that led there, as they do after a search).
//
// Each search of such a value is asked within a window (lo, hi) and answers
// as check_gain.cpp describes: a value inside the window exactly, with what
// it wins (the witness: the same whatever the window); `lo` itself, with no
// witness, when the value is at most lo (lo being 0 or more: the attacker can
// always decline); some value at or above hi otherwise, whose witness no
// caller reads. The memo keeps, per position and checks, the bounds those
// answers proved and the exact value with its witness when one was inside
// its window, and answers a later window with what a search would answer,
// or not at all.
//
// A mark goes with each bound and with the exact value: the caller's word
// on the search that proved it (check_gain.cpp: whether the king's or a
// pawn's capture was a best follow-up in its subtree), answered with the
// answer that bound or value gives.
//
// One open-addressing table (key_table.h) for every number of checks: the
// position's key with the checks mixed in, as unlikely to collide as two
// positions' keys (a node allocated per entry, as std::unordered_map does,
// was a tenth of the deepening's cost in malloc and free).
#pragma once

#include <climits>
#include <cstdint>
#include <optional>

#include "key_table.h"

namespace xq::rules::detail {

template <class Witness>
class WindowMemo {
 public:
  struct Answer {
    int value;
    Witness witness;  // default-constructed when the search would have left it untouched
    bool mark = false;  // the mark of the search that proved it
  };

  // The answer a search in (lo, hi) would give, if what is known settles it.
  std::optional<Answer> find(std::uint64_t key, int checks, int lo, int hi) const {
    const Known* found = known_.find(mixed(key, checks));
    if (!found) return std::nullopt;
    const Known& k = *found;
    if (k.exact) {
      if (k.value <= lo) return Answer{lo, Witness{}, k.exact_mark};
      return Answer{k.value, k.witness, k.exact_mark};
    }
    if (k.upper <= lo) return Answer{lo, Witness{}, k.upper_mark};
    if (k.lower >= hi) return Answer{k.lower, Witness{}, k.lower_mark};
    return std::nullopt;
  }

  // What a search in (lo, hi) answered: `value` and, inside the window, its
  // witness, with the search's mark. Not to be called for a search the
  // budget stopped.
  void store(std::uint64_t key, int checks, int lo, int hi, int value, const Witness& witness, bool mark = false) {
    Known& k = known_[mixed(key, checks)];
    if (k.exact) return;
    if (value > lo && value < hi) {
      k.exact = true;
      k.value = k.lower = k.upper = value;
      k.witness = witness;
      k.exact_mark = mark;
    } else if (value <= lo) {
      if (lo < k.upper) {
        k.upper = lo;
        k.upper_mark = mark;
      }
    } else if (value > k.lower) {
      k.lower = value;
      k.lower_mark = mark;
    }
  }

 private:
  static std::uint64_t mixed(std::uint64_t key, int checks) {
    return key ^ (std::uint64_t(checks) * 0x9E3779B97F4A7C15ull);
  }
  struct Known {
    int lower = INT_MIN;  // the value is at least this
    int upper = INT_MAX;  // and at most this
    bool exact = false;   // value and witness known (from a search that had it inside its window)
    int value = 0;
    Witness witness{};
    bool exact_mark = false, lower_mark = false, upper_mark = false;  // each the mark of the search that proved it
  };
  KeyTable<Known> known_;
};

}  // namespace xq::rules::detail
