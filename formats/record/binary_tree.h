// The move tree of the binary formats (XQF, CBR): records come in pre-order
// over a first-child / next-sibling tree, each saying whether a child and
// whether a later sibling follow. This builds the tree from that stream
// without recursion, then replays it to a GameVisitor in source notation
// order (a move, its alternatives as variations, then the continuation).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/formats/visitor.h"
#include "xqrec/types.h"

namespace xq::formats::detail {

inline constexpr std::uint32_t kNoRecord = 0xFFFFFFFFu;

struct RecordNode {
  Move move;                 // none for the root
  bool dropped = false;      // unreadable move: left out with its subtree
  std::uint64_t offset = 0;  // byte offset of the record
  std::uint32_t comment_begin = 0, comment_size = 0;  // UTF-8, in RecordTree::comments
  std::uint32_t parent = kNoRecord;
  std::uint32_t first_child = kNoRecord;
  std::uint32_t next_sibling = kNoRecord;
  std::uint32_t issues_begin = 0, issues_end = 0;  // into RecordTree::issues
};

class RecordTree {
 public:
  void clear();
  // Appends the next record of the stream; returns its index (0 = root).
  std::uint32_t add(const RecordNode& node, bool has_child, bool has_sibling);
  // Whether the stream has promised no further record.
  bool complete() const { return started_ && !expecting_; }
  // Records promised but never read (the stream ended early).
  bool started() const { return started_; }

  // An issue found while reading record `node` (or kNoRecord: the game).
  void add_issue(std::uint32_t node, ReadIssue issue);

  std::vector<RecordNode> nodes;
  std::string comments;  // every comment's UTF-8 text, back to back
  // Stores a comment for the next node to add.
  void set_comment(RecordNode& node, std::string_view utf8) {
    node.comment_begin = std::uint32_t(comments.size());
    node.comment_size = std::uint32_t(utf8.size());
    comments.append(utf8);
  }
  std::string_view comment(const RecordNode& node) const {
    return std::string_view(comments).substr(node.comment_begin, node.comment_size);
  }
  std::vector<ReadIssue> issues;
  std::vector<ReadIssue> game_issues;  // not tied to a record

  // The first move of the main line that will be replayed, if any.
  std::uint32_t first_main_move() const;

  // Replays: root comment, then moves with comments and variations, issues
  // after the move they concern. Never recursive.
  void replay(GameVisitor& visitor) const;

 private:
  std::uint32_t first_kept_child(std::uint32_t n) const;
  std::uint32_t next_kept_sibling(std::uint32_t n) const;

  enum class Attach : std::uint8_t { Child, Sibling };
  bool started_ = false;
  bool expecting_ = false;
  Attach attach_ = Attach::Child;
  std::uint32_t anchor_ = kNoRecord;
  std::vector<std::uint32_t> pending_siblings_;
  mutable std::vector<std::uint64_t> stack_;
};

// "h2e2" for a move between valid squares.
void iccs_text(Move m, char out[4]);

}  // namespace xq::formats::detail
