// Format names and detection from content.
#include <algorithm>
#include <cctype>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "error";
}

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

}  // namespace xq::formats
