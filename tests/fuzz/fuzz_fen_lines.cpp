// Fuzz target: the FEN-lines reader (.fen record files) with the game
// builder, on arbitrary bytes. Besides no crash, hang or sanitizer report:
// every game read is written again as a FEN line that reads back to one
// game, no issue, and the same line; the lines that are no FEN stay within
// the reader's cap of findings.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "invariant.h"
#include "xqrec/formats/fen_lines.h"
#include "xqrec/formats/game_builder.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::size_t built = 0;
  xq::formats::GameBuilder builder([&](xq::formats::BuiltGame& g) {
    ++built;
    const std::string line = xq::formats::write_fen_line(g.record);
    std::string again;
    std::size_t read_back = 0;
    xq::formats::GameBuilder reread([&](xq::formats::BuiltGame& h) {
      ++read_back;
      again = xq::formats::write_fen_line(h.record);
      return xq::formats::Control::Continue;
    });
    const auto report = xq::formats::read_fen_lines(line, reread);
    XQ_INVARIANT(read_back == 1 && report.issues.empty(), "a written FEN line reads back as one game");
    XQ_INVARIANT(again == line, "a written FEN line is written again the same");
    return xq::formats::Control::Continue;
  });
  const auto report = xq::formats::read_fen_lines(bytes, builder);
  XQ_INVARIANT(report.games == built, "every game counted is built");
  XQ_INVARIANT(report.issues.size() <= 1001, "the findings of a file are capped");
  return 0;
}
