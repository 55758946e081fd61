// Internal: UTF-8 decoding (ICU's header-only U8_NEXT) and the glyph classes
// of move text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xqrec/notation/description.h"
#include "xqrec/position.h"
#include "xqrec/types.h"

namespace xq::notation::detail {

struct Decoded {
  char32_t cp = 0;       // U+FFFD for an ill-formed sequence; 0 at the end
  std::size_t len = 0;   // bytes taken (0 at the end)
};

// The code point starting at byte `at` (at <= text.size()).
Decoded decode_at(std::string_view text, std::size_t at);

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

struct Glyph {
  GlyphKind kind = GlyphKind::Other;
  std::uint8_t value = 0;  // PieceType, 1..9, Direction, or Mark
  std::uint8_t style = 0;  // NumeralStyle for numerals
  bool traditional = false;  // 車馬帥將俥傌砲進後
  bool variant = false;      // 包 (cannon), 上/下 (directions)
  std::int8_t side = -1;     // the side the glyph belongs to, -1 when either
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

}  // namespace xq::notation::detail
