// Reading any supported file: format detection and dispatch to the readers.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/formats/visitor.h"

namespace xq::formats {

enum class Format : std::uint8_t { Unknown, Pgn, Xqf, DhtmlXq, Cbf, Cbr, Cbl, FenLines, Json };
std::string_view format_name(Format f);  // "pgn", "xqf", "dhtmlxq", "cbf", "cbr", "cbl", "fen", "json"

struct ReadOptions {
  // Overrides text-encoding detection: an ICU converter name such as
  // "GB18030", "Big5", "UTF-8", "UTF-16LE".
  std::optional<std::string> input_encoding;
  // The file was met while walking a directory, not named: read it only
  // when it holds game records (holds_game_record), else report it as
  // not read (not-a-record, info).
  bool records_only = false;
  // Called by a reader that goes through a large input in order with an
  // offset before which it will not look at the bytes again soon, so that
  // the caller can give their memory back (FileBytes::release_before). A
  // hint only: bytes looked at again are the same.
  std::function<void(std::size_t)> done_before;
};

// What a reader says about a whole file.
struct FileReport {
  Format format = Format::Unknown;
  std::string encoding;  // as detected or given, e.g. "UTF-8", "GB18030", "Big5"; empty for binary
  std::size_t games = 0;
  std::vector<Issue> issues;  // file-level issues (game-level ones go to the visitor)
};

// Detects the format from the content first, the file name second.
Format detect_format(std::string_view bytes, std::string_view path);

// Whether a file holds game records, judged from its content and its name
// before reading it: a record format's signature or file extension, an
// xqrec JSON game, or text with a PGN tag pair or a numbered move at the
// start of a line in its first 64 KB. A directory of records also holds
// read-me files, manifests and audit reports: those are not read as PGN.
bool holds_game_record(std::string_view bytes, std::string_view path);
// The same, with the format detect_format gave for them.
bool holds_game_record(Format detected, std::string_view bytes, std::string_view path);

// Whether read_games with records_only (a file met in a directory walk)
// reads the file, or only names it (temporary-output, not-a-record). An
// empty file is read: it says so as one named would (unsupported-format).
bool walk_reads(std::string_view bytes, std::string_view path);

// Whether read_games reads these bytes with read_pgn (and nothing else):
// what a caller that reads a large PGN in parts (plan_pgn_parts) asks first.
bool reads_as_pgn(std::string_view bytes, std::string_view path, const ReadOptions& options);

// Reads every game of a file held in memory.
FileReport read_games(std::string_view bytes, std::string_view path, GameVisitor& visitor,
                      const ReadOptions& options = {});
// The same from an opened file, whose memory goes back as the reader goes
// through it in order (ReadOptions::done_before, FileBytes::release_before):
// a large file costs a window of resident memory, not its size. A file a
// walk did not open (FileBytes::not_opened) is named (not-a-regular-file).
class FileBytes;
FileReport read_games(FileBytes& file, std::string_view path, GameVisitor& visitor, ReadOptions options);

}  // namespace xq::formats
