// Article 23.4 (2011/2020): nine attacking moves of one side over three or
// more points, judged without a three-fold repetition (long_attack.h).
//
// Invented position: a red rook goes round b3 → h3 → e3 → b3 …, each time
// attacking a different unprotected black piece (the horse b8, the cannon h8,
// the horse e7): every move is a new 捉. (Strong pieces on purpose: a lone
// attacker that only "chases" advisors or elephants is 闲 by 26.2.) Black only pushes pawns, so no
// position ever occurs twice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/verdict.h"

using namespace xq;
using namespace xq::rules;

namespace {

const char* kRound = "5k3/1n5c1/4n4/p1p3p1p/9/9/1R7/9/9/4K4 w";

std::vector<Move> moves_of(const std::string& s) {
  std::vector<Move> out;
  std::size_t p = 0;
  while (p < s.size()) {
    auto q = s.find(' ', p);
    if (q == std::string::npos) q = s.size();
    out.push_back(*parse_iccs(s.substr(p, q - p)));
    p = q + 1;
  }
  return out;
}

// Red's nine rook moves with black's eight pawn moves between them.
const std::string kNine =
    "b3h3 a6a5 h3e3 a5a4 e3b3 c6c5 b3h3 c5c4 h3e3 g6g5 e3b3 g5g4 b3h3 i6i5 h3e3 i5i4 e3b3";

AdjudicateOptions with_23_4(RuleSet r) {
  AdjudicateOptions o;
  o.rules = r;
  o.rule_23_4 = true;
  return o;
}

}  // namespace

TEST_CASE("23.4: nine chases over three points lose without a three-fold repetition", "[rules][23.4]") {
  const Position start(*parse_fen(kRound));
  const auto line = moves_of(kNine);
  for (RuleSet r : {RuleSet::Cxa2020, RuleSet::Cxa2011}) {
    const auto v = adjudicate_line(start, line, with_23_4(r));
    REQUIRE(v);
    REQUIRE(*v);
    const Verdict& verdict = **v;
    CHECK(verdict.long_attack);
    CHECK(verdict.outcome == Outcome::RedLoses);
    CHECK(verdict.first_ply == 1);
    CHECK(verdict.last_ply == 17);
    CHECK(verdict.red.label == "长捉");
    CHECK(std::find(verdict.articles.begin(), verdict.articles.end(), "23.4") != verdict.articles.end());
    for (const auto& m : verdict.moves)
      if (m.side == Color::Red) CHECK(m.cls == MoveClass::Chase);
  }
}

TEST_CASE("23.4: off by default, and not in the 1999 or Asian rules", "[rules][23.4]") {
  const Position start(*parse_fen(kRound));
  const auto line = moves_of(kNine);
  const auto off = adjudicate_line(start, line, AdjudicateOptions{});
  REQUIRE(off);
  CHECK_FALSE(*off);
  for (RuleSet r : {RuleSet::Cxa1999, RuleSet::Asian}) {
    const auto v = adjudicate_line(start, line, with_23_4(r));
    REQUIRE(v);
    CHECK_FALSE(*v);
  }
}

TEST_CASE("23.4: eight moves, a quiet move or a capture in the window is not enough", "[rules][23.4]") {
  const Position start(*parse_fen(kRound));
  // Only eight red moves.
  auto eight = moves_of(kNine);
  eight.resize(15);
  auto v = adjudicate_line(start, eight, with_23_4(RuleSet::Cxa2020));
  REQUIRE(v);
  CHECK_FALSE(*v);
  // The fifth red move goes to g3 and attacks nothing (闲).
  v = adjudicate_line(
      start, moves_of("b3h3 a6a5 h3e3 a5a4 e3b3 c6c5 b3h3 c5c4 h3g3 g6g5 g3b3 g5g4 b3h3 i6i5 h3e3 i5i4 e3b3"),
      with_23_4(RuleSet::Cxa2020));
  REQUIRE(v);
  CHECK_FALSE(*v);
  // The rook takes the horse on its ninth move: the window restarts (23.2).
  v = adjudicate_line(
      start, moves_of("b3h3 a6a5 h3e3 a5a4 e3b3 c6c5 b3h3 c5c4 h3e3 g6g5 e3b3 g5g4 b3h3 i6i5 h3e3 i5i4 e3e7"),
      with_23_4(RuleSet::Cxa2020));
  REQUIRE(v);
  CHECK_FALSE(*v);
}

TEST_CASE("23.4: a two-point shuttle is left to the three-fold repetition", "[rules][23.4]") {
  // Perpetual check between two points (2011 图6): the three-fold verdict comes
  // first (ply 8), never a 23.4 window.
  const Position start(*parse_fen("4k4/9/5R3/9/9/9/9/9/9/3K5 w"));
  const auto v = adjudicate_line(
      start, moves_of("f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9 f7e7"),
      with_23_4(RuleSet::Cxa2020));
  REQUIRE(v);
  REQUIRE(*v);
  CHECK_FALSE((**v).long_attack);
  CHECK((**v).last_ply == 8);
}
