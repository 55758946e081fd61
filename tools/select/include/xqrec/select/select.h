// Selecting the games of many files that pass the filters (filters.h), in
// reading order: files as expanded from the command line, games in file
// order. A game that cannot be read in full (a reader error, no start
// position, a main line that stops replaying) is never passed over in
// silence: it is handed to the sink as damaged, whether or not the filters
// then select it on what could be read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "xqrec/audit/audit.h"
#include "xqrec/convert/convert.h"
#include "xqrec/ecco/ecco.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/shard.h"
#include "xqrec/select/filters.h"

namespace xq::select {

struct SelectOptions {
  Filters filters;
  audit::AuditOptions audit;           // for --finding, --no-errors and --ends
  formats::ReadOptions read;
  std::uint32_t unique_min_plies = 30;  // --unique: as `duplicates --min-plies`
  formats::Shard shard;                 // --shard: the games of this shard only
};

// What the filters made of one game.
struct Choice {
  bool selected = false;
  std::uint32_t ply = 0;   // where --position first occurs, else the main-line plies replayed
  std::uint32_t plies = 0;  // main-line plies replayed
  std::optional<formats::Issue> damage;  // the first reason it could not be read in full
};

// The main line replayed once: each position to on_position (ply 0 the
// start; `capture` when the ply took a piece), and the first reason the game
// cannot be read in full: a reader error, no start position, or the first
// move of the main line that does not resolve (its text and place, the
// position before it).
struct MainLineReplay {
  std::optional<formats::Issue> damage;
  std::uint32_t plies = 0;             // main-line plies replayed
  std::optional<ecco::Opening> ecco;   // with `classify`: the ECCO code of the moves (none off the standard start)
};
MainLineReplay replay_main_line(const GameRecord& record, const std::vector<formats::Issue>& reader_issues,
                                const std::function<void(const Position&, std::uint32_t ply, bool capture)>& on_position,
                                bool classify = false);

// How the audit says the main line ends: a mask of 1 << Ending (--ends).
unsigned endings_of(const audit::GameAudit& audit);

// The filters on one game (--unique and --skip-deleted aside: they need the
// batch). `reader_issues` are the reader's for this game.
Choice choose(const GameRecord& record, const std::vector<formats::Issue>& reader_issues, const SelectOptions& options);

struct SelectSink {
  // A selected game; the callee may move the record out.
  std::function<void(const std::string& path, formats::BuiltGame& game, const Choice& choice)> selected;
  // A game (game >= 1) not read in full, or what the reader says of a file
  // as a whole (game 0: a file that holds no record, bytes after the last
  // game ...).
  std::function<void(const convert::ConvertNote& note)> damaged;
  std::function<void(const std::string& message)> io_error;  // a file that cannot be read at all
};

struct SelectSummary {
  std::size_t files = 0, games = 0, selected = 0;
  std::size_t damaged = 0;      // games not read in full
  std::size_t file_errors = 0;  // error-level issues of files as a whole
  std::size_t deleted_skipped = 0;     // --skip-deleted
  std::size_t copies_dropped = 0;      // --unique: games that are copies of a kept one
  bool io_error = false;
};

SelectSummary select_files(const std::vector<formats::InputFile>& files, const SelectOptions& options,
                           const SelectSink& sink);

}  // namespace xq::select
