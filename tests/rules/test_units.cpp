// Unit tests of the pieces of the repetition rules: values, roots, chase
// targets, cycle detection and the JSON writer.
#include <catch2/catch.hpp>

#include <algorithm>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/values.h"
#include "xqrec/core/rules/verdict.h"

using namespace xq;
using namespace xq::rules;

namespace {
Position pos_of(const char* fen) { return Position(*parse_fen(fen)); }
Move mv(const char* s) { return *parse_iccs(s); }
std::vector<Move> line(const char* s) {
  std::vector<Move> out;
  std::string t(s);
  std::size_t p = 0;
  while (p < t.size()) {
    auto q = t.find(' ', p);
    if (q == std::string::npos) q = t.size();
    out.push_back(mv(t.substr(p, q - p).c_str()));
    p = q + 1;
  }
  return out;
}
}  // namespace

TEST_CASE("material and values", "[rules]") {
  CHECK(piece_value(Piece(Color::Red, PieceType::Rook), Square(0, 0)) == 2 * piece_value(Piece(Color::Red, PieceType::Horse), Square(0, 0)));
  CHECK_FALSE(is_material(Piece(Color::Red, PieceType::Pawn), Square(0, 3)));  // uncrossed
  CHECK(is_material(Piece(Color::Red, PieceType::Pawn), Square(0, 5)));        // crossed
  CHECK(is_material(Piece(Color::Black, PieceType::Pawn), Square(0, 4)));
  CHECK_FALSE(is_material(Piece(Color::Black, PieceType::King), Square(4, 9)));
}

TEST_CASE("roots: unrooted, rooted and false root", "[rules]") {
  // Red rook b4 takes the black horse b7: nothing protects it.
  Position p = pos_of("4k4/9/1n7/9/9/1R7/9/9/9/3K5 w");
  CHECK(root_against(p, mv("b4b7")) == Root::Unrooted);
  // The horse protected by a rook on b9: rooted; the rook's capture loses.
  Position q = pos_of("1r2k4/9/1n7/9/9/1R7/9/9/9/3K5 w");
  CHECK(root_against(q, mv("b4b7")) == Root::Rooted);
  CHECK(capture_balance(q, mv("b4b7")) < 0);
  // No black piece can take back on d7 (the king is two points away).
  Position f = pos_of("3k5/9/3n5/9/9/3R5/9/3R5/9/4K4 w");
  CHECK(root_against(f, mv("d4d7")) != Root::Rooted);
}

TEST_CASE("chase targets: a cannon chases a rooted rook, a rook does not chase a rooted horse", "[rules]") {
  Position p = pos_of("1r2k4/9/1n7/9/9/1C7/9/9/9/3K5 w");
  // Cannon b4 has no screen to b7... the horse is the screen for b9.
  auto t = chase_targets(p, Color::Red);
  REQUIRE(t.size() == 1);
  CHECK(t[0].victim == Square(1, 9));
  CHECK(t[0].victim_piece.type() == PieceType::Rook);
  Position q = pos_of("1r2k4/9/1n7/9/9/1R7/9/9/9/3K5 w");
  CHECK(chase_targets(q, Color::Red).empty());
}

TEST_CASE("a move that merely keeps an existing capture threat is 闲", "[rules]") {
  // The rook attacks the unprotected horse b7 from b4 and from b3 alike.
  Position p = pos_of("4k4/9/1n7/9/9/1R7/9/9/9/3K5 w");
  auto c = classify_move(p, mv("b4b3"), RuleSet::Cxa2020);
  CHECK(c.cls != MoveClass::Chase);
  auto d = classify_move(pos_of("4k4/9/1n7/9/9/2R6/9/9/9/3K5 w"), mv("c4b4"), RuleSet::Cxa2020);
  CHECK(d.cls == MoveClass::Chase);
}

