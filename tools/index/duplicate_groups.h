// The duplicate groups of a whole index, recomputed from the keys, scores
// and line chains it stores (no file is read): the groups `xqrec duplicates`
// gives on the same files, written to the duplicates table and the games'
// group columns (only rows whose group changed are updated). Runs inside
// the caller's transaction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "xqrec/index/database.h"

namespace xq::archive {

// "" or the database's error; `groups` the number of groups.
std::string regroup(Database& db, std::uint32_t min_plies, std::size_t& groups);

}  // namespace xq::archive
