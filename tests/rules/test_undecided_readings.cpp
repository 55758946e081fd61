// An undecided verdict from classes given by hand: the loss must stand in
// every reading of the other side's unknown moves, not only the heaviest.
#include <catch2/catch.hpp>

#include "cxa_judge.h"
#include "undecided.h"
#include "xqrec/core/rules/verdict.h"

using namespace xq;
using namespace xq::rules;

namespace {

ChaseTarget target(PieceType type, Root root, bool joint) {
  ChaseTarget t;
  t.victim = Square(0);
  t.victim_piece = Piece(Color::Red, type);
  t.root = root;
  t.joint = joint;
  t.gain = 2;
  return t;
}

MoveClassification chase(Color side, ChaseTarget t) {
  MoveClassification m;
  m.side = side;
  m.cls = MoveClass::Chase;
  m.targets.push_back(t);
  return m;
}

}  // namespace

TEST_CASE("undecided: a proven 捉 that may be 杀 is tried both ways", "[rules][undecided]") {
  // Red chases an unrooted black horse on each move (plain, severe). Black:
  // A1 a plain 捉 of a red rook that may be 杀, A2 a 捉 of a rooted horse
  // that may be 杀, A3 a joint 捉 of a rook. As proven, Black is not severe
  // (A2), so Red must change. Read A1 and A2 as 杀 (the heaviest), Black is
  // severe and joint only: the plain chaser still changes (2020 26.9.2).
  // But read A1 as the 捉 it is and A2 as 杀, Black's chases are plain and
  // joint, both sides severe, none named: a draw (26.9.4). The loss rests on
  // A2, so the verdict is undecided.
  Verdict v;
  v.rules = RuleSet::Cxa2020;
  v.first_ply = 1;
  v.last_ply = 6;
  ChaseTarget horse = target(PieceType::Horse, Root::Unrooted, false);
  horse.victim_piece = Piece(Color::Black, PieceType::Horse);
  for (int k = 0; k < 3; ++k) {
    v.moves.push_back(chase(Color::Red, horse));
    MoveClassification b;
    if (k == 0) b = chase(Color::Black, target(PieceType::Rook, Root::Unrooted, false));
    if (k == 1) b = chase(Color::Black, target(PieceType::Horse, Root::Rooted, false));
    if (k == 2) b = chase(Color::Black, target(PieceType::Rook, Root::Rooted, true));
    if (k < 2) b.unknown.mate = true;
    v.moves.push_back(b);
  }
  rules::detail::judge_cxa(v);
  REQUIRE(v.must_change == Color::Red);
  rules::detail::settle_unknowns(v, ThreatOptions{});
  CHECK(v.undecided);
  CHECK(v.outcome == Outcome::Draw);
  CHECK_FALSE(v.must_change);
}
