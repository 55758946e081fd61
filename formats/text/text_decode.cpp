// Internal text decoding for the DhtmlXQ, CBF, JSON and FEN-line readers:
// thin wrappers over the shared encoding module (encoding.h, ICU).
#include "text/text_decode.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "xqrec/formats/encoding.h"

namespace xq::formats::detail {

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  return out;
}

}  // namespace

bool is_valid_utf8(std::string_view s) { return valid_utf8(s); }

std::string escape_invalid_utf8(std::string_view s) { return escape_bytes(s, s.size()); }

std::string choose_encoding(std::string_view bytes, const ReadOptions& options) {
  if (options.input_encoding && !options.input_encoding->empty()) return *options.input_encoding;
  return detect_encoding(bytes).name;
}

ByteScheme byte_scheme(std::string_view encoding) {
  if (is_utf8_name(encoding)) return ByteScheme::Utf8;
  const std::string e = upper(encoding);
  if (e == "US-ASCII" || e == "ASCII") return ByteScheme::Utf8;
  if (e.rfind("UTF-16", 0) == 0 || e.rfind("UTF16", 0) == 0 || e.rfind("UTF-32", 0) == 0 ||
      e.rfind("UCS", 0) == 0)
    return ByteScheme::Wide;
  if (e.find("8859") != std::string::npos || e.rfind("WINDOWS-125", 0) == 0 || e.rfind("CP125", 0) == 0 ||
      e == "LATIN1")
    return ByteScheme::Utf8;  // single-byte: ASCII bytes are characters too
  return ByteScheme::DoubleByte;
}

std::size_t bom_length(std::string_view bytes, std::string_view encoding) {
  const std::string e = upper(encoding);
  if (is_utf8_name(encoding) && bytes.substr(0, 3) == "\xEF\xBB\xBF") return 3;
  if ((e == "UTF-16LE" || e == "UTF-16") && bytes.substr(0, 2) == "\xFF\xFE") return 2;
  if ((e == "UTF-16BE" || e == "UTF-16") && bytes.substr(0, 2) == "\xFE\xFF") return 2;
  return 0;
}

struct Decoder::Impl {};

Decoder::Decoder(std::string encoding) : encoding_(std::move(encoding)) {
  utf8_ = is_utf8_name(encoding_) || upper(encoding_) == "US-ASCII" || upper(encoding_) == "ASCII";
  ok_ = utf8_ || encoding_known(encoding_);
}

Decoder::~Decoder() = default;

std::string Decoder::to_utf8(std::string_view bytes, bool* had_errors) {
  if (had_errors) *had_errors = false;
  if (utf8_ && valid_utf8(bytes)) return std::string(bytes);
  std::string out;
  std::size_t bad = 0;
  if (!formats::to_utf8_counting(bytes, ok_ ? std::string_view(encoding_) : kUtf8, out, bad))
    return escape_bytes(bytes, bytes.size());
  if (had_errors) *had_errors = bad != 0;
  return out;
}

}  // namespace xq::formats::detail
