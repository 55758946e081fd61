// An unvalidated board set-up (what a FEN or a file header says), and the
// check that turns it into a Position, naming every problem it finds.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "xqrec/core/types.h"

namespace xq {

struct Setup {
  std::array<Piece, kSquares> board{};
  Color side_to_move = Color::Red;
  int halfmove_clock = 0;   // plies since the last capture
  int fullmove_number = 1;  // starts at 1, incremented after Black moves

  Piece at(Square s) const { return board[std::size_t(s.index())]; }
  void put(Square s, Piece p) { board[std::size_t(s.index())] = p; }

  static Setup start();
  friend bool operator==(const Setup&, const Setup&) = default;
};

// Each kind of problem a position check can find. Every kind can be relaxed
// on its own: endgame studies (排局) legitimately break some of them.
enum class PositionProblem : std::uint8_t {
  MissingKing,         // a side has no king
  ExtraKing,           // a side has more than one king
  KingOutsidePalace,
  AdvisorOffSquare,    // not on one of the five palace points of its side
  ElephantOffSquare,   // not on one of its seven points (never across the river)
  PawnOffSquare,       // behind its start rank, or on an unreachable own-side point
  TooManyPieces,       // more of a type than the game starts with
  KingsFacing,         // the two kings see each other on an open file
  SideNotToMoveInCheck,
  // A side's pieces could have more moves than a position lists
  // (MoveList::kCapacity): possible only with extra pieces. Never relaxed:
  // such a set-up is not played (Relaxations::all() leaves it out).
  TooManyMoves,
  Count
};

std::string_view problem_code(PositionProblem p);  // "missing-king", ...

struct PositionIssue {
  PositionProblem problem;
  Color color = Color::Red;        // the side concerned
  Square square = Square::none();  // where, when one square is concerned
  std::string message;             // one line, for people
};

// Which problems are tolerated. The default tolerates none.
class Relaxations {
 public:
  static Relaxations strict() { return {}; }
  static Relaxations all();
  Relaxations& allow(PositionProblem p) {
    if (p != PositionProblem::TooManyMoves) mask_ |= 1u << unsigned(p);  // never relaxed
    return *this;
  }
  bool allows(PositionProblem p) const { return mask_ >> unsigned(p) & 1u; }

 private:
  unsigned mask_ = 0;
};

// Every problem of the set-up, in board order then by kind. Empty means the
// position is legal under the strict rules.
std::vector<PositionIssue> check_setup(const Setup& setup);

// The most moves the pieces of `c` could have on any board (a rook or a
// cannon 17, a horse 8, a king 5, an advisor or an elephant 4, a pawn 3),
// and whether every side's fit in a MoveList: the game's own material
// makes 120 at most, extra rooks or cannons in a relaxed set-up can make
// more, which no move list may be asked to hold.
int most_moves(const Setup& setup, Color c);
bool moves_fit_lists(const Setup& setup);
// check_setup's TooManyMoves issue for `c`, if its pieces could have more
// moves than a MoveList holds: the one sentence every caller prints.
std::optional<PositionIssue> too_many_moves(const Setup& setup, Color c);

// The problems that are not relaxed.
std::vector<PositionIssue> blocking_issues(const std::vector<PositionIssue>& all,
                                           const Relaxations& relax);

}  // namespace xq
