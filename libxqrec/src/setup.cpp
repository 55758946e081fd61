// The start position and the position check.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "board_attacks.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"
#include "xqrec/core/setup.h"

namespace xq {

namespace {

// Ranks as seen from the piece's own side: 0 is its back rank.
int relative_rank(Color c, Square s) { return c == Color::Red ? s.rank() : 9 - s.rank(); }

bool advisor_point(Color c, Square s) {
  const int f = s.file(), r = relative_rank(c, s);
  return (r == 0 || r == 2) ? (f == 3 || f == 5) : (r == 1 && f == 4);
}

bool elephant_point(Color c, Square s) {
  const int f = s.file(), r = relative_rank(c, s);
  if (r == 0 || r == 4) return f == 2 || f == 6;
  if (r == 2) return f == 0 || f == 4 || f == 8;
  return false;
}

// A pawn is never behind its start rank, and before the river it can only
// stand on the five files it starts on.
bool pawn_point(Color c, Square s) {
  const int r = relative_rank(c, s);
  if (r < 3) return false;
  if (r <= 4) return s.file() % 2 == 0;
  return true;
}

std::string where(Piece p, Square s) {
  return std::string(color_name(p.color())) + " " + std::string(piece_type_name(p.type())) + " on " + s.name();
}

}  // namespace

Setup Setup::start() {
  // The start FEN is a constant; parsed once.
  static const Setup start = parse_fen(kStartFen).value();
  return start;
}

std::string_view problem_code(PositionProblem p) {
  switch (p) {
    case PositionProblem::MissingKing: return "missing-king";
    case PositionProblem::ExtraKing: return "extra-king";
    case PositionProblem::KingOutsidePalace: return "king-outside-palace";
    case PositionProblem::AdvisorOffSquare: return "advisor-off-square";
    case PositionProblem::ElephantOffSquare: return "elephant-off-square";
    case PositionProblem::PawnOffSquare: return "pawn-off-square";
    case PositionProblem::TooManyPieces: return "too-many-pieces";
    case PositionProblem::KingsFacing: return "kings-facing";
    case PositionProblem::SideNotToMoveInCheck: return "side-not-to-move-in-check";
    case PositionProblem::TooManyMoves: return "too-many-moves";
    case PositionProblem::Count: break;
  }
  return "unknown";
}

Relaxations Relaxations::all() {
  Relaxations r;
  for (unsigned p = 0; p < unsigned(PositionProblem::Count); ++p) r.allow(PositionProblem(p));
  return r;
}

int most_moves(const Setup& setup, Color c) {
  // By piece type: none, king, advisor, elephant, horse, rook, cannon, pawn.
  constexpr int kMost[kPieceTypeCount] = {0, 5, 4, 4, 8, 17, 17, 3};
  static_assert(kMost[int(PieceType::Rook)] == 17 && kMost[int(PieceType::Pawn)] == 3);
  int n = 0;
  for (const Piece p : setup.board)
    if (!p.empty() && p.color() == c) n += kMost[int(p.type())];
  return n;
}

bool moves_fit_lists(const Setup& setup) {
  // Asked of every game's start (from_setup; resolve_start reads the same
  // answer from check_setup's issues instead; side_of_first_move of a FEN
  // whose side field is bad): the standard board by one memcmp
  // (summing it cost 1.5 % of an ICCS audit), any other in one pass by
  // piece code (colour << 3 | type).
  static const Setup standard = Setup::start();
  static_assert(sizeof(Piece) == 1 && std::is_trivially_copyable_v<Piece>);
  if (std::memcmp(setup.board.data(), standard.board.data(), sizeof setup.board) == 0) return true;
  constexpr int kMost[kPieceCodeCount] = {0, 5, 4, 4, 8, 17, 17, 3, 0, 5, 4, 4, 8, 17, 17, 3};
  int most[2] = {0, 0};
  for (const Piece p : setup.board) most[p.code() >> 3 & 1] += kMost[p.code() & (kPieceCodeCount - 1)];
  return most[0] <= int(MoveList::kCapacity) && most[1] <= int(MoveList::kCapacity);
}

std::vector<PositionIssue> check_setup(const Setup& setup) {
  std::vector<PositionIssue> issues;
  int counts[2][kPieceTypeCount] = {};
  Square kings[2] = {Square::none(), Square::none()};

  for (int i = 0; i < kSquares; ++i) {
    const Square s(i);
    const Piece p = setup.at(s);
    if (p.empty()) continue;
    const Color c = p.color();
    ++counts[index(c)][int(p.type())];
    switch (p.type()) {
      case PieceType::King:
        if (!kings[index(c)].valid()) kings[index(c)] = s;
        else issues.push_back({PositionProblem::ExtraKing, c, s, "extra " + where(p, s) + ": a side has one king"});
        if (!in_palace(c, s))
          issues.push_back({PositionProblem::KingOutsidePalace, c, s, where(p, s) + " is outside its palace"});
        break;
      case PieceType::Advisor:
        if (!advisor_point(c, s))
          issues.push_back({PositionProblem::AdvisorOffSquare, c, s, where(p, s) + " is off the five palace points"});
        break;
      case PieceType::Elephant:
        if (!elephant_point(c, s))
          issues.push_back({PositionProblem::ElephantOffSquare, c, s,
                            where(p, s) +
                                (on_own_side(c, s) ? " is off its seven points" : " has crossed the river")});
        break;
      case PieceType::Pawn:
        if (!pawn_point(c, s))
          issues.push_back({PositionProblem::PawnOffSquare, c, s,
                            where(p, s) + (relative_rank(c, s) < 3 ? " is behind its start rank"
                                                                   : " is on a file it cannot reach before the river")});
        break;
      default:
        break;
    }
  }

  constexpr int kMax[kPieceTypeCount] = {0, 1, 2, 2, 2, 2, 2, 5};
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = Color(ci);
    if (counts[ci][int(PieceType::King)] == 0)
      issues.push_back({PositionProblem::MissingKing, c, Square::none(), std::string(color_name(c)) + " has no king"});
    for (int t = int(PieceType::Advisor); t < kPieceTypeCount; ++t)
      if (counts[ci][t] > kMax[t])
        issues.push_back({PositionProblem::TooManyPieces, c, Square::none(),
                          std::string(color_name(c)) + " has " + std::to_string(counts[ci][t]) + " " +
                              std::string(piece_type_name(PieceType(t))) + "s; at most " + std::to_string(kMax[t]) +
                              " are possible"});
  }

