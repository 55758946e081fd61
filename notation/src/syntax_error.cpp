#include "syntax_error.h"

#include <string>

#include "text.h"

namespace xq::notation::detail {

SyntaxError syntax_error(std::string_view text, std::size_t byte, std::size_t chars, std::string_view expected) {
  SyntaxError e;
  e.column = chars + 1;
  e.byte_offset = byte;
  const Decoded d = decode_at(text, byte);
  if (d.len == 0) {
    e.message = "the move ends early: expected ";
    e.message += expected;
    return e;
  }
  e.found.assign(text.substr(byte, d.len));
  e.message = "expected ";
  e.message += expected;
  if (d.cp == U'\uFFFD' && e.found != "\xEF\xBF\xBD")
    e.message += ", found an invalid UTF-8 byte";
  else if (d.cp < 0x20 || d.cp == 0x7F)
    e.message += ", found a control character";
  else
    e.message += ", found '" + e.found + "'";
  e.message += " at column " + std::to_string(e.column);
  return e;
}

}  // namespace xq::notation::detail
