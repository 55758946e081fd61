// JSON string literals, the one escaper every JSON writer of the project
// uses: control characters escaped, valid UTF-8 kept as it is, and each byte
// of invalid UTF-8 written as \ufffd, so that the output is I-JSON (RFC
// 7493: valid Unicode only). Where exact bytes matter (a file name that is
// not UTF-8) the writer adds them in hex beside (audit's "file_bytes").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace xq {

void append_json_string(std::string& out, std::string_view text);  // quotes included
std::string json_string(std::string_view text);

// The most bytes the literal of a text of `size` bytes takes: an escape
// (\u0001, \ufffd for a byte of invalid UTF-8) is six bytes for one, and
// the quotes.
constexpr std::size_t json_string_bound(std::size_t size) { return 6 * size + 2; }
// The literal of `text` written at `out`, which has room for
// json_string_bound(text.size()) bytes; returns where it ends. For writers
// that reserve room once for many members (the audit's JSON line): no
// capacity test per append.
char* put_json_string(char* out, std::string_view text);

}  // namespace xq
