// Reading Xiangqi PGN: a streaming tokenizer that calls a GameVisitor in
// source order, game after game, with bounded memory.
//
// What it reads:
// - Tag pairs `[Name "value"]` (several on a line allowed; `\"` and `\\`
//   escapes; a quote inside the value is kept when it is not followed by
//   `]`). `[FEN]` in any case goes to start_fen(), not to tag(). `[Format]`
//   sets the notation hint of the game's moves: ICCS (also "Node", "UCCI"),
//   WXF, Chinese; absent means Auto (ICCS-shaped tokens are passed as Iccs).
// - Movetext: moves (split with the notation module's splitter, so glued
//   moves and numbers such as `1.炮二平五马８进７2.` are read), move numbers
//   and ellipses in every style (`3.`, `3...`, `3. ……`, `3、`, `３．`),
//   comments `{...}` and `;` to the end of the line, `%` escape lines,
//   nested variations `(...)`, NAGs `$n` and the suffixes ! ? !! ?? !? ?!,
//   results `1-0`, `0-1`, `1/2-1/2`, `*`.
// - Games: a game starts at a tag section or at movetext; it ends at its
//   result, at the next tag section (warning Code::NoTermination) or at the end
//   of the input (truncated). After the result, comments still belong to the
//   game; other text is ignored (info Code::IgnoredText) until a tag section or
//   a line starting with move number 1.
//
// Locations: line and column (in characters, 1-based) of the decoded text,
// and the byte offset in the original input. Input in another encoding than
// UTF-8 is decoded in chunks with ICU, never all at once.
//
// Issue codes: Code::BadEncoding (bytes not valid in the encoding; U+FFFD
// stands in their place), Code::UnterminatedComment, Code::UnterminatedTag,
// Code::BadTag, Code::UnterminatedVariation, Code::StrayCharacter, Code::NoTermination,
// Code::IgnoredText, Code::TokenTooLong, Code::CommentTooLong, Code::DuplicateFen,
// Code::UnknownFormat, Code::NotXiangqi, Code::UnknownEncoding (file level),
// Code::NoGames (file level).
#pragma once

#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats {

// Reads every game of a PGN file held in memory (it may be a multi-gigabyte
// mapping: memory use does not grow with the input). Never throws on bad
// data; the report names the encoding, counts the games and holds the
// file-level issues.
FileReport read_pgn(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

// The MoveNotation hint for a [Format] tag value (ASCII case-insensitive):
// "ICCS", "Node", "UCCI" -> Iccs; "WXF" -> Wxf; "Chinese", "" -> Chinese;
// anything else -> Auto (and the reader notes Code::UnknownFormat).
MoveNotation notation_from_format_tag(std::string_view value, bool* known = nullptr);

}  // namespace xq::formats
