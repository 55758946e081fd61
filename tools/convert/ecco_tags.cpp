#include "ecco_tags.h"

#include <vector>

#include "xqrec/ecco/book.h"
#include "xqrec/ecco/ecco.h"

namespace xq::convert {

void set_ecco_tags(GameRecord& record, const Setup& start) {
  // Only the first plies decide (resolve_moves has cut the line at its first
  // move that does not replay, so every node left holds its move).
  std::vector<Move> line;
  for (NodeId id : record.main_line()) {
    if (line.size() == std::size_t(ecco::kHorizon)) break;
    line.push_back(record.node(id).move);
  }
  const auto opening = ecco::classify(Position(start), line);
  if (!opening) return;
  record.set_tag("ECCO", std::string(opening->code));
  record.set_tag("Opening", std::string(opening->opening));
  record.set_tag("Variation", std::string(opening->variation));
}

}  // namespace xq::convert
