// 2011 26.7 / 2020 26.8: "兵(卒)借其他子抽吃对方的子，按“闲”处理；兵(卒)吃子时产生
// 其他子“将军”，按“捉”处理". The seeds give no diagram; the position is
// invented to fit the words.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/threats.h"
#include "xqrec/core/rules/verdict.h"

using namespace xq;
using namespace xq::rules;

namespace {
Position pos_of(const char* fen) { return Position(*parse_fen(fen)); }
Move mv(const char* s) { return *parse_iccs(s); }
}  // namespace

TEST_CASE("26.8: a pawn's capture that uncovers a check is 捉", "[rules][26.8]") {
  // 车a1-f1 stands behind the crossed 兵 f6 on the king's file. 兵xg6 then
  // takes the horse, which the rook g9 protects, and uncovers 车f1's check:
  // the rook cannot take back while its king is in check (legal recaptures
  // only), so the pawn wins the horse. Before the rook's move the capture
  // was a pawn for a horse, no gain.
  const Position p = pos_of("5kr2/9/9/5Pn2/9/9/9/9/R8/3K5 w");
  const Move m = mv("a1f1");
  for (RuleSet r : {RuleSet::Cxa2011, RuleSet::Cxa2020}) {
    const MoveClassification c = classify_move(p, m, r);
    CHECK(c.cls == MoveClass::Chase);
    REQUIRE(c.targets.size() == 1);
    CHECK(c.targets[0].victim == mv("g6g6").from());
    CHECK_FALSE(c.targets[0].king_or_pawn);
  }
  // 1999 has no such article: the pawn chases by itself (27.2), 闲.
  CHECK(classify_move(p, m, RuleSet::Cxa1999).cls == MoveClass::Idle);
}

TEST_CASE("26.8: a pawn's move that uncovers a check and wins later is the pawn's own chase", "[rules][26.8]") {
  // 兵借其他子抽吃: the pawn steps aside uncovering the rook's check (no
  // capture) and takes the horse after the king's reply; the pawn's chase,
  // 闲 (26.1). 兵e6 would uncover the check; 兵xd6 is the win.
  const Position p = pos_of("5k3/9/9/3n1P3/9/9/9/9/R8/3K5 w");
  const MoveClassification c = classify_move(p, mv("a1f1"), RuleSet::Cxa2020);
  CHECK(c.cls == MoveClass::Idle);
  CHECK(c.targets.empty());
  REQUIRE(c.kp_targets.size() == 1);
  CHECK(c.kp_targets[0].victim == mv("d6d6").from());
  CHECK(c.kp_targets[0].attacker == mv("f6f6").from());
}

TEST_CASE("26.8: a check already given is not uncovered by a pawn's capture", "[rules][26.8]") {
  // 车a1e1 checks; as if Red moved again, 兵c6xc7 takes the horse with the
  // king still in the rook's check, which the capture did not uncover: the
  // pawn's own chase, no target of the check.
  const Position p = pos_of("2r1k4/9/2n6/2P6/9/9/9/9/R8/5K3 w");
  const MoveClassification c = classify_move(p, mv("a1e1"), RuleSet::Cxa2020);
  CHECK(c.cls == MoveClass::Check);
  for (const auto& t : c.targets) CHECK(t.victim != mv("c7c7").from());
}

TEST_CASE("26.8: a rook's checks that win only with a pawn's capture against some defence are the pawn's chase, "
          "whatever the order of the replies",
          "[rules][26.8]") {
  // Invented, in two mirror images (Red attacking, and Black). After 车a1i1
  // Red threatens 车i8+ along rank 8: 将e8 moves (e9/e7) and 车xd8 takes the
  // horse; 车h9h8 interposes and 车xi9 takes the horse it guarded; 车h5h8
  // interposes (guarded by 车h9), and then only 兵g4xg5 wins the horse the
  // rook h5 guarded. Against that defence the rook's checks win nothing by
  // themselves: the gain is the pawn's, by the rook's check (2011 26.7 /
  // 2020 26.8 兵借其他子抽吃, 闲), not the rook's 将军得子 (24.3). Before, the
  // line read was the first of the equal replies in generation order: the
  // interposition h5h8 in the first image (闲), h0h1 (the rook's 车xi0) in
  // the mirror (捉).
  struct Image {
    const char* fen;
    const char* move;
  };
  for (const Image& im : {Image{"7rn/3nk4/9/4p4/6nr1/6P2/9/9/R8/5K3 w", "a1i1"},
                          Image{"5k3/r8/9/9/6p2/6NR1/4P4/9/3NK4/7RN b", "a8i8"}}) {
    const Position p = pos_of(im.fen);
    for (RuleSet r : {RuleSet::Cxa2011, RuleSet::Cxa2020}) {
      INFO(im.fen << " under " << (r == RuleSet::Cxa2011 ? "cxa2011" : "cxa2020"));
      const MoveClassification c = classify_move(p, mv(im.move), r);
      CHECK(c.cls != MoveClass::Chase);
      CHECK(c.targets.empty());
      REQUIRE(c.kp_targets.size() == 1);
      CHECK(c.kp_targets[0].by_checks);
      CHECK(c.kp_targets[0].pawn_takes);
    }
    // 1999 has no such sentence: the rook's checks win the piece, 捉.
    CHECK(classify_move(p, mv(im.move), RuleSet::Cxa1999).cls == MoveClass::Chase);
  }
}

