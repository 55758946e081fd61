// A Xiangqi position: board, side to move, clocks and Zobrist key, with
// legal move generation and make/undo.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "xqrec/core/move_error.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/result.h"
#include "xqrec/core/setup.h"
#include "xqrec/core/square_set.h"
#include "xqrec/core/types.h"

namespace xq {

// What make() saves so that undo() can restore the position exactly.
struct Undo {
  Piece captured;
  std::int8_t in_check = -1;        // the cached check state (-1: not known)
  std::int8_t opponent_check = -1;  // the same for the side not to move
  // The kings tracked before the move (by Color index). Not worked out
  // again on undo: with two kings of a colour (a relaxed set-up) the king
  // a capture took need not be the tracked one.
  std::array<Square, 2> kings{Square::none(), Square::none()};
  std::uint16_t halfmove_clock = 0;
  std::uint64_t key = 0;
};
static_assert(sizeof(Undo) == 16, "the kings fit in the padding: an Undo a ply of every search");

enum class GameState : std::uint8_t {
  Ongoing,
  Checkmate,  // the side to move is checkmated (loses)
  Stalemate,  // the side to move has no legal move: 困毙, also a loss
};
std::string_view game_state_name(GameState s);  // "ongoing", "checkmate", "stalemate"

class Position {
 public:
  // The standard start position, Red to move.
  Position();
  static Position start() { return Position(); }

  // Validates at the door: the position of a set-up whose problems
  // (check_setup) are all in `accepted`, else the problems not accepted.
  // Replaying a bad set-up takes an explicit acceptance: the audit accepts
  // every problem and reports it; a strict caller accepts none.
  static Result<Position, std::vector<PositionIssue>> from_setup(const Setup& setup,
                                                                 const Relaxations& accepted = Relaxations::strict());

  // Takes the set-up as it is, without judging it (see check_setup): move
  // generation works on any board, with or without kings. For the rules'
  // own searches and for positions already validated; records go through
  // from_setup.
  explicit Position(const Setup& setup);
  Setup setup() const;
  // The same position with `side` to move (a pass: the rules ask what a
  // side could do if it were its turn), as Position(setup()) with the side
  // changed would give, without building it again; the check states are
  // asked again.
  Position with_side_to_move(Color side) const;

  Piece at(Square s) const { return board_[std::size_t(s.index())]; }
  Color side_to_move() const { return side_; }
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  std::uint64_t key() const { return key_; }
  // The king's square, or Square::none() when that side has no king.
  Square king(Color c) const { return king_[index(c)]; }
  const SquareSet& occupied(Color c) const { return occupied_[index(c)]; }

  // --- Attacks and checks ------------------------------------------------
  // Whether the side to move is in check. Computed on first use and kept
  // until the next move: replay asks it once per ply, legality uses it too.
  // (Not thread-safe on one shared Position: the cache is written lazily.)
  bool in_check() const {
    if (in_check_ < 0) in_check_ = king_attacked(side_) ? 1 : 0;
    return in_check_ != 0;
  }
  // Whether the king of colour c is attacked (including by the other king
  // on an open file: the flying general).
  bool king_attacked(Color c) const;
  // Whether a piece of colour `by` could capture on s (the flying general
  // counts when s holds the other king).
  bool attacked(Square s, Color by) const;
  // The squares from which pieces of colour `by` attack s.
  SquareSet attackers(Square s, Color by) const;
  bool gives_check(Move m) const;

