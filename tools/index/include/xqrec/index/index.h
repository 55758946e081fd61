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
#include "xqrec/index/database.h"

namespace xq::archive {

struct IndexOptions {
  audit::AuditOptions audit;   // the findings stored are this audit's
  formats::ReadOptions read;
  std::uint32_t min_plies = 30;  // duplicates: the shortest embedded main line
  // A transaction ends after the file that passes this many games, or that
  // ends this long after the transaction began: a run stopped loses at most
  // about a second of work.
  std::size_t batch_games = 5000;
  double batch_seconds = 1.0;
};

struct IndexSummary {
  std::size_t files = 0;            // files given (expanded)
  std::size_t files_read = 0;       // read and (re)indexed
  std::size_t files_unchanged = 0;  // size and mtime, or the hash, as indexed
  std::size_t files_dropped = 0;    // in the index, gone from disk
  std::size_t games_read = 0;       // games (re)indexed this run
  std::size_t games = 0, groups = 0;  // in the index afterwards
  std::size_t batches = 0;          // transactions committed
  bool io_error = false;            // a file could not be read (its rows are left as they were)
  std::string failed;               // the database failed: the run stopped here ("" when not)
};

// `db` is open for writing (schema.h). `notice` hears every file that
// cannot be read, one line each.
IndexSummary build_index(Database& db, const std::vector<formats::InputFile>& files, const IndexOptions& options,
                         const std::function<void(const std::string&)>& notice);

}  // namespace xq::archive
