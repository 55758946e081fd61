// What a writer could not put into its target format, per game: returned to
// the caller instead of being dropped silently. A loss is an Issue with its
// code and message; a warning, except where the game could not be written.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "xqrec/formats/issue.h"

namespace xq::formats {

using LossNotes = std::vector<Issue>;

inline Issue loss(Code code, std::string message, Severity severity = Severity::Warning) {
  Issue i;
  i.code = code;
  i.severity = severity;
  i.message = std::move(message);
  return i;
}

}  // namespace xq::formats
