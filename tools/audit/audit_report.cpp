// The audit's two outputs: one JSON object per game, and lines for people.
#include <algorithm>
#include <charconv>
#include <cstring>
#include <vector>

#include "xqrec/audit/audit.h"
#include "xqrec/core/json_text.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/core/rules/verdict.h"

namespace xq::audit {

using namespace xq::formats;

namespace {

// The JSON line is written into one buffer of the thread's, kept from game
// to game, and appended to the caller's string at once: a game's line is
// made for every game of a batch, and temporaries per member cost more than
// the audit of a short game's moves; a member takes one test of the room
// left (its bound known before it is written), not the three capacity tests
// and the call of std::string's appends.
class JsonLine {
 public:
  JsonLine() : p_(buffer().data()), end_(p_ + buffer().size()) {}
  // The line goes to `out`; a buffer grown past kKept for a huge line is
  // given back.
  void append_to(std::string& out) {
    std::vector<char>& b = buffer();
    out.append(b.data(), std::size_t(p_ - b.data()));
    p_ = end_ = nullptr;
    if (b.size() > kKept) std::vector<char>(kInitial).swap(b);
  }

  void raw(std::string_view s) {
    room(s.size());
    std::memcpy(p_, s.data(), s.size());
    p_ += s.size();
  }
  void raw(char c) {
    room(1);
    *p_++ = c;
  }
  void string(std::string_view s) {
    room(json_string_bound(s.size()));
    p_ = put_json_string(p_, s);
  }
  // key, then the value: most members.
  void put_string(std::string_view key, std::string_view value) {
    room(key.size() + json_string_bound(value.size()));
    std::memcpy(p_, key.data(), key.size());
    p_ = put_json_string(p_ + key.size(), value);
  }
  void put_number(std::string_view key, long long n) {
    room(key.size() + kDigits);
    std::memcpy(p_, key.data(), key.size());
    p_ = std::to_chars(p_ + key.size(), p_ + key.size() + kDigits, n).ptr;
  }
  // A number that 0 marks as absent (a ply, a move number, a line).
  void put_number_or_null(std::string_view key, long long n) {
    if (n) {
      put_number(key, n);
    } else {
      raw(key);
      raw("null");
    }
  }

 private:
  static constexpr std::size_t kDigits = 20;  // a long long's sign and digits
  static constexpr std::size_t kInitial = std::size_t(16) << 10, kKept = std::size_t(1) << 20;
  static std::vector<char>& buffer() {
    thread_local std::vector<char> b(kInitial);
    return b;
  }
  void room(std::size_t n) {
    if (std::size_t(end_ - p_) < n) [[unlikely]]
      grow(n);
  }
  [[gnu::noinline]] void grow(std::size_t n) {
    std::vector<char>& b = buffer();
    const std::size_t used = std::size_t(p_ - b.data());
    b.resize(std::max(b.size() * 2, used + n));
    p_ = b.data() + used;
    end_ = b.data() + b.size();
  }

  char* p_;
  char* end_;
};

void put_location(JsonLine& out, const Issue& f) {
  if (f.where.line) {
    out.put_number(",\"line\":", f.where.line);
    out.put_number(",\"column\":", f.where.column);
  } else {
    out.raw(",\"line\":null,\"column\":null");
  }
  if (f.located()) out.put_number(",\"offset\":", f.where.offset);
  else out.raw(",\"offset\":null");
}

void put_finding(JsonLine& out, const Issue& f) {
  out.put_string("{\"code\":", f.name());
  out.put_string(",\"severity\":", severity_name(f.severity));
  out.put_number_or_null(",\"ply\":", f.ply);
  out.put_number_or_null(",\"move_number\":", f.move_number);
  if (f.side) out.put_string(",\"side\":", color_name(*f.side));
  else out.raw(",\"side\":null");
  out.put_string(",\"variation\":", f.variation);
  out.put_string(",\"text\":", f.text);
  put_location(out, f);
  if (f.fen.empty()) out.raw(",\"fen\":null");
  else out.put_string(",\"fen\":", f.fen);
  out.put_string(",\"message\":", f.message);
  out.raw(",\"candidates\":[");
  for (std::size_t i = 0; i < f.candidates.size(); ++i) {
    if (i) out.raw(',');
    out.string(f.candidates[i]);
  }
  out.raw(']');
  if (!f.suggestions.empty()) {
    out.raw(",\"suggestions\":[");
    for (std::size_t i = 0; i < f.suggestions.size(); ++i) {
      const auto& s = f.suggestions[i];
      out.put_string(i ? ",{\"move\":" : "{\"move\":", s.move);
      out.put_string(",\"code\":", s.kind);
      out.put_string(",\"description\":", s.description);
      out.raw('}');
    }
    out.raw(']');
  }
  if (f.verdict) {
    // Rare (a repetition judged): its own writer, then copied.
    std::string verdict;
    rules::append_verdict_json(verdict, *f.verdict);
    out.raw(",\"verdict\":");
    out.raw(verdict);
  }
  out.raw('}');
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
  JsonLine line;
  line.put_string("{\"file\":", a.file);
  // A name that is not UTF-8 shows U+FFFD in `file`; its exact bytes follow.
  if (!valid_utf8(a.file)) line.raw(",\"file_bytes\":\"" + hex_bytes(a.file) + "\"");
  line.put_number(",\"game\":", static_cast<long long>(a.game));
  line.raw(",\"tags\":{");
  bool first = true;
  for (auto t = a.tags.begin(); t != a.tags.end(); ++t) {
    // JSON object keys are unique: the first tag of a name wins.
    const auto same_name = [&](const auto& earlier) { return earlier.name == t->name; };
    if (std::any_of(a.tags.begin(), t, same_name)) continue;
    if (!first) line.raw(',');
    first = false;
    line.string(t->name);
    line.put_string(":", t->value);
  }
  line.put_number("},\"plies\":", a.plies);
  line.put_string(",\"final_fen\":", a.final_fen);
  line.put_string(",\"final_state\":", a.final_state);
  line.put_string(",\"result\":", a.result);
  if (a.ecco) {
    line.put_string(",\"ecco\":{\"code\":", a.ecco->code);
    line.put_string(",\"name\":", a.ecco->name);
    line.put_number(",\"ply\":", a.ecco->ply);
    line.raw('}');
  } else {
    line.raw(",\"ecco\":null");
  }
  line.raw(",\"findings\":[");
  for (std::size_t i = 0; i < a.findings.size(); ++i) {
    if (i) line.raw(',');
    put_finding(line, a.findings[i]);
  }
  line.raw("]}\n");
  line.append_to(out);
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
