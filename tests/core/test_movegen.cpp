// Move generation and make/undo over random games.
#include <catch2/catch.hpp>
#include <random>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"

// The position of a FEN the test requires to be valid.
static xq::Position position_of(const char* fen) {
  const auto setup = xq::parse_fen(fen);
  REQUIRE(setup);
  return xq::Position(*setup);
}

// The same moves in the same order.
static void require_same_list(const xq::MoveList& got, const xq::MoveList& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) REQUIRE(got[i] == want[i]);
}

// generate_legal_captures_to on every square: the legal captures that land
// there (`captures`, in generation order), in the same order.
static void require_captures_to_each_square(const xq::Position& pos, const xq::MoveList& captures) {
  for (int sq = 0; sq < xq::kSquares; ++sq) {
    xq::MoveList to_sq, want_to;
    pos.generate_legal_captures_to(xq::Square(sq), to_sq);
    for (xq::Move m : captures)
      if (m.to() == xq::Square(sq)) want_to.push(m);
    require_same_list(to_sq, want_to);
  }
}

TEST_CASE("make/undo restores the position exactly over random games", "[movegen]") {
  std::mt19937 rng(20261130);
  for (int game = 0; game < 200; ++game) {
    xq::Position pos;
    std::vector<std::pair<xq::Move, xq::Undo>> history;
    std::vector<xq::Setup> setups;
    for (int ply = 0; ply < 200; ++ply) {
      xq::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) {
        CHECK(pos.state() != xq::GameState::Ongoing);
        break;
      }
      const xq::Move m = moves[std::size_t(rng() % moves.size())];
      setups.push_back(pos.setup());
      xq::Undo u;
      pos.make(m, u);
      history.emplace_back(m, u);
      REQUIRE(pos.key() == pos.compute_key());
      // The move never leaves the mover's king attacked.
      REQUIRE_FALSE(pos.king_attacked(~pos.side_to_move()));
    }
    while (!history.empty()) {
      pos.undo(history.back().first, history.back().second);
      history.pop_back();
      REQUIRE(pos.setup() == setups.back());
      REQUIRE(pos.key() == pos.compute_key());
      setups.pop_back();
    }
    REQUIRE(pos.setup() == xq::Setup::start());
  }
}

// The legal moves are exactly the pseudo-legal moves after which the king,
// tested on the real position, is safe, in the pseudo-legal order (the
// rules' searches take the first answer they find: in check, the evasions
// must come in the order of the full walk); count_legal and has_legal_move
// agree.
static void require_legal_by_king_test(const xq::Position& pos) {
  xq::MoveList pseudo, legal;
  pos.generate_pseudo_legal(pseudo);
  pos.generate_legal(legal);
  std::size_t safe = 0;
  for (xq::Move m : pseudo) {
    xq::Position copy = pos;
    xq::Undo u;
    copy.make(m, u);
    const bool ok = !copy.king_attacked(pos.side_to_move());
    REQUIRE(ok == legal.contains(m));
    if (ok) REQUIRE(legal[safe] == m);
    safe += ok;
  }
  REQUIRE(safe == legal.size());
  REQUIRE(pos.count_legal() == legal.size());
  REQUIRE(pos.has_legal_move() == !legal.empty());
  // The check state a generator leaves behind (the safety filter may learn
  // it from its walk of the checkers) is the attack test's, on a copy whose
  // check state nothing has asked yet.
  const xq::Position fresh(pos.setup());
  xq::MoveList again;
  fresh.generate_legal(again);
  REQUIRE(fresh.in_check() == fresh.king_attacked(fresh.side_to_move()));
  const xq::Position fresh_captures(pos.setup());
  fresh_captures.generate_legal_captures(again);
  REQUIRE(fresh_captures.in_check() == fresh_captures.king_attacked(fresh_captures.side_to_move()));
  // has_legal_move asked first leaves the check state right: learned from its
  // walk, or still unknown when a king step answered first.
  const xq::Position fresh_any(pos.setup());
  REQUIRE(fresh_any.has_legal_move() == !legal.empty());
  REQUIRE(fresh_any.in_check() == fresh_any.king_attacked(fresh_any.side_to_move()));
}