  // --- Moves ---------------------------------------------------------------
  // Pseudo-legal moves: piece rules respected, own king safety not checked.
  void generate_pseudo_legal(MoveList& out) const;
  // The pseudo-legal moves that take a piece, in generate_pseudo_legal's order.
  void generate_pseudo_captures(MoveList& out) const;
  void generate_legal(MoveList& out) const;
  // The legal moves that take a piece (not the king), and the legal moves
  // that give check (not taking the king), each in generate_legal's order:
  // what the repetition rules' searches ask for, without testing the king
  // safety of every other move.
  void generate_legal_captures(MoveList& out) const;
  // Those of them that take a piece on `targets` (kings excluded), in the
  // same order: a search that wants only some victims walks no line without
  // one, tests one or two such captures on a scratch board and sets up the
  // king-safety test only when there are more.
  void generate_legal_captures_of(const SquareSet& targets, MoveList& out) const;
  void generate_legal_checks(MoveList& out) const;
  // The legal captures of the piece on `sq` (not a king), in the same order:
  // the exchange searches ask for nothing else.
  void generate_legal_captures_to(Square sq, MoveList& out) const;
  // Number of legal moves (no list needed): perft leaves.
  std::size_t count_legal() const;
  bool is_legal(Move m) const { return check_move(m) == MoveError::None; }
  // Why m is not legal here, or MoveError::None. Works for any Move value.
  MoveError check_move(Move m) const;
  // Whether a pseudo-legal move leaves the mover's king safe.
  bool keeps_king_safe(Move m) const;
  GameState state() const;
  // Whether the side to move has at least one legal move (stops at the first).
  bool has_legal_move() const;

  // m must be legal (or at least pseudo-legal; make/undo never check).
  void make(Move m, Undo& undo);
  // As make(), for a move known to be legal (checked or generated as legal).
  // Then the check state after it needs a full attack test only when the
  // move touches the other king's file, rank, horse squares or horse legs.
  void make_legal(Move m, Undo& undo);
  // Plays m and returns true when it is legal (check_move would say None);
  // otherwise returns false and leaves the position as it was. The replay
  // path: one pass, with the king test on the real board after the move and
  // only when the move could expose the king. check_move gives the reason.
  bool make_if_legal(Move m, Undo& undo);
  void undo(Move m, const Undo& undo);

  // The key computed from scratch, to test the incremental update.
  std::uint64_t compute_key() const;

