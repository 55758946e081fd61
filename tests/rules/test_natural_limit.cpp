// The natural move limit (article 4.2.4; the claimant's checks counted at
// most 10, article 22.2 of the 2011 and 2020 editions).
#include <catch2/catch.hpp>

#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/line_history.h"
#include "xqrec/core/rules/natural_limit.h"

using namespace xq;
using namespace xq::rules;

TEST_CASE("natural limit: who may claim, the claimant's checks beyond the cap left out", "[rules][natural]") {
  const NaturalLimit limit{60, 10};
  CHECK_FALSE(natural_limit_claim(limit, 119, {0, 0}));
  auto c = natural_limit_claim(limit, 120, {0, 0});
  REQUIRE(c);
  CHECK(c->side == Color::Red);
  CHECK(c->checks_not_counted == 0);
  // Red gave 15 checks: 5 are not counted for Red, but Black may claim.
  c = natural_limit_claim(limit, 120, {15, 0});
  REQUIRE(c);
  CHECK(c->side == Color::Black);
  // Both beyond the cap: neither at 120; Red once its count is 120 again.
  CHECK_FALSE(natural_limit_claim(limit, 120, {15, 12}));
  c = natural_limit_claim(limit, 125, {15, 12});
  REQUIRE(c);
  CHECK(c->side == Color::Red);
  CHECK(c->checks_not_counted == 5);
  CHECK_FALSE(natural_limit_claim(NaturalLimit{0, 10}, 1000, {0, 0}));
}

namespace {

// Plays ICCS moves from `fen`, feeding a QuietRun; returns the plies (1-based) where it claimed.
std::vector<int> claims(const char* fen, const std::vector<const char*>& moves, const NaturalLimit& limit,
                        std::vector<Color>* sides = nullptr) {
  const auto setup = parse_fen(fen);
  REQUIRE(setup);
  const Position start(*setup);
  Position pos = start;
  QuietRun run(limit, pos.halfmove_clock());
  LineHistory played;
  std::vector<int> at;
  for (const char* text : moves) {
    const auto m = parse_iccs(text);
    REQUIRE(m);
    const Color mover = pos.side_to_move();
    Undo u;
    pos.make(*m, u);
    played.push(*m, u);
    if (auto c = run.after_ply(!u.captured.empty(), mover, pos, played)) {
      at.push_back(int(played.size()));
      if (sides) sides->push_back(c->side);
    }
  }
  return at;
}

constexpr const char* kStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

}  // namespace

TEST_CASE("natural limit along a line: reported once, when first reached; a capture starts again", "[rules][natural]") {
  const std::vector<const char*> shuffle = {"b0c2", "b9c7", "c2b0", "c7b9", "b0c2", "b9c7", "c2b0", "c7b9"};
  CHECK(claims(kStart, shuffle, NaturalLimit{2, 10}) == std::vector<int>{4});
  CHECK(claims(kStart, shuffle, NaturalLimit{0, 10}).empty());
  // Captures at plies 1 and 2 (the cannon takes the knight, the rook the
  // cannon): the count starts again after ply 2 and reaches 4 plies at 6.
  const std::vector<const char*> capture = {"b2b9", "a9b9", "b0c2", "b9b8", "c2b0", "b8b9", "b0c2"};
  CHECK(claims(kStart, capture, NaturalLimit{2, 10}) == std::vector<int>{6});
}

TEST_CASE("natural limit along a line: checks counted by replay once the limit can be reached", "[rules][natural]") {
  // Red's rook checks the bare king again and again; with a cap of 0 each
  // of Red's checks is left out of Red's count, so Black claims first.
  const char* fen = "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1";
  const std::vector<const char*> moves = {"a0a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9"};
  std::vector<Color> sides;
  CHECK(claims(fen, moves, NaturalLimit{2, 0}, &sides) == std::vector<int>{4});
  REQUIRE(sides.size() == 1);
  CHECK(sides[0] == Color::Black);
}

namespace {

// A line played from a FEN, with every position it went through.
struct PlayedLine {
  Position now;
  std::vector<Position> seen;
  LineHistory line;
};

PlayedLine play_line(const char* fen, std::initializer_list<const char*> moves) {
  const auto setup = parse_fen(fen);
  REQUIRE(setup);
  PlayedLine l{Position(*setup), {}, {}};
  l.seen.push_back(l.now);
  for (const char* text : moves) {
    Undo u;
    const Move m = *parse_iccs(text);
    l.now.make(m, u);
    l.line.push(m, u);
    l.seen.push_back(l.now);
  }
  return l;
}

// Every earlier position, undone back from the last one, is the one played:
// board, key, clock and check state.
void check_walks_back(const PlayedLine& l) {
  for (std::size_t ply = 1; ply <= l.line.size() + 1; ++ply) {
    const Position p = l.line.before(l.now, ply);
    CHECK(p.key() == l.seen[ply - 1].key());
    CHECK(p.setup() == l.seen[ply - 1].setup());
    CHECK(p.halfmove_clock() == l.seen[ply - 1].halfmove_clock());
    CHECK(p.in_check() == l.seen[ply - 1].in_check());
  }
}

}  // namespace

TEST_CASE("line history: earlier positions by undoing back, checks counted walking back", "[rules][line-history]") {
  const PlayedLine l = play_line("3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1", {"a0a9", "d9d8", "a9a8", "d8d9", "a8a9"});
  check_walks_back(l);
  // Red's rook checks at plies 1, 3 and 5; Black never checks.
  CHECK(l.line.checks_since(l.now, 0) == std::array<int, 2>{3, 0});
  CHECK(l.line.checks_since(l.now, 2) == std::array<int, 2>{2, 0});
  CHECK(l.line.checks_since(l.now, 5) == std::array<int, 2>{0, 0});
}

TEST_CASE("line history: undoing a capture gives back the piece, the key and the clock", "[rules][line-history]") {
  // The history keeps 6 bytes a ply and works the key out again: a capture
  // must come back whole, the clock it reset included.
  const PlayedLine l = play_line("4k4/9/9/9/p8/9/9/9/9/R2K5 w - - 7 1", {"a0a5", "e9f9", "a5a9", "f9f8", "a9a8"});
  check_walks_back(l);
}
