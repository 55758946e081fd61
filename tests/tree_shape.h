// A readable line per node of a game tree in depth-first order — its
// nesting depth and move (ICCS), optionally its comments and NAGs — for the
// round-trip tests and the round-trip fuzz target to compare trees by.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "xqrec/core/game.h"
#include "xqrec/core/iccs.h"

namespace xqtest {

struct ShapeOf {
  bool comments = false;
  bool nags = true;
  bool variations = true;
};

// Comments without surrounding space and with LF line ends (PGN text is
// written with LF; a CRLF inside a comment becomes LF).
inline std::string trimmed(std::string s) {
  for (std::size_t at; (at = s.find("\r\n")) != std::string::npos;) s.erase(at, 1);
  const auto a = s.find_first_not_of(" \t\r\n");
  const auto b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

inline std::vector<std::string> tree_shape(const xq::GameRecord& r, ShapeOf what = {}) {
  std::vector<std::string> out;
  std::vector<std::pair<xq::NodeId, int>> stack{{r.root(), 0}};
  while (!stack.empty()) {
    const auto [id, depth] = stack.back();
    stack.pop_back();
    const xq::GameNode& n = r.node(id);
    std::string line = std::to_string(depth) + " " + (id == r.root() ? "root" : xq::to_iccs(n.move));
    if (what.comments) line += " {" + trimmed(n.comment_before()) + "} {" + trimmed(n.comment_after()) + "}";
    if (what.nags)
      for (int nag : n.nags()) line += " $" + std::to_string(nag);
    out.push_back(line);
    const std::size_t kids = what.variations ? n.children.size() : std::min<std::size_t>(1, n.children.size());
    for (std::size_t k = kids; k-- > 0;) stack.push_back({n.children[k], depth + (k > 0)});
  }
  return out;
}

}  // namespace xqtest