TEST_CASE("repetition counter: threshold and capture reset", "[rules]") {
  const Position start = pos_of("4k4/9/5R3/9/9/9/9/9/9/3K5 w");
  const auto moves = line("f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9");
  auto r3 = find_repetition(start, moves, 3);
  REQUIRE(r3);
  CHECK(r3->last_ply == 8);
  CHECK(r3->first_ply == 5);
  CHECK(r3->span_first_ply == 1);
  CHECK(judged_first_ply(*r3, moves) == 5);  // the same cycle twice: the last one is judged
  auto r2 = find_repetition(start, moves, 2);
  REQUIRE(r2);
  CHECK(r2->last_ply == 4);
  CHECK(r2->span_first_ply == 1);
  CHECK_FALSE(find_repetition(start, std::vector<Move>(moves.begin(), moves.begin() + 7), 3));
}

TEST_CASE("adjudicate_line: rounds that differ are judged together", "[rules]") {
  // The start position occurs at plies 0, 4 and 8. Red checks only in the
  // second round: not "连续不停照将" over the repetition (24.9), a draw; the
  // last round alone would be 长将.
  const Position start = pos_of("4k4/9/5R3/9/9/9/9/9/9/3K5 w");
  const auto moves = line("f7f6 e9e8 f6f7 e8e9 f7e7 e9f9 e7f7 f9e9");
  const auto r = find_repetition(start, moves, 3);
  REQUIRE(r);
  CHECK(r->first_ply == 5);
  CHECK(judged_first_ply(*r, moves) == 1);
  const auto v = adjudicate_line(start, moves);
  REQUIRE(v);
  REQUIRE(*v);
  CHECK((**v).first_ply == 1);
  CHECK((**v).last_ply == 8);
  CHECK((**v).outcome == Outcome::Draw);
  CHECK((**v).red.label == "一闲一闲一将一将");
  const Verdict last = adjudicate_cycle(start, std::span(moves).subspan(4), 5, RuleSet::Cxa2020);
  CHECK(last.outcome == Outcome::RedLoses);
}

TEST_CASE("adjudicate_line: no repetition, illegal move", "[rules]") {
  const Position start = pos_of("4k4/9/5R3/9/9/9/9/9/9/3K5 w");
  auto none = adjudicate_line(start, line("f7e7 e9f9"));
  REQUIRE(none);
  CHECK_FALSE(*none);
  auto bad = adjudicate_line(start, line("f7e7 e9e8"));
  REQUIRE_FALSE(bad);
  CHECK(bad.error().ply == 2);
  CHECK(bad.error().error == MoveError::LeavesKingInCheck);
}

TEST_CASE("verdict JSON", "[rules]") {
  const Position start = pos_of("4k4/9/5R3/9/9/9/9/9/9/3K5 w");
  auto r = adjudicate_line(start, line("f7e7 e9f9 e7f7 f9e9 f7e7 e9f9 e7f7 f9e9"));
  REQUIRE(r);
  REQUIRE(*r);
  const std::string j = verdict_json(**r);
  CHECK(j.rfind("{\"rules\":\"cxa2020\",\"outcome\":\"red-loses\",\"must_change\":\"red\",\"cycle\":[5,8],", 0) == 0);
  CHECK(j.find("\"classes\":{\"red\":[\"将\",\"将\"],\"black\":[\"闲\",\"闲\"]}") != std::string::npos);
  CHECK(j.find("\"articles\":[") != std::string::npos);
  CHECK(j.back() == '}');
  CHECK(json_string("a\"b\\c\n\x01") == "\"a\\\"b\\\\c\\n\\u0001\"");
}

TEST_CASE("a king move answering a check that threatens mate: 闲 in 2011/2020 (26.1.2), 杀 in 1999", "[rules]") {
  // Red's rook f5 checks the king f9; 将6平5 (f9-e9) answers it and, with the
  // e-file open, takes e0 from the red king d0: 车1平4 (a4-d4) would then mate.
  // On f9 the king left e0 free, so the threat is new. 1999 has no 26.1.2 and
  // its 图十五 calls such a king move 杀.
  const Position p = pos_of("5k3/9/9/9/5R3/r8/9/9/9/3K5 b");
  CHECK(classify_move(p, mv("f9e9"), RuleSet::Cxa1999).cls == MoveClass::Mate);
  CHECK(classify_move(p, mv("f9e9"), RuleSet::Cxa2011).cls == MoveClass::Idle);
  CHECK(classify_move(p, mv("f9e9"), RuleSet::Cxa2020).cls == MoveClass::Idle);
  // With the king still on f9 (Black to move, not in check) there was no threat.
  CHECK_FALSE(threatens_mate(pos_of("5k3/9/9/9/9/r8/9/9/9/3K5 b"), Color::Black));
}

