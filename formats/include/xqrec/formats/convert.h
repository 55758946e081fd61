// Converting records between formats, losslessly where the target allows,
// and saying exactly what could not be converted.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/game.h"

namespace xq::formats {

struct ConvertOptions {
  Format to = Format::Pgn;  // Pgn, Xqf, DhtmlXq, Cbf, Json or FenLines
  PgnWriteOptions pgn;
  int xqf_version = 18;  // 10 or 18
  ReadOptions read;
};

// Something not converted as it was: a reader issue, a move that does not
// resolve (its line is cut there), or what the target cannot hold.
struct ConvertNote {
  std::string file;
  std::size_t game = 0;  // 1-based; 0 for the file as a whole
  std::string code;
  Severity severity = Severity::Error;
  int ply = 0;
  std::string variation;
  std::string text;
  SourceLocation where;
  std::string message;
  int move_number = 0;  // the full-move number of `ply`; 0 when not about a move
};

// Whether a format holds many games in one file.
bool holds_many_games(Format f);
std::string_view file_extension(Format f);  // ".pgn", ".xqf", ".ubb", ".cbf", ".json", ".fen"

struct ConvertedGame {
  std::string bytes;
  std::vector<ConvertNote> notes;  // file and game fields left for the caller
};

// Resolves and writes one game read by a reader.
ConvertedGame convert_game(GameRecord record, const std::vector<ReadIssue>& reader_issues,
                           const ConvertOptions& options);

struct ConvertSummary {
  std::size_t files = 0, games = 0, games_with_notes = 0, outputs = 0;
  bool io_error = false;
  bool lossy = false;  // an error or warning note was reported
};

// Converts files or directory trees to `out`: "-" (standard output), a file,
// or a directory that mirrors the input tree (one file per game where the
// target holds one game). Notes and I/O errors are handed over as they
// come. Inputs are never overwritten; regular outputs are written atomically.
ConvertSummary convert_files(const std::vector<std::string>& inputs, const std::string& out,
                             const ConvertOptions& options, const std::function<void(const ConvertNote&)>& on_note,
                             const std::function<void(const std::string&)>& on_io_error);

std::string convert_note_json(const ConvertNote& note);  // one JSON object, with the newline

}  // namespace xq::formats
