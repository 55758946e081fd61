// 26.5 (2011, 2020): a piece that protects another (做根子) or screens it
// (被牵子) and captures is charged with what the other side then wins
// elsewhere; "得不偿失者，按闲处理", "价值相当或得子者，按捉处理". The seeds
// give no diagrams for 图22–23 / 参考图27–28, so the positions are invented to
// fit the words.
#include <catch2/catch.hpp>

#include <algorithm>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/verdict.h"

using namespace xq;
using namespace xq::rules;

namespace {
Position pos_of(const char* fen) { return Position(*parse_fen(fen)); }
Move mv(const char* s) { return *parse_iccs(s); }

// Whether red's targets list the piece on `square` won first by the piece on
// `by`, with 26.5 (`duties`) or without.
bool chased(const char* fen, const char* square, const char* by, bool duties) {
  ThreatOptions opt;
  opt.capture_duties = duties;
  const auto targets = chase_targets(pos_of(fen), Color::Red, opt);
  const Move m = mv((std::string(by) + square).c_str());
  return std::any_of(targets.begin(), targets.end(),
                     [&](const ChaseTarget& t) { return t.victim == m.to() && t.attacker == m.from(); });
}

constexpr bool kWithout = false;
constexpr bool k26_5 = true;
}  // namespace

TEST_CASE("26.5: a root that captures and gives up more is no chase", "[rules][26.5]") {
  // The horse c6 is the only root of the rook a5, which the black rook a8
  // attacks; it can take the unprotected cannon e7. After 马xe7 车xa5 wins a
  // rook for the cannon: 得不偿失.
  const char* fen = "9/r4k3/4c4/2N6/R8/9/9/9/9/3K5 w";
  CHECK(chased(fen, "e7", "c6", kWithout));
  CHECK_FALSE(chased(fen, "e7", "c6", k26_5));
}

TEST_CASE("26.5: a root that captures and gives up as much still chases", "[rules][26.5]") {
  // The same with a horse on a5: 马xe7 车xa5 is a horse for a cannon (价值相当).
  const char* fen = "9/r4k3/4c4/2N6/N8/9/9/9/9/3K5 w";
  CHECK(chased(fen, "e7", "c6", k26_5));
}

TEST_CASE("26.5: a screening piece that captures and uncovers a rook is no chase", "[rules][26.5]") {
  // The horse a7 stands between the black rook a9 and the red rook a5; 马xc8
  // wins a cannon and lets 车xa5 take the rook.
  const char* fen = "r4k3/2c6/N8/9/R8/9/9/9/9/3K5 w";
  CHECK(chased(fen, "c8", "a7", kWithout));
  CHECK_FALSE(chased(fen, "c8", "a7", k26_5));
}

TEST_CASE("26.5: a capture the other side already had is not charged", "[rules][26.5]") {
  // The black rook i8 can take the unprotected rook i5 whatever the horse
  // does: 马xe7 neither protected nor screened it (2011 names only 做根子 and
  // 被牵子; 2020's 各吃各子 is not implemented, docs/repetition.md).
  const char* fen = "9/5k2r/4c4/2N6/8R/9/9/9/9/3K5 w";
  CHECK(chased(fen, "e7", "c6", k26_5));
}

TEST_CASE("26.5: a piece that hung before is charged only for what it adds", "[rules][26.5]") {
  // 马c5xd7 opens rank 5 to the rook e5, which then takes the horse a5; but
  // the black horse c4 could take a5 already, whatever c5 did: nothing more.
  const char* fen = "5k3/9/3a5/9/N1N1r4/2n6/9/9/9/3K5 w";
  CHECK(chased(fen, "d7", "c5", k26_5));
}

TEST_CASE("26.5: a pinner that captures has no duty", "[rules][26.5]") {
  // The rook e5 pins the horse e8 against its king and can take the
  // unprotected cannon a5; then the horse is free to take the rook g7. The
  // rook was neither the root of g7 nor in the horse's way: not 做根子 or
  // 被牵子, the chase stands.
  const char* fen = "4k3r/4n4/6R2/9/c3R4/9/9/9/9/3K5 w";
  CHECK(chased(fen, "a5", "e5", kWithout));
  CHECK(chased(fen, "a5", "e5", k26_5));
}

TEST_CASE("26.5 in the classes: 2011 and 2020 only", "[rules][26.5]") {
  // 马b4-c6 protects the rook a5 and attacks the cannon e7, which it could
  // take only by giving the rook up.
  const Position p = pos_of("9/r4k3/4c4/9/R8/1N7/9/9/9/3K5 w");
  CHECK(classify_move(p, mv("b4c6"), RuleSet::Cxa1999).cls == MoveClass::Chase);
  CHECK(classify_move(p, mv("b4c6"), RuleSet::Cxa2011).cls != MoveClass::Chase);
  CHECK(classify_move(p, mv("b4c6"), RuleSet::Cxa2020).cls != MoveClass::Chase);
}
