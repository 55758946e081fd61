// Precomputed move geometry for every square, built at compile time, so that
// move generation and attack tests never check board edges.
#pragma once

#include <array>
#include <cstdint>

#include "xqrec/core/square_set.h"
#include "xqrec/core/types.h"

namespace xq::geometry {

// A step to a square that needs another square empty on the way:
// the horse's leg or the elephant's eye.
struct Step {
  std::uint8_t to = 0;
  std::uint8_t via = 0;
};

template <class T, std::size_t N>
struct SmallList {
  std::array<T, N> items{};
  std::uint8_t size = 0;
  constexpr void push(T t) { items[size++] = t; }
  constexpr const T* begin() const { return items.data(); }
  constexpr const T* end() const { return items.data() + size; }
};

using Steps = SmallList<Step, 8>;
using Targets = SmallList<std::uint8_t, 4>;
using Ray = SmallList<std::uint8_t, 9>;

enum Direction { Up = 0, Down = 1, Right = 2, Left = 3 };  // Up = towards Black
constexpr int kFileDelta[4] = {0, 0, 1, -1};
constexpr int kRankDelta[4] = {1, -1, 0, 0};

struct Tables {
  std::array<std::array<Ray, 4>, kSquares> ray{};
  std::array<Steps, kSquares> horse{};         // to, leg
  std::array<Steps, kSquares> horse_from{};    // horses that attack this square: from, leg
  std::array<std::array<Steps, kSquares>, 2> elephant{};  // to, eye; own side only
  std::array<std::array<Targets, kSquares>, 2> advisor{};  // to, in own palace
  std::array<std::array<Targets, kSquares>, 2> king{};     // to, in own palace
  std::array<std::array<Targets, kSquares>, 2> pawn{};
  // Inverse tables: the squares from which a piece of colour c reaches this
  // square. They differ from the forward ones only for pieces off their
  // legal points (relaxed set-ups), which still move by the forward tables.
  std::array<std::array<Targets, kSquares>, 2> pawn_from{};
  std::array<std::array<Targets, kSquares>, 2> advisor_from{};
  std::array<std::array<Targets, kSquares>, 2> king_from{};
  std::array<std::array<Steps, kSquares>, 2> elephant_from{};  // from, eye
};

constexpr int forward(Color c) { return c == Color::Red ? 1 : -1; }

constexpr Tables make_tables() {
  Tables t;
  for (int s = 0; s < kSquares; ++s) {
    const int f = s % kFiles, r = s / kFiles;
    for (int d = 0; d < 4; ++d) {
      for (int ff = f + kFileDelta[d], rr = r + kRankDelta[d]; on_board(ff, rr);
           ff += kFileDelta[d], rr += kRankDelta[d])
        t.ray[std::size_t(s)][std::size_t(d)].push(std::uint8_t(rr * kFiles + ff));
    }
    // Horse: two steps along one axis, one along the other; the leg is the
    // first orthogonal step.
    constexpr int kHorse[8][4] = {{1, 2, 0, 1},  {-1, 2, 0, 1},  {1, -2, 0, -1}, {-1, -2, 0, -1},
                                  {2, 1, 1, 0},  {2, -1, 1, 0},  {-2, 1, -1, 0}, {-2, -1, -1, 0}};
    for (const auto& h : kHorse) {
      const int tf = f + h[0], tr = r + h[1];
      if (!on_board(tf, tr)) continue;
      const int leg = (r + h[3]) * kFiles + (f + h[2]);
      const int to = tr * kFiles + tf;
      t.horse[std::size_t(s)].push({std::uint8_t(to), std::uint8_t(leg)});
      // A horse on `to` attacks s through the square next to `to` towards s
      // along the long axis: that is s plus the short step plus half the long.
      const int back_leg = (r + h[1] - h[3]) * kFiles + (f + h[0] - h[2]);
      t.horse_from[std::size_t(s)].push({std::uint8_t(to), std::uint8_t(back_leg)});
    }
    for (int ci = 0; ci < 2; ++ci) {
      const Color c = Color(ci);
      const Square sq(s);
      constexpr int kDiag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
      for (const auto& dg : kDiag) {
        const int ef = f + 2 * dg[0], er = r + 2 * dg[1];
        if (on_board(ef, er) && on_own_side(c, Square(ef, er)))
          t.elephant[std::size_t(ci)][std::size_t(s)].push(
              {std::uint8_t(er * kFiles + ef), std::uint8_t((r + dg[1]) * kFiles + f + dg[0])});
        const int af = f + dg[0], ar = r + dg[1];
        if (on_board(af, ar) && in_palace(c, Square(af, ar)))
          t.advisor[std::size_t(ci)][std::size_t(s)].push(std::uint8_t(ar * kFiles + af));
      }
      for (int d = 0; d < 4; ++d) {
        const int kf = f + kFileDelta[d], kr = r + kRankDelta[d];
        if (on_board(kf, kr) && in_palace(c, Square(kf, kr)))
          t.king[std::size_t(ci)][std::size_t(s)].push(std::uint8_t(kr * kFiles + kf));
      }
      // Pawn: forward always; sideways once across the river.
      const int pr = r + forward(c);
      if (on_board(f, pr)) t.pawn[std::size_t(ci)][std::size_t(s)].push(std::uint8_t(pr * kFiles + f));
      if (!on_own_side(c, sq)) {
        if (f > 0) t.pawn[std::size_t(ci)][std::size_t(s)].push(std::uint8_t(r * kFiles + f - 1));
        if (f < kFiles - 1) t.pawn[std::size_t(ci)][std::size_t(s)].push(std::uint8_t(r * kFiles + f + 1));
      }
    }
  }
  for (std::size_t ci = 0; ci < 2; ++ci)
    for (std::size_t s = 0; s < kSquares; ++s) {
      for (std::uint8_t to : t.pawn[ci][s]) t.pawn_from[ci][to].push(std::uint8_t(s));
      for (std::uint8_t to : t.advisor[ci][s]) t.advisor_from[ci][to].push(std::uint8_t(s));
      for (std::uint8_t to : t.king[ci][s]) t.king_from[ci][to].push(std::uint8_t(s));
      for (const Step& e : t.elephant[ci][s]) t.elephant_from[ci][e.to].push({std::uint8_t(s), e.via});
    }
  return t;
}

inline constexpr Tables kTables = make_tables();

// The same geometry as square sets, for a quick "could any piece of this
// side attack from there" test before walking the lists.
struct Masks {
  std::array<std::array<SquareSet, 4>, kSquares> ray{};
  std::array<SquareSet, kSquares> horse_from{};
  std::array<std::array<SquareSet, kSquares>, 2> pawn_from{};
  // The diagonal neighbours: the legs of every horse that attacks the square.
  std::array<SquareSet, kSquares> horse_legs{};
  // Where a piece of colour c steps to from a square (the forward tables).
  std::array<std::array<SquareSet, kSquares>, 2> advisor_to{}, king_to{}, pawn_to{}, elephant_to{};
  // The inverse tables as sets: where a king, advisor or elephant of colour
  // c stands to step to the square (an elephant still needs its eye empty).
  std::array<std::array<SquareSet, kSquares>, 2> king_from{}, advisor_from{}, elephant_from{};
  // The squares a move must leave or reach to give check to a king on the
  // square: its file and rank (rook, cannon and king lines, their blockers
  // and screens) and the squares within two steps (horses and their legs,
  // pawns). A move touching none of them cannot give check.
  std::array<SquareSet, kSquares> check_zone{};
  // The squares a move must leave to expose a king on the square (its file
  // and rank, its diagonal neighbours: horse legs and elephant eyes), and
  // the squares on its file and rank, which a move must reach to do so.
  std::array<SquareSet, kSquares> exposure_zone{}, line_zone{};
  // The squares from which a piece of colour c could move to the square by
  // its kind's geometry alone (any piece on its file or rank, and the
  // inverse tables' steps): the pieces worth walking in check, to the squares
  // that answer it.
  std::array<std::array<SquareSet, kSquares>, 2> reach_from{};
};

constexpr Masks make_masks() {
  Masks m;
  for (std::size_t s = 0; s < std::size_t(kSquares); ++s) {
    for (std::size_t d = 0; d < 4; ++d)
      for (std::uint8_t q : kTables.ray[s][d]) m.ray[s][d].insert(Square(q));
    for (const Step& h : kTables.horse_from[s]) {
      m.horse_from[s].insert(Square(h.to));
      m.horse_legs[s].insert(Square(h.via));
    }
    for (std::size_t q = 0; q < std::size_t(kSquares); ++q) {
      const int df = int(q % kFiles) - int(s % kFiles), dr = int(q / kFiles) - int(s / kFiles);
      if (df == 0 || dr == 0 || (df >= -2 && df <= 2 && dr >= -2 && dr <= 2)) m.check_zone[s].insert(Square(int(q)));
    }
    for (std::size_t d = 0; d < 4; ++d) m.line_zone[s] = m.line_zone[s] | m.ray[s][d];
    m.exposure_zone[s] = m.line_zone[s] | m.horse_legs[s];
    for (std::size_t ci = 0; ci < 2; ++ci) {
      SquareSet& reach = m.reach_from[ci][s];
      for (std::size_t d = 0; d < 4; ++d) reach = reach | m.ray[s][d];
      reach = reach | m.horse_from[s];
      for (std::uint8_t q : kTables.pawn_from[ci][s]) reach.insert(Square(q));
      for (std::uint8_t q : kTables.advisor_from[ci][s]) reach.insert(Square(q));
      for (std::uint8_t q : kTables.king_from[ci][s]) reach.insert(Square(q));
      for (const Step& e : kTables.elephant_from[ci][s]) reach.insert(Square(e.to));
      for (std::uint8_t q : kTables.pawn_from[ci][s]) m.pawn_from[ci][s].insert(Square(q));
      for (std::uint8_t q : kTables.king_from[ci][s]) m.king_from[ci][s].insert(Square(q));
      for (std::uint8_t q : kTables.advisor_from[ci][s]) m.advisor_from[ci][s].insert(Square(q));
      for (const Step& e : kTables.elephant_from[ci][s]) m.elephant_from[ci][s].insert(Square(e.to));
      for (std::uint8_t q : kTables.advisor[ci][s]) m.advisor_to[ci][s].insert(Square(q));
      for (std::uint8_t q : kTables.king[ci][s]) m.king_to[ci][s].insert(Square(q));
      for (std::uint8_t q : kTables.pawn[ci][s]) m.pawn_to[ci][s].insert(Square(q));
      for (const Step& e : kTables.elephant[ci][s]) m.elephant_to[ci][s].insert(Square(e.to));
    }
  }
  return m;
}

inline constexpr Masks kMasks = make_masks();

// Each square as a set of one: an update of a square set by exclusive-or
// or or with these takes no branch on which word holds the square (make,
// undo, the king test after a move).
constexpr std::array<SquareSet, kSquares> make_square_bits() {
  std::array<SquareSet, kSquares> bits{};
  for (int s = 0; s < kSquares; ++s) bits[std::size_t(s)].insert(Square(s));
  return bits;
}
inline constexpr std::array<SquareSet, kSquares> kSquareBit = make_square_bits();

// How one square relates to another, so that a single given move is tested
// with one lookup instead of coordinate arithmetic: the direction of the line
// from a to b, and the square a horse's leg or an elephant's eye needs empty.
struct Relation {
  static constexpr std::uint8_t kNoLine = 4;
  static constexpr std::uint8_t kNone = 0xFF;
  std::uint8_t line = kNoLine;  // Direction from a to b on a file or rank
  std::uint8_t leg = kNone;     // b is a horse step from a: the leg
  std::uint8_t eye = kNone;     // b is an elephant step from a: the eye
};
using Relations = std::array<std::array<Relation, kSquares>, kSquares>;

constexpr Relations make_relations() {
  Relations t{};
  for (std::size_t a = 0; a < std::size_t(kSquares); ++a) {
    // Explicitly: GCC 12 leaves the member initializers out of this table.
    for (Relation& r : t[a]) r = Relation{Relation::kNoLine, Relation::kNone, Relation::kNone};
    for (std::size_t d = 0; d < 4; ++d)
      for (std::uint8_t q : kTables.ray[a][d]) t[a][q].line = std::uint8_t(d);
    for (const Step& h : kTables.horse[a]) t[a][h.to].leg = h.via;
    // The elephant's geometry is the same for both colours; which side of
    // the river it may stand on is tested separately.
    const int f = int(a) % kFiles, r = int(a) / kFiles;
    constexpr int kDiag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (const auto& dg : kDiag) {
      const int ef = f + 2 * dg[0], er = r + 2 * dg[1];
      if (on_board(ef, er)) t[a][std::size_t(er * kFiles + ef)].eye = std::uint8_t((r + dg[1]) * kFiles + f + dg[0]);
    }
  }
  return t;
}

inline constexpr Relations kRelations = make_relations();

}  // namespace xq::geometry
