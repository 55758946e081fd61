// The index's tables (docs/index.md gives every column) and the checks that
// tell our database from anything else before a byte is written to it.
#pragma once

#include <string>

#include "xqrec/index/database.h"

namespace xq::archive {

inline constexpr int kApplicationId = 0x58515249;  // "XQRI"
inline constexpr int kSchemaVersion = 3;  // 2: games.ecco filled; 3: files.path_key, findings' places, meta

// Opens the index at `path` for writing: a new (or empty) file gets the
// schema; an index of ours is used as it is (`rebuild`: emptied first); a
// file that is not an SQLite database, a database that is not ours or of
// another schema version, or one locked by another writer is refused.
// Returns "" or why.
std::string open_for_writing(Database& db, const std::string& path, bool rebuild);

// Opens an existing index for queries (read only); "" or why not.
std::string open_for_reading(Database& db, const std::string& path);

}  // namespace xq::archive