TEST_CASE("the 1999 floating pawn: a pawn for a rook is no gain, a pawn won for nothing is", "[rules]") {
  // The crossed pawn c6 can take the rook c7, which the horse b9 takes back.
  Position p = pos_of("1n2k4/9/2r6/2P6/9/9/9/9/9/3K5 w");
  ThreatOptions floating;
  floating.floating_pawn = true;
  REQUIRE(chase_targets(p, Color::Red).size() == 1);  // 2011/2020: 送兵换车 is a gain (26.6 / 26.7)
  CHECK(chase_targets(p, Color::Red, floating).empty());  // 1999 25.3: 一兵换取数子不算得子
  // A rook taking an unprotected crossed pawn wins it whatever the pawn is worth.
  Position q = pos_of("4k4/9/9/9/9/9/1p7/9/9/1R1K5 w");
  CHECK(chase_targets(q, Color::Red, floating).size() == 1);
  // A horse for a protected pawn is no gain in either reading.
  Position r = pos_of("4k4/9/9/9/9/9/1pp6/9/2N6/3K5 w");
  CHECK(chase_targets(r, Color::Red).empty());
  CHECK(chase_targets(r, Color::Red, floating).empty());
}

TEST_CASE("a new way of winning a piece already won: a new chase under asian only", "[rules]") {
  // FSF-27 after 帅e0-d0 炮e4-d4 帅d0-e0: the black cannon d4 wins the horse
  // d2 jointly over the rook d3 (the advisor e1 takes back, the rook takes
  // the advisor). 炮d4-e4 pins the advisor (its recapture would uncover the
  // cannon's check), so the rook d3 wins the horse alone.
  const Position p = pos_of("5k3/9/9/9/9/3c5/3r5/3NB4/4A4/4K4 b");
  const auto asian = classify_move(p, mv("d4e4"), RuleSet::Asian);
  CHECK(asian.cls == MoveClass::Chase);  // a new attacker on the horse (FSF)
  REQUIRE(asian.targets.size() == 1);
  CHECK(asian.targets[0].victim == Square(3, 2));
  CHECK(asian.targets[0].attacker == Square(3, 3));
  CHECK(asian.targets[0].root == Root::FalseRoot);
  // CXA: the horse was won before the move and is won after it (参考图8).
  CHECK(classify_move(p, mv("d4e4"), RuleSet::Cxa2020).cls != MoveClass::Chase);
  // Before the move the horse is won by the cannon only (the rook alone
  // would lose itself for it).
  const auto before = chase_captures(p, Color::Black);
  REQUIRE(before.size() == 1);
  CHECK(before[0].victim == Square(3, 2));
  CHECK(before[0].attacker == Square(3, 4));
  CHECK(before[0].joint);
}

TEST_CASE("asian: a piece with a real root is not chased by a joint attack (AXF diagram 86)", "[rules]") {
  // Two red rooks (h6 after 车h4-h6, i0) against the cannon i6 that the rook
  // i7 protects: a gain by exchange (少根) under CXA, no chase under AXF.
  const Position p = pos_of("3akab2/9/4b3r/8c/p8/7R1/P8/9/4A4/r1BAK3R w");
  CHECK(classify_move(p, mv("h4h6"), RuleSet::Cxa2020).cls == MoveClass::Chase);
  CHECK(classify_move(p, mv("h4h6"), RuleSet::Asian).cls != MoveClass::Chase);
}

