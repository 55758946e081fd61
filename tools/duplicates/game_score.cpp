// The richness of a copy, from its record.
#include "xqrec/duplicates/game_score.h"

#include <algorithm>

#include "xqrec/formats/record_start.h"

namespace xq::duplicates {

namespace {

bool tag_set(const GameRecord& r, std::string_view name) {
  const std::string* v = r.tag(name);
  return v && v->find_first_not_of(" \t") != std::string::npos;
}

}  // namespace

GameScore score_game(const GameRecord& record, std::uint32_t plies) {
  GameScore s;
  s.plies = plies;
  // Every node off the main line is a variation move.
  std::size_t main = 0;
  for (NodeId id = record.root(); !record.node(id).children.empty(); id = record.node(id).children[0]) ++main;
  std::size_t notes = record.nodes.size() - 1 - main;
  for (const GameNode& n : record.nodes) notes += !n.comment_before().empty() + !n.comment_after().empty();
  s.notes = std::uint32_t(std::min<std::size_t>(notes, 0xFFFFFFFFu));
  const std::string result = formats::record_result(record);
  s.result = !result.empty() && result != "*";
  s.players = tag_set(record, "Red") || tag_set(record, "Black");
  s.date = tag_set(record, "Date");
  return s;
}

std::string score_to_json(const GameScore& s) {
  auto b = [](bool v) { return v ? "true" : "false"; };
  return "{\"plies\":" + std::to_string(s.plies) + ",\"notes\":" + std::to_string(s.notes) + ",\"result\":" +
         b(s.result) + ",\"players\":" + b(s.players) + ",\"date\":" + b(s.date) + "}";
}

std::string score_to_text(const GameScore& s) {
  return std::to_string(s.plies) + " plies, " + std::to_string(s.notes) + " notes, " +
         (s.result ? "result" : "no result") + ", " + (s.players ? "players" : "no players") + ", " +
         (s.date ? "date" : "no date");
}

}  // namespace xq::duplicates
