// has_mate_in_one and the mate tests of the searches (Position::has_legal_move
// after a check, which tries the king's own steps first) against the plain
// definition: a pseudo-legal move that leaves the mover's king unattacked,
// takes no king and attacks the other king, after which no pseudo-legal
// reply leaves the defender's king unattacked. Each position tested on copies
// made by make and read by the attack test alone. Random games that take
// whenever they can bring bare kings and mates in one; each position is also
// asked with the other side to move (a relaxed set-up: the king of the side
// not to move may stand attacked).
#include <catch2/catch.hpp>

#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/rules/exchange.h"

#include "capturing_games.h"
#include "plain_moves.h"

using namespace xq;

namespace {

bool plain_has_legal_move(const Position& pos) { return !xq::test::plain_legal(pos).empty(); }

bool plain_mate_in_one(const Position& pos) {
  const Color us = pos.side_to_move();
  MoveList pseudo;
  pos.generate_pseudo_legal(pseudo);
  for (Move m : pseudo) {
    if (pos.at(m.to()).type() == PieceType::King) continue;
    Position copy = pos;
    Undo u;
    copy.make(m, u);
    if (copy.king_attacked(us) || !copy.king_attacked(~us)) continue;
    if (!plain_has_legal_move(copy)) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("mate in one and the reply test after a check against the plain definition", "[rules][exchange]") {
  long positions = 0, mates = 0, checks = 0, no_reply = 0;
  // Each position also with the other side to move (see the file comment).
  for (const Position& asked : xqtest::capturing_game_positions(20261207, 150, 150, {4, true, true})) {
    INFO(to_fen(asked.setup()));
    const bool want = plain_mate_in_one(asked);
    Position p = asked;
    REQUIRE(rules::has_mate_in_one(p) == want);
    ++positions;
    mates += want;
    // Every legal check, and whether the defender can answer it, the
    // check state after make not yet known and known.
    MoveList list;
    p.generate_legal_checks(list);
    for (Move k : list) {
      Position after = p;
      Undo ku;
      after.make_legal(k, ku);
      const bool answer = plain_has_legal_move(after);
      REQUIRE(after.has_legal_move() == answer);
      Position known = after;
      (void)known.in_check();
      REQUIRE(known.has_legal_move() == answer);
      ++checks;
      no_reply += !answer;
    }
  }
  // Not vacuous: mates in one and checks without an answer come up.
  CHECK(positions > 20000);
  CHECK(mates > 300);
  CHECK(checks > 20000);
  CHECK(no_reply > 300);
}
