// Each filter on games read from PGN: what it selects, what it leaves, and
// the PLY that --list prints; a game not read in full is flagged whatever
// the filters decide.
#include <catch2/catch.hpp>

#include "test_games.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/select/select.h"

using namespace xq;
using namespace xq::select;
using formats::Code;

namespace {

const char* kOpening =
    "[Red \"许银川\"]\n[Black \"吕钦\"]\n[Event \"2004年全国个人赛\"]\n[Date \"2004.05.??\"]\n"
    "1. h2e2 h9g7 2. h0g2 i9h9 *\n";
// The same opening from the other wing: the mirror of kOpening.
const char* kMirrored = "[Red \"吕钦\"]\n[Black \"胡荣华\"]\n1. b2e2 b9c7 2. b0c2 a9b9 1/2-1/2\n";
// Ply 3 is illegal (the cannon cannot pass its own pawn on e3).
const char* kDamaged = "[Red \"许银川\"]\n1. h2e2 h9g7 2. e2e5 g7f5 *\n";
// Two rooks against a bare king; 1. i0i9 mates.
const char* kMate = "[FEN \"3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1\"]\n[Result \"1-0\"]\n1. i0i9 1-0\n";

formats::BuiltGame game(const char* pgn) {
  auto games = xqtest::read_built(pgn, formats::read_pgn);
  REQUIRE(games.size() == 1);
  return std::move(games.front());
}

Choice run(const char* pgn, const Filters& f) {
  SelectOptions o;
  o.filters = f;
  const auto g = game(pgn);
  return choose(g.record, g.issues, o);
}

Setup fen(const char* text) { return parse_fen(text).value(); }

}  // namespace

TEST_CASE("select: no filter selects every game, PLY its plies", "[select]") {
  const Choice c = run(kOpening, {});
  CHECK(c.selected);
  CHECK(c.plies == 4);
  CHECK(c.ply == 4);
  CHECK_FALSE(c.damage);
}

TEST_CASE("select: --tag, --player and --event match by regular expression", "[select]") {
  const auto g = game(kOpening);
  auto with = [&](auto fill) {
    SelectOptions o;
    fill(o.filters);
    return choose(g.record, g.issues, o).selected;
  };
  CHECK(with([](Filters& f) { f.players.push_back(Pattern::compile("^许银川$").value()); }));
  CHECK(with([](Filters& f) { f.players.push_back(Pattern::compile("吕钦").value()); }));  // Black counts too
  CHECK_FALSE(with([](Filters& f) { f.players.push_back(Pattern::compile("胡荣华").value()); }));
  // Each --player must match (AND): one side each is fine.
  CHECK(with([](Filters& f) {
    f.players.push_back(Pattern::compile("许").value());
    f.players.push_back(Pattern::compile("吕").value());
  }));
  CHECK(with([](Filters& f) { f.tags.push_back(parse_tag_filter("event=全国").value()); }));  // any case of the name
  CHECK_FALSE(with([](Filters& f) { f.tags.push_back(parse_tag_filter("Event=^全国").value()); }));
  CHECK_FALSE(with([](Filters& f) { f.tags.push_back(parse_tag_filter("Site=.*").value()); }));  // no such tag
}

TEST_CASE("select: --date keeps a game whose recorded date lies inside", "[select]") {
  Filters f;
  f.date = parse_date_range("2004.05:2004.05").value();
  CHECK(run(kOpening, f).selected);
  f.date = parse_date_range("2004.05.01:2004.05.15").value();  // the game may be later in May
  CHECK_FALSE(run(kOpening, f).selected);
  f.date = parse_date_range("2000:").value();
  CHECK(run(kOpening, f).selected);
  CHECK_FALSE(run(kMirrored, f).selected);  // no date recorded
}

TEST_CASE("select: --result, * standing for none recorded", "[select]") {
  Filters f;
  f.results = {"*"};
  CHECK(run(kOpening, f).selected);
  CHECK_FALSE(run(kMirrored, f).selected);
  f.results = {"1-0", "1/2-1/2"};
  CHECK(run(kMirrored, f).selected);
  CHECK(run(kMate, f).selected);
}

