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

#include "record/issue_cap.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/core/types.h"

namespace xq::formats::detail {

inline constexpr std::uint32_t kNoRecord = 0xFFFFFFFFu;
// What add() returns for a record inside a dropped subtree: it is left out
// with the subtree, so it is not stored (a hostile stream of millions of
// such records costs no memory); only the stream's structure is followed.
// The issues of a dropped one are the game's; those of another are not
// reported (its subtree is not), as when such records were stored.
inline constexpr std::uint32_t kInsideDropped = 0xFFFFFFFEu;
inline constexpr std::uint32_t kInsideKept = 0xFFFFFFFDu;

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
  // `budget`: the file's issue budget, when the file holds several games.
  void clear(IssueBudget* budget = nullptr);
  // Appends the next record of the stream; returns its index (0 = root),
  // or kInsideDropped / kInsideKept for a record inside a dropped subtree.
  std::uint32_t add(const RecordNode& node, bool has_child, bool has_sibling);
  // Whether the stream has promised no further record.
  bool complete() const { return started_ && !expecting_; }
  // Records promised but never read (the stream ended early).
  bool started() const { return started_; }

  // An issue found while reading record `node` (or kNoRecord: the game):
  // kept while the game has had fewer than kMaxGameIssues (see issue_cap.h),
  // counted otherwise; replay() ends with the one issue giving the count.
  void add_issue(std::uint32_t node, Issue issue);
  // The same cap, for an issue the reader hands the visitor itself (one of
  // the header): whether it is to be kept.
  bool issue_room() { return cap_.room(); }

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
  std::vector<Issue> issues;
  std::vector<Issue> game_issues;  // not tied to a record

  // The first move of the main line that will be replayed, if any.
  std::uint32_t first_main_move() const;

  // Replays: root comment, then moves with comments and variations, issues
  // after the move they concern. Never recursive.
  void replay(GameVisitor& visitor) const;

 private:
  void replay_moves(GameVisitor& visitor) const;
  std::uint32_t first_kept_child(std::uint32_t n) const;
  // Whether the record to be added next lies inside a dropped subtree.
  bool next_inside_dropped() const;
  // Follows the stream's structure after record `id` (has_child, has_sibling).
  void after_record(std::uint32_t id, bool has_child, bool has_sibling);
  std::uint32_t next_kept_sibling(std::uint32_t n) const;

  IssueCap cap_{kMaxGameIssues};
  std::uint64_t last_offset_ = 0;  // of the last record read, for the too-many-issues issue
  enum class Attach : std::uint8_t { Child, Sibling };
  bool started_ = false;
  bool expecting_ = false;
  // Past kMaxGameMoves stored moves, no record is stored (its structure is
  // still followed), and replay() reports how many were not (too-large).
  std::size_t records_cut_ = 0;
  std::uint64_t first_cut_offset_ = 0;
  Attach attach_ = Attach::Child;
  std::uint32_t anchor_ = kNoRecord;
  std::vector<std::uint32_t> pending_siblings_;
  mutable std::vector<std::uint64_t> stack_;
};

// "h2e2" for a move between valid squares.
void iccs_text(Move m, char out[4]);

}  // namespace xq::formats::detail
