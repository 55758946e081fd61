// Test helpers for the DhtmlXQ, CBF, JSON and FEN-line tests: collecting
// games, generating games with deep variations (text_formats_random_game.h),
// comparing trees, the shared corpus and its manifest.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "shared_corpus.h"
#include "test_games.h"
#include "text_formats_random_game.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/record_start.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"

namespace xq::formats::test {

// The games a reader read (xqtest::read_built).
struct Collected {
  std::vector<BuiltGame> games;
};

using xqtest::read_file;
using xqtest::shared_corpus;
// Tests check xq::test::need_shared_corpus() first (shared_corpus.h).
inline std::filesystem::path corpus_dir() { return xq::test::shared_corpus_dir(); }

inline std::vector<std::filesystem::path> corpus_files(const std::string& sub) {
  std::vector<std::filesystem::path> out;
  const auto dir = shared_corpus() / sub;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

struct ManifestRow {
  int games = 0;
  int plies = 0;
  std::string errors;
  std::string notes;
};

// MANIFEST.tsv by relative path.
inline std::map<std::string, ManifestRow> read_manifest() {
  std::map<std::string, ManifestRow> rows;
  std::ifstream in(shared_corpus() / "MANIFEST.tsv");
  std::string line;
  std::vector<std::string> header;
  while (std::getline(in, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    std::string c;
    while (std::getline(ss, c, '\t')) cols.push_back(c);
    if (header.empty()) {
      header = cols;
      continue;
    }
    auto col = [&](const std::string& name) -> std::string {
      for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return i < cols.size() ? cols[i] : std::string();
      return {};
    };
    if (cols.empty()) continue;
    ManifestRow r;
    r.games = std::atoi(col("games").c_str());
    r.plies = std::atoi(col("plies_mainline").c_str());
    r.errors = col("errors");
    r.notes = col("notes");
    rows[cols[0]] = r;
  }
  return rows;
}

// Replays the main line; returns the number of legal plies and the error
// of the first illegal one (MoveError::None when all are legal).
struct Replay {
  int legal = 0;
  MoveError error = MoveError::None;
  Move bad;
};
inline Replay replay_main_line(const GameRecord& r) {
  Replay out;
  auto start = record_start(r);
  if (!start) {
    out.error = MoveError::NoPiece;
    return out;
  }
  Position pos(start.value());
  for (NodeId id : r.main_line()) {
    const Move m = r.node(id).move;
    const MoveError e = m.is_none() ? MoveError::NullMove : pos.check_move(m);
    if (e != MoveError::None) {
      out.error = e;
      out.bad = m;
      return out;
    }
    Undo u;
    pos.make(m, u);
    ++out.legal;
  }
  return out;
}

inline std::string join_comments(std::initializer_list<const std::string*> parts) {
  std::string s;
  for (const std::string* p : parts) {
    if (!p || p->empty()) continue;
    if (!s.empty()) s += '\n';
    s += *p;
  }
  return s;
}

struct CompareOptions {
  bool variations = true;
  bool comments = true;
};

// Compares start position, moves, comments (comment_before merged into the
// comment after, as the formats without one write it) and variation order.
// Returns an empty string when equal, else what differs.
inline std::string compare_trees(const GameRecord& a, const GameRecord& b, CompareOptions o = {}) {
  auto sa = record_start(a), sb = record_start(b);
  if (!sa || !sb) return "start position does not parse";
  if (!(sa.value() == sb.value())) return "start positions differ";
  auto comment_of = [](const GameRecord& r, NodeId id) {
    const GameNode& n = r.node(id);
    if (id == r.root())
      return join_comments({&n.comment_before(), &n.comment_after(),
                            n.children.empty() ? nullptr : &r.node(n.children.front()).comment_before()});
    const bool first_main = n.parent == r.root() && r.node(n.parent).children.front() == id;
    return join_comments({first_main ? nullptr : &n.comment_before(), &n.comment_after()});
  };
  std::vector<std::pair<NodeId, NodeId>> todo{{a.root(), b.root()}};
  while (!todo.empty()) {
    auto [x, y] = todo.back();
    todo.pop_back();
    const GameNode& nx = a.node(x);
    const GameNode& ny = b.node(y);
    if (nx.move != ny.move) return "moves differ: " + to_iccs(nx.move) + " vs " + to_iccs(ny.move);
    if (o.comments && comment_of(a, x) != comment_of(b, y))
      return "comments differ at " + to_iccs(nx.move) + ": [" + comment_of(a, x) + "] vs [" + comment_of(b, y) + "]";
    const std::size_t cx = o.variations ? nx.children.size() : std::min<std::size_t>(1, nx.children.size());
    const std::size_t cy = o.variations ? ny.children.size() : std::min<std::size_t>(1, ny.children.size());
    if (cx != cy) return "child counts differ after " + to_iccs(nx.move);
    for (std::size_t i = 0; i < cx; ++i) todo.push_back({nx.children[i], ny.children[i]});
  }
  return {};
}

inline std::size_t count_variations(const GameRecord& r) {
  std::size_t v = 0;
  for (const GameNode& n : r.nodes)
    if (n.children.size() > 1) v += n.children.size() - 1;
  return v;
}

}  // namespace xq::formats::test
