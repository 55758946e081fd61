// Fuzz target: the JSON game reader; what it reads is written and read again.
// Seeds in seeds/json/ were written by our own writer.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/json_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  xq::formats::GameBuilder builder([](xq::formats::BuiltGame& g) {
    const std::string out = xq::formats::write_json(g.record);
    xq::formats::GameBuilder again([](xq::formats::BuiltGame&) { return xq::formats::Control::Continue; });
    (void)xq::formats::read_json(out, again);
    return xq::formats::Control::Continue;
  });
  (void)xq::formats::read_json(bytes, builder);
  return 0;
}
