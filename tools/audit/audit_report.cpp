// The audit's two outputs: one JSON object per game, and lines for people.
#include <algorithm>

#include "xqrec/audit/audit.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/core/rules/verdict.h"

namespace xq::audit {

using namespace xq::formats;

namespace {

using rules::json_string;

void put_location(std::string& out, const Issue& f) {
  if (f.where.line) {
    out += ",\"line\":" + std::to_string(f.where.line) + ",\"column\":" + std::to_string(f.where.column);
  } else {
    out += ",\"line\":null,\"column\":null";
  }
  out += f.located() ? ",\"offset\":" + std::to_string(f.where.offset) : std::string(",\"offset\":null");
}

}  // namespace

std::string audit_to_json(const GameAudit& a) {
  std::string out;
  append_audit_json(out, a);
  return out;
}

std::string audit_to_text(const GameAudit& a) {
  std::string out;
  append_audit_text(out, a);
  return out;
}

void append_audit_json(std::string& out, const GameAudit& a) {
  out += "{\"file\":";
  append_json_string(out, a.file);
  // A name that is not UTF-8 shows U+FFFD in `file`; its exact bytes follow.
  if (!valid_utf8(a.file)) out += ",\"file_bytes\":\"" + hex_bytes(a.file) + "\"";
  out += ",\"game\":" + std::to_string(a.game) + ",\"tags\":{";
  bool first = true;
  std::vector<std::string> seen;
  for (const auto& t : a.tags) {
    // JSON object keys are unique: the first tag of a name wins.
    if (std::find(seen.begin(), seen.end(), t.name) != seen.end()) continue;
    seen.push_back(t.name);
    out += (first ? "" : ",") + json_string(t.name) + ":" + json_string(t.value);
    first = false;
  }
  out += "},\"plies\":" + std::to_string(a.plies) + ",\"final_fen\":" + json_string(a.final_fen) +
         ",\"final_state\":" + json_string(a.final_state) + ",\"result\":" + json_string(a.result);
  if (a.ecco) {
    out += ",\"ecco\":{\"code\":";
    append_json_string(out, a.ecco->code);
    out += ",\"name\":";
    append_json_string(out, a.ecco->name);
    out += ",\"ply\":" + std::to_string(a.ecco->ply) + "}";
  } else {
    out += ",\"ecco\":null";
  }
  out += ",\"findings\":[";
  first = true;
  for (const auto& f : a.findings) {
    out += first ? "{" : ",{";
    first = false;
    out += "\"code\":" + json_string(f.name()) + ",\"severity\":" + json_string(severity_name(f.severity));
    out += ",\"ply\":" + (f.ply ? std::to_string(f.ply) : "null");
    out += ",\"move_number\":" + (f.move_number ? std::to_string(f.move_number) : "null");
    out += ",\"side\":" + (f.side ? json_string(color_name(*f.side)) : "null");
    out += ",\"variation\":" + json_string(f.variation) + ",\"text\":" + json_string(f.text);
    put_location(out, f);
    out += ",\"fen\":" + (f.fen.empty() ? "null" : json_string(f.fen));
    out += ",\"message\":" + json_string(f.message) + ",\"candidates\":[";
    for (std::size_t i = 0; i < f.candidates.size(); ++i) {
      if (i) out += ',';
      out += json_string(f.candidates[i]);
    }
    out += "]";
    if (!f.suggestions.empty()) {
      out += ",\"suggestions\":[";
      for (std::size_t i = 0; i < f.suggestions.size(); ++i) {
        const auto& s = f.suggestions[i];
        out += (i ? ",{" : "{") + std::string("\"move\":") + json_string(s.move) + ",\"code\":" + json_string(s.kind) +
               ",\"description\":" + json_string(s.description) + "}";
      }
      out += "]";
    }
    if (f.verdict) out += ",\"verdict\":" + rules::verdict_json(*f.verdict);
    out += "}";
  }
  out += "]}\n";
}

void append_audit_text(std::string& out, const GameAudit& a) {
  for (const auto& f : a.findings) {
    // Record text and file names are escaped: nothing reaches the terminal as a control.
    append_printable(out, a.file);
    out += ":";
    if (f.where.line) out += std::to_string(f.where.line) + ":" + std::to_string(f.where.column) + ":";
    out += " game " + std::to_string(a.game);
    if (f.ply) {
      std::string detail;
      if (f.move_number) detail = "move " + std::to_string(f.move_number);
      if (f.side) detail += (detail.empty() ? "" : ", ") + std::string(color_name(*f.side));
      if (f.variation != "main") detail += (detail.empty() ? "" : ", ") + ("variation " + f.variation);
      out += ", ply " + std::to_string(f.ply) + (detail.empty() ? "" : " (" + detail + ")");
    }
    out += ": " + std::string(severity_name(f.severity)) + ": " + std::string(f.name()) + ": ";
    append_printable(out, f.message);
    if (!f.text.empty()) {
      out += " [";
      append_printable(out, f.text);
      out += "]";
    }
    if (!f.candidates.empty()) {
      out += " candidates:";
      for (const auto& c : f.candidates) out += " " + c;
    }
    for (const auto& s : f.suggestions) {
      out += "; perhaps ";
      append_printable(out, s.description);
    }
    out += "\n";
  }
}

}  // namespace xq::audit
