// Format names and detection from content.
#include <algorithm>
#include <cctype>

#include "text/ascii_chars.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats {

std::string_view format_name(Format f) {
  switch (f) {
    case Format::Unknown: return "unknown";
    case Format::Pgn: return "pgn";
    case Format::Xqf: return "xqf";
    case Format::DhtmlXq: return "dhtmlxq";
    case Format::Cbf: return "cbf";
    case Format::Cbr: return "cbr";
    case Format::Cbl: return "cbl";
    case Format::FenLines: return "fen";
    case Format::Json: return "json";
  }
  return "unknown";
}

namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::string lower_extension(std::string_view path) {
  const auto dot = path.find_last_of('.');
  const auto slash = path.find_last_of('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return {};
  std::string ext(path.substr(dot + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

// The first bytes after a UTF-8 BOM and white space.
std::string_view text_start(std::string_view bytes) {
  if (starts_with(bytes, "\xEF\xBB\xBF")) bytes.remove_prefix(3);
  while (!bytes.empty() && (bytes[0] == ' ' || bytes[0] == '\t' || bytes[0] == '\r' || bytes[0] == '\n'))
    bytes.remove_prefix(1);
  return bytes;
}

}  // namespace

Format detect_format(std::string_view bytes, std::string_view path) {
  // Binary magics first: they are certain.
  if (starts_with(bytes, "XQ")) return Format::Xqf;
  if (starts_with(bytes, std::string_view("CCBridge Record\0", 16))) return Format::Cbr;
  if (starts_with(bytes, std::string_view("CCBridgeLibrary\0", 16))) return Format::Cbl;
  // The older zlib-compressed library: "CCBridge", then the format number 21.
  if (starts_with(bytes, std::string_view("CCBridge\x15\0\0\0", 12))) return Format::Cbl;
  const std::string_view head = bytes.substr(0, 1 << 16);
  // A DhtmlXQ field always closes ([/DhtmlXQ_movelist]); a PGN tag named
  // after one ([DhtmlXQ_result "L"]) does not.
  if (head.find("[/DhtmlXQ") != std::string_view::npos || head.find("[/DHJHtmlXQ") != std::string_view::npos)
    return Format::DhtmlXq;
  const std::string_view start = text_start(head);
  if (starts_with(start, "<?xml") || starts_with(start, "<ChineseChessRecord")) {
    if (head.find("ChineseChessRecord") != std::string_view::npos) return Format::Cbf;
  }
  if (starts_with(start, "{")) return Format::Json;
  const std::string ext = lower_extension(path);
  if (ext == "xqf") return Format::Xqf;
  if (ext == "cbr") return Format::Cbr;
  if (ext == "cbl") return Format::Cbl;
  if (ext == "cbf") return Format::Cbf;
  if (ext == "ubb") return Format::DhtmlXq;
  if (ext == "fen") return Format::FenLines;
  if (ext == "json" || ext == "jsonl") return Format::Json;
  // Record formats we know of but do not read: say so rather than misread them.
  if (ext == "mxq" || ext == "che" || ext == "ccm" || ext == "chn" || ext == "pos") return Format::Unknown;
  // Text that is not any of the above: PGN is the common case, and its
  // reader reports what it cannot read.
  return bytes.empty() ? Format::Unknown : Format::Pgn;
}

namespace {

using detail::is_ascii_digit;
using detail::is_ascii_letter;

// A JSON game of ours names its format version ("xqrec": 1); an audit
// report, also JSON, does not.
bool has_xqrec_member(std::string_view head) {
  for (std::size_t at = head.find("\"xqrec\""); at != std::string_view::npos; at = head.find("\"xqrec\"", at + 1)) {
    std::size_t k = at + 7;
    while (k < head.size() && (head[k] == ' ' || head[k] == '\t' || head[k] == '\r' || head[k] == '\n')) ++k;
    if (k < head.size() && head[k] == ':') return true;
  }
  return false;
}

// What a line of PGN starts with: a tag pair ([Event "...), or a numbered
// move whose first character could begin a move (1. h2e2, 1. C2.5, 1.炮二平五;
// not "1. Install"). Bytes, not decoded text: both are ASCII in every
// encoding the readers take but UTF-16, which is let through before.
bool pgn_line(std::string_view line) {
  std::size_t k = 0;
  while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
  line.remove_prefix(k);
  if (line.empty()) return false;
  if (line[0] == '[') {
    std::size_t e = 1;
    while (e < line.size() && (is_ascii_letter(line[e]) || is_ascii_digit(line[e]) || line[e] == '_')) ++e;
    if (e == 1) return false;
    while (e < line.size() && (line[e] == ' ' || line[e] == '\t')) ++e;
    return e < line.size() && line[e] == '"';
  }
  std::size_t e = 0;
  while (e < line.size() && is_ascii_digit(line[e])) ++e;
  if (e == 0 || e == line.size() || line[e] != '.') return false;
  while (e < line.size() && (line[e] == '.' || line[e] == ' ' || line[e] == '\t')) ++e;
  if (e == line.size()) return false;
  if (static_cast<unsigned char>(line[e]) >= 0x80) return true;  // a Chinese move
  if (!is_ascii_letter(line[e]) || e + 1 == line.size()) return false;
  const char next = line[e + 1];
  return is_ascii_digit(next) || next == '+' || next == '-' || next == '.' || next == '=';
}

}  // namespace

bool holds_game_record(std::string_view bytes, std::string_view path) {
  return holds_game_record(detect_format(bytes, path), bytes, path);
}

bool holds_game_record(Format detected, std::string_view bytes, std::string_view path) {
  if (bytes.empty()) return false;
  if (starts_with(bytes, "\xFF\xFE") || starts_with(bytes, "\xFE\xFF")) return true;  // UTF-16: judged by reading
  const std::string_view head = bytes.substr(0, 1 << 16);
  switch (detected) {
    case Format::Unknown: return true;  // a record format xqrec does not read (.mxq ...): read to say so
    case Format::Json: return has_xqrec_member(head);
    case Format::Pgn: break;
    default: return true;  // a signature, or a record format's extension
  }
  if (lower_extension(path) == "pgn") return true;
  for (std::size_t at = 0; at < head.size();) {
    const std::size_t end = std::min(head.find('\n', at), head.size());
    if (pgn_line(head.substr(at, end - at))) return true;
    at = end + 1;
  }
  return false;
}

}  // namespace xq::formats
