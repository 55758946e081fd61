// Phase 1 of reading a move: text -> move description, without a board.
//
// A description says what the text says: which piece (or none, 前九平八),
// which origin (a file, or a mark among same pieces: 前/中/后, 一..五, WXF
// + - . ++ -- a..e), which direction and which number. Turning it into a
// move needs the position (resolve.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "xqrec/notation/dialect.h"
#include "xqrec/notation/notation.h"
#include "xqrec/core/result.h"
#include "xqrec/core/types.h"

namespace xq::notation {

// Which of several same pieces the text names.
enum class Mark : std::uint8_t {
  None,       // no mark: the origin is a file number
  Front,      // 前, WXF +
  Middle,     // 中, WXF xqbase ".", WXF official "33" (file digit twice)
  Rear,       // 后 後, WXF -
  Frontmost,  // WXF official ++ (four or five pawns on a file)
  Rearmost,   // WXF official --
  Ordinal,    // 一..五 (xqbase series), WXF xqbase a..e; `ordinal` holds 1..9
};

enum class Direction : std::uint8_t {
  Forward,   // 进, +
  Backward,  // 退, -
  Sideways,  // 平, . =
  Unknown,   // left out (rule 7.5 short form 前马4): any that fits
};

struct MoveDescription {
  Notation notation = Notation::Chinese;  // Chinese, Wxf or Iccs
  PieceType piece = PieceType::None;      // None: not named (前九平八)
  Mark mark = Mark::None;
  std::uint8_t ordinal = 0;  // 1..9 with Mark::Ordinal
  std::uint8_t file = 0;     // origin file 1..9, counted from the mover's right; 0 = not given
  Direction direction = Direction::Forward;
  std::uint8_t number = 0;   // 1..9: ranks moved, or the destination file
  // Glyph evidence of the side that wrote the move (仕相帅兵 vs 士象将卒,
  // Chinese numerals vs full-width digits); -1 = none, else Color value.
  std::int8_t glyph_side = -1;
  std::int8_t digit_side = -1;
  Move iccs;                 // Notation::Iccs only: the move itself
  DialectNotes notes;        // what the text alone shows (glyphs, digits, forms)
};

// A syntax error: the offending character, where it is, and why.
struct SyntaxError {
  std::size_t column = 0;       // 1-based, in characters (code points) of the text
  std::size_t byte_offset = 0;  // 0-based, in bytes
  std::string found;            // the offending character (UTF-8), empty at the end of the text
  std::string message;          // one line, for people
};

// A description read from the start of a text, and how much text it took.
struct Scanned {
  MoveDescription description;
  std::size_t bytes = 0;  // bytes consumed
  std::size_t chars = 0;  // code points consumed
};

// Reads one move of the given notation from the start of `text` (which may go
// on: glued moves); the other scanners stop at the first character that
// cannot continue the move. Leading white space is not skipped.
Result<Scanned, SyntaxError> scan_chinese(std::string_view text);
Result<Scanned, SyntaxError> scan_wxf(std::string_view text);
Result<Scanned, SyntaxError> scan_iccs(std::string_view text);

// Guesses the notation of a move text from its first characters (ignoring
// leading white space): Chinese, Wxf or Iccs; Auto when nothing fits.
Notation detect_notation(std::string_view text);

// Reads a whole move text (white space around it allowed, nothing else).
// With Notation::Auto the notation is detected; with another hint, a text
// that fails in the hinted notation but reads in the detected one is
// accepted with Dialect::NotationNotAsHinted.
Result<MoveDescription, SyntaxError> parse_move_text(std::string_view text, Notation hint = Notation::Auto);
// Whether parse_move_text(text, hint) succeeds: the same memoised reading,
// without copying its result out (a reader's test before it passes the text on).
bool reads_as_move(std::string_view text, Notation hint);
// Gives back the calling thread's memo of the texts read (about 300 KB),
// for a worker thread that waits idle; its next reading makes it again.
// No description it returned may be in use.
void release_parse_memo();

}  // namespace xq::notation
