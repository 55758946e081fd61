#include "xqrec/select/pattern.h"

#include <new>

#include <unicode/regex.h>
#include <unicode/unistr.h>

namespace xq::select {

struct Pattern::Impl {
  std::unique_ptr<icu::RegexPattern> pattern;
  std::unique_ptr<icu::RegexMatcher> matcher;  // of `pattern`, reset per value
};

Result<Pattern, std::string> Pattern::compile(std::string_view utf8) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  const icu::UnicodeString text = icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())));
  std::unique_ptr<icu::RegexPattern> pattern(icu::RegexPattern::compile(text, 0, where, status));
  if (U_FAILURE(status))
    return fail("bad regular expression '" + std::string(utf8) + "': " + u_errorName(status) + " at offset " +
                std::to_string(where.offset));
  std::unique_ptr<icu::RegexMatcher> matcher(pattern->matcher(status));
  if (U_FAILURE(status)) return fail("regular expression '" + std::string(utf8) + "': " + u_errorName(status));
  Pattern p;
  p.impl_ = std::make_unique<Impl>();
  p.impl_->pattern = std::move(pattern);
  p.impl_->matcher = std::move(matcher);
  p.text_ = std::string(utf8);
  return p;
}

Pattern::Pattern(const Pattern& other) : text_(other.text_) {
  if (!other.impl_) return;
  impl_ = std::make_unique<Impl>();
  impl_->pattern.reset(other.impl_->pattern->clone());
  UErrorCode status = U_ZERO_ERROR;
  impl_->matcher.reset(impl_->pattern->matcher(status));  // compiled once already: cannot fail but for memory
  if (U_FAILURE(status) || !impl_->matcher) throw std::bad_alloc();
}

Pattern& Pattern::operator=(const Pattern& other) {
  if (this != &other) *this = Pattern(other);
  return *this;
}

Pattern::Pattern(Pattern&&) noexcept = default;
Pattern& Pattern::operator=(Pattern&&) noexcept = default;
Pattern::~Pattern() = default;

bool Pattern::search(std::string_view utf8) const {
  // Invalid UTF-8 becomes U+FFFD: a damaged tag value is matched, not refused.
  const icu::UnicodeString value =
      icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())));
  icu::RegexMatcher& m = *impl_->matcher;
  m.reset(value);
  UErrorCode status = U_ZERO_ERROR;
  const bool found = m.find(0, status);
  return U_SUCCESS(status) && found;
}

}  // namespace xq::select
