// Pieces the record benchmarks share.
#pragma once

#include <cstddef>
#include <string_view>

#include "bench.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/resolve_record.h"

namespace bench {

// Reads and resolves every game of a PGN buffer; returns the games read.
inline std::size_t read_and_resolve(std::string_view bytes) {
  using namespace xq::formats;
  std::size_t games = 0;
  GameBuilder builder([&](BuiltGame& g) {
    auto start = resolve_start(g.record);
    if (start.setup) keep(resolve_moves(g.record, *start.setup));
    ++games;
    return Control::Continue;
  });
  (void)read_pgn(bytes, builder);
  return games;
}

}  // namespace bench
