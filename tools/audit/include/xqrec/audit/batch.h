// Auditing many files: inputs expanded, files read and audited in parallel,
// results delivered in input order whatever the number of jobs.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/audit/audit.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/shard.h"

namespace xq::audit {

using formats::FileReport;
using formats::InputFile;
using formats::ReadOptions;

// The lines the auditing threads write of each game (audit_to_json,
// audit_to_text), handed to BatchSink::lines in input order: the thread
// that delivers in order then only copies bytes.
struct GameLines {
  bool jsonl = false;
  bool text = false;
};

struct BatchOptions {
  AuditOptions audit;
  GameLines lines;
  ReadOptions read;
  unsigned jobs = 0;      // 0: the CPUs it may use (usable_cpus.h)
  std::size_t max_games = 0;  // games read at most from one file (0: all), then a max-games warning
  bool progress = false;  // a progress line on stderr (call it only for a terminal)
  formats::Shard shard;   // --shard: the games of this shard only (file-level findings with (path, 0))
};

struct BatchSummary {
  std::size_t files = 0, games = 0, plies = 0, io_errors = 0;
  std::size_t games_with_errors = 0;
  std::map<std::string, std::size_t> findings_by_code;
};

// What the batch hands back, in input order, on the calling thread: each
// game's audit and lines, then the file's report once all its games are
// done. Leave `game` empty when the lines are enough: the audits are then
// not kept for delivery.
struct BatchSink {
  std::function<void(const GameAudit&)> game;
  // `io_error` is set when the file could not be read at all.
  std::function<void(const std::string& path, const FileReport& report, const std::string& io_error)> file;
  // With BatchOptions::lines: the lines of a run of games, in order (empty
  // for an output not asked for).
  std::function<void(std::string_view jsonl, std::string_view text)> lines;
};

// The file-level findings of a file (a format not read, no games ...) as
// the pseudo-game 0 that the audit's outputs carry them in.
GameAudit file_level_audit(const std::string& path, const FileReport& report);

// Audits every file, the results in input order whatever the number of
// jobs. With one job, one thread reads and audits. With more, one thread
// opens the files in order and `jobs` threads audit: files below 512 KB
// whose reading holds memory bounded by their size (not a CBL library or a
// JSON file) are parsed and built by the auditing threads themselves, a
// run of them at a time (a tree of small files is not read by one thread);
// a large PGN file (512 KB and more, read whole: no --max-games or
// --shard) is cut at game boundaries and its parts read by the auditing
// threads too; any other file is read by the opening thread, its games
// audited by all the others. Memory stays bounded: a few megabytes of
// records and files are in flight, and large files are mapped, not copied.
BatchSummary audit_files(const std::vector<InputFile>& files, const BatchOptions& options, const BatchSink& sink);

}  // namespace xq::audit
