// Fuzz target: the PGN reader with the game builder, on arbitrary bytes,
// with the encoding detected or forced (chosen by the last input byte).
// Every game read is resolved (the notation memo and the resolver's fast
// path, on a copy), written again (moves unresolved: as their text) and the
// output read once more. Any crash, hang or sanitizer report is a bug;
// issues in the reports are expected.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/resolve_record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  xq::formats::ReadOptions options;
  if (size > 0) {
    switch (data[size - 1] % 8) {
      case 1: options.input_encoding = "GB18030"; break;
      case 2: options.input_encoding = "Big5"; break;
      case 3: options.input_encoding = "UTF-16LE"; break;
      case 4: options.input_encoding = "UTF-8"; break;
      default: break;  // detected
    }
  }
  xq::formats::GameBuilder builder([](xq::formats::BuiltGame& g) {
    {
      xq::GameRecord copy = g.record;
      const auto start = xq::formats::resolve_start(copy);
      if (start.setup) (void)xq::formats::resolve_moves(copy, *start.setup);
    }
    xq::formats::PgnWriteOptions wo;
    wo.notation = g.index % 2 ? xq::MoveNotation::Chinese : xq::MoveNotation::Iccs;
    const auto out = xq::formats::write_pgn(g.record, wo);
    xq::formats::GameBuilder again([](xq::formats::BuiltGame&) { return xq::formats::Control::Continue; });
    (void)xq::formats::read_pgn(out.bytes, again);
    return xq::formats::Control::Continue;
  });
  (void)xq::formats::read_pgn(bytes, builder, options);
  return 0;
}
