// Finding the duplicates among many files: one pass that keys every game,
// then a second pass that replays only the games that may embed another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "xqrec/duplicates/duplicate_index.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/reader.h"

namespace xq::duplicates {

struct DuplicatesOptions {
  std::uint32_t min_plies = 30;  // the shortest main line that counts as embedded in a longer one
  formats::ReadOptions read;
};

// What went wrong on the way, for standard error: a file that does not
// read, a record that is not compared (game > 0), a main line compared only
// on the plies that replay.
struct Notice {
  std::string path;
  std::size_t game = 0;  // 0: the file as a whole
  std::string message;
  bool io_error = false;  // the file could not be read (the run exits 2)
};

struct DuplicatesRun {
  std::vector<std::string> files;  // in reading order (sorted), as given
  DuplicateIndex index{30};
  std::vector<Group> groups;
  std::size_t games = 0;         // records read
  std::size_t not_compared = 0;  // records without a start position, or whose first move does not replay
  std::size_t partial = 0;       // compared on the plies that replay
  std::size_t replayed_again = 0;  // pass 2: games replayed to test embedding
  bool io_error = false;
};

// Reads the files (sorted by path, a path given twice read once) and groups
// the copies; `notice` hears every problem as it is met.
DuplicatesRun find_duplicates(const std::vector<formats::InputFile>& files, const DuplicatesOptions& options,
                              const std::function<void(const Notice&)>& notice);

}  // namespace xq::duplicates
