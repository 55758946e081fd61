// Issues kept up to a limit, the others counted: a reader of hostile input
// neither builds millions of issues nor drops one without a word (the
// count goes into one "too-many-issues" issue). Used by the PGN reader
// (file-level issues) and the compressed CBL reader (per game).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xqrec/formats/visitor.h"

namespace xq::formats::detail {

class IssueCap {
 public:
  explicit IssueCap(std::vector<ReadIssue>& out, std::size_t limit = std::size_t(-1)) : out_(out), limit_(limit) {}

  // Whether one more issue is to be kept; counts it either way.
  bool room() {
    if (kept_ < limit_) {
      ++kept_;
      return true;
    }
    ++suppressed_;
    return false;
  }
  // Adds make() when there is room: the issue is only built then.
  template <typename Make>
  void add(Make make) {
    if (room()) out_.push_back(make());
  }
  std::size_t suppressed() const { return suppressed_; }

  // "N more <what> are not reported (only the first L are)".
  std::string too_many_message(std::string_view what) const {
    std::string m = std::to_string(suppressed_);
    m.append(" more ");
    m.append(what);
    m.append(" are not reported (only the first ");
    m.append(std::to_string(limit_));
    m.append(" are)");
    return m;
  }

 private:
  std::vector<ReadIssue>& out_;
  std::size_t limit_;
  std::size_t kept_ = 0, suppressed_ = 0;
};

}  // namespace xq::formats::detail
