// The resolver cuts a line at its first move that does not resolve, and
// names each cut once.
#include <catch2/catch.hpp>

#include "test_games.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/resolve_record.h"

using namespace xq;
using namespace xq::formats;

TEST_CASE("resolver: a cut main move leaves its variations, each bad one reported once", "[resolve]") {
  // a0a5 is illegal (the rook's own pawn on a3), h2e2 is fine, b0b5 is
  // illegal (a horse cannot move so): the first variation continues the
  // line; b0b5 is cut once, not again when h2e2 becomes the first child.
  auto games = xqtest::read_records("[Format \"ICCS\"]\n1. a0a5 (1. h2e2) (1. b0b5) *\n", read_pgn);
  REQUIRE(games.size() == 1);
  GameRecord& g = games[0];
  const StartPosition start = resolve_start(g);
  REQUIRE(start.setup);
  const auto issues = resolve_moves(g, *start.setup);
  REQUIRE(issues.size() == 2);
  CHECK(issues[0].text == "a0a5");
  CHECK(issues[0].variation == "main");
  CHECK(issues[1].text == "b0b5");
  CHECK(issues[1].variation == "1.2");
  const auto& root = g.node(g.root());
  REQUIRE(root.children.size() == 1);
  CHECK(to_iccs(g.node(root.children[0]).move) == "h2e2");
}

TEST_CASE("resolver: a set-up with more moves than a list holds is reported, not played", "[resolve]") {
  // Eight rooks and a king: 141 moves at most, more than a MoveList holds;
  // resolve_start gives no set-up for it, and one handed in anyway is a
  // bad-position issue, not a crash or an exception.
  auto games = xqtest::read_records("[Format \"ICCS\"]\n1. a8a7 *\n", read_pgn);
  REQUIRE(games.size() == 1);
  GameRecord& g = games[0];
  const Setup crowded = parse_fen("3k5/R8/1R7/2R6/3R5/5R3/6R2/7R1/8R/4K4 w").value();
  const auto issues = resolve_moves(g, crowded);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].code == Code::BadPosition);
  CHECK(issues[0].message.find("141 moves") != std::string::npos);
  CHECK(g.node(g.node(g.root()).children[0]).move == Move());
}
