// A GameVisitor that builds a GameRecord per game and hands each finished
// game to a callback, so memory holds one game at a time.
//
// The record is raw: every GameNode keeps its text, notation hint and
// location, and GameNode::move stays Move::none() unless the format gave
// squares (XQF, CBR). Resolving moves is done elsewhere, in one place.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"

namespace xq::formats {

// One game as read, with what the reader said about it.
struct BuiltGame {
  std::size_t index = 0;      // 1-based within the file
  SourceLocation where;       // where the game starts
  GameRecord record;
  std::vector<Issue> issues;  // the reader's issues for this game, in order
};

// The largest game a reader builds, whatever the format: memory follows the
// game, not the file, and a hostile file is one game as often as many. Past
// kMaxGameMoves moves (variations included) the rest of the game -- its
// moves, comments and NAGs -- is not kept (one `too-large` error); past
// kMaxGameCommentBytes of comments, the further comments are not kept (one
// `comment-too-long` warning). The largest real game seen, an opening
// library, has about 230,000 moves. The other parts of a game a hostile
// file could make large are bounded alike, each with one `too-large`
// error: variations nested deeper than kMaxVariationDepth (what they hold
// is not kept), more than kMaxGameNags NAGs, and tags past kMaxGameTags or
// kMaxGameTagBytes of names and values (the audit's JSON line repeats the
// tags, a control byte as six: 32 KiB keeps it within 1 MB beside the
// findings' caps). Real games stay far below (nesting under 30, a tag
// section of a few dozen, at most 426 bytes of tags in ../shared/corpus); the depth bound leaves room for
// generated trees (opening books written as one variation in another, tested
// 30,000 deep) -- it is there for "((((" without moves, where each level
// would cost memory but hold nothing.
inline constexpr std::size_t kMaxGameMoves = std::size_t(1) << 20;
inline constexpr std::size_t kMaxGameCommentBytes = std::size_t(8) << 20;
inline constexpr std::size_t kMaxVariationDepth = std::size_t(1) << 16;
inline constexpr std::size_t kMaxGameNags = std::size_t(1) << 20;
inline constexpr std::size_t kMaxGameTags = 1024;
inline constexpr std::size_t kMaxGameTagBytes = std::size_t(32) << 10;

class GameBuilder : public GameVisitor {
 public:
  // Called with each finished game; the callee may move the record out.
  // Its return value is passed back to the reader (Stop ends the reading).
  using Callback = std::function<Control(BuiltGame&)>;
  explicit GameBuilder(Callback on_game);

  Control begin_game(std::size_t index, SourceLocation where) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_fen(std::string_view fen) override;
  void start_setup(const Setup& setup) override;
  void comment(std::string_view text) override;
  void comment_before_move(std::string_view text) override;
  void move(std::string_view text, MoveNotation notation, SourceLocation where, Move squares) override;
  void expect_moves(std::size_t count) override;
  void nag(int value) override;
  void begin_variation() override;
  void end_variation() override;
  void result(std::string_view text) override;
  void issue(const Issue& issue) override;
  Control end_game(bool truncated) override;

  std::size_t games_built() const { return games_; }

 private:
  // One line of play being built: the node its next move hangs from, the
  // last move added in it, and a comment waiting for its first move.
  struct Line {
    NodeId parent = 0;      // the next move becomes a child of this node
    NodeId last = kNoNode;  // the last move of this line, if any
    std::string pending_comment;
    bool has_pending = false;
    // The variation opened before any move of its parent line: the parent
    // line's next move must still become the main line (children[0]).
    bool front_next = false;
  };

  Line& line() { return lines_.back(); }
  // The next node of the game: one kept made from an earlier game, its
  // comments, NAGs and children emptied, or a new one. The caller sets text,
  // notation, where, move and parent.
  GameNode& next_node();
  GameNode& add_node();  // next_node when no kept node (of a longer earlier game) is left
  // The first move of a line: it takes the comment waiting for it, and
  // becomes the main line when a variation was opened before it.
  void open_line_with(Line& l, GameNode& node);
  // Whether a comment of `size` bytes is kept (within kMaxGameCommentBytes),
  // and whether anything after the move cap is (moves_cut_: nothing is).
  bool keep_comment(std::size_t size);
  void add_comment(std::string_view text);  // comment(), once kept
  // The issues of a game cut by the bounds, at its end.
  void report_cuts();

  Callback on_game_;
  BuiltGame game_;
  std::vector<Line> lines_;  // the main line first, then the variations open in it; never empty
  bool open_ = false;
  std::size_t games_ = 0;
  std::size_t last_nodes_ = 0;  // nodes of the previous game: the next one is reserved alike
  std::size_t tags_used_ = 0;   // tags of this game so far (record.tags may hold more until end_game)
  // The bounds (kMaxGameMoves, kMaxGameCommentBytes), per game.
  std::size_t comment_bytes_ = 0;    // kept so far
  std::size_t moves_cut_ = 0;        // moves not kept
  std::size_t comments_cut_ = 0;     // comment bytes not kept
  std::size_t too_deep_ = 0;         // variations open past kMaxVariationDepth now
  std::size_t deep_cut_ = 0;         // moves in them, not kept
  bool too_deep_seen_ = false;
  SourceLocation first_deep_move_;
  std::size_t nags_ = 0, nags_cut_ = 0;
  std::size_t tag_bytes_ = 0, tags_cut_ = 0;
  SourceLocation first_cut_move_;    // where the first move not kept stands
  std::string first_cut_text_;
};

// Appends `text` to a comment, separating it from what is there with a newline.
void append_comment(std::string& comment, std::string_view text);

}  // namespace xq::formats
