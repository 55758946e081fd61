// SHA-256 of a file's bytes, in lower-case hex (files.sha256).
#pragma once

#include <string>
#include <string_view>

namespace xq::archive {

std::string sha256_hex(std::string_view bytes);

}  // namespace xq::archive
