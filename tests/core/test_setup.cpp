// The position check names every problem, and each can be relaxed.
#include <catch2/catch.hpp>
#include <algorithm>

#include "xqrec/core/fen.h"
#include "xqrec/core/position.h"
#include "xqrec/core/setup.h"

using xq::PositionProblem;

namespace {

std::vector<xq::PositionIssue> issues_of(std::string_view fen) {
  const auto s = xq::parse_fen(fen);
  REQUIRE(s.ok());
  return xq::check_setup(*s);
}

bool has(const std::vector<xq::PositionIssue>& issues, PositionProblem p) {
  return std::any_of(issues.begin(), issues.end(), [&](const auto& i) { return i.problem == p; });
}

}  // namespace

TEST_CASE("the start position has no problem", "[setup]") {
  CHECK(xq::check_setup(xq::Setup::start()).empty());
  CHECK(issues_of("3k5/9/9/9/9/9/9/9/9/4K4 w").empty());
}

TEST_CASE("each problem is found and named", "[setup]") {
  CHECK(has(issues_of("9/9/9/9/9/9/9/9/9/4K4 w"), PositionProblem::MissingKing));
  CHECK(has(issues_of("3kk4/9/9/9/9/9/9/9/9/4K4 w"), PositionProblem::ExtraKing));
  CHECK(has(issues_of("3k5/9/9/9/9/9/9/9/9/K8 w"), PositionProblem::KingOutsidePalace));
  CHECK_FALSE(has(issues_of("3k5/9/9/9/9/9/9/9/4A4/3K5 w"), PositionProblem::AdvisorOffSquare));  // e1
  CHECK(has(issues_of("3k5/9/9/9/9/9/9/9/3A5/4K4 w"), PositionProblem::AdvisorOffSquare));
  CHECK(has(issues_of("3k5/9/9/9/9/9/9/9/9/3BK4 w"), PositionProblem::ElephantOffSquare));
  CHECK(has(issues_of("3k5/9/9/2B6/9/9/9/9/9/4K4 w"), PositionProblem::ElephantOffSquare));  // across the river
  CHECK(has(issues_of("3k5/9/9/9/9/9/9/4P4/9/4K4 w"), PositionProblem::PawnOffSquare));      // behind start rank
  CHECK(has(issues_of("3k5/9/9/9/9/9/1P7/9/9/4K4 w"), PositionProblem::PawnOffSquare));      // b3: unreachable
  CHECK_FALSE(has(issues_of("3k5/9/9/9/1P7/9/9/9/9/4K4 w"), PositionProblem::PawnOffSquare)); // b5: crossed
  CHECK(has(issues_of("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"), PositionProblem::TooManyPieces));
  CHECK(has(issues_of("4k4/9/9/9/9/9/9/9/9/4K4 w"), PositionProblem::KingsFacing));
  CHECK(has(issues_of("3k5/9/9/9/3R5/9/9/9/9/4K4 w"), PositionProblem::SideNotToMoveInCheck));
  CHECK_FALSE(has(issues_of("3k5/9/9/9/3R5/9/9/9/9/4K4 b"), PositionProblem::SideNotToMoveInCheck));
}

TEST_CASE("problems can be relaxed one by one", "[setup]") {
  const auto issues = issues_of("9/9/9/9/9/9/9/9/4P4/K8 w");
  CHECK(has(issues, PositionProblem::MissingKing));
  CHECK(has(issues, PositionProblem::KingOutsidePalace));
  CHECK(has(issues, PositionProblem::PawnOffSquare));
  xq::Relaxations relax;
  relax.allow(PositionProblem::MissingKing).allow(PositionProblem::KingOutsidePalace);
  const auto left = xq::blocking_issues(issues, relax);
  REQUIRE(left.size() == 1);
  CHECK(left[0].problem == PositionProblem::PawnOffSquare);
  CHECK(left[0].message.find("e1") != std::string::npos);
  CHECK(xq::blocking_issues(issues, xq::Relaxations::all()).empty());
}

TEST_CASE("Position::from_setup validates at the door and replays a bad set-up only when accepted", "[setup]") {
  using namespace xq;
  const auto good = Position::from_setup(Setup::start());
  REQUIRE(good.ok());
  CHECK(good->key() == Position().key());
  auto no_black_king = parse_fen("9/9/9/9/9/9/9/9/9/4K4 w");
  REQUIRE(no_black_king.ok());
  const auto strict = Position::from_setup(*no_black_king);
  REQUIRE_FALSE(strict.ok());
  REQUIRE(strict.error().size() == 1);
  CHECK(strict.error()[0].problem == PositionProblem::MissingKing);
  CHECK(strict.error()[0].color == Color::Black);
  const auto accepted = Position::from_setup(*no_black_king, Relaxations().allow(PositionProblem::MissingKing));
  REQUIRE(accepted.ok());
  CHECK(accepted->setup() == *no_black_king);
  // Accepting another problem does not accept this one.
  CHECK_FALSE(Position::from_setup(*no_black_king, Relaxations().allow(PositionProblem::KingsFacing)).ok());
  CHECK(Position::from_setup(*no_black_king, Relaxations::all()).ok());
}

// A side whose pieces could have more moves than a MoveList holds (extra
// rooks: 8 rooks and a king, up to 141) is never played: the list would
// overflow (perft counted 139 moves into 128 places before this check).
TEST_CASE("a set-up with more moves than a list holds is refused, whatever is relaxed", "[setup]") {
  const std::string eight_rooks = "3k5/R8/1R7/2R6/3R5/5R3/6R2/7R1/8R/4K4 w - - 0 1";
  const xq::Setup s = xq::parse_fen(eight_rooks).value();
  CHECK(xq::most_moves(s, xq::Color::Red) == 8 * 17 + 5);
  CHECK(xq::most_moves(s, xq::Color::Black) == 5);
  CHECK_FALSE(xq::moves_fit_lists(s));
  // Black's pieces counted as Black's (moves_fit_lists sums by piece code).
  const xq::Setup black = xq::parse_fen("4k4/r8/1r7/2r6/3r5/5r3/6r2/7r1/8r/3K5 b").value();
  CHECK(xq::most_moves(black, xq::Color::Black) == 8 * 17 + 5);
  CHECK_FALSE(xq::moves_fit_lists(black));
  CHECK(xq::moves_fit_lists(xq::parse_fen("4k4/r8/1r7/2r6/9/9/9/9/8r/3K5 b").value()));
  CHECK(has(xq::check_setup(s), PositionProblem::TooManyMoves));
  CHECK_FALSE(xq::Relaxations::all().allows(PositionProblem::TooManyMoves));
  CHECK_FALSE(xq::Relaxations().allow(PositionProblem::TooManyMoves).allows(PositionProblem::TooManyMoves));
  const auto refused = xq::Position::from_setup(s, xq::Relaxations::all());
  REQUIRE_FALSE(refused);
  CHECK(has(refused.error(), PositionProblem::TooManyMoves));
  // The game's own material stays within the list (120 at most), and so do
  // extra pieces that do not pass it (a study with three rooks).
  CHECK(xq::moves_fit_lists(xq::Setup::start()));
  CHECK(xq::most_moves(xq::Setup::start(), xq::Color::Red) == 2 * 17 + 2 * 17 + 2 * 8 + 5 + 2 * 4 + 2 * 4 + 5 * 3);
  CHECK_FALSE(has(issues_of("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"), PositionProblem::TooManyMoves));
  CHECK(xq::Position::from_setup(xq::parse_fen("3k5/9/9/9/9/9/9/9/9/RRR1K4 w").value(), xq::Relaxations::all()));
}
