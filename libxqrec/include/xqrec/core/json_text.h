// JSON string literals, the one escaper every JSON writer of the project
// uses: control characters escaped, valid UTF-8 kept as it is, and each byte
// of invalid UTF-8 written as \ufffd, so that the output is I-JSON (RFC
// 7493: valid Unicode only). Where exact bytes matter (a file name that is
// not UTF-8) the writer adds them in hex beside (audit's "file_bytes").
#pragma once

#include <string>
#include <string_view>

namespace xq {

void append_json_string(std::string& out, std::string_view text);  // quotes included
std::string json_string(std::string_view text);

}  // namespace xq
