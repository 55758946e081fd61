// Pre-order record stream to move tree, and its replay to a visitor.
#include "record/binary_tree.h"

#include <string>

#include "xqrec/formats/game_builder.h"

namespace xq::formats::detail {

void RecordTree::clear(IssueBudget* budget) {
  cap_ = IssueCap(kMaxGameIssues, budget);
  last_offset_ = 0;
  nodes.clear();
  comments.clear();
  issues.clear();
  game_issues.clear();
  started_ = expecting_ = false;
  records_cut_ = 0;
  attach_ = Attach::Child;
  anchor_ = kNoRecord;
  pending_siblings_.clear();
}

bool RecordTree::next_inside_dropped() const {
  if (!started_ || !expecting_) return false;
  // Every record inside a dropped subtree is left unstored (kInside*): a
  // stored anchor is never inside one, so its own flag and its parent's
  // tell.
  if (anchor_ == kInsideDropped || anchor_ == kInsideKept) return true;
  if (attach_ == Attach::Child) return nodes[anchor_].dropped;
  const std::uint32_t p = nodes[anchor_].parent;
  return p != kNoRecord && nodes[p].dropped;
}

std::uint32_t RecordTree::add(const RecordNode& node, bool has_child, bool has_sibling) {
  last_offset_ = node.offset;
  if (next_inside_dropped()) {
    records_cut_ += records_cut_ != 0;  // past the bound, every record counts
    const std::uint32_t id = node.dropped ? kInsideDropped : kInsideKept;
    after_record(id, has_child, has_sibling);
    return id;
  }
  // The root and kMaxGameMoves moves are stored (the game builder's bound):
  // a hostile stream of millions of records costs no more.
  if (nodes.size() > kMaxGameMoves) [[unlikely]] {
    if (records_cut_++ == 0) first_cut_offset_ = node.offset;
    after_record(kInsideKept, has_child, has_sibling);
    return kInsideKept;
  }
  const auto id = std::uint32_t(nodes.size());
  nodes.push_back(node);
  RecordNode& n = nodes.back();
  n.parent = n.first_child = n.next_sibling = kNoRecord;
  n.issues_begin = n.issues_end = std::uint32_t(issues.size());
  if (!started_) {
    started_ = true;  // the root: it has no sibling
    has_sibling = false;
  } else if (attach_ == Attach::Child) {
    nodes[anchor_].first_child = id;
    n.parent = anchor_;
  } else {
    nodes[anchor_].next_sibling = id;
    nodes[id].parent = nodes[anchor_].parent;
  }
  after_record(id, has_child, has_sibling);
  return id;
}

void RecordTree::after_record(std::uint32_t id, bool has_child, bool has_sibling) {
  if (has_child) {
    if (has_sibling) pending_siblings_.push_back(id);
    attach_ = Attach::Child, anchor_ = id;
    expecting_ = true;
  } else if (has_sibling) {
    attach_ = Attach::Sibling, anchor_ = id;
    expecting_ = true;
  } else if (!pending_siblings_.empty()) {
    attach_ = Attach::Sibling, anchor_ = pending_siblings_.back();
    pending_siblings_.pop_back();
    expecting_ = true;
  } else {
    expecting_ = false;
  }
}

void RecordTree::add_issue(std::uint32_t node, Issue issue) {
  if (node == kInsideKept) return;  // never reported, as its subtree is not
  if (!cap_.room()) return;
  bound_excerpt(issue.text);
  if (node == kNoRecord || node >= nodes.size() || node + 1 != nodes.size() || nodes[node].dropped) {
    game_issues.push_back(std::move(issue));
    return;
  }
  issues.push_back(std::move(issue));
  nodes[node].issues_end = std::uint32_t(issues.size());
}

std::uint32_t RecordTree::next_kept_sibling(std::uint32_t n) const {
  for (n = nodes[n].next_sibling; n != kNoRecord; n = nodes[n].next_sibling)
    if (!nodes[n].dropped) return n;
  return kNoRecord;
}

std::uint32_t RecordTree::first_kept_child(std::uint32_t n) const {
  n = nodes[n].first_child;
  if (n != kNoRecord && nodes[n].dropped) n = next_kept_sibling(n);
  return n;
}

std::uint32_t RecordTree::first_main_move() const {
  return nodes.empty() ? kNoRecord : first_kept_child(0);
}

void iccs_text(Move m, char out[4]) {
  out[0] = char('a' + m.from().file());
  out[1] = char('0' + m.from().rank());
  out[2] = char('a' + m.to().file());
  out[3] = char('0' + m.to().rank());
}

void RecordTree::replay(GameVisitor& visitor) const {
  replay_moves(visitor);
  if (records_cut_)
    visitor.issue({Code::TooLarge, Severity::Error, SourceLocation{first_cut_offset_, 0, 0}, "",
                   "the game holds more than " + std::to_string(kMaxGameMoves) + " move records: the " +
                       std::to_string(records_cut_) + " after them, with their comments, are not kept"});
  Issue more;
  if (cap_.too_many(more, SourceLocation{last_offset_, 0, 0}, "issues of this game")) visitor.issue(more);
}

void RecordTree::replay_moves(GameVisitor& visitor) const {
  if (nodes.empty()) return;
  visitor.expect_moves(nodes.size() - 1);
  for (std::uint32_t i = nodes[0].issues_begin; i < nodes[0].issues_end; ++i) visitor.issue(issues[i]);
  if (nodes[0].comment_size) visitor.comment(comment(nodes[0]));

  // Actions on an explicit stack: a line starting at a node that is its
  // line's first choice (its alternatives are listed after it), a line
  // starting at an alternative (the first choice lists those), the
  // alternatives from a node on (the first a variation, the others after
  // it), or a variation's end. Each sibling list is walked once: an
  // alternative finds the next one when its variation is opened.
  enum : std::uint64_t { kLine = 0, kAlternativeLine = 1, kAlternatives = 2, kEnd = 3 };
  const auto action = [](std::uint64_t kind, std::uint32_t node) { return kind << 32 | node; };
  stack_.clear();
  if (const std::uint32_t first = first_main_move(); first != kNoRecord) stack_.push_back(action(kLine, first));
  while (!stack_.empty()) {
    const std::uint64_t a = stack_.back();
    stack_.pop_back();
    const std::uint64_t kind = a >> 32;
    const auto id = std::uint32_t(a);
    if (kind == kEnd) {
      visitor.end_variation();
      continue;
    }
    if (kind == kAlternatives) {
      // `id` is kept: its variation, then the next kept alternative's.
      if (const std::uint32_t next = next_kept_sibling(id); next != kNoRecord)
        stack_.push_back(action(kAlternatives, next));
      stack_.push_back(action(kEnd, 0));
      stack_.push_back(action(kAlternativeLine, id));
      visitor.begin_variation();
      continue;
    }
    const RecordNode& n = nodes[id];
    char text[4];
    iccs_text(n.move, text);
    visitor.move(std::string_view(text, 4), MoveNotation::Coordinates, SourceLocation{n.offset, 0, 0}, n.move);
    for (std::uint32_t i = n.issues_begin; i < n.issues_end; ++i) visitor.issue(issues[i]);
    if (n.comment_size) visitor.comment(comment(n));

    // Continuation last (LIFO), then the alternatives to this move, when
    // this move is the line's first choice.
    if (const std::uint32_t next = first_kept_child(id); next != kNoRecord) stack_.push_back(action(kLine, next));
    if (kind == kLine)
      if (const std::uint32_t alt = next_kept_sibling(id); alt != kNoRecord) stack_.push_back(action(kAlternatives, alt));
  }
}

}  // namespace xq::formats::detail