TEST_CASE("将军得子: a capture after the reply counts with the other side's answer to it", "[rules]") {
  // Red 车h9 帅f0 仕f2 相c0; black 将d8 炮h3 马g0 (the shuttle of 2011 参考图10
  // as the random search set it up). 炮h3-i3 threatens 炮i0+ (the horse g0 is
  // the screen); 车h9-h0 interposes and attacks the cannon; 马g0xf2 takes the
  // advisor with a discovered check through the rook, but the only answer,
  // 车h0xi0, takes the checking cannon: a cannon for an advisor, no gain
  // (Fairy-Stockfish agrees), so the move chases nothing.
  const Position shuttle = pos_of("7R1/3k5/9/9/9/9/7c1/5A3/9/2B2Kn2 b");
  for (RuleSet rs : {RuleSet::Cxa2011, RuleSet::Cxa2020})
    CHECK(classify_move(shuttle, mv("h3i3"), rs).cls != MoveClass::Chase);
  // (The horse's own capture of the advisor is there before and after.)
  const Position after = pos_of("7R1/3k5/9/9/9/9/8c/5A3/9/2B2Kn2 b");
  const auto targets = chase_targets(after, Color::Black);
  REQUIRE_FALSE(targets.empty());
  for (const auto& t : targets) CHECK_FALSE(t.by_checks);
  // The genuine 将军得子 from h3 with the rook on i9: 炮h3-h0+, 帅f0-f1 (the
  // rook cannot interpose), 炮h0xc0 wins the elephant.
  const Position back = pos_of("8R/3k5/9/9/9/9/8c/5A3/9/2B2Kn2 b");
  const auto c = classify_move(back, mv("i3h3"), RuleSet::Cxa2011);
  CHECK(c.cls == MoveClass::Chase);
  REQUIRE(c.targets.size() == 1);
  CHECK(c.targets[0].victim == Square(2, 0));
  CHECK(c.targets[0].by_checks);
  // What the other side could already win before the checks is not the
  // sequence's doing: with a black horse on a9 that the rook i9 can take
  // anyway, the elephant is still won (both sides may chase at once).
  const auto d = classify_move(pos_of("n7R/3k5/9/9/9/9/8c/5A3/9/2B2Kn2 b"), mv("i3h3"), RuleSet::Cxa2011);
  CHECK(d.cls == MoveClass::Chase);
  REQUIRE(d.targets.size() == 1);
  CHECK(d.targets[0].victim == Square(2, 0));
}

// The rules ask "could it, if it were its turn" of positions whose side to
// move is changed by hand: there the side not to move may stand in check,
// and a move far from its king still leaves it attacked (gives_check's quick
// test of the king's zone must not say otherwise). Red is in check here;
// 马c2-e3 stops the black rook on i3 from checking along rank 3: 拦 under the
// Asian rules (review of the sixth session: it came out 闲).
TEST_CASE("a block judged from a position with its side to move changed by hand", "[rules]") {
  const Position p = pos_of("3k5/9/9/4r4/3N5/9/8r/2N6/9/4K4 w - - 0 1");
  const Position flipped = with_side_to_move(p, Color::Black);
  CHECK(flipped.gives_check(mv("i3b3")) == true);  // the e6 rook checks already
  CHECK(classify_move(p, mv("c2e3"), RuleSet::Asian).cls == MoveClass::Block);
}

