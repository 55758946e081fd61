// What every writer reads from a GameRecord the same way.
#include "xqrec/formats/record_start.h"

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"

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

std::string record_result(const GameRecord& record) {
  if (!record.result.empty()) return record.result;
  const std::string* tag = record.tag("Result");
  return tag ? *tag : std::string();
}

bool is_structural_tag(const Tag& tag) {
  if (ascii_iequals(tag.name, "Game")) return tag.value == "Chinese Chess" || tag.value.empty();
  return ascii_iequals(tag.name, "FEN") || ascii_iequals(tag.name, "Format") || ascii_iequals(tag.name, "SetUp");
}

Move node_move(const GameNode& node) {
  if (!node.move.is_none()) return node.move;
  if (node.notation == MoveNotation::Iccs || node.notation == MoveNotation::Coordinates) {
    auto m = parse_iccs(node.text);
    if (m) return m.value();
  }
  return Move::none();
}

}  // namespace xq::formats
