// The two outputs of `duplicates`: one JSON object per group (docs/duplicates.md
// gives the schema), and a block of lines per group for people.
#pragma once

#include <cstddef>
#include <string>

#include "xqrec/duplicates/batch.h"

namespace xq::duplicates {

// `number` is the group's 1-based number in the output. Each ends with a newline.
std::string group_to_json(const DuplicatesRun& run, const Group& group, std::size_t number);
std::string group_to_text(const DuplicatesRun& run, const Group& group, std::size_t number);

}  // namespace xq::duplicates
