// The start position of a GameRecord.
#include "xqrec/formats/record_start.h"

#include "xqrec/fen.h"

namespace xq::formats {

Result<Setup, std::string> record_start(const GameRecord& record) {
  if (record.start_setup) return *record.start_setup;
  if (record.start_fen) {
    auto parsed = parse_fen(*record.start_fen);
    if (!parsed) {
      const FenError& e = parsed.error().front();
      return fail("bad start FEN at column " + std::to_string(e.column) + ": " + e.message);
    }
    return parsed.value();
  }
  return Setup::start();
}

bool is_standard_start(const Setup& setup) {
  const Setup start = Setup::start();
  return setup.board == start.board && setup.side_to_move == Color::Red;
}

}  // namespace xq::formats
