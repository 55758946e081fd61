// select's filters answered from an index (SQL over its tables; the tag
// patterns through an SQL function that runs select's Pattern), in the byte
// order of the paths: the order a walk of one folder reads them.
//
// Differences from select over the files, by design: a position is found by
// its 64-bit key alone (select over files also compares the board), and
// --finding, --no-errors and --ends read the findings the index was built
// with (its --rules), not those of select's own options.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "xqrec/formats/issue.h"
#include "xqrec/index/database.h"
#include "xqrec/select/filters.h"

namespace xq::archive {

struct IndexedGame {
  std::string path;        // files.path, as the index was given it
  std::string path_bytes;  // the exact bytes when they are not UTF-8, else ""
  std::uint32_t game = 0;
  std::uint32_t ply = 0;   // where --position first occurs, else the plies replayed
  std::int64_t size = 0, mtime_ns = 0;  // the file as indexed
  std::optional<formats::Issue> damage;  // why it could not be read in full
};

struct QuerySummary {
  std::size_t games = 0, selected = 0, damaged = 0, file_errors = 0, deleted_skipped = 0, copies_dropped = 0;
  std::string failed;  // a database error ("" when none)
};

// Every selected game to `selected`, then every game of the index not read
// in full (selected or not) and every file-level finding to `damaged`
// (game 0 for the latter), as select over the files reports them.
QuerySummary query_index(Database& db, const select::Filters& filters,
                         const std::function<void(const IndexedGame&)>& selected,
                         const std::function<void(const IndexedGame&)>& damaged);

}  // namespace xq::archive

#include <vector>

#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/reader.h"

namespace xq::archive {

// The records of games the index selected, read again from their files (for
// select --db -o): each file once, in the order given; `io_error` hears a file
// that cannot be read, that is not the file indexed (its size or mtime
// differ), or that no longer holds a game it held.
void read_indexed_games(const std::vector<IndexedGame>& games, const formats::ReadOptions& options,
                        const std::function<void(const IndexedGame&, formats::BuiltGame&)>& on_game,
                        const std::function<void(const std::string&)>& io_error);

}  // namespace xq::archive
