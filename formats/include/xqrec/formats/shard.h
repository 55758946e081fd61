// One shard of a run spread over several machines (--shard I/N): a
// partition of the games by their file's path as given and their number,
// the same on every machine and in every run, so that the N shards together
// read exactly the whole run's games, each once. A file's file-level
// findings (game 0) belong to the shard of (path, 0).
//
// Give every machine the same paths (the same relative layout, or the same
// mount point): the path is what is hashed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "xqrec/core/result.h"

namespace xq::formats {

struct Shard {
  std::uint32_t index = 1, count = 1;  // 1 <= index <= count

  bool whole() const { return count == 1; }
  // Whether this shard reads game `game` (1-based; 0 for the file as a whole) of `path`.
  bool takes(std::string_view path, std::size_t game) const;
};

// "I/N"; fails with a one-line reason.
Result<Shard, std::string> parse_shard(std::string_view text);

}  // namespace xq::formats