// 24.2 杀 by a long series of checks, its proof line, and the budget: when it
// runs out the old depth's answer stands (no 杀 claimed), docs/repetition.md.
TEST_CASE("杀 by 8 checks: found within the budget, its line, none without budget", "[rules][checks]") {
  // Red to move again after 车i9i8 (checks.txt [24.2-8-checks-长杀]).
  const Position p = pos_of("9/8R/4k4/N8/9/9/9/5K3/9/9 b");
  ThreatOptions deep;
  deep.mate_depth = 9;
  CHECK(threatens_mate(p, Color::Red, deep));
  CHECK(threatens_mate(p, Color::Red));  // the default depth is 9 checks
  ThreatOptions full_depth_only;
  full_depth_only.mate_depth = 3;  // the depth searched in full, the default before 2026-12-06
  CHECK_FALSE(threatens_mate(p, Color::Red, full_depth_only));
  const auto line = mate_line(p, Color::Red, deep);
  std::string text;
  for (Move m : line) text += to_iccs(m) + " ";
  CHECK(text == "i8i7 e7e8 a6c7 e8d8 c7e6 d8e8 e6g7 e8d8 g7f9 d8d9 f9e7 d9d8 e7c6 d8d9 i7i9 ");
  ThreatOptions starved = deep;
  starved.mate_nodes = 10;  // far below the 8-check tree
  CHECK_FALSE(threatens_mate(p, Color::Red, starved));
  ThreatOptions shallow = deep;
  shallow.mate_depth = 7;  // one check short
  CHECK_FALSE(threatens_mate(p, Color::Red, shallow));
  // A 2-check mate is within the old depth, searched whatever the budget.
  const Position q = pos_of("8R/9/3k5/N8/9/9/9/5K3/9/9 b");
  CHECK(threatens_mate(q, Color::Red, starved));
}

// A budget that runs out reports "unknown" (search_answer.h), and the
// classifier reads it so that no forbidden class comes of it. Positions
// found by a random search over small endings, budgets set small on purpose.
TEST_CASE("unknown before the move: no false new chase (从捉到捉)", "[rules][checks]") {
  ThreatOptions small;
  small.mate_depth = 3;  // the chase searches are the subject (i1h1 threatens a longer mate)
  small.check_depth = 4;
  small.check_nodes = 70;
  ThreatOptions full = small;
  full.check_nodes = 1L << 40;
  // 车c0c4: Red could win the elephant e6 by checks before the move as
  // well; with 70 positions the search before the move runs out (the old
  // code called the move 捉), the one after it does not.
  const Position p = pos_of("5a3/4a4/3k5/4b3c/9/9/8r/4K2R1/N6C1/2R6 w");
  Position after = p;
  Undo u;
  after.make(mv("c0c4"), u);
  const auto before_small = find_chase_targets(p, Color::Red, small);
  CHECK(before_small.unknown);
  CHECK(std::none_of(before_small.targets.begin(), before_small.targets.end(),
                     [](const ChaseTarget& t) { return t.victim == Square(4, 6); }));
  const auto after_small = find_chase_targets(after, Color::Red, small);
  CHECK_FALSE(after_small.unknown);
  CHECK(std::any_of(after_small.targets.begin(), after_small.targets.end(),
                    [](const ChaseTarget& t) { return t.victim == Square(4, 6); }));
  CHECK(classify_move(p, mv("c0c4"), RuleSet::Cxa2020, full).cls != MoveClass::Chase);
  // Asked again with more budget, the position before the move has it too.
  CHECK(classify_move(p, mv("c0c4"), RuleSet::Cxa2020, small).cls != MoveClass::Chase);
  // Still unknown after the second question: no chase claimed either.
  ThreatOptions tiny = small;
  tiny.check_nodes = 30;
  const Position q = pos_of("9/4ak3/1b7/3R3P1/9/9/c8/4n4/2R5R/4K4 w");
  CHECK(classify_move(q, mv("i1h1"), RuleSet::Cxa2020, full).cls == MoveClass::Idle);
  CHECK(classify_move(q, mv("i1h1"), RuleSet::Cxa2020, tiny).cls == MoveClass::Idle);
}

namespace {
// Red's 车c7e7+ leaves Black a mate threat whatever it answers (自毙,
// 24.18/26.3); 车g7xe7 answers it. The position after the check.
Position self_harm_check() {
  Position p = pos_of("4k4/9/2R3rC1/r8/5r3/9/9/9/3KA4/9 w");
  Undo u;
  p.make(mv("c7e7"), u);
  return p;
}
// Mate threats searched to 9 checks within `nodes` positions; no 将军得子.
ThreatOptions mates_within(long nodes) {
  ThreatOptions opt;
  opt.mate_depth = 9;
  opt.check_depth = 0;
  opt.mate_nodes = nodes;
  return opt;
}
}  // namespace

