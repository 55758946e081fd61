// DhtmlXQ info fields <-> tag names, and result texts.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "xqrec/formats/dhtmlxq.h"

namespace xq::formats {

namespace {

struct FieldName {
  std::string_view field;
  std::string_view tag;
};

constexpr std::array<FieldName, 35> kFields{{
    {"title", "Title"},         {"event", "Event"},         {"date", "Date"},
    {"place", "Site"},          {"round", "Round"},         {"table", "Table"},
    {"group", "Group"},         {"red", "Red"},             {"redteam", "RedTeam"},
    {"redname", "RedName"},     {"redrating", "RedRating"}, {"redtime", "RedTime"},
    {"black", "Black"},         {"blackteam", "BlackTeam"}, {"blackname", "BlackName"},
    {"blackrating", "BlackRating"}, {"blacktime", "BlackTime"}, {"result", "Result"},
    {"ecco", "ECCO"},           {"open", "Opening"},        {"variation", "Variation"},
    {"remark", "Remark"},       {"author", "Annotator"},    {"judge", "Referee"},
    {"record", "Recorder"},     {"type", "RecordKind"},     {"gametype", "GameType"},
    {"class", "Class"},         {"timerule", "TimeRule"},   {"endtype", "EndType"},
    {"refer", "Refer"},         {"generator", "Generator"}, {"owner", "Owner"},
    {"other", "Other"},
    // Not in DhtmlXQ: xqrec's field for the tag Deleted (a CBL entry marked
    // deleted), so that the mark survives.
    {"deleted", "Deleted"},
}};

bool iequal(std::string_view a, std::string_view b) { return ascii_iequals(a, b); }

constexpr std::string_view kPrefix = "DhtmlXQ_";

}  // namespace

std::string dhtmlxq_tag_for_field(std::string_view field) {
  for (const auto& f : kFields)
    if (iequal(f.field, field)) return std::string(f.tag);
  return std::string(kPrefix) + std::string(field);
}

std::string dhtmlxq_field_for_tag(std::string_view tag) {
  for (const auto& f : kFields)
    if (iequal(f.tag, tag)) return std::string(f.field);
  if (tag.size() > kPrefix.size() && iequal(tag.substr(0, kPrefix.size()), kPrefix)) {
    const std::string_view field = tag.substr(kPrefix.size());
    // Only names the reader can read back as an info field.
    const bool simple = std::all_of(field.begin(), field.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
    if (simple) return std::string(field);
  }
  return {};
}

std::string_view dhtmlxq_result_to_pgn(std::string_view t) {
  // Chinese texts (dpxq.com, vschess) and the W/L/D letters of English pages.
  for (std::string_view s : {"红胜", "红先胜", "黑负", "红方胜", "紅勝", "紅先勝", "黑負", "W", "1-0"})
    if (t == s) return "1-0";
  for (std::string_view s : {"红负", "红先负", "黑胜", "黑方胜", "紅負", "紅先負", "黑勝", "L", "0-1"})
    if (t == s) return "0-1";
  for (std::string_view s : {"和棋", "红和", "红先和", "和", "和局", "紅和", "紅先和", "D", "1/2-1/2"})
    if (t == s) return "1/2-1/2";
  return "*";
}

}  // namespace xq::formats
