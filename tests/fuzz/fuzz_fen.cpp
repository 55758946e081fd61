// Invariant fuzz target for FEN text: whatever parse_fen accepts, to_fen
// writes a FEN that reads back to the same set-up, and writing that again
// gives the same text (normalised once, then stable). What it rejects, it
// rejects with at least one named problem.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "invariant.h"
#include "xqrec/core/fen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto setup = xq::parse_fen(text);
  if (!setup) {
    XQ_INVARIANT(!setup.error().empty(), "a rejected FEN names its problems");
    return 0;
  }
  const std::string fen = xq::to_fen(*setup);
  const auto again = xq::parse_fen(fen);
  XQ_INVARIANT(again.ok(), "to_fen gives a FEN parse_fen reads");
  XQ_INVARIANT(*again == *setup, "the FEN round trip keeps the set-up");
  XQ_INVARIANT(xq::to_fen(*again) == fen, "to_fen is stable");
  return 0;
}
