// Internal: building syntax errors (only on the failure path).
#pragma once

#include <string_view>

#include "xqrec/notation/description.h"

namespace xq::notation::detail {

// An error at byte `byte` (code point number `chars`, 0-based) of `text`:
// "expected <expected>, found 'X'" or "the move ends early: expected ...".
SyntaxError syntax_error(std::string_view text, std::size_t byte, std::size_t chars, std::string_view expected);

}  // namespace xq::notation::detail
