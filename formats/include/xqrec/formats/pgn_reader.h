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

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats {

// Reads every game of a PGN file held in memory (it may be a multi-gigabyte
// mapping: memory use does not grow with the input). Never throws on bad
// data; the report names the encoding, counts the games and holds the
// file-level issues.
FileReport read_pgn(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

// --- One large file read in parts, by several threads ----------------------
// The file is cut at lines that start a tag section, about part_bytes
// apart (closer in the last four parts' worth, to end the threads' work
// together), and each part is read by its own parser: part k reads the games
// that start from begin[k] up to begin[k + 1], numbered from 1 in the part
// (their number in the file is the count of the games before plus theirs).
// Where the cuts are is a guess (a tag line inside a comment, a tag
// section with a blank line in it), so a part's reading counts only when
// PgnPartChain accepts it, part after part in order: the part before
// stopped at its first byte and line, and the file's issue limits (counted
// from zero by each part's parser) were not reached. When it refuses a
// part, that part and those after it are read again with read_pgn, the
// games of the accepted parts passed over: the games, issues and locations
// are always read_pgn's.
struct PgnParts {
  std::string encoding;   // as read_pgn decides it, for the whole file
  std::size_t text_start = 0;  // after a byte-order mark
  bool identity = false;  // the whole file's bytes are the text (all ASCII, as the detection saw)
  bool utf8 = false;      // UTF-8: a part whose bytes are valid UTF-8 is read in place, another decoded
  std::vector<Issue> head_issues;  // file-level issues read_pgn reports before its first game
  std::vector<std::size_t> begin;      // begin[0] = 0
  std::vector<std::uint32_t> line;     // the line number at begin[k]
  std::size_t count() const { return begin.size(); }
};

// The parts, or none when the file is shorter than two parts, has no
// place to cut, or is in an encoding whose line feed byte may be part of
// a character (UTF-16). Looks at every byte once for the line feeds
// (giving back pages through options.done_before); whether UTF-8 bytes are
// valid is left to each part's reading, on the thread that reads it.
std::optional<PgnParts> plan_pgn_parts(std::string_view bytes, const ReadOptions& options, std::size_t part_bytes);

// The same parts, their line numbers not counted yet (line[k] is 0 for
// k > 0): it looks only at the lines around each cut, so that the first
// parts can be read while the line feeds of the next are counted.
std::optional<PgnParts> plan_pgn_cuts(std::string_view bytes, const ReadOptions& options, std::size_t part_bytes);
// Counts part k - 1's line feeds into line[k] (k >= 1, in order; part k is
// read only after): false when the count passes 2^32, as no part's line can.
// Pages counted go back through options.done_before, 1 MiB at a time.
bool count_part_lines(std::string_view bytes, PgnParts& parts, std::size_t k, const ReadOptions& options = {});

// What reading part k found besides its games.
struct PgnPartRead {
  FileReport report;          // its file-level issues and its count of games
  std::uint64_t end = 0;      // where its reading stopped: the first game at or after begin[k + 1], or the file's size
  std::uint32_t end_line = 0;  // the line there (0 at the end of the file)
  std::size_t issues_kept = 0;  // issues kept toward the file's limit, and of them file-level ones
  std::size_t file_issues_kept = 0, file_issues_suppressed = 0;
  // False when the part read in place bytes that read_pgn decodes: its
  // last game ran on past the part's end into bytes that are not valid
  // UTF-8 (a cut at a line the parser does not take for a tag line, such
  // as "[see game 2]" in a comment). PgnPartChain refuses such a part.
  bool text_as_whole = true;
};

// Reads part k; safe to call for different parts at once. options.done_before
// is called with offsets within the part only (at or after begin[k]): a
// caller that reads parts at once gives back the part's own pages there
// (FileBytes::release_range), so that a part of gigabytes (a stretch
// without a tag line) is read through a window too.
PgnPartRead read_pgn_part(std::string_view bytes, const PgnParts& parts, std::size_t k, GameVisitor& visitor,
                          const ReadOptions& options = {});

class PgnPartChain {
 public:
  // Whether part k, the next in order, read what read_pgn reads there; its
  // report joins the file's when it did.
  bool accept(const PgnParts& parts, std::size_t k, const PgnPartRead& part);
  // Parts accepted so far.
  std::size_t accepted() const { return next_; }
  // The file's report, once every part was accepted.
  FileReport finish(std::string_view bytes);

 private:
  std::size_t next_ = 0;
  std::uint64_t last_end_ = 0;
  std::uint32_t last_end_line_ = 0;
  std::size_t issues_kept_ = 0, file_issues_kept_ = 0;
  FileReport report_;
};

// The MoveNotation hint for a [Format] tag value (ASCII case-insensitive):
// "ICCS", "Node", "UCCI" -> Iccs; "WXF" -> Wxf; "Chinese", "" -> Chinese;
// anything else -> Auto (and the reader notes Code::UnknownFormat).
MoveNotation notation_from_format_tag(std::string_view value, bool* known = nullptr);

}  // namespace xq::formats
