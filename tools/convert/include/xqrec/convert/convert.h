// Converting records between formats, losslessly where the target allows,
// and saying exactly what could not be converted.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "xqrec/formats/output_guard.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/shard.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"

namespace xq::convert {

using formats::Format;
using formats::OutputGuard;
using formats::PgnWriteOptions;
using formats::Issue;
using formats::ReadOptions;
using formats::Severity;

struct ConvertOptions {
  Format to = Format::Pgn;  // Pgn, Xqf, DhtmlXq, Cbf, Json or FenLines
  PgnWriteOptions pgn;
  int xqf_version = 18;  // 10 or 18
  std::size_t max_games = 0;  // games read at most from one file (0: all), then a max-games warning
  ReadOptions read;
  // Leave out the games marked deleted (marked_deleted: the tag Deleted =
  // "yes", as the CBL reader gives the entries its index marks deleted,
  // and as any format that keeps tags carries it on): each is one info
  // note, skipped-deleted, instead of a game.
  bool skip_deleted = false;
  formats::Shard shard;  // --shard: the games of this shard only (file-level notes with (path, 0))
  // Write the ECCO code of the moves as [ECCO], [Opening] and [Variation]
  // (replacing the record's own; a game not from the standard start keeps
  // its tags as they were: it has no code).
  bool ecco = false;
};

// Something not converted as it was: a reader issue, a move that does not
// resolve (its line is cut there), or what the target cannot hold.
struct ConvertNote {
  std::string file;
  std::size_t game = 0;  // 1-based; 0 for the file as a whole
  Issue issue;
};

// Whether a format holds many games in one file.
bool holds_many_games(Format f);
std::string_view file_extension(Format f);  // ".pgn", ".xqf", ".ubb", ".cbf", ".json", ".fen"

struct ConvertedGame {
  std::string bytes;
  std::vector<ConvertNote> notes;  // file and game fields left for the caller
};

// Resolves and writes one game read by a reader.
ConvertedGame convert_game(GameRecord record, const std::vector<Issue>& reader_issues,
                           const ConvertOptions& options);

struct ConvertSummary {
  std::size_t files = 0, games = 0, games_with_notes = 0, outputs = 0;
  std::size_t read_files = 0;  // input files that could be read
  std::size_t deleted_skipped = 0;  // games left out by skip_deleted (not in `games`)
  bool io_error = false;
  bool lossy = false;  // an error or warning note was reported
};

// One input file and where its output goes.
struct ConvertJob {
  std::string input;
  std::string output_stem;  // directory mode: out/relative path without extension, after the naming rule
  std::string source_name;  // out/relative path with the source's extension
  bool in_walk = false;     // met while walking a directory: read only if it holds records
  bool writes = true;       // false: a walked file that holds no record, which names no output
  std::string not_opened;   // a walked file not opened (formats::InputFile::not_opened)
};

// Every output of a run, named and checked before anything is written.
//
// `out` is "-" (standard output), a file, or a directory that mirrors the
// input tree: a file given by name goes to out/NAME, a directory's files to
// their place below out/, each with the target's extension instead of its
// own; a one-game target (XQF, DhtmlXQ, CBF) gives a file of several games
// one output per game, NAME.0001, NAME.0002 ... The naming rule, so that
// no output of a run overwrites another: inputs whose output names clash
// (a.pgn, a.xqf and a.ubb all to a.pgn; x.pgn from two folders; b.0001.cbf
// against the first game of b.pgn) keep their source extension in the name
// (a.pgn.pgn, a.xqf.pgn, a.ubb.pgn); any that still clash get -2, -3 ...
// in input order. Each renaming is an info note, output-renamed. Names that
// differ only in ASCII case count as one name (they are one on a
// case-insensitive file system). A run is refused before anything is
// written when an output would also be a folder of other outputs (a.xqf to
// out/a.pgn beside a folder a.pgn/), or when a folder stands where an
// output goes.
struct ConvertPlan {
  std::string out;
  bool directory = false;  // directory mode
  std::vector<ConvertJob> jobs;
  std::vector<std::string> input_errors;  // inputs that do not exist or cannot be listed
  std::vector<ConvertNote> renamed;       // output-renamed notes
  OutputGuard guard;                      // the inputs, and the outputs claimed
  std::string refused;                    // why the run may not write at all, or ""
};

ConvertPlan plan_convert(const std::vector<std::string>& inputs, const std::string& out,
                         const ConvertOptions& options);

// Converts the plan's files. Notes and I/O errors are handed over as they
// come. Inputs are never overwritten, regular outputs are written
// atomically, and an output is replaced only when something was read.
ConvertSummary convert_files(ConvertPlan& plan, const ConvertOptions& options,
                             const std::function<void(const ConvertNote&)>& on_note,
                             const std::function<void(const std::string&)>& on_io_error);

std::string convert_note_json(const ConvertNote& note);  // one JSON object, with the newline

}  // namespace xq::convert
