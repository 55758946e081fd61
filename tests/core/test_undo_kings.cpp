// Undo gives back the king squares the position tracked before the move,
// also in relaxed set-ups with two kings of a colour, where the king a
// capture takes may not be the tracked one: the position after undoing
// must be the one built fresh from the same FEN (the same tracked king,
// the same check state, the same legality verdicts).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/line_history.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

namespace {

xq::Position from_fen(const std::string& fen) {
  auto setup = xq::parse_fen(fen);
  REQUIRE(setup.ok());
  return xq::Position(*setup);
}

xq::Move iccs(const char* text) { return xq::parse_plain_iccs(text); }

// `pos` and a position built fresh from its FEN agree on the tracked kings,
// the check states and every pseudo-legal move's make_if_legal verdict.
void require_same_as_fresh(xq::Position& pos) {
  xq::Position fresh = from_fen(xq::to_fen(pos.setup()));
  INFO(xq::to_fen(pos.setup()));
  REQUIRE(pos.key() == fresh.key());
  REQUIRE(pos.king(xq::Color::Red) == fresh.king(xq::Color::Red));
  REQUIRE(pos.king(xq::Color::Black) == fresh.king(xq::Color::Black));
  REQUIRE(pos.in_check() == fresh.in_check());
  xq::MoveList moves;
  fresh.generate_pseudo_legal(moves);
  for (xq::Move m : moves) {
    INFO(xq::to_iccs(m));
    xq::Undo a, b;
    const bool legal = fresh.make_if_legal(m, a);
    REQUIRE(pos.make_if_legal(m, b) == legal);
    if (!legal) continue;
    REQUIRE(pos.in_check() == fresh.in_check());
    pos.undo(m, b);
    fresh.undo(m, a);
  }
}

// Two red kings, d0 (the tracked one: found first) and f0; Black's horse
// on c2 takes d0, its rook on f5 takes f0, its pawn b1-c1 fills the
// horse's leg afterwards, so that d0 is safe and f0 attacked.
constexpr const char* kTwoKings = "4k4/9/9/9/5r3/9/P8/2n6/1p7/3K1K3 b - - 0 1";

}  // namespace

TEST_CASE("undo: the tracked king comes back after both kings of a colour were taken", "[position][undo]") {
  xq::Position pos = from_fen(kTwoKings);
  REQUIRE(pos.king(xq::Color::Red) == xq::Square(3, 0));
  const std::vector<xq::Move> line = {iccs("c2d0"), iccs("a3a4"), iccs("f5f0")};
  std::vector<xq::Undo> undos(line.size());
  for (std::size_t i = 0; i < line.size(); ++i) pos.make(line[i], undos[i]);
  REQUIRE(!pos.king(xq::Color::Red).valid());
  for (std::size_t i = line.size(); i-- > 0;) pos.undo(line[i], undos[i]);
  require_same_as_fresh(pos);
  // The tracked king's check state after a quiet move: d0 safe, f0 attacked.
  xq::Undo u;
  pos.make(iccs("b1c1"), u);
  require_same_as_fresh(pos);
  REQUIRE(!pos.in_check());
}

TEST_CASE("line history: walking back over the captures of two kings gives the tracked kings back", "[position][undo]") {
  xq::Position pos = from_fen(kTwoKings);
  std::vector<xq::Position> played = {pos};  // the position before each ply, as make left it
  xq::LineHistory history;
  for (const char* text : {"c2d0", "a3a4", "f5f0"}) {
    xq::Undo u;
    pos.make(iccs(text), u);
    history.push(iccs(text), u);
    played.push_back(pos);
  }
  for (std::size_t ply = 1; ply <= played.size(); ++ply) {
    INFO("before ply " << ply);
    xq::Position back = history.before(pos, ply);
    const xq::Position& want = played[ply - 1];
    REQUIRE(xq::to_fen(back.setup()) == xq::to_fen(want.setup()));
    REQUIRE(back.key() == want.key());
    REQUIRE(back.king(xq::Color::Red) == want.king(xq::Color::Red));
    REQUIRE(back.king(xq::Color::Black) == want.king(xq::Color::Black));
    REQUIRE(back.king_attacked(xq::Color::Red) == want.king_attacked(xq::Color::Red));
  }
  xq::Position start = history.before(pos, 1);
  require_same_as_fresh(start);
}
