// Test helpers for the PGN reader and writer: an event-recording visitor,
// the random game generator set for PGN, move resolution and tree
// comparison (files and games read from bytes: test_support.h, test_games.h).
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "random_game.h"
#include "test_games.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/core/game.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/core/position.h"

namespace xq::formats::pgntest {

// Every visitor call as one line of text.
class EventLog : public GameVisitor {
 public:
  std::vector<std::string> events;
  std::vector<SourceLocation> move_locations;
  std::vector<std::string> move_texts;
  std::vector<Issue> issues;
  bool with_locations = false;

  Control begin_game(std::size_t index, SourceLocation where) override {
    events.push_back("begin " + std::to_string(index) + loc(where));
    return Control::Continue;
  }
  void tag(std::string_view name, std::string_view value) override {
    events.push_back("tag " + std::string(name) + "=" + std::string(value));
  }
  void start_fen(std::string_view fen) override { events.push_back("fen " + std::string(fen)); }
  void comment(std::string_view text) override { events.push_back("comment " + std::string(text)); }
  void move(std::string_view text, MoveNotation notation, SourceLocation where, Move) override {
    events.push_back("move " + std::string(text) + " " + std::string(notation_name(notation)) + loc(where));
    move_locations.push_back(where);
    move_texts.emplace_back(text);
  }
  void nag(int value) override { events.push_back("nag " + std::to_string(value)); }
  void begin_variation() override { events.push_back("("); }
  void end_variation() override { events.push_back(")"); }
  void result(std::string_view text) override { events.push_back("result " + std::string(text)); }
  void issue(const Issue& issue) override {
    events.push_back("issue " + std::string(issue.name()));
    issues.push_back(issue);
  }
  Control end_game(bool truncated) override {
    events.push_back(truncated ? "end truncated" : "end");
    return Control::Continue;
  }

  // Events of one kind only ("move", "issue", ...), without the kind.
  std::vector<std::string> only(std::string_view kind) const {
    std::vector<std::string> out;
    for (const auto& e : events)
      if (e.compare(0, kind.size() + 1, std::string(kind) + " ") == 0) out.push_back(e.substr(kind.size() + 1));
    return out;
  }

 private:
  std::string loc(SourceLocation w) const {
    if (!with_locations) return {};
    return " @" + std::to_string(w.line) + ":" + std::to_string(w.column) + "/" + std::to_string(w.offset);
  }
};

// Comment words for text formats: brackets, quotes, line breaks and text
// that looks like movetext, a result or a NAG.
inline const std::vector<std::string_view> kPgnWords = {"好棋",   "红方优势", "黑方反击;", "plan (a)",
                                                        "车马炮", "[note]",   "兵七进一",  "中局",
                                                        "1-0?",   "line\nbreak", "\"q\"",  "$5"};

// The generator (random_game.h) as the PGN tests use it: moves as text, PGN
// words, comments before moves, NAGs, up to two alternatives at a branch,
// a result and its tag.
struct GenOptions : testing::GenOptions {
  GenOptions() {
    main_plies = 80;
    max_depth = 5;
    variation_percent = 12;
    max_alternatives = 2;
    variation_min_plies = 0;
    variation_plies_span = 14;
    comment_percent = 15;
    comment_before_percent = 6;
    nag_percent = 5;
    max_nodes = std::size_t(-1);
    notation = MoveNotation::Auto;
    words = &kPgnWords;
    game_comment_of_words = true;
    random_result = true;
  }
};

inline GameRecord random_game(std::uint64_t seed, const GenOptions& o = {}, const Setup& start = Setup::start()) {
  return testing::random_game(seed, o, start);
}

// Fills GameNode::move by replaying the tree with the notation module.
// Returns the number of moves that did not resolve.
inline std::size_t resolve_tree(GameRecord& g) {
  Setup start = Setup::start();
  if (g.start_fen) {
    auto parsed = parse_fen(*g.start_fen);
    if (parsed) start = parsed.value();
  }
  std::size_t failures = 0;
  struct Item {
    NodeId id;
    Position pos;
  };
  std::vector<Item> stack{{g.root(), Position(start)}};
  while (!stack.empty()) {
    Item it = stack.back();
    stack.pop_back();
    for (NodeId c : g.node(it.id).children) {
      GameNode& n = g.node(c);
      notation::Notation hint = notation::Notation::Auto;
      if (n.notation == MoveNotation::Iccs) hint = notation::Notation::Iccs;
      if (n.notation == MoveNotation::Wxf) hint = notation::Notation::Wxf;
      if (n.notation == MoveNotation::Chinese) hint = notation::Notation::Chinese;
      auto r = notation::resolve_move(it.pos, n.text, hint);
      if (!r) {
        ++failures;
        continue;
      }
      n.move = r.value().move;
      Position next = it.pos;
      Undo u;
      next.make(n.move, u);
      stack.push_back({c, next});
    }
  }
  return failures;
}

// Compares two trees node by node: moves, comments, NAGs, shape. Returns
// the first difference, or "" when equal.
inline std::string tree_difference(const GameRecord& a, const GameRecord& b) {
  struct Pair {
    NodeId x, y;
    std::string path;
  };
  std::vector<Pair> todo{{a.root(), b.root(), "root"}};
  while (!todo.empty()) {
    Pair p = todo.back();
    todo.pop_back();
    const GameNode& x = a.node(p.x);
    const GameNode& y = b.node(p.y);
    if (x.move != y.move) return p.path + ": move " + to_iccs(x.move) + " vs " + to_iccs(y.move);
    if (x.comment_after() != y.comment_after())
      return p.path + ": comment after '" + x.comment_after() + "' vs '" + y.comment_after() + "'";
    if (x.comment_before() != y.comment_before())
      return p.path + ": comment before '" + x.comment_before() + "' vs '" + y.comment_before() + "'";
    if (x.nags() != y.nags()) return p.path + ": NAGs differ";
    if (x.children.size() != y.children.size())
      return p.path + ": " + std::to_string(x.children.size()) + " vs " + std::to_string(y.children.size()) +
             " children";
    for (std::size_t i = 0; i < x.children.size(); ++i)
      todo.push_back({x.children[i], y.children[i], p.path + "/" + std::to_string(i)});
  }
  return {};
}

}  // namespace xq::formats::pgntest