TEST_CASE("自毙 with an unknown answer: no false 杀", "[rules][checks]") {
  // With 10 positions per question some other answer's mate search runs
  // out: the old code read that as "no threat there" and called 车xe7 杀.
  const Position p = self_harm_check();
  const ThreatOptions small = mates_within(10);
  const ThreatOptions full = mates_within(300000);
  const auto with_full = classify_move(p, mv("g7e7"), RuleSet::Cxa2020, full);
  CHECK(with_full.mate_threat);
  CHECK(with_full.cls != MoveClass::Mate);
  CHECK(classify_move(p, mv("g7e7"), RuleSet::Cxa2020, small).cls == with_full.cls);
}

// The searches stop at kMaxSearchDepth checks (the mate search's memo holds
// depths in an int8): a larger depth is searched as that one, not wrapped.
TEST_CASE("search depths beyond the maximum are searched at the maximum", "[rules][checks]") {
  STATIC_REQUIRE(kMaxSearchDepth == 20);
  CHECK(searched_depth(1000) == kMaxSearchDepth);
  CHECK(searched_depth(128) == kMaxSearchDepth);  // int8(128) would be -128
  CHECK(searched_depth(9) == 9);
  // The 8-check mate of [24.2-8-checks-长杀]: found at 1000 as at 20.
  const Position p = pos_of("9/8R/4k4/N8/9/9/9/5K3/9/9 b");
  ThreatOptions huge;
  huge.mate_depth = 1000;
  huge.check_depth = 1000;
  CHECK(mate_threat(p, Color::Red, huge) == SearchAnswer::Found);
  ThreatOptions most = huge;
  most.mate_depth = most.check_depth = kMaxSearchDepth;
  CHECK(mate_line(p, Color::Red, huge) == mate_line(p, Color::Red, most));
  CHECK(find_chase_targets(p, Color::Red, huge).targets.size() == find_chase_targets(p, Color::Red, most).targets.size());
}

// MoveClassification::unknown: what a move may be when a search ran out of
// budget (search_answer.h). Positions of checks.txt's undecided cases.
TEST_CASE("unknown classes: set when a budget runs out, not when the depth refutes", "[rules][checks]") {
  ThreatOptions deep;
  deep.mate_depth = 9;
  deep.check_depth = 4;
  ThreatOptions starved_mate = deep;
  starved_mate.mate_nodes = 10;
  // 车i9i8's 8-check mate ([24.2-8-checks-长杀]): found, unknown, refuted.
  const Position p = pos_of("8R/9/4k4/N8/9/9/9/5K3/9/9 w");
  const auto found = classify_move(p, mv("i9i8"), RuleSet::Cxa2020, deep);
  CHECK(found.cls == MoveClass::Mate);
  CHECK_FALSE(found.unknown.any());
  const auto unknown = classify_move(p, mv("i9i8"), RuleSet::Cxa2020, starved_mate);
  CHECK(unknown.cls == MoveClass::Idle);
  CHECK(unknown.unknown.mate);
  CHECK_FALSE(unknown.unknown.chase);
  ThreatOptions full_depth_only;
  full_depth_only.mate_depth = 3;  // searched in full
  const auto refuted = classify_move(p, mv("i9i8"), RuleSet::Cxa2020, full_depth_only);
  CHECK(refuted.cls == MoveClass::Idle);
  CHECK_FALSE(refuted.unknown.any());
  // The default (9 checks within the budget) finds it.
  CHECK(classify_move(p, mv("i9i8"), RuleSet::Cxa2020).cls == MoveClass::Mate);
  // The Asian rules search no series of checks: nothing is ever unknown.
  CHECK_FALSE(classify_move(p, mv("i9i8"), RuleSet::Asian, starved_mate).unknown.any());
  // 车a2e2 ([24.3-budget-undecided]): within 10 positions the search before
  // the move runs out, so its chase of the horse e3 may be an old one (从捉到捉).
  ThreatOptions starved_gain = deep;
  starved_gain.check_nodes = 10;
  const Position q = pos_of("9/4k2n1/3aba2b/2C6/9/1c4rR1/4n4/R4K3/9/9 w");
  const auto maybe_chase = classify_move(q, mv("a2e2"), RuleSet::Cxa2020, starved_gain);
  CHECK(maybe_chase.cls == MoveClass::Block);
  CHECK(maybe_chase.unknown.chase);
  const auto chase = classify_move(q, mv("a2e2"), RuleSet::Cxa2020, deep);
  CHECK(chase.cls == MoveClass::Chase);
  CHECK_FALSE(chase.unknown.any());
}

