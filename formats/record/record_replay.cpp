// replay_record: GameRecord -> visitor calls.
#include "xqrec/formats/record_replay.h"

#include <vector>

namespace xq::formats {

Control replay_record(const GameRecord& record, GameVisitor& visitor, std::size_t index, SourceLocation where) {
  const Control c = visitor.begin_game(index, where);
  if (c != Control::Continue) return c;
  replay_record_body(record, visitor);
  return visitor.end_game(record.truncated);
}

void replay_record_body(const GameRecord& record, GameVisitor& visitor) {
  for (const Tag& t : record.tags) visitor.tag(t.name, t.value);
  if (record.start_setup) visitor.start_setup(*record.start_setup);
  else if (record.start_fen) visitor.start_fen(*record.start_fen);
  const GameNode& root = record.node(record.root());
  if (!root.comment_before().empty()) visitor.comment(root.comment_before());
  if (!root.comment_after().empty()) visitor.comment(root.comment_after());

  struct Frame {
    NodeId node;
    std::size_t next_alt;
    bool started;
    bool variation;
  };
  std::vector<Frame> stack;
  if (!root.children.empty()) stack.push_back({root.children.front(), 1, false, false});
  while (!stack.empty()) {
    const std::size_t top = stack.size() - 1;
    const GameNode& n = record.node(stack[top].node);
    if (!stack[top].started) {
      stack[top].started = true;
      stack[top].next_alt = 1;
      if (!n.comment_before().empty()) visitor.comment(n.comment_before());
      visitor.move(n.text, n.notation, record.where(stack[top].node), n.move);
      for (int v : n.nags()) visitor.nag(v);
      if (!n.comment_after().empty()) visitor.comment(n.comment_after());
    }
    const GameNode& parent = record.node(n.parent);
    if (parent.children.front() == stack[top].node && stack[top].next_alt < parent.children.size()) {
      const NodeId alt = parent.children[stack[top].next_alt++];
      visitor.begin_variation();
      stack.push_back({alt, 1, false, true});
      continue;
    }
    if (!n.children.empty()) {
      stack[top].node = n.children.front();
      stack[top].started = false;
      continue;
    }
    const bool variation = stack[top].variation;
    stack.pop_back();
    if (variation) visitor.end_variation();
  }
  if (!record.result.empty()) visitor.result(record.result);
}

}  // namespace xq::formats