 private:
  struct Uninitialised {};
  explicit Position(Uninitialised) {}
  // Computed from the set-up square by square (no shortcut for the standard
  // start), and the standard start built so once.
  static Position from_scratch(const Setup& setup);
  static const Position& standard_start();
  void build(const Setup& setup);
  void set_piece(Square s, Piece p);
  void clear();
  bool king_attacked_at(Square k, Color by) const;
  // Which moves could expose the mover's king, computed once per position
  // (Xiangqi's pins): king moves; moves of the one piece between the king
  // and an enemy rook or king, of either of the two in front of an enemy
  // cannon, of a cannon's screen; moves onto the squares between the king
  // and an enemy cannon with nothing in front, or onto an enemy screen; and
  // moves that free an enemy horse's leg (or a relaxed king's elephant eye).
  // In check, a move that answers every check and is none of those is legal
  // too; across the river (a relaxed set-up), every move is tested then.
  struct SafetyFilter {
    SquareSet from, to;
    Square king = Square::none();
    bool all = false;
    // In check: a move other than the king's must, for each checker, take
    // it, land between it and the king (or on a horse's leg), or move a
    // cannon's screen away; the others are refused without the king test.
    // 0 checkers: not known, every move is tested (all).
    static constexpr int kMaxCheckers = 3;
    int checkers = 0;
    std::array<SquareSet, kMaxCheckers> evade_to, evade_from;
    bool needs_test(Move m) const {
      return all || m.from() == king || from.contains(m.from()) || to.contains(m.to());
    }
    bool may_evade(Move m) const {
      if (m.from() == king) return true;
      for (int i = 0; i < checkers; ++i)
        if (!evade_to[std::size_t(i)].contains(m.to()) && !evade_from[std::size_t(i)].contains(m.from())) return false;
      return true;
    }
  };
  // Where a move of the side to move must start or end to give check, when
  // the other king is not attacked already (otherwise none: gives_check
  // decides for every move). A move gives check only if the moved piece
  // attacks the king from its new square, or leaving its square opens a
  // line or a horse leg of ours, or filling its new square makes a screen
  // for a cannon of ours. The moves these squares let through are then
  // tested exactly: from a leave square or onto a screen square by
  // movegen.cpp's checks_after, the others by the moved piece's own attack
  // from its new square (when the king is across the river or attacked
  // already, gives_check decides every move).
  struct CheckSquares {
    SquareSet leave;    // the piece in front of our rook or king on a line, the two in front of our cannon, the legs holding back our horses
    SquareSet screen;   // between the king and our cannon when nothing stands between them
    SquareSet line_to;  // the king's file and rank: a king landing there
    SquareSet rook_to;    // on those lines, up to and including the first piece: a rook sees the king from there
    SquareSet cannon_to;  // beyond the first piece, up to and including the second: a cannon checks from there
    SquareSet horse_to, pawn_to;
    SquareSet every;    // all squares: what a piece on `leave` may move to
    // The squares a piece of this type on `from` may check by moving to.
    SquareSet wanted(Square from, PieceType type) const {
      if (leave.contains(from)) return every;
      switch (type) {
        // A line piece off `leave` checks only from its new square or by
        // becoming a screen; its own square is not between it and the king.
        case PieceType::Rook: return rook_to | screen;
        case PieceType::Cannon: return cannon_to | screen;
        case PieceType::King: return line_to;  // the screens lie on it
        case PieceType::Horse: return horse_to | screen;
        case PieceType::Pawn: return pawn_to | screen;
        default: return screen;  // advisors and elephants stay on their side
      }
    }
  };
  std::optional<CheckSquares> check_squares() const;
  // The checkers of the side to move's king and what answers each, and
  // the squares a move must not leave or fill untested (above), in one walk
  // of its lines; whether it found a checker. On its own side of the river
  // the king is in check exactly when it finds one.
  bool scan_king(SafetyFilter& f) const;
  SafetyFilter safety_filter() const;
  // The king-safety part of legality for the pseudo-legal moves of this
  // position: set up once, asked per move (generate_legal, count_legal,
  // has_legal_move).
  struct LegalTest {
    SafetyFilter filter;
    std::array<Piece, kSquares> scratch;
    SquareSet them, all;
    Square king;
    Color us;
    bool operator()(Move m);
  };
  LegalTest legal_test() const;
  // The checks before the piece's own geometry: squares on the board, a
  // piece of the side to move, no capture of its own side, no flying general.
  MoveError mover_error(Move m) const;
  MoveError geometry_error(Piece p, Square from, Square to) const;
  // geometry_error(p, from, to) == None, by table lookups: the replay path
  // asks only whether, not why.
  bool reaches(Piece p, Square from, Square to) const;
  // Whether a geometrically valid move of p could leave the mover's king
  // attacked; false lets check_move skip the king-safety test.
  bool may_expose_king(Piece p, Move m) const;
  // make()'s body, inline for make_if_legal (src/play_move.h).
  void play(Move m, Undo& undo);
  // After a legal move m: the mover's king is safe; the check state of the
  // side to move is known to be "no check" when the other king was safe
  // before and m touches none of its lines, horse squares or horse legs.
  void settle_check_state(Move m, bool other_safe_before);

  std::array<Piece, kSquares> board_{};
  std::array<SquareSet, 2> occupied_{};
  std::array<Square, 2> king_{Square::none(), Square::none()};
  Color side_ = Color::Red;
  std::uint16_t halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  std::uint64_t key_ = 0;
  mutable std::int8_t in_check_ = -1;  // see in_check()
  // Whether the side not to move is attacked: 0 after a legal move (see
  // make_legal), -1 when not known; never 1 in a legal position.
  mutable std::int8_t opponent_check_ = -1;
};

}  // namespace xq