TEST_CASE("自毙 with an unknown answer: the move may be 杀", "[rules][checks]") {
  // The position of "自毙 with an unknown answer: no false 杀" above. Black's
  // mate threat after 车g7xe7 is proven with one position; with one (and
  // eight when asked again) per question some other answer to the check
  // stays unknown, so the threat may be new (26.3): the move may be 杀. With
  // 10 every answer settles: 自毙 proven, nothing unknown.
  const Position p = self_harm_check();
  const ThreatOptions starved = mates_within(1);
  Position after = p;
  Undo ua;
  after.make(mv("g7e7"), ua);
  REQUIRE(mate_threat(after, Color::Black, starved) == SearchAnswer::Found);
  const auto c = classify_move(p, mv("g7e7"), RuleSet::Cxa2020, starved);
  CHECK(c.cls != MoveClass::Mate);
  CHECK(c.unknown.mate);
  CHECK_FALSE(classify_move(p, mv("g7e7"), RuleSet::Cxa2020, mates_within(10)).unknown.mate);
}

// Verdict::undecided (docs/repetition.md, "Unknown"): Black's 长杀 is proven,
// Red's 车i9i8 may be 杀 too (checks.txt [24.2-budget-undecided]).
TEST_CASE("undecided verdict: a loss that rests on the other side's unknown moves", "[rules][checks]") {
  const Position start = pos_of("8R/9/4k4/N8/9/3c5/r8/5K3/9/9 w");
  const auto moves = line("i9i8 d4d7 i8i9 d7d4 i9i8 d4d7 i8i9 d7d4 i9i8");
  AdjudicateOptions opt;
  opt.threats.mate_depth = 9;
  opt.threats.check_depth = 4;
  opt.threats.mate_nodes = 10;
  const auto r = adjudicate_line(start, moves, opt);
  REQUIRE(r);
  REQUIRE(*r);
  const Verdict& v = **r;
  CHECK(v.undecided);
  CHECK(v.outcome == Outcome::Draw);
  CHECK_FALSE(v.must_change);
  CHECK(v.moves[0].unknown.mate);
  CHECK(v.explanation.find("mate_nodes = 10") != std::string::npos);
  CHECK(v.explanation.find("ply 5") != std::string::npos);
  // 23.5.2.2 (the side that does not change loses) names a loss: dropped;
  // 26.9.4 (both forbidden, neither named: a draw) is the other reading's.
  CHECK(std::find(v.articles.begin(), v.articles.end(), "23.5.2.2") == v.articles.end());
  CHECK(std::find(v.articles.begin(), v.articles.end(), "26.9.4") != v.articles.end());
  const std::string j = verdict_json(v);
  CHECK(j.rfind("{\"rules\":\"cxa2020\",\"outcome\":\"draw\",\"undecided\":true,\"must_change\":null,", 0) == 0);
  // The default budget settles 车i9i8 (no mate: the cannon on d7 defends):
  // Black loses, decided, and the JSON has no "undecided".
  AdjudicateOptions full = opt;
  full.threats.mate_nodes = ThreatOptions{}.mate_nodes;
  const auto w = adjudicate_line(start, moves, full);
  REQUIRE(w);
  REQUIRE(*w);
  CHECK_FALSE((**w).undecided);
  CHECK((**w).outcome == Outcome::BlackLoses);
  CHECK(verdict_json(**w).find("undecided") == std::string::npos);
}

