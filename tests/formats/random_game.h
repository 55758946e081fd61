// Test helper: random legal games with nested variations, comments and
// NAGs, one generator for the tests of every format (binary and PGN). What
// a format cannot hold is switched off in its options: the defaults suit
// the binary formats; pgn_test_util.h sets the PGN ones.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/core/game.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

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

// Comment words every format holds.
inline const std::vector<std::string_view> kPlainWords = {"好棋", "红方优势", "黑方反击", "plan",
                                                          "车马炮", "!?",     "兵七进一", "中局"};

struct GenOptions {
  int main_plies = 60;
  int max_depth = 6;            // variation nesting
  int variation_percent = 15;   // chance per move of alternatives to it
  int max_alternatives = 1;     // alternatives at one branch point: 1..max
  int variation_min_plies = 1;  // plies after a variation's first move: min + below(span)
  int variation_plies_span = 12;
  int comment_percent = 20;         // a comment after a move
  int comment_before_percent = 0;   // a comment before a move (main line and variations)
  int nag_percent = 0;
  std::size_t max_nodes = 2000;  // bounds the tree however the dice fall
  MoveNotation notation = MoveNotation::Coordinates;  // GameNode::notation of every move
  const std::vector<std::string_view>* words = &kPlainWords;  // comments are 1 to 4 of these
  // The game comment: 1 in 3 games, of these words; else "开局说明 <seed>".
  bool game_comment_of_words = false;
  bool random_result = false;  // one of 1-0, 0-1, 1/2-1/2, * and a Result tag; else "*"
};

namespace gen_detail {

inline bool chance(Lcg& rng, int percent) { return percent > 0 && int(rng.below(100)) < percent; }

inline std::string random_comment(Lcg& rng, const GenOptions& o) {
  const auto& words = *o.words;
  std::string c;
  const int n = 1 + int(rng.below(4));
  for (int i = 0; i < n; ++i) {
    if (i) c += ' ';
    c += words[rng.below(std::uint32_t(words.size()))];
  }
  return c;
}

inline GameNode node_of(Move m, const GenOptions& o) {
  GameNode n;
  n.text = to_iccs(m);
  n.notation = o.notation;
  n.move = m;
  return n;
}

inline void grow(GameRecord& g, NodeId at, Position pos, int plies, int depth, Lcg& rng, const GenOptions& o) {
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    pos.generate_legal(moves);
    if (moves.size() == 0 || g.nodes.size() >= o.max_nodes) return;
    const Move m = moves[rng.below(std::uint32_t(moves.size()))];
    GameNode n = node_of(m, o);
    if (chance(rng, o.comment_before_percent)) n.edit_notes().comment_before = random_comment(rng, o);
    if (int(rng.below(100)) < o.comment_percent) n.edit_notes().comment_after = random_comment(rng, o);
    if (chance(rng, o.nag_percent)) n.edit_notes().nags.push_back(1 + int(rng.below(20)));
    const NodeId child = g.add_child(at, std::move(n));
    if (depth < o.max_depth && int(rng.below(100)) < o.variation_percent && moves.size() > 1) {
      const int alternatives = o.max_alternatives > 1 ? 1 + int(rng.below(std::uint32_t(o.max_alternatives))) : 1;
      for (int k = 0; k < alternatives; ++k) {
        Move alt = moves[rng.below(std::uint32_t(moves.size()))];
        if (alt == m) alt = moves[(rng.below(std::uint32_t(moves.size() - 1)) + 1) % moves.size()];
        if (alt == m) continue;
        GameNode a = node_of(alt, o);
        if (chance(rng, o.comment_before_percent)) a.edit_notes().comment_before = random_comment(rng, o);
        const NodeId va = g.add_child(at, std::move(a));
        Position p2 = pos;
        Undo u;
        p2.make(alt, u);
        const int extra = o.variation_min_plies + int(rng.below(std::uint32_t(o.variation_plies_span)));
        grow(g, va, p2, extra, depth + 1, rng, o);
      }
    }
    Undo u;
    pos.make(m, u);
    at = child;
  }
}

}  // namespace gen_detail

// Game `seed` of the generator, from `start`.
inline GameRecord random_game(std::uint64_t seed, const GenOptions& o = {}, const Setup& start = Setup::start()) {
  Lcg rng(seed);
  GameRecord g;
  g.tags = {{"Event", "测试赛 " + std::to_string(seed)},
            {"Red", "红方甲"},
            {"Black", "Black \"B\""},
            {"Date", "2024-01-02"}};
  g.start_setup = start;
  if (rng.below(3) == 0)
    g.nodes[0].edit_notes().comment_after =
        o.game_comment_of_words ? gen_detail::random_comment(rng, o) : "开局说明 " + std::to_string(seed);
  gen_detail::grow(g, g.root(), Position(start), o.main_plies, 0, rng, o);
  static const char* const kResults[] = {"1-0", "0-1", "1/2-1/2", "*"};
  g.result = std::string(o.random_result ? kResults[rng.below(4)] : "*");
  if (o.random_result) g.tags.push_back({"Result", g.result});
  return g;
}

// Games 1..count, game k with results[k % results.size()] as its result.
inline std::vector<GameRecord> random_games(std::uint64_t count, const GenOptions& o,
                                            std::initializer_list<const char*> results = {"*"}) {
  std::vector<GameRecord> games;
  for (std::uint64_t seed = 1; seed <= count; ++seed) {
    games.push_back(random_game(seed, o));
    games.back().result = std::string(results.begin()[seed % results.size()]);
  }
  return games;
}

}  // namespace xq::formats::testing
