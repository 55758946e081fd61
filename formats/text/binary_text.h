// Text fields of the binary formats (XQF: GB18030 bytes; CBR/CBL: UTF-16LE
// code units), decoded to UTF-8 and encoded back, through ICU.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace xq::formats::detail {

struct DecodedText {
  std::string utf8;
  bool cut_character = false;  // the bytes ended inside a multi-byte character (dropped)
  bool had_errors = false;     // invalid sequences were replaced by U+FFFD
};

// GB18030 (a superset of GBK and GB2312) to UTF-8. A character cut by the
// end of the field is dropped and flagged; other invalid bytes are replaced.
DecodedText decode_gb18030(std::string_view bytes);

// UTF-16LE to UTF-8, cut at the first 0x0000 code unit (fixed fields carry
// garbage after it); an odd trailing byte is ignored.
DecodedText decode_utf16le(std::string_view bytes);

struct EncodedText {
  std::string bytes;
  bool lossy = false;      // the input was not valid UTF-8 (replaced)
  bool truncated = false;  // cut to fit `capacity`, at a character boundary
};

// UTF-8 to GB18030, at most `capacity` bytes, never splitting a character.
EncodedText encode_gb18030(std::string_view utf8, std::size_t capacity = std::string::npos);

}  // namespace xq::formats::detail
