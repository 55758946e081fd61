// CXA verdicts of cycles that mix 将, 杀 and 捉, from classes given by hand:
// which class names a move of several natures decides whether a side is
// named by 2011 26.8.1 / 2020 26.9.1, and how 26.8.2–3 / 26.9.2–3 read a
// side whose chases are mixed with checks or mate threats
// (docs/repetition.md, "Precedence"; positions: precedence.txt).
#include <catch2/catch.hpp>

#include "cxa_judge.h"
#include "xqrec/core/rules/verdict.h"

using namespace xq;
using namespace xq::rules;

namespace {

ChaseTarget target(Color victim, PieceType type, Root root, bool joint = false) {
  ChaseTarget t;
  t.victim = Square(0);
  t.victim_piece = Piece(victim, type);
  t.root = root;
  t.joint = joint;
  t.gain = 2;
  return t;
}

MoveClassification move(Color side, MoveClass cls, std::vector<ChaseTarget> targets = {}) {
  MoveClassification m;
  m.side = side;
  m.cls = cls;
  m.targets = std::move(targets);
  return m;
}

// Two rounds: red[0] black[0] red[1] black[1], twice.
Verdict judge(RuleSet rules, const std::vector<MoveClassification>& red, const std::vector<MoveClassification>& black) {
  Verdict v;
  v.rules = rules;
  v.first_ply = 1;
  for (int round = 0; round < 2; ++round)
    for (std::size_t i = 0; i < red.size(); ++i) {
      v.moves.push_back(red[i]);
      v.moves.push_back(black[i]);
    }
  v.last_ply = int(v.moves.size());
  rules::detail::judge_cxa(v);
  return v;
}

const auto kBoth = {RuleSet::Cxa2011, RuleSet::Cxa2020};

}  // namespace

TEST_CASE("mixed cycles: a 杀兼捉 is named as 杀 (26.4 从重, 26.8.1 / 26.9.1)", "[rules][precedence]") {
  // Black chases an unrooted red cannon on every move (长捉无根子, named).
  const ChaseTarget cannon = target(Color::Red, PieceType::Cannon, Root::Unrooted);
  const std::vector<MoveClassification> black = {move(Color::Black, MoveClass::Chase, {cannon}),
                                                 move(Color::Black, MoveClass::Chase, {cannon})};
  for (RuleSet rules : kBoth) {
    INFO(rule_set_name(rules));
    // Red's moves threaten mate and chase a protected black horse: 杀 (从重),
    // so Red is 长杀, named too: neither alone, a draw.
    const Verdict as_mate = judge(rules, {move(Color::Red, MoveClass::Mate), move(Color::Red, MoveClass::Mate)}, black);
    CHECK(as_mate.outcome == Outcome::Draw);
    CHECK_FALSE(as_mate.must_change);
    // Had the chase named them, Red would be 长捉有根子, not named, and Black
    // alone would have to change.
    const ChaseTarget horse = target(Color::Black, PieceType::Horse, Root::Rooted);
    const Verdict as_chase = judge(rules,
                                   {move(Color::Red, MoveClass::Chase, {horse}), move(Color::Red, MoveClass::Chase, {horse})},
                                   black);
    CHECK(as_chase.must_change == Color::Black);
  }
}

TEST_CASE("mixed cycles: checks that also chase are 长将 (26.4 从重, 25.1 / 1999 26.1)", "[rules][precedence]") {
  // Red checks on every move and each check also attacks an unprotected
  // black horse (将兼捉); Black chases an unrooted red cannon on every move.
  // The checks are 将, so Red is 单方长将 and loses, instead of a 长捉 against
  // 长捉 that 26.8.4 / 26.9.4 (and 1999 26.3) would draw.
  const ChaseTarget horse = target(Color::Black, PieceType::Horse, Root::Unrooted);
  const ChaseTarget cannon = target(Color::Red, PieceType::Cannon, Root::Unrooted);
  for (RuleSet rules : {RuleSet::Cxa1999, RuleSet::Cxa2011, RuleSet::Cxa2020}) {
    INFO(rule_set_name(rules));
    const Verdict v = judge(rules, {move(Color::Red, MoveClass::Check, {horse}), move(Color::Red, MoveClass::Check, {horse})},
                            {move(Color::Black, MoveClass::Chase, {cannon}), move(Color::Black, MoveClass::Chase, {cannon})});
    CHECK(v.outcome == Outcome::RedLoses);
    CHECK(v.red.perpetual_check);
  }
}

TEST_CASE("mixed cycles: 26.8.2 / 26.9.2 against a joint chase of a rook", "[rules][precedence]") {
  const ChaseTarget plain_rook = target(Color::Black, PieceType::Rook, Root::Rooted);
  const ChaseTarget joint_rook = target(Color::Red, PieceType::Rook, Root::Rooted, true);
  const std::vector<MoveClassification> black = {move(Color::Black, MoveClass::Chase, {joint_rook}),
                                                 move(Color::Black, MoveClass::Chase, {joint_rook})};
  for (RuleSet rules : kBoth) {
    INFO(rule_set_name(rules));
    // "单方长捉车，对方联合捉车，前者变着": the plain chaser changes, and so,
    // a fortiori, does a side whose plain 捉车 alternates with checks.
    const Verdict long_chase = judge(
        rules, {move(Color::Red, MoveClass::Chase, {plain_rook}), move(Color::Red, MoveClass::Chase, {plain_rook})}, black);
    CHECK(long_chase.must_change == Color::Red);
    const Verdict check_chase =
        judge(rules, {move(Color::Red, MoveClass::Check), move(Color::Red, MoveClass::Chase, {plain_rook})}, black);
    CHECK(check_chase.must_change == Color::Red);
    // A named side with no chase at all (长杀) is not "长捉车": both named,
    // a draw (26.8.4 / 26.9.4).
    const Verdict long_mate = judge(rules, {move(Color::Red, MoveClass::Mate), move(Color::Red, MoveClass::Mate)}, black);
    CHECK(long_mate.outcome == Outcome::Draw);
  }
}
