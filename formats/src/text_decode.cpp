// Internal text decoding through ICU (see text_decode.h).
#include "text_decode.h"

#include <unicode/ucnv.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace xq::formats::detail {

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  return out;
}

// Length of the UTF-8 sequence at s[i], or 0 when it is not valid.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  std::size_t n;
  unsigned min;
  unsigned cp;
  if (c >= 0xC2 && c <= 0xDF) n = 2, min = 0x80, cp = c & 0x1Fu;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, min = 0x800, cp = c & 0x0Fu;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, min = 0x10000, cp = c & 0x07u;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (b(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

bool is_valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) { ++i; continue; }
    const std::size_t n = utf8_sequence(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string escape_invalid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  static const char* hex = "0123456789abcdef";
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_sequence(s, i);
    if (n == 0) {
      const auto u = static_cast<unsigned char>(s[i]);
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string choose_encoding(std::string_view bytes, const ReadOptions& options) {
  if (options.input_encoding && !options.input_encoding->empty()) return *options.input_encoding;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") return "UTF-8";
  if (bytes.substr(0, 2) == "\xFF\xFE") return "UTF-16LE";
  if (bytes.substr(0, 2) == "\xFE\xFF") return "UTF-16BE";
  if (is_valid_utf8(bytes)) return "UTF-8";
  return "GB18030";
}

ByteScheme byte_scheme(std::string_view encoding) {
  const std::string e = upper(encoding);
  if (e == "UTF-8" || e == "UTF8" || e == "US-ASCII" || e == "ASCII") return ByteScheme::Utf8;
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
  if ((e == "UTF-8" || e == "UTF8") && bytes.substr(0, 3) == "\xEF\xBB\xBF") return 3;
  if ((e == "UTF-16LE" || e == "UTF-16") && bytes.substr(0, 2) == "\xFF\xFE") return 2;
  if ((e == "UTF-16BE" || e == "UTF-16") && bytes.substr(0, 2) == "\xFE\xFF") return 2;
  return 0;
}

struct Decoder::Impl {
  UConverter* conv = nullptr;
  std::vector<UChar> wide;
};

Decoder::Decoder(std::string encoding) : encoding_(std::move(encoding)), impl_(std::make_unique<Impl>()) {
  const std::string e = upper(encoding_);
  utf8_ = e == "UTF-8" || e == "UTF8" || e == "US-ASCII" || e == "ASCII";
  if (utf8_) return;
  UErrorCode status = U_ZERO_ERROR;
  impl_->conv = ucnv_open(encoding_.c_str(), &status);
  if (U_FAILURE(status)) {
    impl_->conv = nullptr;
    ok_ = false;
  }
}

Decoder::~Decoder() {
  if (impl_ && impl_->conv) ucnv_close(impl_->conv);
}

std::string Decoder::to_utf8(std::string_view bytes, bool* had_errors) {
  if (had_errors) *had_errors = false;
  if (utf8_ || !impl_->conv) {
    if (is_valid_utf8(bytes)) return std::string(bytes);
    if (had_errors) *had_errors = true;
    // Replace each invalid byte with U+FFFD.
    std::string out;
    for (std::size_t i = 0; i < bytes.size();) {
      const std::size_t n = utf8_sequence(bytes, i);
      if (n == 0) out += "\xEF\xBF\xBD", ++i;
      else out.append(bytes.substr(i, n)), i += n;
    }
    return out;
  }
  UConverter* conv = impl_->conv;
  ucnv_reset(conv);
  // First with the stop callback to learn whether the bytes are clean.
  UErrorCode status = U_ZERO_ERROR;
  UConverterToUCallback old_cb;
  const void* old_ctx;
  ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_STOP, nullptr, &old_cb, &old_ctx, &status);
  auto& wide = impl_->wide;
  wide.resize(bytes.size() * 2 + 4);
  status = U_ZERO_ERROR;
  int32_t n = ucnv_toUChars(conv, wide.data(), int32_t(wide.size()), bytes.data(), int32_t(bytes.size()), &status);
  if (U_FAILURE(status)) {
    if (had_errors) *had_errors = true;
    ucnv_reset(conv);
    status = U_ZERO_ERROR;
    ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_SUBSTITUTE, nullptr, nullptr, nullptr, &status);
    status = U_ZERO_ERROR;
    n = ucnv_toUChars(conv, wide.data(), int32_t(wide.size()), bytes.data(), int32_t(bytes.size()), &status);
    if (U_FAILURE(status)) return escape_invalid_utf8(bytes);
  }
  // UTF-16 -> UTF-8 by hand is plain arithmetic; no charset tables involved.
  std::string out;
  out.reserve(std::size_t(n) * 3);
  for (int32_t i = 0; i < n; ++i) {
    std::uint32_t c = wide[std::size_t(i)];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && wide[std::size_t(i + 1)] >= 0xDC00 &&
        wide[std::size_t(i + 1)] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (wide[std::size_t(i + 1)] - 0xDC00u);
      ++i;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | c >> 6), out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | c >> 12), out += char(0x80 | (c >> 6 & 0x3F)), out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | c >> 18), out += char(0x80 | (c >> 12 & 0x3F)), out += char(0x80 | (c >> 6 & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  }
  return out;
}

}  // namespace xq::formats::detail
