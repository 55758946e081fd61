// A regular expression over UTF-8 text, matched by Unicode characters (ICU
// syntax, which is Perl's): what --tag, --player and --event take.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "xqrec/core/result.h"

namespace xq::select {

class Pattern {
 public:
  // Fails with ICU's reason and the offset in the pattern.
  static Result<Pattern, std::string> compile(std::string_view utf8);

  Pattern(const Pattern& other);  // a matcher of its own
  Pattern& operator=(const Pattern& other);
  Pattern(Pattern&&) noexcept;
  Pattern& operator=(Pattern&&) noexcept;
  ~Pattern();

  // Whether the pattern occurs anywhere in `utf8` (anchor it with ^ and $ to
  // match the whole value). Not safe to call from two threads at once.
  bool search(std::string_view utf8) const;
  const std::string& text() const { return text_; }

 private:
  struct Impl;
  Pattern() = default;
  std::unique_ptr<Impl> impl_;
  std::string text_;
};

}  // namespace xq::select
