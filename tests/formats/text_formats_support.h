// Test helpers for the DhtmlXQ, CBF, JSON and FEN-line tests: collecting
// games, generating games with deep variations, comparing trees, the
// shared corpus and its manifest.
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

#include "test_games.h"

#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/record_start.h"
#include "xqrec/iccs.h"
#include "xqrec/position.h"

namespace xq::formats::test {

// The games a reader read (xqtest::read_built).
struct Collected {
  std::vector<BuiltGame> games;
};

using xqtest::read_file;
using xqtest::shared_corpus;

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

// A random legal game with variations up to `depth` levels deep.
inline GameRecord random_game(std::mt19937& rng, int plies, int depth, bool comments = true) {
  static const char* kComments[] = {"好棋", "  leading spaces", "line one\nline two", "brackets [x] and ]]> end",
                                    "pipes | and || double", "back\\slash \\u0041 not an escape", "tab\there",
                                    "\xE3\x80\x80全角空格开头", "quote \" and <tag> & amp", "emoji \xF0\x9F\x98\x80"};
  GameRecord r;
  Position pos;
  std::uniform_int_distribution<int> pct(0, 99);
  struct Job {
    NodeId parent;
    Position pos;
    int plies;
    int depth;
    bool alternative;  // branch from parent as a variation
  };
  std::vector<Job> jobs{{r.root(), pos, plies, depth, false}};
  while (!jobs.empty()) {
    Job j = jobs.back();
    jobs.pop_back();
    NodeId at = j.parent;
    Position p = j.pos;
    for (int i = 0; i < j.plies; ++i) {
      MoveList list;
      p.generate_legal(list);
      if (list.empty()) break;
      Move m = list[std::size_t(rng() % list.size())];
      // An alternative must differ from the existing continuation.
      if (!r.node(at).children.empty())
        for (int tries = 0; tries < 8 && m == r.node(r.node(at).children.front()).move; ++tries)
          m = list[std::size_t(rng() % list.size())];
      GameNode n;
      n.move = m;
      n.text = to_iccs(m);
      n.notation = MoveNotation::Coordinates;
      if (comments && pct(rng) < 15) n.comment_after = kComments[rng() % std::size(kComments)];
      const NodeId id = r.add_child(at, std::move(n));
      // Variations branching here: alternatives to this move.
      if (j.depth > 0 && pct(rng) < 12)
        jobs.push_back({at, p, 1 + int(rng() % 8), j.depth - 1, true});
      Undo u;
      p.make(m, u);
      at = id;
    }
  }
  if (comments) r.node(r.root()).comment_after = "game comment\nwith two lines";
  r.result = (rng() % 2) ? "1-0" : "1/2-1/2";
  return r;
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
      return join_comments({&n.comment_before, &n.comment_after,
                            n.children.empty() ? nullptr : &r.node(n.children.front()).comment_before});
    const bool first_main = n.parent == r.root() && r.node(n.parent).children.front() == id;
    return join_comments({first_main ? nullptr : &n.comment_before, &n.comment_after});
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
