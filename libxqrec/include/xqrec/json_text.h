// JSON string literals, the one escaper every JSON writer of the project
// uses: control characters escaped, valid UTF-8 kept as it is, and each byte
// of invalid UTF-8 written as a lone low surrogate \udcXX, so that file
// names and text in unknown encodings survive and the output stays JSON.
#pragma once

#include <string>
#include <string_view>

namespace xq {

void append_json_string(std::string& out, std::string_view text);  // quotes included
std::string json_string(std::string_view text);

}  // namespace xq
