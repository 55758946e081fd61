// Where something stands in its source file.
#pragma once

#include <cstdint>

namespace xq {

// Binary formats give an offset only (line 0); text formats give all three.
struct SourceLocation {
  std::uint64_t offset = 0;  // byte offset from the start of the file
  std::uint32_t line = 0;    // 1-based; 0 = not known
  std::uint32_t column = 0;  // 1-based, in characters; 0 = not known
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

}  // namespace xq
