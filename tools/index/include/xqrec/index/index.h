// Building and updating an index of an archive (docs/index.md).
//
// One pass over the files given: a file whose size and mtime are those the
// index holds is not read; one that changed is hashed, and only when its
// SHA-256 differs are its rows replaced (its games get new rowids; every
// other row keeps its own). Rows of files that no longer exist are dropped.
// Files are written a batch per transaction: a run killed at any moment
// leaves the index as it was after the last batch committed. The duplicate
// groups are then recomputed over the whole index from the keys it holds
// (no file is read again), and only the group columns change.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "xqrec/audit/audit.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/shard.h"
#include "xqrec/index/database.h"

namespace xq::archive {

struct IndexOptions {
  audit::AuditOptions audit;   // the findings stored are this audit's
  formats::ReadOptions read;
  std::uint32_t min_plies = 30;  // duplicates: the shortest embedded main line
  unsigned jobs = 1;             // threads that audit and key the games (the database has one writer)
  // A transaction ends after the file that passes this many games, or that
  // ends this long after the transaction began: a run stopped loses at most
  // about a second of work.
  std::size_t batch_games = 5000;
  double batch_seconds = 1.0;
  // --shard: the games of this shard only (every file is listed; its
  // file-level findings with (path, 0)); merge_indexes joins the shards.
  formats::Shard shard;
};

struct IndexSummary {
  std::size_t files = 0;            // files given (expanded)
  std::size_t files_read = 0;       // read and (re)indexed
  std::size_t files_unchanged = 0;  // size and mtime, or the hash, as indexed
  std::size_t files_dropped = 0;    // in the index, gone from disk
  std::size_t files_not_regular = 0;  // met in a walk and not opened: a FIFO, a device, a link to a directory
  std::size_t games_read = 0;       // games (re)indexed this run
  std::size_t games = 0, groups = 0;  // in the index afterwards
  std::size_t batches = 0;          // transactions committed
  bool io_error = false;            // a file could not be read (its rows are left as they were)
  std::string failed;               // the database failed: the run stopped here ("" when not)
};

// `db` is open for writing (schema.h); `files` are `inputs` expanded, and
// a file the index holds that no longer exists is dropped only when it lies
// within one of `inputs`. The index keeps to the options it was built with
// (min_plies, the audit's rules and limits, the input encoding, the shard):
// a run with others is refused. `notice` hears every file that cannot be
// read, one line each.
IndexSummary build_index(Database& db, const std::vector<formats::InputFile>& files, const IndexOptions& options,
                         const std::vector<std::string>& inputs,
                         const std::function<void(const std::string&)>& notice);

}  // namespace xq::archive

namespace xq::archive {

struct MergeSummary {
  std::size_t shards = 0, files = 0, games = 0, groups = 0;
  std::string failed;  // "" or why the merge stopped (the output is then left as it was)
};

// Joins shard indexes (index --shard I/N of the same paths) into a new index
// at `out`: files once each, every game with its tags, findings, positions,
// material and chains; then the duplicate groups over all of them. Built in
// a temporary file beside `out` and renamed into place when complete, so
// that `out` is the whole merge or untouched. Refused when a game is in two
// shards or two shards hold different contents for one path. An existing
// `out` is replaced only when it is an index of ours (the caller asks for
// --rebuild).
MergeSummary merge_indexes(const std::string& out, const std::vector<std::string>& shards, std::uint32_t min_plies);

}  // namespace xq::archive
