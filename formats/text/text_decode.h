// Internal: choosing a text encoding and decoding to UTF-8 for the
// DhtmlXQ and FEN-line readers. Kept behind these few functions so that the
// shared encoding module can replace them in one place.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "xqrec/formats/reader.h"

namespace xq::formats::detail {

// How the bytes of an encoding can be scanned for ASCII markup.
enum class ByteScheme : std::uint8_t {
  Utf8,        // ASCII bytes are always characters
  DoubleByte,  // GBK/GB18030/Big5: a byte >= 0x81 starts a multi-byte character
  Wide,        // UTF-16/32: convert the whole text before scanning
};

bool is_valid_utf8(std::string_view s);
// Valid UTF-8 kept; each invalid byte written as \xNN.
std::string escape_invalid_utf8(std::string_view s);

// The encoding of a whole text: the override when given, else a BOM, else
// UTF-8 when the bytes are valid UTF-8, else GB18030.
std::string choose_encoding(std::string_view bytes, const ReadOptions& options);
ByteScheme byte_scheme(std::string_view encoding);
// The length of a byte-order mark at the start of the bytes for that encoding.
std::size_t bom_length(std::string_view bytes, std::string_view encoding);

// Decodes pieces of one text to UTF-8 with one converter. Invalid input is
// replaced (U+FFFD) and reported through `had_errors`.
class Decoder {
 public:
  explicit Decoder(std::string encoding);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  bool ok() const { return ok_; }  // false when ICU does not know the encoding
  const std::string& encoding() const { return encoding_; }
  std::string to_utf8(std::string_view bytes, bool* had_errors = nullptr);

 private:
  std::string encoding_;
  bool utf8_ = false;
  bool ok_ = true;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xq::formats::detail
