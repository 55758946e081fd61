// Fuzz target: the CBF reader; what it reads is written and read again.
// Seeds in seeds/cbf/ were written by our own writer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xqrec/formats/cbf.h"
#include "xqrec/formats/game_builder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  xq::formats::GameBuilder builder([](xq::formats::BuiltGame& g) {
    const auto out = xq::formats::write_cbf(g.record);
    xq::formats::GameBuilder again([](xq::formats::BuiltGame&) { return xq::formats::Control::Continue; });
    (void)xq::formats::read_cbf(out.bytes, again);
    return xq::formats::Control::Continue;
  });
  (void)xq::formats::read_cbf(bytes, builder);
  return 0;
}