TEST_CASE("select: --position finds board and side, PLY where it first occurs", "[select]") {
  Filters f;
  // After 1. h2e2: Black to move.
  f.position = fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1");
  Choice c = run(kOpening, f);
  CHECK(c.selected);
  CHECK(c.ply == 1);
  CHECK_FALSE(run(kMirrored, f).selected);
  f.mirror = true;
  c = run(kMirrored, f);
  CHECK(c.selected);
  CHECK(c.ply == 1);
  // The same board with Red to move is another position.
  f.mirror = false;
  f.position = fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1");
  CHECK_FALSE(run(kOpening, f).selected);
  // The start position is ply 0.
  f.position = Setup::start();
  c = run(kOpening, f);
  CHECK(c.selected);
  CHECK(c.ply == 0);
}

TEST_CASE("select: --material is the material on the board at some ply", "[select]") {
  Filters f;
  f.material = parse_material("RR-").value();
  CHECK(run(kMate, f).selected);
  CHECK_FALSE(run(kOpening, f).selected);
  f.material = parse_material("RRHHCCAABBPPPPP-RRHHCCAABBPPPPP").value();
  CHECK(run(kOpening, f).selected);
  f.material = parse_material("R-").value();
  CHECK_FALSE(run(kMate, f).selected);
}

TEST_CASE("select: --plies counts the main line replayed", "[select]") {
  Filters f;
  f.plies = parse_ply_range("4:4").value();
  CHECK(run(kOpening, f).selected);
  f.plies = parse_ply_range("5:").value();
  CHECK_FALSE(run(kOpening, f).selected);
  f.plies = parse_ply_range("2").value();
  CHECK(run(kDamaged, f).selected);  // two plies replay before the illegal one
}

TEST_CASE("select: --ecco classifies the moves, a mirrored opening alike", "[select]") {
  Filters f;
  f.ecco = parse_ecco_set("B05").value();  // 中炮对进左马 (其他): 炮二平五 马８进７, no 屏风马 yet
  CHECK(run(kOpening, f).selected);
  CHECK(run(kMirrored, f).selected);  // 炮八平五 马２进３ ..., read as its mirror
  f.ecco = parse_ecco_set("C,D,A0-A9,E").value();
  CHECK_FALSE(run(kOpening, f).selected);
  f.ecco = parse_ecco_set("B").value();
  CHECK_FALSE(run(kMate, f).selected);  // not from the standard start: no code
}

TEST_CASE("select: --ends mate and incomplete, from the audit", "[select]") {
  Filters f;
  f.endings = parse_endings("mate").value();
  CHECK(run(kMate, f).selected);
  CHECK_FALSE(run(kOpening, f).selected);
  f.endings = parse_endings("incomplete").value();
  CHECK(run(kOpening, f).selected);  // no result, the game goes on
  CHECK_FALSE(run(kMate, f).selected);
  CHECK_FALSE(run(kMirrored, f).selected);  // a draw recorded
  f.endings = parse_endings("stalemate,repetition,natural-limit").value();
  CHECK_FALSE(run(kOpening, f).selected);
  CHECK_FALSE(run(kMate, f).selected);
}

TEST_CASE("select: --finding and --no-errors read the audit", "[select]") {
  Filters f;
  f.findings = {{Code::IllegalMove}};
  CHECK(run(kDamaged, f).selected);
  CHECK_FALSE(run(kOpening, f).selected);
  f.findings = {{Code::IllegalMove, Code::NoResult}};  // one of them
  CHECK(run(kOpening, f).selected);
  f.findings = {{Code::IllegalMove}, {Code::NoResult}};  // both
  CHECK(run(kDamaged, f).selected);
  CHECK_FALSE(run(kOpening, f).selected);
  Filters clean;
  clean.no_errors = true;
  CHECK(run(kOpening, clean).selected);
  CHECK_FALSE(run(kDamaged, clean).selected);
}

TEST_CASE("select: a main line that stops replaying is damage, named", "[select]") {
  const Choice c = run(kDamaged, {});
  REQUIRE(c.damage);
  CHECK(c.damage->code == Code::IllegalMove);
  CHECK(c.damage->ply == 3);
  CHECK(c.damage->text == "e2e5");
  CHECK(c.damage->move_number == 2);
  CHECK(c.damage->message.find("read up to ply 2") != std::string::npos);
  CHECK(c.selected);  // the filters (none) judge what was read
}

TEST_CASE("select: a game with no start position is damage", "[select]") {
  const Choice c = run("[FEN \"9/9/9/9/9/9/9/9/9/9 w - - 0 1\"]\n1. h2e2 *\n", {});
  REQUIRE(c.damage);
  CHECK(c.damage->severity == formats::Severity::Error);
  CHECK(c.plies == 0);
}
