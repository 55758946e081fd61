// An issue at a byte offset, as the binary readers (XQF, CBR, CBL and the
// compressed CBL) report them: code, severity, offset, message and, where
// there is one, the offending text.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "xqrec/formats/visitor.h"

namespace xq::formats::detail {

inline Issue make_issue(Code code, Severity severity, std::uint64_t offset, std::string message,
                            std::string text = {}) {
  Issue issue;
  issue.code = code;
  issue.severity = severity;
  issue.where.offset = offset;
  issue.text = std::move(text);
  issue.message = std::move(message);
  return issue;
}

}  // namespace xq::formats::detail
