// What a writer could not put into its target format, per game: returned to
// the caller instead of being dropped silently.
#pragma once

#include <string>
#include <vector>

namespace xq::formats {

struct LossNote {
  std::string code;     // stable, e.g. "field-truncated", "tag-dropped", "nag-dropped"
  std::string message;  // one line, for people
};

using LossNotes = std::vector<LossNote>;

}  // namespace xq::formats
