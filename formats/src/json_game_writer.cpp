// The JSON form of a GameRecord: a small writer of our own.
#include <limits>
#include <string>
#include <vector>

#include "xqrec/fen.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/iccs.h"

namespace xq::formats {

namespace {

// Length of the valid UTF-8 sequence at s[i], or 0.
std::size_t utf8_len(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  std::size_t n;
  std::uint32_t cp, min;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) n = 2, cp = c & 0x1Fu, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, cp = c & 0x0Fu, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, cp = c & 0x07u, min = 0x10000;
  else return 0;
  if (i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (b(i + k) & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

void append_hex4(std::string& out, unsigned v) {
  static const char* hex = "0123456789abcdef";
  out += "\\u";
  out += hex[v >> 12 & 15];
  out += hex[v >> 8 & 15];
  out += hex[v >> 4 & 15];
  out += hex[v & 15];
}

void member(std::string& out, std::string_view name, std::string_view value) {
  out += ',';
  append_json_string(out, name);
  out += ':';
  append_json_string(out, value);
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const std::size_t n = utf8_len(s, i);
      if (n == 0) {
        append_hex4(out, 0xDC00u | c);  // an invalid byte: lone low surrogate
        ++i;
      } else {
        out.append(s.substr(i, n));
        i += n;
      }
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (c < 0x20 || c == 0x7F) append_hex4(out, c);
        else out += char(c);
    }
    ++i;
  }
  out += '"';
}

std::string write_json(const GameRecord& r, const JsonWriteOptions& options) {
  std::string out;
  out.reserve(256 + r.nodes.size() * 48);
  out += "{\"xqrec\":1,\"tags\":[";
  for (std::size_t i = 0; i < r.tags.size(); ++i) {
    if (i) out += ',';
    out += '[';
    append_json_string(out, r.tags[i].name);
    out += ',';
    append_json_string(out, r.tags[i].value);
    out += ']';
  }
  out += ']';
  if (r.start_setup) member(out, "start_fen", to_fen(*r.start_setup));
  else if (r.start_fen) member(out, "start_fen", *r.start_fen);
  const GameNode& root = r.node(r.root());
  if (!root.comment_before.empty()) member(out, "comment_before", root.comment_before);
  if (!root.comment_after.empty()) member(out, "comment", root.comment_after);
  out += ",\"moves\":[";
  // Depth first without recursion: a frame per open line.
  struct Frame {
    NodeId node;
    bool opened = false;
    bool first = true;
    std::size_t alt = 0;  // next variation index; 0: the move has none
  };
  std::vector<Frame> stack;
  if (!root.children.empty()) stack.push_back({root.children.front()});
  while (!stack.empty()) {
    Frame& f = stack.back();
    const GameNode& n = r.node(f.node);
    const GameNode& parent = r.node(n.parent);
    if (!f.opened) {
      f.opened = true;
      if (!f.first) out += ',';
      out += "{\"text\":";
      append_json_string(out, n.text);
      out += ",\"notation\":";
      append_json_string(out, notation_name(n.notation));
      if (!n.move.is_none()) member(out, "iccs", to_iccs(n.move));
      if (options.locations && (n.where.offset || n.where.line)) {
        out += ",\"where\":[" + std::to_string(n.where.offset) + "," + std::to_string(n.where.line) + "," +
               std::to_string(n.where.column) + "]";
      }
      if (!n.comment_before.empty()) member(out, "comment_before", n.comment_before);
      if (!n.comment_after.empty()) member(out, "comment", n.comment_after);
      if (!n.nags.empty()) {
        out += ",\"nags\":[";
        for (std::size_t i = 0; i < n.nags.size(); ++i) {
          if (i) out += ',';
          out += std::to_string(n.nags[i]);
        }
        out += ']';
      }
      f.alt = 0;
      if (parent.children.front() == f.node && parent.children.size() > 1) {
        out += ",\"variations\":[";
        f.alt = 1;
      }
    }
    if (f.alt != 0 && f.alt < parent.children.size()) {
      if (f.alt > 1) out += ',';
      const NodeId alt = parent.children[f.alt++];
      out += '[';
      stack.push_back({alt});  // f is not used after this
      continue;
    }
    if (f.alt != 0) out += ']';
    out += '}';
    if (!n.children.empty()) {
      f.node = n.children.front();
      f.opened = false;
      f.first = false;
      continue;
    }
    stack.pop_back();
    if (!stack.empty()) out += ']';  // the end of a variation line
  }
  out += ']';
  if (!r.result.empty()) member(out, "result", r.result);
  if (r.truncated) out += ",\"truncated\":true";
  out += "}\n";
  return out;
}

}  // namespace xq::formats
