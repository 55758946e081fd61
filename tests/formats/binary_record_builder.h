// Test helper: builds GameRecords from GameVisitor calls (moves taken from
// their squares), keeps the issues, and compares move trees.
#pragma once

#include <string>
#include <vector>

#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"

namespace xq::formats::testing {

class RecordBuilder : public GameVisitor {
 public:
  std::vector<GameRecord> games;
  std::vector<std::vector<Issue>> issues;  // per game
  std::vector<std::string> comments_seen;

  Control begin_game(std::size_t, SourceLocation) override {
    games.emplace_back();
    issues.emplace_back();
    stack_.clear();
    current_ = 0;
    line_has_move_ = false;
    pending_before_.clear();
    return Control::Continue;
  }
  void tag(std::string_view name, std::string_view value) override {
    games.back().tags.push_back({std::string(name), std::string(value)});
  }
  void start_fen(std::string_view fen) override { games.back().start_fen = std::string(fen); }
  void start_setup(const Setup& setup) override { games.back().start_setup = setup; }
  void comment(std::string_view text) override {
    GameRecord& g = games.back();
    if (!line_has_move_ && current_ != g.root()) {
      pending_before_ += std::string(text);
    } else {
      auto& c = g.node(current_).edit_notes().comment_after;
      if (!c.empty()) c += '\n';
      c += std::string(text);
    }
  }
  void move(std::string_view text, MoveNotation notation, SourceLocation where, Move squares) override {
    GameRecord& g = games.back();
    GameNode n;
    n.text = std::string(text);
    n.notation = notation;
    n.move = squares;
    n.edit_notes().comment_before = std::move(pending_before_);
    pending_before_.clear();
    current_ = g.add_child(current_, std::move(n), where);
    line_has_move_ = true;
  }
  void nag(int value) override { games.back().node(current_).edit_notes().nags.push_back(value); }
  void begin_variation() override {
    stack_.push_back({current_, line_has_move_});
    current_ = games.back().node(current_).parent;
    line_has_move_ = false;
  }
  void end_variation() override {
    if (stack_.empty()) return;
    current_ = stack_.back().first;
    line_has_move_ = stack_.back().second;
    stack_.pop_back();
  }
  void result(std::string_view text) override { games.back().result = std::string(text); }
  void issue(const Issue& issue) override {
    if (issues.empty()) issues.emplace_back();
    issues.back().push_back(issue);
  }
  Control end_game(bool truncated) override {
    games.back().truncated = truncated;
    return Control::Continue;
  }

 private:
  std::vector<std::pair<NodeId, bool>> stack_;
  NodeId current_ = 0;
  bool line_has_move_ = false;
  std::string pending_before_;
};

// Whether two trees hold the same moves, comments and NAGs in the same
// shape; `why` says where they first differ.
inline bool same_tree(const GameRecord& a, const GameRecord& b, std::string* why = nullptr) {
  std::vector<std::pair<NodeId, NodeId>> todo{{a.root(), b.root()}};
  while (!todo.empty()) {
    const auto [x, y] = todo.back();
    todo.pop_back();
    const GameNode& p = a.node(x);
    const GameNode& q = b.node(y);
    std::string diff;
    if (p.move != q.move) diff = "move " + p.text.str() + " vs " + q.text.str();
    else if (p.comment_after() != q.comment_after()) diff = "comment '" + p.comment_after() + "' vs '" + q.comment_after() + "'";
    else if (p.comment_before() != q.comment_before()) diff = "comment before";
    else if (p.nags() != q.nags()) diff = "nags";
    else if (p.children.size() != q.children.size())
      diff = "children " + std::to_string(p.children.size()) + " vs " + std::to_string(q.children.size());
    if (!diff.empty()) {
      if (why) *why = "node " + std::to_string(x) + "/" + std::to_string(y) + ": " + diff;
      return false;
    }
    for (std::size_t i = 0; i < p.children.size(); ++i) todo.emplace_back(p.children[i], q.children[i]);
  }
  return true;
}

}  // namespace xq::formats::testing
