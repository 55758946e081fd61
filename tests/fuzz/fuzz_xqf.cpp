// Fuzz target: the XQF reader on arbitrary bytes (body in binary_reader_fuzz.h).
#include "binary_reader_fuzz.h"
#include "xqrec/formats/xqf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return xq::fuzz::run_binary_reader(xq::formats::read_xqf, data, size);
}
