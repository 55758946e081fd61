// The random game generator of the DhtmlXQ, CBF and JSON tests: legal
// games with variations and awkward comments. Apart from
// text_formats_support.h so that scripts/fuzz-seeds (no Catch2) uses it too.
#pragma once

#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "xqrec/core/game.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

namespace xq::formats::test {

// A random legal game with variations up to `depth` levels deep.
inline GameRecord random_game(std::mt19937& rng, int plies, int depth, bool comments = true) {
  static const char* kComments[] = {"好棋", "  leading spaces", "line one\nline two", "brackets [x] and ]]> end",
                                    "pipes | and || double", "back\\slash \\u0041 not an escape", "tab\there",
                                    "\xE3\x80\x80全角空格开头", "quote \" and <tag> & amp", "emoji \xF0\x9F\x98\x80"};
  GameRecord r;
  Position pos;
  std::uniform_int_distribution<int> pct(0, 99);
  struct Job {
    NodeId parent;
    Position pos;
    int plies;
    int depth;
    bool alternative;  // branch from parent as a variation
  };
  std::vector<Job> jobs{{r.root(), pos, plies, depth, false}};
  while (!jobs.empty()) {
    Job j = jobs.back();
    jobs.pop_back();
    NodeId at = j.parent;
    Position p = j.pos;
    for (int i = 0; i < j.plies; ++i) {
      MoveList list;
      p.generate_legal(list);
      if (list.empty()) break;
      Move m = list[std::size_t(rng() % list.size())];
      // An alternative must differ from the existing continuation.
      if (!r.node(at).children.empty())
        for (int tries = 0; tries < 8 && m == r.node(r.node(at).children.front()).move; ++tries)
          m = list[std::size_t(rng() % list.size())];
      GameNode n;
      n.move = m;
      n.text = to_iccs(m);
      n.notation = MoveNotation::Coordinates;
      if (comments && pct(rng) < 15) n.edit_notes().comment_after = kComments[rng() % std::size(kComments)];
      const NodeId id = r.add_child(at, std::move(n));
      // Variations branching here: alternatives to this move.
      if (j.depth > 0 && pct(rng) < 12)
        jobs.push_back({at, p, 1 + int(rng() % 8), j.depth - 1, true});
      Undo u;
      p.make(m, u);
      at = id;
    }
  }
  if (comments) r.node(r.root()).edit_notes().comment_after = "game comment\nwith two lines";
  r.result = (rng() % 2) ? "1-0" : "1/2-1/2";
  return r;
}

}  // namespace xq::formats::test