TEST_CASE("undecided verdict: the loser's own unknown moves leave its loss", "[rules][checks]") {
  // checks.txt [24.3-budget-loser-unknown]: Red's 车a2e2 chases the horse e6
  // and may win more by checks; Red 一捉一杀 loses whatever that is.
  const Position start = pos_of("9/4k2n1/3aba2b/2C1n4/9/7R1/9/R4K3/9/9 w");
  AdjudicateOptions opt;
  opt.threats.mate_depth = 9;
  opt.threats.check_depth = 4;
  opt.threats.check_nodes = 5;
  const auto r = adjudicate_line(start, line("a2e2 i7g5 e2a2 g5i7 a2e2 i7g5 e2a2 g5i7 a2e2"), opt);
  REQUIRE(r);
  REQUIRE(*r);
  CHECK((**r).moves[0].unknown.chase);
  CHECK_FALSE((**r).undecided);
  CHECK((**r).outcome == Outcome::RedLoses);
  CHECK(std::find((**r).articles.begin(), (**r).articles.end(), "23.5.2.2") != (**r).articles.end());
}

TEST_CASE("1999 25.3: another piece's chase needs a gain of its own at every pawn value", "[rules][25.3][27.2]") {
  // 四川李艾东–厦门郑一泓 (2001 全国团体赛), Red to move, as a repetition asks
  // for its chases. With the pawn worth 2, the cannon's 炮c1xc9+ 象e7xc9 and
  // then 兵f5xg5 win the horse g5 (another piece's checks, the pawn taking at
  // the end: under 1999 the cannon's chase). With the pawn worth 1, only the
  // pawn's own capture 兵f5xg5 wins it (27.2: 兵本身捉吃, 闲). Matched by the
  // victim alone, the cannon's chase stayed; it is no gain of the cannon at
  // that value (25.3), so no chase of g5 is listed.
  const Position pos = pos_of("2bak4/4a4/c3b4/p8/5Pn1p/2B3N2/P7P/4B4/2C6/3AKA3 w");
  ThreatOptions opt;
  opt.floating_pawn = true;
  for (const ChaseTarget& t : find_chase_targets(pos, Color::Red, opt).targets)
    CHECK_FALSE((t.victim == mv("g5g5").from() && !t.king_or_pawn));
  // Without the floating pawn (worth 2 alone) the cannon chases it.
  const auto plain = find_chase_targets(pos, Color::Red, ThreatOptions{}).targets;
  CHECK(std::any_of(plain.begin(), plain.end(), [](const ChaseTarget& t) {
    return t.victim == mv("g5g5").from() && t.by_checks && !t.king_or_pawn;
  }));
}

TEST_CASE("1999 25.3: a piece that only a pawn's own line wins at some pawn value stays the pawn's chase",
          "[rules][25.3][27.2]") {
  // 老王中王–棋趣棋情 2009-04-05 (cchess), after ply 67 炮e2d2 (将), Red to
  // move again as the chases are read. With the pawn worth 2 (and 1) the
  // rook's 车f4f5 士e8d7 车xh5 wins the rook h5 (24.3); with it worth a lot
  // only the pawn's own 兵g4g5 and 兵xh5 does (1999 27.2: 兵本身捉吃, 闲). The
  // rook's chase is no gain at every value; the pawn's own chase of h5 is,
  // and stays listed as such (27.2 相互长打 reads the pawn's chases of a move
  // that is no check), not dropped with the rook's.
  Position p = pos_of("2bk1a3/4a4/n3b4/p8/3P3r1/2P2RP2/P8/B3C1Np1/4A4/3A1K2c w");
  Undo u;
  p.make(mv("e2d2"), u);
  ThreatOptions opt;
  opt.floating_pawn = true;
  const auto targets = find_chase_targets(p, Color::Red, opt).targets;
  const Square h5 = mv("h5h5").from();
  CHECK(std::none_of(targets.begin(), targets.end(), [&](const ChaseTarget& t) { return t.victim == h5 && !t.king_or_pawn; }));
  CHECK(std::any_of(targets.begin(), targets.end(), [&](const ChaseTarget& t) { return t.victim == h5 && t.king_or_pawn; }));
}
