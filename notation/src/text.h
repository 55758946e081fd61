// Internal: UTF-8 decoding (ICU's header-only U8_NEXT) and the glyph classes
// of move text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <unicode/utf8.h>

#include "xqrec/notation/description.h"
#include "xqrec/core/position.h"
#include "xqrec/core/types.h"

namespace xq::notation::detail {

struct Decoded {
  char32_t cp = 0;       // U+FFFD for an ill-formed sequence; 0 at the end
  std::size_t len = 0;   // bytes taken (0 at the end)
};

// The code point starting at byte `at` (at <= text.size()).
inline Decoded decode_at(std::string_view text, std::size_t at) {
  if (at >= text.size()) return {};
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data() + at);
  if (s[0] < 0x80) return {char32_t(s[0]), 1};
  // U8_NEXT works on int32_t offsets: decode from a window of at most 4 bytes.
  const std::size_t avail = text.size() - at;
  const std::int32_t length = std::int32_t(avail < 4 ? avail : 4);
  std::int32_t i = 0;
  UChar32 c = 0;
  U8_NEXT(s, i, length, c);
  if (c < 0) return {U'\uFFFD', std::size_t(i)};
  return {char32_t(c), std::size_t(i)};
}

// Full-width ASCII forms (U+FF01..U+FF5E) and a few look-alikes (U+2212
// minus) folded to ASCII; other code points unchanged.
constexpr char32_t fold_ascii(char32_t c) {
  if (c >= 0xFF01 && c <= 0xFF5E) return c - 0xFEE0;
  if (c == 0x2212) return U'-';
  return c;
}
constexpr bool is_full_width_ascii(char32_t c) { return c >= 0xFF01 && c <= 0xFF5E; }

bool is_space(char32_t c);  // ASCII white space, U+3000, U+00A0, U+FEFF

enum class GlyphKind : std::uint8_t { Other, Piece, Numeral, Direction, Mark };

enum class NumeralStyle : std::uint8_t { Chinese, Financial, Ascii, FullWidth };

// Trivial (value-initialised: kind Other): the scanner keeps arrays of them.
struct Glyph {
  GlyphKind kind;
  std::uint8_t value;  // PieceType, 1..9, Direction, or Mark
  std::uint8_t style;  // NumeralStyle for numerals
  std::uint8_t flags;  // kTraditional | kVariant | side (kRed / kBlack)

  static constexpr std::uint8_t kTraditional = 1, kVariant = 2, kRed = 4, kBlack = 8;
  constexpr bool traditional() const { return flags & kTraditional; }  // 車馬帥將俥傌砲進後
  constexpr bool variant() const { return flags & kVariant; }          // 包, 上/下
  // The side the glyph belongs to (Color value), -1 when either.
  constexpr int side() const { return flags & kRed ? int(Color::Red) : flags & kBlack ? int(Color::Black) : -1; }
};

// The class of one code point of Chinese move text.
Glyph classify_chinese(char32_t c);

// The code point `c` of a WXF letter: K A B/E/M N/H R C P (and G), any case.
PieceType wxf_piece(char32_t folded, bool* alternate);

// Mover-relative file numbers: Red counts from file i (number 1) to a,
// Black from a (1) to i.
constexpr int iccs_file(Color mover, int number) { return mover == Color::Red ? 9 - number : number - 1; }
constexpr int file_number(Color mover, int file) { return mover == Color::Red ? 9 - file : file + 1; }

// The mover's pieces of one type, ordered by file from the mover's right,
// then front to back (the xqbase order).
struct SamePieces {
  int count = 0;
  Square sq[kSquares];
  std::uint8_t per_file[kFiles] = {};

  int on_file(int f) const { return per_file[f]; }
  // Pieces on files holding two or more ("doubled"), in order.
  int doubled_count() const;
  // Position of s among the doubled pieces (0-based), or -1.
  int doubled_index(Square s) const;
  // Number of files holding two or more.
  int doubled_files() const;
  // The k-th (0-based) doubled piece, front to back over files from the right.
  Square doubled_at(int k) const;
  // The k-th (0-based) piece on file f, front to back; Square::none() if absent.
  Square on_file_at(int f, int k) const;
  // Position of s on its file, front to back.
  int index_on_file(Square s) const;
};
void collect_same(const Position& pos, Color c, PieceType t, SamePieces& out);

// For an advisor or elephant move: whether another piece of its type on the
// same file could make a legal move that the file-number text would also name
// (only on relaxed set-ups with pieces off their points).
bool plain_file_ambiguous(const Position& pos, const SamePieces& same, Move move);

// For the writers (Chinese and WXF): the piece the side to move moves, or
// an empty piece when the move is not one of its pieces' (nothing is then
// written).
inline Piece mover_piece(const Position& pos, Move move) {
  if (!move.from().valid() || !move.to().valid()) return {};
  const Piece p = pos.at(move.from());
  return p.empty() || p.color() != pos.side_to_move() ? Piece() : p;
}
// Whether the plain form, piece and origin file, names the move of a piece
// of type t: the only one of its type on its file, or an advisor or
// elephant that no other on the file could be read as.
inline bool plain_form_names(const Position& pos, const SamePieces& same, Move move, PieceType t) {
  return same.on_file(move.from().file()) < 2 ||
         ((t == PieceType::Advisor || t == PieceType::Elephant) && !plain_file_ambiguous(pos, same, move));
}
// Pieces that move along a line: their number counts ranks, not a file.
constexpr bool moves_in_line(PieceType t) {
  return t == PieceType::King || t == PieceType::Rook || t == PieceType::Cannon || t == PieceType::Pawn;
}

}  // namespace xq::notation::detail
