// The JSON form of a GameRecord: a small writer of our own.
#include <limits>
#include <string>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/json_text.h"

namespace xq::formats {

namespace {

void member(std::string& out, std::string_view name, std::string_view value) {
  out += ',';
  append_json_string(out, name);
  out += ':';
  append_json_string(out, value);
}

}  // namespace

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
  if (!root.comment_before().empty()) member(out, "comment_before", root.comment_before());
  if (!root.comment_after().empty()) member(out, "comment", root.comment_after());
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
      if (const SourceLocation where = options.locations ? r.where(f.node) : SourceLocation{};
          where.offset || where.line) {
        out += ",\"where\":[" + std::to_string(where.offset) + "," + std::to_string(where.line) + "," +
               std::to_string(where.column) + "]";
      }
      if (!n.comment_before().empty()) member(out, "comment_before", n.comment_before());
      if (!n.comment_after().empty()) member(out, "comment", n.comment_after());
      if (!n.nags().empty()) {
        out += ",\"nags\":[";
        for (std::size_t i = 0; i < n.nags().size(); ++i) {
          if (i) out += ',';
          out += std::to_string(n.nags()[i]);
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
