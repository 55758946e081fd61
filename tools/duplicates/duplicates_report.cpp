// JSON Lines and text for the groups.
#include "xqrec/duplicates/report.h"

#include <algorithm>

#include "xqrec/formats/encoding.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/core/json_text.h"

namespace xq::duplicates {

using namespace xq::formats;

namespace {

// "file" (and "file_bytes", the exact bytes of a name that is not UTF-8, as
// the audit writes them) and "game".
void put_game_ref(std::string& out, const std::string& path, std::uint32_t game) {
  out += "\"file\":";
  append_json_string(out, path);
  if (!valid_utf8(path)) out += ",\"file_bytes\":\"" + hex_bytes(path) + "\"";
  out += ",\"game\":" + std::to_string(game);
}

std::size_t relation_width() { return std::string_view("mirrored+embedded").size(); }

}  // namespace

std::string group_to_json(const DuplicatesRun& run, const Group& group, std::size_t number) {
  const auto& entries = run.index.entries();
  std::string out = "{\"group\":" + std::to_string(number) + ",\"games\":[";
  bool first = true;
  for (const GroupMember& m : group.members) {
    const GameEntry& e = entries[m.entry];
    out += first ? "{" : ",{";
    first = false;
    put_game_ref(out, run.files[e.file], e.game);
    out += ",\"plies\":" + std::to_string(e.key.plies) + ",\"relation\":\"" + std::string(relation_name(m.relation)) +
           "\",\"score\":" + score_to_json(e.score);
    if (e.stopped)
      out += ",\"partial\":{\"main_line\":" + std::to_string(e.main_line) + ",\"failed_ply\":" +
             std::to_string(e.key.plies + 1) + ",\"code\":\"" + std::string(code_name(e.stop_code)) + "\"}";
    out += "}";
  }
  const GameEntry& kept = entries[group.members.front().entry];
  out += "],\"keep\":{";
  put_game_ref(out, run.files[kept.file], kept.game);
  out += "}}\n";
  return out;
}

std::string group_to_text(const DuplicatesRun& run, const Group& group, std::size_t number) {
  const auto& entries = run.index.entries();
  const GameEntry& kept = entries[group.members.front().entry];
  std::string out = "group " + std::to_string(number) + ": " + std::to_string(group.members.size()) + " games; keep ";
  append_printable(out, run.files[kept.file]);
  out += " game " + std::to_string(kept.game) + " (" + score_to_text(kept.score) + ")\n";
  for (const GroupMember& m : group.members) {
    const GameEntry& e = entries[m.entry];
    const std::string_view rel = relation_name(m.relation);
    out += "  " + std::string(rel) + std::string(relation_width() + 1 - std::min(rel.size(), relation_width()), ' ');
    append_printable(out, run.files[e.file]);
    out += " game " + std::to_string(e.game) + ": " + std::to_string(e.key.plies) + " plies";
    if (e.stopped)
      out += "; compared on these plies only: ply " + std::to_string(e.key.plies + 1) + " of " +
             std::to_string(e.main_line) + " does not replay (" + std::string(code_name(e.stop_code)) + ")";
    out += "\n";
  }
  return out;
}

}  // namespace xq::duplicates