TEST_CASE("legal moves are exactly the pseudo-legal moves that keep the king safe; gives_check is exact", "[movegen]") {
  std::mt19937 rng(7);
  for (int game = 0; game < 100; ++game) {
    xq::Position pos;
    for (int ply = 0; ply < 150; ++ply) {
      xq::MoveList pseudo, legal;
      pos.generate_pseudo_legal(pseudo);
      pos.generate_legal(legal);
      require_legal_by_king_test(pos);
      for (xq::Move m : pseudo) {
        // gives_check (with its quick test of the king's zone) against the
        // attack test after the move; taking the king is no check.
        if (pos.at(m.to()).type() == xq::PieceType::King) continue;
        xq::Position copy = pos;
        xq::Undo u;
        copy.make(m, u);
        REQUIRE(pos.gives_check(m) == copy.king_attacked(~pos.side_to_move()));
      }
      // The same with the side to move changed by hand, as the repetition
      // rules ask of positions: the side not to move may stand in check.
      xq::Setup other = pos.setup();
      other.side_to_move = ~other.side_to_move;
      const xq::Position flipped(other);
      require_legal_by_king_test(flipped);
      xq::MoveList flipped_moves;
      flipped.generate_pseudo_legal(flipped_moves);
      for (xq::Move m : flipped_moves) {
        if (flipped.at(m.to()).type() == xq::PieceType::King) continue;
        xq::Position copy = flipped;
        xq::Undo u;
        copy.make(m, u);
        REQUIRE(flipped.gives_check(m) == copy.king_attacked(~flipped.side_to_move()));
      }
      // Its legal checks: every legal move that gives check, in order.
      xq::MoveList flipped_legal, flipped_checks, flipped_want;
      flipped.generate_legal(flipped_legal);
      flipped.generate_legal_checks(flipped_checks);
      for (xq::Move m : flipped_legal)
        if (flipped.at(m.to()).type() != xq::PieceType::King && flipped.gives_check(m)) flipped_want.push(m);
      require_same_list(flipped_checks, flipped_want);
      // The captures alone: the pseudo-legal moves that take a piece, in order.
      xq::MoveList captures, taking;
      pos.generate_pseudo_captures(captures);
      for (xq::Move m : pseudo)
        if (!pos.at(m.to()).empty()) taking.push(m);
      require_same_list(captures, taking);
      // The legal captures and the legal checks (neither taking the king).
      xq::MoveList legal_captures, legal_checks, want_captures, want_checks;
      pos.generate_legal_captures(legal_captures);
      pos.generate_legal_checks(legal_checks);
      for (xq::Move m : legal) {
        if (pos.at(m.to()).type() == xq::PieceType::King) continue;
        if (!pos.at(m.to()).empty()) want_captures.push(m);
        if (pos.gives_check(m)) want_checks.push(m);
      }
      require_same_list(legal_captures, want_captures);
      // The captures of some pieces only (every third square, kings among
      // them): those of the list that take one of them, in order.
      xq::SquareSet targets;
      for (int sq = ply % 3; sq < xq::kSquares; sq += 3) targets.insert(xq::Square(sq));
      xq::MoveList captures_of, want_of;
      pos.generate_legal_captures_of(targets, captures_of);
      for (xq::Move m : want_captures)
        if (targets.contains(m.to())) want_of.push(m);
      require_same_list(captures_of, want_of);
      // has_legal_move (which walks only the evasions in check) agrees on
      // the flipped position too, where the side to move may be in check.
      REQUIRE(flipped.has_legal_move() == !flipped_legal.empty());
      require_captures_to_each_square(pos, want_captures);
      require_same_list(legal_checks, want_checks);
      if (legal.empty()) break;
      xq::Undo u;
      pos.make(legal[std::size_t(rng() % legal.size())], u);
    }
  }
}

TEST_CASE("checkmate and stalemate (困毙) are told apart", "[movegen]") {
  // Black king d9, red rook d5 checks; e9 faces the red king on the open e-file.
  const auto mated = xq::parse_fen("3k5/9/9/9/3R5/9/9/9/9/4K4 b");
  REQUIRE(mated.ok());
  const xq::Position m(*mated);
  CHECK(m.in_check());
  CHECK(m.state() == xq::GameState::Checkmate);
  // Same king, the rook on a8 guards d8 without giving check: no legal move.
  const auto stale = xq::parse_fen("3k5/R8/9/9/9/9/9/9/9/4K4 b");
  REQUIRE(stale.ok());
  const xq::Position s(*stale);
  CHECK_FALSE(s.in_check());
  CHECK(s.state() == xq::GameState::Stalemate);
  CHECK(xq::Position().state() == xq::GameState::Ongoing);
}