TEST_CASE("26.1.1: a pawn's check after which the king or a rook takes is the rook's chase, "
          "whatever the order of the captures",
          "[rules][26.1][26.1.1]") {
  // Invented, in two mirror images (Red attacking, and Black). 兵f8e8+ (the
  // rook a8 guards e8): the only reply is 将e9f9, and then 帅e0xe1 takes the
  // horse that the facing kings guarded, or 车a9xd9 the horse that the king
  // guarded. The king's capture after the pawn's check is their own (26.1);
  // the rook's is another piece's new capture after the pawn moved (26.1.1
  // "走动帅（将）、兵（卒）后……其他子产生新的“捉”，按“捉”处理"; 24.3): the rook's
  // chase of the horse d9 in both images. Before, the line read was the
  // first capture in generation order: the king's in the first image (the
  // pawn's own chase of e1), the rook's in the mirror.
  struct Image {
    const char* fen;
    const char* check;
    const char* horse;
  };
  for (const Image& im : {Image{"R2nk4/R4P3/9/9/9/9/9/9/4n4/4K4 w", "f8e8", "d9d9"},
                          Image{"4k4/4N4/9/9/9/9/9/9/r4p3/r2NK4 b", "f1e1", "d0d0"}}) {
    const Position p = pos_of(im.fen);
    for (const bool since_2011 : {false, true}) {
      INFO(im.fen << (since_2011 ? " under cxa2011/2020" : " under cxa1999"));
      ThreatOptions opt;
      opt.capture_duties = opt.pawn_capture_check_chases = opt.pawn_takes_after_checks_is_pawns = since_2011;
      opt.floating_pawn = !since_2011;
      const auto targets = find_chase_targets(p, p.side_to_move(), opt).targets;
      REQUIRE(targets.size() == 1);
      CHECK(targets[0].victim == mv(im.horse).from());
      CHECK(targets[0].by_checks);
      CHECK(targets[0].first_check == mv(im.check));
      CHECK_FALSE(targets[0].king_or_pawn);
    }
  }
}

TEST_CASE("24.3: the gain without the pawns' captures is read against the least defences at every check",
          "[rules][24.3][26.8]") {
  // CENG GuoRong–ZHANG HuaYuan (ccbridge .ubb), the position after ply 81
  // (41. 仕e1d0), Black's chases asked at 4 checks, 9 for 杀 (as
  // `--mate-depth 9 --check-depth 4`). 炮f0f5+ (or f0f6+, the same
  // series) uncovers the cannon i0's check; the least defence gives the
  // cannon d2 to the rook: 车h0h5 炮f5f0+ 帅e0xf0 车b0xd0+ 帅f0f1 车d0xd2
  // (gain 1). Some replies at the
  // later checks lose more but only to a pawn (2020 26.8 兵借其他子抽吃):
  // read against every defence, the rook's checks won nothing without the
  // pawn, and the series was the pawn's own chase of d2; read against the
  // least defences at the first check only, the rook took the advisor d0
  // (a piece the cannon f0 takes directly anyway), and d2 was no target of
  // the series, so that 车b0b2 became a new 捉 (a draw instead of
  // red-loses). 24.3 counts what the checks win against the best defence,
  // at every check: the rook's 将军得子 of d2, 捉.
  const Position p = pos_of("2bk1a3/4a1N2/2n1b4/p7C/P8/2P6/4P1P1P/3C4B/9/1r1AKc1Rc b");
  ThreatOptions opt;
  opt.check_depth = 4;
  opt.mate_depth = 9;
  opt.capture_duties = opt.pawn_capture_check_chases = opt.pawn_takes_after_checks_is_pawns = true;
  const Chases found = find_chase_captures(p, Color::Black, opt);
  CHECK_FALSE(found.unknown);
  const auto d2 = std::find_if(found.targets.begin(), found.targets.end(),
                               [](const ChaseTarget& t) { return t.victim == mv("d2d2").from(); });
  REQUIRE(d2 != found.targets.end());
  CHECK(d2->by_checks);
  CHECK(d2->first_check == mv("f0f5"));
  CHECK(d2->gain == 1);
  CHECK_FALSE(d2->king_or_pawn);
  CHECK_FALSE(d2->pawn_takes);
  std::vector<Move> line;
  for (const char* m : {"f0f5", "h0h5", "f5f0", "e0f0", "b0d0", "f0f1", "d0d2"}) line.push_back(mv(m));
  CHECK(chase_line(p, Color::Black, *d2, opt) == line);
}
