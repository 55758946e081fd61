# Writes OUT, a C++ source holding the bytes of IN as xq::ecco::detail::kEccoData.
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" len)
math(EXPR size "${len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
file(WRITE ${OUT}.tmp "// Generated from ${IN} by tools/ecco/embed.cmake: do not edit.\n#include <cstddef>\nnamespace xq::ecco::detail {\nextern const char kEccoData[] = {${bytes} 0};\nextern const std::size_t kEccoDataSize = ${size};\n}\n")
file(RENAME ${OUT}.tmp ${OUT})
