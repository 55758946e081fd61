// Move generation: pseudo-legal moves from the geometry tables, then the
// king-safety filter, which only tests the moves that could expose the king.
#include <array>
#include <cassert>
#include <cstring>
#include <optional>
#include <type_traits>

#include "board_attacks.h"
#include "geometry.h"
#include "xqrec/core/position.h"

namespace xq {

using geometry::kTables;

namespace {

// Every square: the wanted squares of a piece whose every move may count.
constexpr SquareSet all_squares() {
  SquareSet s;
  for (int i = 0; i < kSquares; ++i) s.insert(Square(i));
  return s;
}
constexpr SquareSet kAllSquares = all_squares();

// Calls sink(from, to) for every pseudo-legal move of colour `us` (with
// kCaptures, only those that take a piece). A template so that generating a
// list and counting at the leaves share one walk. With a `wanted(from,
// type)` filter, only the moves to the squares it returns are handed on, and
// the lines of a rook or cannon that hold none of them are not walked; the
// order of those moves is the unfiltered walk's.
template <bool kCaptures = false, class Sink, class Wanted = std::nullptr_t>
inline void for_each_pseudo_move(const Piece* board, const SquareSet& ours, Color us, Sink&& sink_move,
                                 Wanted&& wanted = nullptr) {
  constexpr bool kFiltered = !std::is_same_v<std::remove_cvref_t<Wanted>, std::nullptr_t>;
  const std::size_t ci = std::size_t(index(us));
  auto target_ok = [&](std::uint8_t to) {
    const Piece p = board[to];
    return kCaptures ? !p.empty() && p.color() != us : p.empty() || p.color() != us;
  };
  // The body for one piece inline in the walk: GCC made it a function
  // called once per piece, and the filtered walks (checks, captures of some
  // victims, evasions) visit about nine pieces a call, most of them for
  // nothing (-4.9 % of a judged cycle's instructions).
  ours.for_each([&](Square from) __attribute__((always_inline)) {
    const std::size_t fi = std::size_t(from.index());
    [[maybe_unused]] SquareSet want;
    if constexpr (kFiltered) {
      // A piece none of whose steps or lines holds a wanted square is not
      // walked (the masks of its steps, its file and rank; a line piece's
      // lines are skipped one by one below).
      const auto& m = geometry::kMasks;
      const PieceType type = board[fi].type();
      want = wanted(from, type);
      if (want.empty()) return;
      if ((type == PieceType::Horse && !want.intersects(m.horse_from[fi])) ||
          ((type == PieceType::Rook || type == PieceType::Cannon) && !want.intersects(m.line_zone[fi])) ||
          (type == PieceType::Elephant && !want.intersects(m.elephant_to[ci][fi])) ||
          (type == PieceType::Advisor && !want.intersects(m.advisor_to[ci][fi])) ||
          (type == PieceType::King && !want.intersects(m.king_to[ci][fi])) ||
          (type == PieceType::Pawn && !want.intersects(m.pawn_to[ci][fi])))
        return;
    }
    // Inline too: GCC made the wanted-square test a call per move
    // (3.4 million a bench run from the check walk alone).
    const auto sink = [&](Square f, Square to) __attribute__((always_inline)) {
      if constexpr (kFiltered)
        if (!want.contains(to)) return;
      sink_move(f, to);
    };
    // A line holding no wanted square is not walked.
    const auto skip_ray = [&](int d) {
      if constexpr (kFiltered) return !want.intersects(geometry::kMasks.ray[fi][std::size_t(d)]);
      return false;
    };
    switch (board[fi].type()) {
      case PieceType::Rook:
        for (int d = 0; d < 4; ++d) {
          if (skip_ray(d)) continue;
          for (std::uint8_t to : kTables.ray[fi][std::size_t(d)]) {
            const Piece p = board[to];
            if (p.empty()) {
              if constexpr (!kCaptures) sink(from, Square(to));
              continue;
            }
            if (p.color() != us) sink(from, Square(to));
            break;
          }
        }
        break;
      case PieceType::Cannon:
        for (int d = 0; d < 4; ++d) {
          if (skip_ray(d)) continue;
          const auto& ray = kTables.ray[fi][std::size_t(d)];
          const std::uint8_t* p = ray.begin();
          const std::uint8_t* end = ray.end();
          for (; p != end && board[*p].empty(); ++p)
            if constexpr (!kCaptures) sink(from, Square(*p));
          if (p == end) continue;
          for (++p; p != end; ++p) {
            const Piece q = board[*p];
            if (q.empty()) continue;
            if (q.color() != us) sink(from, Square(*p));
            break;
          }
        }
        break;
      case PieceType::Horse:
        for (const auto& h : kTables.horse[fi])
          if (board[h.via].empty() && target_ok(h.to)) sink(from, Square(h.to));
        break;
      case PieceType::Elephant:
        for (const auto& e : kTables.elephant[ci][fi])
          if (board[e.via].empty() && target_ok(e.to)) sink(from, Square(e.to));
        break;
      case PieceType::Advisor:
        for (std::uint8_t to : kTables.advisor[ci][fi])
          if (target_ok(to)) sink(from, Square(to));
        break;
      case PieceType::King:
        for (std::uint8_t to : kTables.king[ci][fi])
          if (target_ok(to)) sink(from, Square(to));
        break;
      case PieceType::Pawn:
        for (std::uint8_t to : kTables.pawn[ci][fi])
          if (target_ok(to)) sink(from, Square(to));
        break;
      case PieceType::None:
        break;
    }
  });
}

// In check (a SafetyFilter that knows its checkers): the squares a piece on
// `from` may move to, those that answer every check it does not answer by
// leaving its square (what may_evade lets through); the king's, all.
template <class Filter>
SquareSet evasion_targets(const Filter& f, Square from) {
  if (from == f.king) return kAllSquares;
  SquareSet to = kAllSquares;
  for (int i = 0; i < f.checkers; ++i)
    if (!f.evade_from[std::size_t(i)].contains(from)) to = to & f.evade_to[std::size_t(i)];
  return to;
}

// In check (a SafetyFilter that knows its checkers): the pieces that may
// answer every check and where each may go (what may_evade lets through).
// Only the king, the pieces whose leaving answers a check (a cannon's
// screen) and the pieces whose geometry reaches a square answering every
// check are walked; most of the others never are.
template <class Filter>
struct Evasions {
  const Filter& f;
  SquareSet land;     // the squares answering every check by a move onto them
  SquareSet screens;  // the pieces whose leaving answers a check
  SquareSet movers;   // the pieces of the side to move worth walking, the king among them
  Evasions(const Filter& filter, const SquareSet& ours, Color us) : f(filter), land(kAllSquares) {
    for (int i = 0; i < f.checkers; ++i) {
      land = land & f.evade_to[std::size_t(i)];
      screens = screens | f.evade_from[std::size_t(i)];
    }
    const auto& reach_from = geometry::kMasks.reach_from[std::size_t(index(us))];
    movers = screens;
    land.for_each([&](Square t) { movers = movers | reach_from[std::size_t(t.index())]; });
    movers.insert(f.king);
    movers = movers & ours;
  }
  // The squares the piece on `from` may move to (evasion_targets).
  SquareSet targets(Square from) const {
    if (from == f.king || screens.contains(from)) return evasion_targets(f, from);
    return land;
  }
};

// Calls sink(from, to) for the moves of the pieces on `movers` that may
// answer every check, in for_each_pseudo_move's order.
template <class Filter, class Sink>
inline void for_each_evasion(const Piece* board, const Evasions<Filter>& e, const SquareSet& movers, Color us,
                             Sink&& sink) {
  for_each_pseudo_move(board, movers, us, sink, [&](Square from, PieceType) { return e.targets(from); });
}

// The squares between the square ki and s, which lies in direction d from it.
inline SquareSet strictly_between(std::size_t ki, Square s, int d) {
  SquareSet between = geometry::kMasks.ray[ki][std::size_t(d)] ^ geometry::kMasks.ray[std::size_t(s.index())][std::size_t(d)];
  between.erase(s);
  return between;
}

// The first three pieces on the ray from ki in direction d, nearest first
// (none where the ray holds fewer): bit scans of the line, outwards.
inline std::array<Square, 3> first_three_on_ray(std::size_t ki, int d, const SquareSet& all) {
  const bool ascending = d == geometry::Up || d == geometry::Right;  // towards higher indexes
  SquareSet on = all & geometry::kMasks.ray[ki][std::size_t(d)];
  std::array<Square, 3> out{Square::none(), Square::none(), Square::none()};
  for (Square& s : out) {
    if (on.empty()) break;
    s = ascending ? on.lowest() : on.highest();
    on.erase(s);
  }
  return out;
}

// Whether the king on k is safe after m, tested on a scratch board that is
// restored before returning.
// `them` and `all` hold the squares of the other side's pieces and of all
// pieces before the move.
inline bool king_safe_after(Piece* scratch, Move m, Square k, Color us, const SquareSet& them, const SquareSet& all) {
  const std::size_t from = std::size_t(m.from().index()), to = std::size_t(m.to().index());
  const Piece mover = scratch[from], captured = scratch[to];
  scratch[to] = mover;
  scratch[from] = Piece();
  // The king is the one on k (king_[us]): a set-up with a second king of
  // a colour (ExtraKing, which the audit reads on) moves it as any piece.
  const Square king = m.from() == k ? m.to() : k;
  const SquareSet& from_bit = geometry::kSquareBit[from];
  const SquareSet& to_bit = geometry::kSquareBit[to];
  const SquareSet attackers = them ^ (them & to_bit);  // a captured piece attacks no more
  const SquareSet after = (all ^ from_bit) | to_bit;
  const bool safe = !king.valid() || !detail::attacked_on(scratch, king, ~us, true, attackers, after);
  scratch[from] = mover;
  scratch[to] = captured;
  return safe;
}

// Whether a move of a piece other than the king of `us` on k, which is known
// not to be in check, keeps it safe by where it goes alone: it neither
// leaves nor enters a line from the king that holds an enemy piece, nor
// leaves a square diagonally next to it (a horse's leg; an elephant's eye
// when the king stands across the river) while an enemy piece stands where
// a horse attacks it from. Nothing else can open an attack (pawns, advisors
// and kings attack whatever stands around). False: the king test decides.
inline bool safe_untested(Move m, Square k, Color us, const SquareSet& them) {
  const Square from = m.from();
  if (from == k || !k.valid()) return false;
  const std::size_t ki = std::size_t(k.index());
  const auto& masks = geometry::kMasks;
  const auto& from_king = geometry::kRelations[ki];
  const std::uint8_t d_from = from_king[std::size_t(from.index())].line;
  const std::uint8_t d_to = from_king[std::size_t(m.to().index())].line;
  if (d_from != geometry::Relation::kNoLine && them.intersects(masks.ray[ki][d_from])) return false;
  if (d_to != geometry::Relation::kNoLine && them.intersects(masks.ray[ki][d_to])) return false;
  return !masks.horse_legs[ki].contains(from) || (!them.intersects(masks.horse_from[ki]) && !on_own_side(~us, k));
}

// Whether the move m of a piece of `us` (not taking a king) attacks the
// other king on ki, when that king is not attacked before it and stands on
// its own side (what check_squares() finds): there only rooks, cannons,
// horses, pawns and the facing king of `us` attack it, and only what m
// changes can make one do so. The king's lines through m's two squares (the
// mover on its new square among their pieces), a horse leg m leaves, and
// the mover's own horse or pawn attack: gives_check without the copy of the
// board and the walk of every line and horse square.
inline bool checks_after(const Piece* board, const SquareSet& all, Move m, std::size_t ki, Color us) {
  const std::size_t from = std::size_t(m.from().index()), to = std::size_t(m.to().index());
  const Piece mover = board[from];
  const auto& masks = geometry::kMasks;
  // A horse's leg is next to its square: never the square it came from.
  if (mover.type() == PieceType::Horse && masks.horse_from[ki].contains(m.to()) &&
      board[geometry::kRelations[to][ki].leg].empty())
    return true;
  if (mover.type() == PieceType::Pawn && masks.pawn_from[std::size_t(index(us))][ki].contains(m.to())) return true;
  const SquareSet after = (all ^ geometry::kSquareBit[from]) | geometry::kSquareBit[to];
  const Piece rook(us, PieceType::Rook), cannon(us, PieceType::Cannon), king(us, PieceType::King);
  const auto piece = [&](Square s) { return std::size_t(s.index()) == to ? mover : board[std::size_t(s.index())]; };
  const auto line_checks = [&](std::uint8_t d) {
    SquareSet on = after & masks.ray[ki][d];
    if (on.empty()) return false;
    const bool ascending = d == geometry::Up || d == geometry::Right;  // towards higher indexes
    const Square first = ascending ? on.lowest() : on.highest();
    const Piece p1 = piece(first);
    if (p1 == rook || (d <= geometry::Down && p1 == king)) return true;  // the kings face each other on a file only
    on.erase(first);
    return !on.empty() && piece(ascending ? on.lowest() : on.highest()) == cannon;
  };
  const auto& from_king = geometry::kRelations[ki];
  const std::uint8_t d_to = from_king[to].line, d_from = from_king[from].line;
  if (d_to != geometry::Relation::kNoLine && line_checks(d_to)) return true;
  if (d_from != geometry::Relation::kNoLine && d_from != d_to && line_checks(d_from)) return true;
  if (masks.horse_legs[ki].contains(m.from())) {
    const Piece horse(us, PieceType::Horse);
    for (const auto& h : kTables.horse_from[ki])
      if (h.via == from && board[h.to] == horse) return true;
  }
  return false;
}

// Appends to `out` the moves of `moves` (pseudo-legal for colour `us`, in
// order) that leave its king on k safe: one or two each tested on a scratch
// board (unless, the king known safe before, safe_untested clears it), which
// costs less than the safety filter; more through the test
// `make_test()` sets up (the filter, which spares most of them the test).
template <class MakeTest>
void push_king_safe(const MoveList& moves, MoveList& out, const std::array<Piece, kSquares>& board, Square k, Color us,
                    const SquareSet& them, const SquareSet& all, bool safe_before, MakeTest&& make_test) {
  if (moves.empty()) return;
  if (moves.size() <= 2) {
    std::array<Piece, kSquares> scratch = board;
    for (Move m : moves)
      if ((safe_before && safe_untested(m, k, us, them)) || king_safe_after(scratch.data(), m, k, us, them, all))
        out.push(m);
    return;
  }
  auto legal = make_test();
  for (Move m : moves)
    if (legal(m)) out.push(m);
}

}  // namespace

void Position::generate_pseudo_legal(MoveList& out) const {
  for_each_pseudo_move(board_.data(), occupied_[index(side_)], side_,
                       [&](Square from, Square to) { out.push(Move(from, to)); });
}

void Position::generate_pseudo_captures(MoveList& out) const {
  for_each_pseudo_move<true>(board_.data(), occupied_[index(side_)], side_,
                             [&](Square from, Square to) { out.push(Move(from, to)); });
}

Position::SafetyFilter Position::safety_filter() const {
  SafetyFilter f;
  f.king = king_[index(side_)];
  if (!f.king.valid()) return f;  // no king, nothing to expose
  // One walk finds the checkers and the squares a move must not leave or
  // fill. With the king on its own side of the river (always, but in
  // relaxed set-ups) what checks it is what the walk looks at (rooks,
  // cannons, horses, pawns, the other king): it tells whether the king is
  // in check, and in check which answers need the king test. Across the
  // river advisors, elephants and the other king attack too: in check,
  // every move is tested there.
  const bool across = on_own_side(~side_, f.king);
  const bool found = scan_king(f);
  if (in_check_ < 0) in_check_ = (across ? king_attacked(side_) : found) ? 1 : 0;
  if (in_check_ == 0)
    f.checkers = 0;
  else if (across || f.checkers == 0)
    f.all = true;
  return f;
}

bool Position::scan_king(SafetyFilter& f) const {
  const Color them = ~side_;
  const Square k = f.king;
  const std::size_t ki = std::size_t(k.index());
  const Piece rook(them, PieceType::Rook), cannon(them, PieceType::Cannon), king(them, PieceType::King),
      horse(them, PieceType::Horse), pawn(them, PieceType::Pawn);
  int n = 0;
  bool unknown = false;
  const auto add = [&](const SquareSet& to, const SquareSet& from) {
    if (n == SafetyFilter::kMaxCheckers) {
      unknown = true;
      return;
    }
    f.evade_to[std::size_t(n)] = to;
    f.evade_from[std::size_t(n)] = from;
    ++n;
  };
  const auto& masks = geometry::kMasks;
  const SquareSet all = occupied_[0] | occupied_[1];
  const std::size_t tc = std::size_t(index(them));
  const SquareSet& enemies = occupied_[tc];
  for (int d = 0; d < 4; ++d) {
    const SquareSet& ray = masks.ray[ki][std::size_t(d)];
    if (!enemies.intersects(ray)) continue;  // no checker and no pin on this line
    // The pieces from the king outwards, nearest first, by bit scans; a
    // piece further out matters only while an enemy piece stands there.
    SquareSet on = all & ray;
    const bool ascending = d == geometry::Up || d == geometry::Right;  // towards higher indexes
    const auto next = [&] {
      const Square s = ascending ? on.lowest() : on.highest();
      on = on ^ geometry::kSquareBit[std::size_t(s.index())];
      return s;
    };
    const bool file = d <= geometry::Down;  // the kings face each other only on a file
    // From the king up to a checker, the checker included: where an answer lands.
    const auto up_to = [&](Square s) { return ray ^ masks.ray[std::size_t(s.index())][std::size_t(d)]; };
    const Square first = next();
    const Piece p1 = board_[std::size_t(first.index())];
    // A rook or the other king first checks; a cannon first makes a screen
    // of any piece landing in front of it.
    if (p1 == rook || (file && p1 == king))
      add(up_to(first), SquareSet());
    else if (p1 == cannon)
      f.to = f.to | strictly_between(ki, first, d);
    if (!enemies.intersects(on)) continue;
    const Square second = next();
    const Piece p2 = board_[std::size_t(second.index())];
    if (p2 == rook || (file && p2 == king)) {
      f.from.insert(first);  // pinned
    } else if (p2 == cannon) {
      // A cannon second checks over the first. Its screen leaving answers
      // the check unless it stays on the line in front of it, and a piece
      // taking an enemy screen becomes the screen: both are tested.
      add(up_to(second), geometry::kSquareBit[std::size_t(first.index())]);
      f.from.insert(first);
      f.to.insert(first);
    }
    if (!enemies.intersects(on)) continue;
    // A cannon third: either piece in front leaving leaves it one screen.
    if (board_[std::size_t(next().index())] == cannon) {
      f.from.insert(first);
      f.from.insert(second);
    }
  }
  // Only the squares a horse could attack from that hold an enemy piece
  // are looked at: a horse with a free leg checks, a piece on its leg
  // leaving lets it.
  for (SquareSet near = enemies & masks.horse_from[ki]; !near.empty();) {
    const Square h = near.lowest();
    near = near ^ geometry::kSquareBit[std::size_t(h.index())];
    if (board_[std::size_t(h.index())] != horse) continue;
    const std::uint8_t leg = geometry::kRelations[std::size_t(h.index())][ki].leg;
    if (board_[leg].empty()) {
      SquareSet to = geometry::kSquareBit[std::size_t(h.index())];
      to.insert(Square(leg));
      add(to, SquareSet());
    } else {
      f.from.insert(Square(leg));
    }
  }
  for (SquareSet near = enemies & masks.pawn_from[tc][ki]; !near.empty();) {
    const Square q = near.lowest();
    near = near ^ geometry::kSquareBit[std::size_t(q.index())];
    if (board_[std::size_t(q.index())] == pawn) add(geometry::kSquareBit[std::size_t(q.index())], SquareSet());
  }
  // An elephant's eye: only a king off its own side (a relaxed set-up) can
  // stand where an enemy elephant steps, and a piece leaving the eye exposes
  // it (an elephant checking there is left to the full test: see safety_filter).
  const Piece elephant(them, PieceType::Elephant);
  for (const auto& e : kTables.elephant_from[tc][ki])  // as the attack test finds them
    if (board_[e.to] == elephant) f.from.insert(Square(e.via));
  // A check this walk does not explain (it should not happen): test every move.
  f.checkers = unknown ? 0 : n;
  return unknown || n > 0;
}

bool Position::keeps_king_safe(Move m) const {
  std::array<Piece, kSquares> scratch = board_;
  const Color us = at(m.from()).color();
  return king_safe_after(scratch.data(), m, king_[index(us)], us, occupied_[index(~us)], occupied_[0] | occupied_[1]);
}

Position::LegalTest Position::legal_test() const {
  return LegalTest{safety_filter(), board_, occupied_[index(~side_)], occupied_[0] | occupied_[1], king_[index(side_)],
                   side_};
}

[[gnu::always_inline]] inline bool Position::LegalTest::operator()(Move m) {
  if (filter.checkers && !filter.may_evade(m)) return false;
  return !filter.needs_test(m) || king_safe_after(scratch.data(), m, king, us, them, all);
}

void Position::generate_legal(MoveList& out) const {
  LegalTest legal = legal_test();
  out.clear();
  const auto push = [&](Square from, Square to) {
    if (const Move m(from, to); legal(m)) out.push(m);
  };
  if (legal.filter.checkers == 0) {
    for_each_pseudo_move(board_.data(), occupied_[index(side_)], side_, push);
    return;
  }
  // In check (the rules' searches generate every reply to a check): only
  // the moves that may answer every check, each tested on the board.
  const Evasions evasions(legal.filter, occupied_[index(side_)], side_);
  for_each_evasion(board_.data(), evasions, evasions.movers, side_, [&](Square from, Square to) {
    if (const Move m(from, to); !legal.filter.needs_test(m) ||
                                king_safe_after(legal.scratch.data(), m, legal.king, legal.us, legal.them, legal.all))
      out.push(m);
  });
}

void Position::generate_legal_captures(MoveList& out) const {
  LegalTest legal = legal_test();
  out.clear();
  for_each_pseudo_move<true>(board_.data(), occupied_[index(side_)], side_, [&](Square from, Square to) {
    if (const Move m(from, to); board_[std::size_t(to.index())].type() != PieceType::King && legal(m)) out.push(m);
  });
}

void Position::generate_legal_captures_of(const SquareSet& targets, MoveList& out) const {
  out.clear();
  SquareSet victims = targets;
  for (const Square k : king_)
    if (k.valid()) victims.erase(k);
  if (victims.empty()) return;
  MoveList captures;  // king-tested once all are found
  for_each_pseudo_move<true>(
      board_.data(), occupied_[index(side_)], side_, [&](Square from, Square to) { captures.push(Move(from, to)); },
      [&](Square, PieceType) { return victims; });
  push_king_safe(captures, out, board_, king_[index(side_)], side_, occupied_[index(~side_)], occupied_[0] | occupied_[1],
                 in_check_ == 0, [&] { return legal_test(); });
}

std::optional<Position::CheckSquares> Position::check_squares() const {
  const Color us = side_, them = ~side_;
  const Square k = king_[index(them)];
  // Kings, advisors and elephants attack only on their own side: a king
  // across the river (a relaxed set-up) could be checked by them. A king
  // attacked already (the side to move changed by hand) is "checked" by
  // most moves. Both are left to gives_check on every move.
  if (!k.valid() || on_own_side(us, k)) return std::nullopt;
  if (opponent_check_ < 0) opponent_check_ = king_attacked(them) ? 1 : 0;
  if (opponent_check_ != 0) return std::nullopt;
  const std::size_t ki = std::size_t(k.index());
  const auto& masks = geometry::kMasks;
  CheckSquares c;
  c.every = kAllSquares;
  c.horse_to = masks.horse_from[ki];
  c.pawn_to = masks.pawn_from[std::size_t(index(us))][ki];
  const Piece rook(us, PieceType::Rook), cannon(us, PieceType::Cannon), king(us, PieceType::King),
      horse(us, PieceType::Horse);
  // A horse of ours held back by a piece on its leg checks when that piece
  // leaves (the list walked only when a piece of ours stands where one could).
  if (occupied_[index(us)].intersects(masks.horse_from[ki]))
    for (const auto& h : kTables.horse_from[ki])
      if (board_[h.to] == horse && !board_[h.via].empty()) c.leave.insert(Square(h.via));
  const SquareSet all = occupied_[0] | occupied_[1];
  c.line_to = masks.line_zone[ki];
  for (int d = 0; d < 4; ++d) {
    const SquareSet& ray = masks.ray[ki][std::size_t(d)];
    if (!all.intersects(ray)) {  // an empty line: a rook sees the king from all of it, nothing else
      c.rook_to = c.rook_to | ray;
      continue;
    }
    const auto [first, second, third] = first_three_on_ray(ki, d, all);
    const auto piece = [&](Square s) { return s.valid() ? board_[std::size_t(s.index())] : Piece(); };
    // From the king up to s, s included (all the line when s is none).
    const auto up_to = [&](Square s) {
      return s.valid() ? ray ^ masks.ray[std::size_t(s.index())][std::size_t(d)] : ray;
    };
    // A rook sees the king from the squares up to the first piece; a cannon
    // checks from beyond it up to the second. A cannon of ours in front
    // (first) checks by taking the third piece over the second: leaving its
    // square leaves one screen.
    c.rook_to = c.rook_to | up_to(first);
    if (first.valid()) {
      const Square cannon_last = piece(first) == cannon ? third : second;
      c.cannon_to = c.cannon_to | (up_to(cannon_last) ^ up_to(first));
    }
    // Leaving a square opens a line only if its piece is the one in front
    // of a rook or king of ours, or one of the two in front of a cannon of
    // ours; filling one makes a screen only for a cannon of ours with
    // nothing in front (the king is not attacked, so no line piece of ours
    // checks already).
    if (piece(second) == rook || piece(second) == king) c.leave.insert(first);
    if (piece(third) == cannon) {
      c.leave.insert(first);
      c.leave.insert(second);
    }
    if (piece(first) == cannon) {
      SquareSet before = up_to(first);
      before.erase(first);
      c.screen = c.screen | before;
    }
  }
  return c;
}

void Position::generate_legal_checks(MoveList& out) const {
  out.clear();
  const std::optional<CheckSquares> squares = check_squares();
  if (!squares && !king_[index(~side_)].valid()) return;  // no king, no check
  MoveList checking;  // king-tested once all are found
  if (!squares) {
    for_each_pseudo_move(board_.data(), occupied_[index(side_)], side_, [&](Square from, Square to) {
      const Move m(from, to);
      if (board_[std::size_t(to.index())].type() != PieceType::King && gives_check(m)) checking.push(m);
    });
    push_king_safe(checking, out, board_, king_[index(side_)], side_, occupied_[index(~side_)], occupied_[0] | occupied_[1],
                 in_check_ == 0, [&] { return legal_test(); });
    return;
  }
  // Only the moves CheckSquares lets through are looked at. One that
  // neither leaves a square of `leave` (opening no line and no horse leg of
  // ours) nor lands on a screen square checks, if at all, from its new
  // square, to which the filter let it through for its kind: a rook there
  // sees the king (nothing stands between: rook_to), a pawn attacks it, a
  // horse attacks it if its leg is free, a cannon over exactly one piece,
  // our king on its file with nothing between. The rest get checks_after:
  // only the lines through the move's squares and the leg it leaves can
  // have changed.
  const std::size_t ki = std::size_t(king_[index(~side_)].index());
  const SquareSet all = occupied_[0] | occupied_[1];
  const auto checks = [&](Move m) {
    if (squares->leave.contains(m.from()) || squares->screen.contains(m.to()))
      return checks_after(board_.data(), all, m, ki, side_);
    switch (board_[std::size_t(m.from().index())].type()) {
      case PieceType::Rook:
      case PieceType::Pawn:
        return true;
      case PieceType::Horse: {  // on a square of horse_to: it checks when its leg towards the king is empty
        // CheckSquares::wanted() hands on a horse move only to a square of
        // horse_to (leave and screen squares went to checks_after above): a leg exists.
        const auto leg = geometry::kRelations[std::size_t(m.to().index())][ki].leg;
        assert(leg != geometry::Relation::kNone);
        return board_[leg].empty();
      }
      case PieceType::Cannon: {  // on a square of cannon_to: it checks over exactly one piece (its old square left empty)
        const auto d = geometry::kRelations[ki][std::size_t(m.to().index())].line;
        assert(d != geometry::Relation::kNoLine);
        SquareSet between = strictly_between(ki, m.to(), d) & all;
        between.erase(m.from());
        return between.has_one();
      }
      case PieceType::King: {  // on the king's file or rank: kings face each other on an open file only
        const auto d = geometry::kRelations[ki][std::size_t(m.to().index())].line;
        if (d > geometry::Down) return false;
        SquareSet between = strictly_between(ki, m.to(), d) & all;
        between.erase(m.from());
        return between.empty();
      }
      default:
        return checks_after(board_.data(), all, m, ki, side_);
    }
  };
  for_each_pseudo_move(
      board_.data(), occupied_[index(side_)], side_,
      [&](Square from, Square to) {
        const Move m(from, to);
        if (board_[std::size_t(to.index())].type() != PieceType::King && checks(m)) checking.push(m);
      },
      [&](Square from, PieceType type) { return squares->wanted(from, type); });
  push_king_safe(checking, out, board_, king_[index(side_)], side_, occupied_[index(~side_)], occupied_[0] | occupied_[1],
                 in_check_ == 0, [&] { return legal_test(); });
}

void Position::generate_legal_captures_to(Square sq, MoveList& out) const {
  out.clear();
  const Piece victim = at(sq);
  if (victim.empty() || victim.color() == side_ || victim.type() == PieceType::King) return;
  const std::size_t ci = std::size_t(index(side_));
  const SquareSet all = occupied_[0] | occupied_[1];
  SquareSet from = detail::capturers_on(board_.data(), sq, side_, occupied_[ci], all);
  if (from.empty()) return;
  SquareSet beyond_two = from;  // (no popcount: without -mpopcnt it is a library call)
  beyond_two.erase(beyond_two.lowest());
  if (!beyond_two.empty()) beyond_two.erase(beyond_two.lowest());
  if (beyond_two.empty()) {
    // Most often one or two capturers (the exchanges ask at every step):
    // each tested on a scratch board costs less than the safety filter.
    std::array<Piece, kSquares> scratch = board_;
    const Square king = king_[ci];
    const bool safe_before = in_check_ == 0;
    const SquareSet& them = occupied_[index(~side_)];
    from.for_each([&](Square f) {  // ascending, as the generator walks the pieces
      if (const Move m(f, sq); (safe_before && safe_untested(m, king, side_, them)) ||
                               king_safe_after(scratch.data(), m, king, side_, them, all))
        out.push(m);
    });
    return;
  }
  LegalTest legal = legal_test();
  from.for_each([&](Square f) {  // ascending, as the generator walks the pieces
    if (const Move m(f, sq); legal(m)) out.push(m);
  });
}

std::size_t Position::count_legal() const {
  LegalTest legal = legal_test();
  std::size_t n = 0;
  for_each_pseudo_move(board_.data(), occupied_[index(side_)], side_,
                       [&](Square from, Square to) { n += legal(Move(from, to)); });
  return n;
}

bool Position::has_legal_move() const {
  // Piece by piece, stopping at the first legal move: at the end of every
  // audited game, where almost always the first move tried is legal, and
  // after every check of the rules' mate searches. Known not to be in
  // check, each move is tested outright: one test costs less than the walk
  // that would spare it. Otherwise that walk is needed to learn the check
  // state: in check only the moves that may answer every check are walked,
  // and those its pins and screens do not flag are legal untested.
  //
  // In check or not knowing (after each check of the mate searches), the
  // king's own steps first: a king move is legal exactly when the king test
  // passes (the walk below tests every king move too), and most often one
  // does, for one or two tests instead of the walk of the king's lines and
  // of the answers. Whether, not which: the order does not matter.
  if (const Square k = king_[index(side_)]; in_check_ != 0 && k.valid()) {
    std::array<Piece, kSquares> scratch = board_;
    const SquareSet& them = occupied_[index(~side_)];
    const SquareSet all = occupied_[0] | occupied_[1];
    for (const std::uint8_t to : kTables.king[std::size_t(index(side_))][std::size_t(k.index())]) {
      const Piece p = board_[to];
      if ((p.empty() || p.color() != side_) && king_safe_after(scratch.data(), Move(k, Square(to)), k, side_, them, all))
        return true;
    }
  }
  SafetyFilter filter;
  filter.king = king_[index(side_)];
  if (in_check_ != 0 && filter.king.valid())
    filter = safety_filter();
  else
    filter.all = filter.king.valid();  // without a king there is nothing to expose
  LegalTest legal{filter, board_, occupied_[index(~side_)], occupied_[0] | occupied_[1], filter.king, side_};
  if (in_check_ == 1 && filter.checkers > 0) {
    const Evasions evasions(filter, occupied_[index(side_)], side_);
    bool found = false;
    for (SquareSet rest = evasions.movers; !rest.empty() && !found;) {
      const Square from = rest.lowest();
      rest.erase(from);
      SquareSet one;
      one.insert(from);
      for_each_evasion(board_.data(), evasions, one, side_, [&](Square f, Square to) {
        const Move m(f, to);
        found = found || !filter.needs_test(m) ||
                king_safe_after(legal.scratch.data(), m, legal.king, legal.us, legal.them, legal.all);
      });
    }
    return found;
  }
  for (SquareSet rest = occupied_[index(side_)]; !rest.empty();) {
    const Square from = rest.lowest();
    rest.erase(from);
    SquareSet one;
    one.insert(from);
    MoveList moves;
    for_each_pseudo_move(board_.data(), one, side_, [&](Square f, Square to) { moves.push(Move(f, to)); });
    for (Move m : moves)
      if (legal(m)) return true;
  }
  return false;
}

GameState Position::state() const {
  if (has_legal_move()) return GameState::Ongoing;
  return in_check() ? GameState::Checkmate : GameState::Stalemate;
}

}  // namespace xq
