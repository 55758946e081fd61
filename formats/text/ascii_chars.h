// ASCII character tests of the text readers and the format detection: bytes
// of any ASCII-compatible encoding, independent of the C library's locale.
#pragma once

namespace xq::formats::detail {

inline bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// What std::isalpha says in the C locale (the tools never change it).
inline bool is_ascii_letter(char c) { return unsigned((static_cast<unsigned char>(c) | 0x20) - 'a') < 26; }

}  // namespace xq::formats::detail
