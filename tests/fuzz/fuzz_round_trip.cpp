// Invariant fuzz target for the writers: a random legal game (seed and
// shape from the input: main line length, variations, nesting, comments,
// start position after a few plies) written by each writer that holds a
// whole tree (PGN in ICCS, WXF and Chinese, XQF, DhtmlXQ, JSON) reads back,
// resolved, to the same tree of moves, and every move resolves.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/random_game.h"
#include "invariant.h"
#include "tree_shape.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/formats/xqf.h"
#include "xqrec/core/iccs.h"

namespace {

using namespace xq;
using namespace xq::formats;

template <class Read>
void check_reads_back(const GameRecord& original, const std::string& bytes, Read read, const char* what) {
  std::vector<GameRecord> got;
  GameBuilder builder([&](BuiltGame& g) {
    got.push_back(std::move(g.record));
    return Control::Continue;
  });
  (void)read(bytes, builder);
  XQ_INVARIANT(got.size() == 1, what);
  GameRecord& back = got[0];
  const auto start = resolve_start(back);
  XQ_INVARIANT(start.setup.has_value(), what);
  XQ_INVARIANT(resolve_moves(back, *start.setup).empty(), what);
  XQ_INVARIANT(xqtest::tree_shape(back, {false, false, true}) == xqtest::tree_shape(original, {false, false, true}), what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 6) return 0;
  testing::GenOptions o;
  o.main_plies = data[0] % 120;
  o.max_depth = data[1] % 5;
  o.variation_percent = data[2] % 40;
  o.max_alternatives = 1 + data[3] % 3;
  o.comment_percent = data[4] % 50;
  o.max_nodes = 600;
  std::uint64_t seed = 0;
  for (std::size_t i = 5; i < size; ++i) seed = seed * 131 + data[i];
  const GameRecord g = testing::random_game(seed, o);

  for (MoveNotation n : {MoveNotation::Iccs, MoveNotation::Wxf, MoveNotation::Chinese}) {
    PgnWriteOptions wo;
    wo.notation = n;
    const auto out = write_pgn(g, wo);
    check_reads_back(g, out.bytes, [](const std::string& b, GameVisitor& v) { return read_pgn(b, v); },
                     "a PGN written reads back to the same tree");
  }
  check_reads_back(g, write_xqf(g).bytes, [](const std::string& b, GameVisitor& v) { return read_xqf(b, v); },
                   "an XQF written reads back to the same tree");
  check_reads_back(g, write_dhtmlxq(g).bytes,
                   [](const std::string& b, GameVisitor& v) { return read_dhtmlxq(b, v); },
                   "a DhtmlXQ written reads back to the same tree");
  check_reads_back(g, write_json(g), [](const std::string& b, GameVisitor& v) { return read_json(b, v); },
                   "a JSON game written reads back to the same tree");
  return 0;
}