// Relaxed set-ups whose captures onto a square come from pieces off their
// usual points: an elephant across the river taking back onto its own side,
// an advisor and a king outside the palace (review of branch cycle2: the
// masks that choose which lists captures_to walks could drop each of them
// and the random games from the start never showed it).
TEST_CASE("captures onto a square by an elephant, advisor or king off its points", "[movegen]") {
  for (const char* fen : {"3k5/9/9/2B6/9/4p4/9/9/9/4K4 w", "3k5/9/9/9/9/9/2A6/3p5/9/4K4 w",
                          "4k4/9/9/9/9/9/3K5/3r5/9/9 w"}) {
    INFO(fen);
    const xq::Position pos = position_of(fen);
    xq::MoveList legal, want_all;
    pos.generate_legal(legal);
    for (xq::Move m : legal)
      if (!pos.at(m.to()).empty() && pos.at(m.to()).type() != xq::PieceType::King) want_all.push(m);
    REQUIRE(want_all.size() > 0);
    require_captures_to_each_square(pos, want_all);
  }
}

// Relaxed set-ups: a king across the river where an enemy elephant steps; a
// piece leaving the elephant's eye exposes it (review of the sixth session:
// generate_legal and has_legal_move let such moves through).
TEST_CASE("a piece on an elephant's eye is pinned to a king across the river", "[movegen]") {
  for (const char* fen : {"9/1P6c/9/8n/1K3P3/5A1p1/2k3C1R/1n7/B4P3/3Pp4 b",
                          "4R4/1p5R1/7P1/6a1p/5P1c1/3B5/P1r6/Kk2n1N2/5p3/1P7 b"}) {
    INFO(fen);
    require_legal_by_king_test(position_of(fen));
  }
}

// Relaxed set-ups: a king across the river checked only by what attacks on
// its own side (an elephant, an advisor, the other king beside it), which
// the walk of the checkers (rooks, cannons, horses, pawns, the file) does
// not see: the check state and the legal moves come from the attack test.
TEST_CASE("a king across the river is in check from an elephant, an advisor or the king beside it", "[movegen]") {
  for (const char* fen : {"9/9/9/9/9/9/9/4k4/9/2BK5 b", "9/9/9/9/9/9/9/4k4/3A5/3K5 b", "9/9/9/9/9/9/9/3Kk4/9/9 b"}) {
    INFO(fen);
    const xq::Position pos = position_of(fen);
    REQUIRE(pos.king_attacked(xq::Color::Black));
    require_legal_by_king_test(pos);
  }
}

// Double checks whose only answers are a king's step or a screen's capture:
// the in-check walk must move the king and the screens, not only the pieces
// that reach a square answering every check (review of the evasion walk:
// random games have too few double checks to notice either left out).
TEST_CASE("double checks are answered by the king or by a cannon's screen", "[movegen]") {
  for (const char* fen : {"2Ck1a3/9/3r4b/9/4p3n/9/9/2pK5/4p2p1/3c5 w", "5a3/3k1R3/3n5/9/3C5/9/9/9/4A4/2N1K4 b"}) {
    INFO(fen);
    const xq::Position pos = position_of(fen);
    REQUIRE(pos.king_attacked(pos.side_to_move()));
    require_legal_by_king_test(pos);
  }
  // The horse's capture of the rook is the one answer to rook and cannon.
  xq::MoveList legal;
  position_of("5a3/3k1R3/3n5/9/3C5/9/9/9/4A4/2N1K4 b").generate_legal(legal);
  REQUIRE(legal.size() == 1);
  CHECK(xq::to_iccs(legal[0]) == "d7f8");
}

// A relaxed set-up with a second king of a colour (ExtraKing, which the
// audit reads on): the king is the first one found; the other moves as any
// piece, and its moves are tested for that king's safety, the same in every
// generator (review of the evasion walk: the checks and the captures of
// some pieces lost e9d9).
TEST_CASE("with two kings of a colour, every generator keeps the same king safe", "[movegen]") {
  for (const char* fen : {"4k4/5k3/9/9/9/9/9/9/9/3K5 b", "3Rk4/5k3/9/9/9/9/9/9/9/3K5 b"}) {
    INFO(fen);
    const xq::Position pos = position_of(fen);
    xq::MoveList legal, checks, want_checks, captures_of, want_captures;
    pos.generate_legal(legal);
    pos.generate_legal_checks(checks);
    xq::SquareSet all;
    for (int sq = 0; sq < xq::kSquares; ++sq) all.insert(xq::Square(sq));
    pos.generate_legal_captures_of(all, captures_of);
    for (xq::Move m : legal) {
      if (pos.at(m.to()).type() == xq::PieceType::King) continue;
      if (pos.gives_check(m)) want_checks.push(m);
      if (!pos.at(m.to()).empty()) want_captures.push(m);
    }
    require_same_list(checks, want_checks);
    require_same_list(captures_of, want_captures);
    CHECK_FALSE(checks.empty());
  }
}
