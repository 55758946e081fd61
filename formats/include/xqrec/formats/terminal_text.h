// Text for people on a terminal: record content and file names may hold
// ESC, BEL, NUL, BS or a newline, which would drive the terminal or split a
// line. Every text output (stdout and stderr, not JSON or record output)
// goes through printable().
#pragma once

#include <string>
#include <string_view>

namespace xq::formats {

// Valid UTF-8 kept, except the C0 controls (newline and tab included), DEL
// and the C1 controls (U+0080..U+009F), which become \xNN (C1: the UTF-8
// bytes, \xc2\x9b); bytes that are not valid UTF-8 become \xNN too.
std::string printable(std::string_view text);
void append_printable(std::string& out, std::string_view text);

// Each byte as \xNN (lower-case hex): how text outputs show what they may
// not hold as it is (here, and the HTML report).
void append_hex_escapes(std::string& out, std::string_view bytes);

// Bytes as lower-case hex, two digits a byte ("file_bytes" in JSON).
std::string hex_bytes(std::string_view bytes);

}  // namespace xq::formats
