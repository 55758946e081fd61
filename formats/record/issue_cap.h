// Issues kept up to a limit, the others counted: a reader of hostile input
// neither builds millions of issues nor drops one without a word (the
// count goes into one Code::TooManyIssues issue). Every reader keeps at most
// kMaxGameIssues issues per game, as many file-level ones, and
// kMaxFileIssues in all per file (an IssueBudget shared by the file's
// caps); each issue kept has its excerpt bounded (bound_excerpt).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xqrec/formats/visitor.h"

namespace xq::formats::detail {

inline constexpr std::size_t kMaxGameIssues = 1000;   // per game, and file-level issues
inline constexpr std::size_t kMaxFileIssues = 10000;  // per file, every game's and the file's together

// What is left of a file's kMaxFileIssues, shared by the caps of its games.
struct IssueBudget {
  std::size_t left = kMaxFileIssues;
  std::size_t used() const { return kMaxFileIssues - left; }
};

class IssueCap {
 public:
  explicit IssueCap(std::vector<Issue>& out, std::size_t limit = std::size_t(-1), IssueBudget* budget = nullptr)
      : out_(&out), limit_(limit), budget_(budget) {}
  // A cap that only counts: the caller hands the issues on itself.
  explicit IssueCap(std::size_t limit, IssueBudget* budget = nullptr) : limit_(limit), budget_(budget) {}

  // Whether one more issue is to be kept; counts it either way.
  bool room() {
    if (kept_ < limit_ && (!budget_ || budget_->left > 0)) {
      ++kept_;
      if (budget_) --budget_->left;
      return true;
    }
    if (kept_ < limit_) by_budget_ = true;
    ++suppressed_;
    return false;
  }
  // Adds make() when there is room: the issue is only built then.
  template <typename Make>
  void add(Make make) {
    if (room()) push(make());
  }
  // Adds `issue` when there is room; true if it was kept.
  bool keep(Issue issue) {
    if (!room()) return false;
    push(std::move(issue));
    return true;
  }
  // Counts `n` more issues not kept, for a caller that knows room() has
  // said no since the last reset() (none of them would be kept): it need
  // not build them.
  void count_suppressed(std::size_t n) { suppressed_ += n; }
  std::size_t suppressed() const { return suppressed_; }
  std::size_t kept() const { return kept_; }
  // Starts counting again (the next game), the file's budget going on.
  void reset() { kept_ = suppressed_ = 0, by_budget_ = false; }

  // "N more <what> are not reported (only the first L are)".
  std::string too_many_message(std::string_view what) const {
    std::string m = std::to_string(suppressed_);
    m.append(" more ");
    m.append(what);
    m.append(" are not reported (only the first ");
    if (by_budget_) {
      m.append(std::to_string(kept_));
      m.append(" are: the file's limit of ");
      m.append(std::to_string(kMaxFileIssues));
      m.append(" issues is reached)");
    } else {
      m.append(std::to_string(limit_));
      m.append(" are)");
    }
    return m;
  }
  // The one issue that counts those not kept, or none.
  bool too_many(Issue& out, SourceLocation where, std::string_view what) const {
    if (suppressed_ == 0) return false;
    out = Issue{Code::TooManyIssues, Severity::Warning, where, "", too_many_message(what)};
    return true;
  }

 private:
  void push(Issue issue) {
    bound_excerpt(issue.text);
    out_->push_back(std::move(issue));
  }

  std::vector<Issue>* out_ = nullptr;
  std::size_t limit_;
  IssueBudget* budget_ = nullptr;
  std::size_t kept_ = 0, suppressed_ = 0;
  bool by_budget_ = false;
};

}  // namespace xq::formats::detail
