// ICU-backed decoding and encoding of the binary formats' text fields.
#include "text/binary_text.h"

#include <memory>
#include <vector>

#include <unicode/ucnv.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

namespace xq::formats::detail {

namespace {

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using ConverterPtr = std::unique_ptr<UConverter, ConverterCloser>;

// One GB18030 converter per thread, reset before each use.
UConverter* gb18030() {
  thread_local ConverterPtr conv = [] {
    UErrorCode status = U_ZERO_ERROR;
    return ConverterPtr(ucnv_open("GB18030", &status));
  }();
  if (conv) ucnv_reset(conv.get());
  return conv.get();
}

bool is_ascii(std::string_view s) {
  for (const char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// UTF-16 to UTF-8, replacing unpaired surrogates.
bool utf16_to_utf8(const char16_t* text, std::int32_t length, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  std::int32_t needed = 0, subs = 0;
  u_strToUTF8WithSub(nullptr, 0, &needed, reinterpret_cast<const UChar*>(text), length, 0xFFFD, &subs,
                     &status);
  if (status != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(status)) return false;
  status = U_ZERO_ERROR;
  out.resize(std::size_t(needed));
  u_strToUTF8WithSub(out.data(), needed, &needed, reinterpret_cast<const UChar*>(text), length, 0xFFFD, &subs,
                     &status);
  return U_SUCCESS(status) && subs == 0;
}

// GB18030 bytes to UTF-16 with the STOP callback: fails on any bad byte.
UErrorCode gb_to_utf16_strict(UConverter* conv, std::string_view bytes, std::u16string& out) {
  ucnv_reset(conv);
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &status);
  status = U_ZERO_ERROR;
  out.resize(bytes.size() + 1);
  const std::int32_t n = ucnv_toUChars(conv, reinterpret_cast<UChar*>(out.data()), std::int32_t(out.size()),
                                       bytes.data(), std::int32_t(bytes.size()), &status);
  if (U_SUCCESS(status) || status == U_STRING_NOT_TERMINATED_WARNING) {
    out.resize(std::size_t(n));
    return U_ZERO_ERROR;
  }
  return status;
}

void gb_to_utf16_substitute(UConverter* conv, std::string_view bytes, std::u16string& out) {
  ucnv_reset(conv);
  UErrorCode status = U_ZERO_ERROR;
  ucnv_setToUCallBack(conv, UCNV_TO_U_CALLBACK_SUBSTITUTE, nullptr, nullptr, nullptr, &status);
  status = U_ZERO_ERROR;
  out.resize(2 * bytes.size() + 2);
  const std::int32_t n = ucnv_toUChars(conv, reinterpret_cast<UChar*>(out.data()), std::int32_t(out.size()),
                                       bytes.data(), std::int32_t(bytes.size()), &status);
  out.resize(U_SUCCESS(status) || status == U_STRING_NOT_TERMINATED_WARNING ? std::size_t(n) : 0);
}

}  // namespace

DecodedText decode_gb18030(std::string_view bytes) {
  DecodedText result;
  if (is_ascii(bytes)) {
    result.utf8.assign(bytes);
    return result;
  }
  UConverter* conv = gb18030();
  if (!conv) {  // no converter data: keep ASCII, replace the rest
    for (const char c : bytes) result.utf8 += static_cast<unsigned char>(c) < 0x80 ? c : '?';
    result.had_errors = true;
    return result;
  }
  std::u16string utf16;
  UErrorCode status = gb_to_utf16_strict(conv, bytes, utf16);
  // A character cut by the end of a fixed field: drop its lead bytes.
  std::string_view body = bytes;
  for (int drop = 0; status == U_TRUNCATED_CHAR_FOUND && drop < 3 && !body.empty(); ++drop) {
    body.remove_suffix(1);
    result.cut_character = true;
    status = gb_to_utf16_strict(conv, body, utf16);
  }
  if (U_FAILURE(status)) {
    result.had_errors = true;
    result.cut_character = false;
    gb_to_utf16_substitute(conv, bytes, utf16);
  }
  if (!utf16_to_utf8(utf16.data(), std::int32_t(utf16.size()), result.utf8)) result.had_errors = true;
  return result;
}

DecodedText decode_utf16le(std::string_view bytes) {
  DecodedText result;
  const std::size_t units = bytes.size() / 2;
  std::u16string text;
  text.reserve(units);
  bool ascii = true;
  for (std::size_t i = 0; i < units; ++i) {
    const auto lo = static_cast<unsigned char>(bytes[2 * i]);
    const auto hi = static_cast<unsigned char>(bytes[2 * i + 1]);
    const char16_t u = char16_t(lo | hi << 8);
    if (u == 0) break;
    if (u >= 0x80) ascii = false;
    text.push_back(u);
  }
  if (ascii) {
    result.utf8.assign(text.begin(), text.end());
    return result;
  }
  if (!utf16_to_utf8(text.data(), std::int32_t(text.size()), result.utf8)) result.had_errors = true;
  return result;
}

EncodedText encode_gb18030(std::string_view utf8, std::size_t capacity) {
  EncodedText result;
  if (is_ascii(utf8)) {
    result.bytes.assign(utf8.substr(0, capacity));
    result.truncated = utf8.size() > result.bytes.size();
    return result;
  }
  // UTF-8 to UTF-16, replacing invalid sequences.
  UErrorCode status = U_ZERO_ERROR;
  std::int32_t length = 0, subs = 0;
  std::u16string utf16(utf8.size() + 1, u'\0');
  u_strFromUTF8WithSub(reinterpret_cast<UChar*>(utf16.data()), std::int32_t(utf16.size()), &length, utf8.data(),
                       std::int32_t(utf8.size()), 0xFFFD, &subs, &status);
  if (U_FAILURE(status)) length = 0, result.lossy = true;
  utf16.resize(std::size_t(length));
  if (subs) result.lossy = true;

  UConverter* conv = gb18030();
  if (!conv) {
    result.lossy = true;
    return result;
  }
  // Character by character, so that the capacity never splits one.
  char buf[16];
  for (std::size_t i = 0; i < utf16.size();) {
    const std::size_t start = i;
    UChar32 c;
    U16_NEXT(utf16.data(), i, utf16.size(), c);
    (void)c;
    status = U_ZERO_ERROR;
    ucnv_reset(conv);
    const std::int32_t n = ucnv_fromUChars(conv, buf, sizeof buf, reinterpret_cast<const UChar*>(utf16.data() + start),
                                           std::int32_t(i - start), &status);
    if (U_FAILURE(status) || n <= 0) {
      result.lossy = true;
      continue;
    }
    if (result.bytes.size() + std::size_t(n) > capacity) {
      result.truncated = true;
      break;
    }
    result.bytes.append(buf, std::size_t(n));
  }
  return result;
}

}  // namespace xq::formats::detail
