// The move ids of a line against the board: a move is named by its file
// (an id) exactly when it is an advisor's or an elephant's, or no other
// piece of its kind stands on the file it leaves, counted on the position
// itself. The built-in book names too few moves to show a wrong count (a
// piece captured, or one that left a file, then another of its kind moving
// there), so the table here names every key with an id of its own.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <span>
#include <vector>

#include "move_ids.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/mirror.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

namespace {

// Every key named, each with its own id (kOther and kEnd left out).
xq::ecco::KeyTable every_key_named() {
  xq::ecco::KeyTable t;
  for (std::uint32_t k = 0; k < xq::ecco::kMoveKeyCount; ++k) t.ids[k] = xq::ecco::MoveId(2 + k);
  return t;
}

// Pieces of p's colour and type on `file`, counted on the board.
int on_file(const xq::Position& pos, xq::Piece p, int file) {
  int n = 0;
  for (int r = 0; r < xq::kRanks; ++r) n += pos.at(xq::Square(file, r)) == p;
  return n;
}

}  // namespace

TEST_CASE("ECCO move ids follow the pieces on each file through captures", "[ecco]") {
  const xq::ecco::KeyTable table = every_key_named();
  std::mt19937 rng(1207);
  std::size_t captures = 0, unnamed = 0;
  for (int game = 0; game < 3000; ++game) {
    xq::Position pos = xq::Position::start();
    std::vector<xq::Move> line;
    xq::ecco::Line want;
    want.fill(xq::ecco::kEnd);
    for (int ply = 0; ply < xq::ecco::kHorizon; ++ply) {
      xq::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      // Captures half the time when there are some: random play alone
      // rarely takes a piece twice within 20 plies.
      xq::MoveList taking;
      for (xq::Move m : moves)
        if (!pos.at(m.to()).empty()) taking.push(m);
      const xq::MoveList& from = !taking.empty() && rng() % 2 ? taking : moves;
      const xq::Move m = from[rng() % from.size()];
      const xq::Piece p = pos.at(m.from());
      const bool named = p.type() == xq::PieceType::Advisor || p.type() == xq::PieceType::Elephant ||
                         on_file(pos, p, m.from().file()) == 1;
      want[std::size_t(ply)] = named ? table.ids[xq::ecco::key_of_move(p, m)] : xq::ecco::kOther;
      captures += !pos.at(m.to()).empty();
      unnamed += !named;
      line.push_back(m);
      xq::Undo u;
      pos.make(m, u);
    }
    xq::ecco::Line got;
    INFO("game " << game << ", first move " << xq::to_iccs(line.front()));
    REQUIRE(xq::ecco::move_ids(table, line, false, got) == line.size());
    REQUIRE(got == want);
    // The mirrored line read as its mirror gives the same ids.
    std::vector<xq::Move> mirror;
    for (xq::Move m : line) mirror.push_back(xq::mirrored(m));
    REQUIRE(xq::ecco::move_ids(table, mirror, true, got) == line.size());
    REQUIRE(got == want);
    // Read on demand, in any order (the tree walk asks a late ply first
    // when a gate names it), and cut short: the same ids, kEnd past the cut.
    const std::size_t cut = rng() % (line.size() + 1);
    xq::ecco::LineIds lazy(table, std::span<const xq::Move>(line).first(cut), false);
    std::array<std::size_t, xq::ecco::kHorizon> order{};
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t ply : order) REQUIRE(lazy[ply] == (ply < cut ? want[ply] : xq::ecco::kEnd));
    for (std::size_t plies = 0; plies <= std::size_t(xq::ecco::kHorizon); ++plies)
      REQUIRE(lazy.read_of(plies) == std::min(plies, cut));
  }
  // The games took pieces and doubled them on files, or the test shows nothing.
  CHECK(captures > 10000);
  CHECK(unnamed > 300);
}

TEST_CASE("ECCO move ids stop at a move of the wrong side", "[ecco]") {
  const xq::ecco::KeyTable table = every_key_named();
  const std::vector<xq::Move> line = {*xq::parse_iccs("h2e2"), *xq::parse_iccs("h0g2")};
  xq::ecco::Line got;
  CHECK(xq::ecco::move_ids(table, line, false, got) == 1);
  CHECK(got[1] == xq::ecco::kEnd);
  xq::ecco::LineIds lazy(table, line, false);
  CHECK(lazy[1] == xq::ecco::kEnd);  // asked first: the read stops at it all the same
  CHECK(lazy[0] == got[0]);
  CHECK(lazy.read_of(2) == 1);
}
