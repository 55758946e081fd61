// Basic value types of the board: colour, piece, square, move.
//
// Squares follow ICCS coordinates: files a..i (0..8) from Red's left,
// ranks 0..9 from Red's side. Index = rank * 9 + file, so a0 = 0, i9 = 89.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xq {

enum class Color : std::uint8_t { Red = 0, Black = 1 };

constexpr Color operator~(Color c) { return Color(std::uint8_t(c) ^ 1u); }
constexpr int index(Color c) { return int(c); }
std::string_view color_name(Color c);  // "red" / "black"

enum class PieceType : std::uint8_t {
  None = 0,
  King = 1,
  Advisor = 2,
  Elephant = 3,
  Horse = 4,
  Rook = 5,
  Cannon = 6,
  Pawn = 7,
};
constexpr int kPieceTypeCount = 8;  // including None, for table sizes
std::string_view piece_type_name(PieceType t);  // "king", "advisor", ...

// A piece packs colour and type: Red pieces 1..7, Black pieces 9..15, 0 = empty.
class Piece {
 public:
  constexpr Piece() = default;
  constexpr Piece(Color c, PieceType t) : v_(std::uint8_t(std::uint8_t(c) << 3 | std::uint8_t(t))) {}
  static constexpr Piece from_code(std::uint8_t code) { Piece p; p.v_ = code; return p; }

  constexpr bool empty() const { return (v_ & 7u) == 0; }
  constexpr explicit operator bool() const { return !empty(); }
  constexpr PieceType type() const { return PieceType(v_ & 7u); }
  constexpr Color color() const { return Color(v_ >> 3); }
  constexpr std::uint8_t code() const { return v_; }
  constexpr bool is(Color c, PieceType t) const { return v_ == Piece(c, t).v_; }

  friend constexpr bool operator==(Piece, Piece) = default;

  // FEN letter: uppercase for Red, lowercase for Black (K A B N R C P).
  char fen_char() const;

 private:
  std::uint8_t v_ = 0;
};
constexpr int kPieceCodeCount = 16;

constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = kFiles * kRanks;

namespace detail {
// File and rank of every square index (and of the other byte values, as the
// division gives them): a load instead of a division in the hottest paths.
struct SquareCoordinates {
  std::uint8_t file[256];
  std::uint8_t rank[256];
};
constexpr SquareCoordinates make_square_coordinates() {
  SquareCoordinates c{};
  for (int i = 0; i < 256; ++i) {
    c.file[i] = std::uint8_t(i % kFiles);
    c.rank[i] = std::uint8_t(i / kFiles);
  }
  return c;
}
inline constexpr SquareCoordinates kSquareCoordinates = make_square_coordinates();
}  // namespace detail

class Square {
 public:
  constexpr Square() = default;
  constexpr explicit Square(int index) : v_(std::uint8_t(index)) {}
  constexpr Square(int file, int rank) : v_(std::uint8_t(rank * kFiles + file)) {}
  static constexpr Square none() { return Square(0xFF); }

  constexpr int index() const { return v_; }
  constexpr int file() const { return detail::kSquareCoordinates.file[v_]; }
  constexpr int rank() const { return detail::kSquareCoordinates.rank[v_]; }
  constexpr bool valid() const { return v_ < kSquares; }

  friend constexpr bool operator==(Square, Square) = default;

  std::string name() const;  // "e0"

 private:
  std::uint8_t v_ = 0xFF;
};

constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// The side of the river a square lies on: ranks 0..4 are Red's, 5..9 Black's.
constexpr bool on_own_side(Color c, Square s) {
  return c == Color::Red ? s.rank() <= 4 : s.rank() >= 5;
}
constexpr bool in_palace(Color c, Square s) {
  const int f = s.file(), r = s.rank();
  if (f < 3 || f > 5) return false;
  return c == Color::Red ? r <= 2 : r >= 7;
}

// A move packs from and to squares as from | to << 7. The null value is 0
// (a0 -> a0 is never a move).
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to)
      : v_(std::uint16_t(from.index() | to.index() << 7)) {}
  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return Square(v_ & 0x7F); }
  constexpr Square to() const { return Square(v_ >> 7); }
  constexpr bool is_none() const { return v_ == 0; }
  constexpr std::uint16_t raw() const { return v_; }

  friend constexpr bool operator==(Move, Move) = default;

 private:
  std::uint16_t v_ = 0;
};

}  // namespace xq