  const Square rk = kings[0], bk = kings[1];
  bool facing = false;
  if (rk.valid() && bk.valid() && rk.file() == bk.file()) {
    facing = true;
    const int lo = std::min(rk.rank(), bk.rank()), hi = std::max(rk.rank(), bk.rank());
    for (int r = lo + 1; r < hi; ++r)
      if (!setup.at(Square(rk.file(), r)).empty()) facing = false;
    if (facing)
      issues.push_back({PositionProblem::KingsFacing, setup.side_to_move, Square::none(),
                        "the kings face each other on file " + std::string(1, char('a' + rk.file())) +
                            " with no piece between"});
  }

  const Color waiting = ~setup.side_to_move;
  const Square wk = kings[index(waiting)];
  // With the kings facing, that problem is reported on its own.
  if (wk.valid() && detail::attacked_on(setup.board.data(), wk, setup.side_to_move, !facing))
    issues.push_back({PositionProblem::SideNotToMoveInCheck, waiting, wk,
                      std::string(color_name(waiting)) + " is in check but it is " +
                          std::string(color_name(setup.side_to_move)) + "'s move"});
  for (const Color c : {Color::Red, Color::Black})
    if (auto issue = too_many_moves(setup, c)) issues.push_back(std::move(*issue));
  return issues;
}

std::optional<PositionIssue> too_many_moves(const Setup& setup, Color c) {
  const int most = most_moves(setup, c);
  if (most <= int(MoveList::kCapacity)) return std::nullopt;
  return PositionIssue{PositionProblem::TooManyMoves, c, Square::none(),
                       std::string(color_name(c)) + "'s pieces could have " + std::to_string(most) +
                           " moves, more than the " + std::to_string(MoveList::kCapacity) +
                           " a position lists: it cannot be played"};
}

std::vector<PositionIssue> blocking_issues(const std::vector<PositionIssue>& all, const Relaxations& relax) {
  std::vector<PositionIssue> out;
  for (const auto& i : all)
    if (!relax.allows(i.problem)) out.push_back(i);
  return out;
}

}  // namespace xq
