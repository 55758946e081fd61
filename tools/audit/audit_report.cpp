// The audit's two outputs: one JSON object per game, and lines for people.
#include <algorithm>
#include <charconv>

#include "xqrec/audit/audit.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/core/rules/verdict.h"

namespace xq::audit {

using namespace xq::formats;

namespace {

// The JSON line is built by appending to one string: a game's line is made
// for every game of a batch, and temporaries per member cost more than the
// audit of a short game's moves.
void put_number(std::string& out, std::string_view key, long long n) {
  out += key;
  char digits[24];
  const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
  out.append(digits, end);
}

// A number that 0 marks as absent (a ply, a move number, a line).
void put_number_or_null(std::string& out, std::string_view key, long long n) {
  if (n) put_number(out, key, n);
  else (out += key) += "null";
}

void put_string(std::string& out, std::string_view key, std::string_view value) {
  out += key;
  append_json_string(out, value);
}

void put_location(std::string& out, const Issue& f) {
  if (f.where.line) {
    put_number(out, ",\"line\":", f.where.line);
    put_number(out, ",\"column\":", f.where.column);
  } else {
    out += ",\"line\":null,\"column\":null";
  }
  if (f.located()) put_number(out, ",\"offset\":", f.where.offset);
  else out += ",\"offset\":null";
}

void put_finding(std::string& out, const Issue& f) {
  put_string(out, "{\"code\":", f.name());
  put_string(out, ",\"severity\":", severity_name(f.severity));
  put_number_or_null(out, ",\"ply\":", f.ply);
  put_number_or_null(out, ",\"move_number\":", f.move_number);
  if (f.side) put_string(out, ",\"side\":", color_name(*f.side));
  else out += ",\"side\":null";
  put_string(out, ",\"variation\":", f.variation);
  put_string(out, ",\"text\":", f.text);
  put_location(out, f);
  if (f.fen.empty()) out += ",\"fen\":null";
  else put_string(out, ",\"fen\":", f.fen);
  put_string(out, ",\"message\":", f.message);
  out += ",\"candidates\":[";
  for (std::size_t i = 0; i < f.candidates.size(); ++i) {
    if (i) out += ',';
    append_json_string(out, f.candidates[i]);
  }
  out += ']';
  if (!f.suggestions.empty()) {
    out += ",\"suggestions\":[";
    for (std::size_t i = 0; i < f.suggestions.size(); ++i) {
      const auto& s = f.suggestions[i];
      put_string(out, i ? ",{\"move\":" : "{\"move\":", s.move);
      put_string(out, ",\"code\":", s.kind);
      put_string(out, ",\"description\":", s.description);
      out += '}';
    }
    out += ']';
  }
  if (f.verdict) rules::append_verdict_json(out += ",\"verdict\":", *f.verdict);
  out += '}';
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
  put_string(out, "{\"file\":", a.file);
  // A name that is not UTF-8 shows U+FFFD in `file`; its exact bytes follow.
  if (!valid_utf8(a.file)) (out += ",\"file_bytes\":\"") += hex_bytes(a.file) + "\"";
  put_number(out, ",\"game\":", a.game);
  out += ",\"tags\":{";
  bool first = true;
  for (auto t = a.tags.begin(); t != a.tags.end(); ++t) {
    // JSON object keys are unique: the first tag of a name wins.
    const auto same_name = [&](const auto& earlier) { return earlier.name == t->name; };
    if (std::any_of(a.tags.begin(), t, same_name)) continue;
    if (!first) out += ',';
    first = false;
    append_json_string(out, t->name);
    put_string(out, ":", t->value);
  }
  put_number(out, "},\"plies\":", a.plies);
  put_string(out, ",\"final_fen\":", a.final_fen);
  put_string(out, ",\"final_state\":", a.final_state);
  put_string(out, ",\"result\":", a.result);
  if (a.ecco) {
    put_string(out, ",\"ecco\":{\"code\":", a.ecco->code);
    put_string(out, ",\"name\":", a.ecco->name);
    put_number(out, ",\"ply\":", a.ecco->ply);
    out += '}';
  } else {
    out += ",\"ecco\":null";
  }
  out += ",\"findings\":[";
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    if (i) out += ',';
    put_finding(out, a.findings[i]);
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
