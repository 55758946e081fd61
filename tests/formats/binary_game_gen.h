// Test helper: random legal games with nested variations and comments.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xqrec/game.h"
#include "xqrec/iccs.h"
#include "xqrec/move_list.h"
#include "xqrec/position.h"

namespace xq::formats::testing {

class Lcg {
 public:
  explicit Lcg(std::uint64_t seed) : s_(seed * 2862933555777941757ull + 3037000493ull) {}
  std::uint32_t next() {
    s_ = s_ * 6364136223846793005ull + 1442695040888963407ull;
    return std::uint32_t(s_ >> 33);
  }
  std::uint32_t below(std::uint32_t n) { return n ? next() % n : 0; }

 private:
  std::uint64_t s_;
};

struct GenOptions {
  int main_plies = 60;
  int max_depth = 6;          // variation nesting
  int variation_percent = 15; // chance per move of an alternative
  int comment_percent = 20;
  std::size_t max_nodes = 2000;  // bounds the tree however the dice fall
};

namespace gen_detail {

inline std::string random_comment(Lcg& rng) {
  static const char* const kWords[] = {"好棋", "红方优势", "黑方反击", "plan", "车马炮", "!?", "兵七进一", "中局"};
  std::string c;
  const int n = 1 + int(rng.below(4));
  for (int i = 0; i < n; ++i) {
    if (i) c += ' ';
    c += kWords[rng.below(8)];
  }
  return c;
}

inline void grow(GameRecord& g, NodeId at, Position pos, int plies, int depth, Lcg& rng, const GenOptions& o) {
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    pos.generate_legal(moves);
    if (moves.size() == 0 || g.nodes.size() >= o.max_nodes) return;
    const Move m = moves[rng.below(std::uint32_t(moves.size()))];
    GameNode n;
    n.text = to_iccs(m);
    n.notation = MoveNotation::Coordinates;
    n.move = m;
    if (int(rng.below(100)) < o.comment_percent) n.comment_after = random_comment(rng);
    const NodeId child = g.add_child(at, std::move(n));
    if (depth < o.max_depth && int(rng.below(100)) < o.variation_percent && moves.size() > 1) {
      Move alt = moves[rng.below(std::uint32_t(moves.size()))];
      if (alt == m) alt = moves[(rng.below(std::uint32_t(moves.size() - 1)) + 1) % moves.size()];
      if (alt != m) {
        GameNode a;
        a.text = to_iccs(alt);
        a.notation = MoveNotation::Coordinates;
        a.move = alt;
        const NodeId va = g.add_child(at, std::move(a));
        Position p2 = pos;
        Undo u;
        p2.make(alt, u);
        grow(g, va, p2, 1 + int(rng.below(12)), depth + 1, rng, o);
      }
    }
    Undo u;
    pos.make(m, u);
    at = child;
  }
}

}  // namespace gen_detail

inline GameRecord random_game(std::uint64_t seed, const GenOptions& o = {}) {
  Lcg rng(seed);
  GameRecord g;
  g.tags = {{"Event", "测试赛"}, {"Red", "红方甲"}, {"Black", "Black B"}, {"Date", "2024-01-02"}};
  Setup start = Setup::start();
  g.start_setup = start;
  if (rng.below(3) == 0) g.nodes[0].comment_after = "开局说明 " + std::to_string(seed);
  gen_detail::grow(g, g.root(), Position(start), o.main_plies, 0, rng, o);
  g.result = "*";
  return g;
}

}  // namespace xq::formats::testing
