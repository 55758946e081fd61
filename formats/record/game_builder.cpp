// Builds GameRecords from visitor calls, one game at a time.
#include "xqrec/formats/game_builder.h"

#include <algorithm>
#include <utility>

namespace xq::formats {

void append_comment(std::string& comment, std::string_view text) {
  if (!comment.empty()) comment += '\n';
  comment.append(text);
}

GameBuilder::GameBuilder(Callback on_game) : on_game_(std::move(on_game)), lines_(1) {}

Control GameBuilder::begin_game(std::size_t index, SourceLocation where) {
  // Reset, keeping the storage of the previous game (unless the callback
  // took it): most games are alike in size.
  GameRecord& r = game_.record;
  tags_used_ = 0;
  r.start_fen.reset();
  r.start_setup.reset();
  // The nodes of the previous game, and those kept made past it (of a longer
  // game before it), are filled again (see next_node), not destroyed and
  // built anew: a GameNode is large, and a game has many.
  r.nodes.truncate_keeping(0);
  // When the callback took the previous record, grow once, not by doubling
  // (a GameNode is large to move) -- within the first chunk of nodes (the
  // others are had whole, never moved): after an opening library of
  // 230,000 nodes, the next game would otherwise take storage it does not
  // need, and keep it as a spare record.
  const std::size_t expected = std::min<std::size_t>(last_nodes_ + last_nodes_ / 4, NodeStore::kChunkSize);
  if (r.nodes.capacity() < expected) r.nodes.reserve(expected);
  GameNode& root = next_node();
  r.locations.clear();
  r.locations.push_back({});
  root.text.clear();
  root.notation = MoveNotation::Auto;
  root.move = Move();
  root.parent = kNoNode;
  r.result.clear();
  r.truncated = false;
  comment_bytes_ = moves_cut_ = comments_cut_ = 0;
  too_deep_ = deep_cut_ = nags_ = nags_cut_ = tag_bytes_ = tags_cut_ = 0;
  too_deep_seen_ = false;
  first_deep_move_ = SourceLocation{};
  game_.issues.clear();
  game_.index = index;
  game_.where = where;
  lines_.resize(1);
  lines_[0] = Line{};
  open_ = true;
  return Control::Continue;
}

void GameBuilder::expect_moves(std::size_t count) {
  count = std::min(count, kMaxGameMoves);  // the rest is not kept
  auto& nodes = game_.record.nodes;
  if (nodes.capacity() < nodes.size() + count) nodes.reserve(nodes.size() + count);
}

// Inline: the builder's every move takes a node here; growing is the rare
// path, out of line.
inline GameNode& GameBuilder::next_node() {
  GameNode* n = game_.record.nodes.reuse_back();
  if (!n) [[unlikely]]
    return add_node();
  // A node of an earlier game: what this game's calls may not set anew
  // back to empty. Its children and notes go whole (a block of them freed):
  // kept, a node that once had a comment or a variation would keep taking
  // the block's slower paths in every game after, long after the storage
  // paid for itself (most nodes that had notes once never do again).
  n->children = NodeChildren();
  return *n;
}

[[gnu::noinline]] GameNode& GameBuilder::add_node() {
  return game_.record.nodes.emplace_back();
}

void GameBuilder::tag(std::string_view name, std::string_view value) {
  // The tags of the previous game are filled again, like its nodes: their
  // strings keep their storage.
  auto& tags = game_.record.tags;
  if (tags_used_ >= kMaxGameTags || tag_bytes_ + name.size() + value.size() > kMaxGameTagBytes) [[unlikely]] {
    ++tags_cut_;
    return;
  }
  tag_bytes_ += name.size() + value.size();
  if (tags_used_ < tags.size()) {
    // Most names, and many values, are the previous game's already.
    Tag& t = tags[tags_used_];
    if (std::string_view(t.name) != name) t.name.assign(name);
    if (std::string_view(t.value) != value) t.value.assign(value);
  } else {
    tags.push_back(Tag{std::string(name), std::string(value)});
  }
  ++tags_used_;
}

void GameBuilder::start_fen(std::string_view fen) { game_.record.start_fen = std::string(fen); }

void GameBuilder::start_setup(const Setup& setup) { game_.record.start_setup = setup; }

bool GameBuilder::keep_comment(std::size_t size) {
  if (moves_cut_ || too_deep_) return false;  // after the cut, or too deep: nothing of the game is kept
  // The newline that joins a comment to another counts too.
  if (comments_cut_ || comment_bytes_ + size + 1 > kMaxGameCommentBytes) {
    comments_cut_ += size;
    return false;
  }
  comment_bytes_ += size + 1;
  return true;
}

void GameBuilder::report_cuts() {
  if (moves_cut_) {
    game_.issues.push_back({Code::TooLarge, Severity::Error, first_cut_move_, first_cut_text_,
                            "the game holds more than " + std::to_string(kMaxGameMoves) +
                                " moves (variations included): the " + std::to_string(moves_cut_) +
                                " after them, with their comments and NAGs, are not kept"});
  }
  if (too_deep_seen_) {
    game_.issues.push_back({Code::TooLarge, Severity::Error, first_deep_move_, "",
                            "variations are nested more than " + std::to_string(kMaxVariationDepth) +
                                " deep: what the deeper ones hold (" + std::to_string(deep_cut_) +
                                " moves, with their comments and NAGs) is not kept"});
  }
  if (nags_cut_) {
    game_.issues.push_back({Code::TooLarge, Severity::Error, {}, "",
                            "the game holds more than " + std::to_string(kMaxGameNags) + " NAGs: the " +
                                std::to_string(nags_cut_) + " after them are not kept"});
  }
  if (tags_cut_) {
    game_.issues.push_back({Code::TooLarge, Severity::Error, {}, "",
                            "the game's tags pass " + std::to_string(kMaxGameTags) + " tags or " +
                                std::to_string(kMaxGameTagBytes >> 10) + " KiB of names and values: the " +
                                std::to_string(tags_cut_) + " after that are not kept"});
  }
  if (comments_cut_) {
    game_.issues.push_back({Code::CommentTooLong, Severity::Warning, {}, "",
                            "the game's comments pass " + std::to_string(kMaxGameCommentBytes >> 20) +
                                " MiB in all: " + std::to_string(comments_cut_) +
                                " bytes of the comments after that are not kept"});
  }
}

void GameBuilder::comment(std::string_view text) {
  if (keep_comment(text.size())) [[likely]]
    add_comment(text);
}

void GameBuilder::add_comment(std::string_view text) {
  Line& l = line();
  GameRecord& r = game_.record;
  if (l.last != kNoNode) {
    append_comment(r.node(l.last).edit_notes().comment_after, text);
  } else if (lines_.size() == 1) {
    append_comment(r.node(r.root()).edit_notes().comment_after, text);  // the game comment
  } else {
    append_comment(l.pending_comment, text);
    l.has_pending = true;
  }
}

void GameBuilder::comment_before_move(std::string_view text) {
  if (!keep_comment(text.size())) [[unlikely]]
    return;
  Line& l = line();
  append_comment(l.pending_comment, text);
  l.has_pending = true;
}

void GameBuilder::move(std::string_view text, MoveNotation notation, SourceLocation where, Move squares) {
  if (too_deep_) [[unlikely]] {
    if (deep_cut_++ == 0) first_deep_move_ = where;
    return;
  }
  // The nodes of this game so far, the root counted.
  const std::size_t made = game_.record.nodes.size();
  if (made > kMaxGameMoves) [[unlikely]] {
    if (moves_cut_++ == 0) {
      first_cut_move_ = where;
      first_cut_text_ = bounded_excerpt(text);
      // Comments waiting for a move belong to what is cut.
      for (Line& open : lines_) open.pending_comment.clear(), open.has_pending = false;
    }
    return;
  }
  Line& l = line();
  // Built in place (a GameNode is large; add_child would move it).
  const NodeId id = NodeId(made);
  GameNode& node = next_node();
  node.text.assign(text);
  node.notation = notation;
  game_.record.locations.push_back(where);
  node.move = squares;
  node.parent = l.parent;
  game_.record.node(l.parent).children.push_back(id);
  if (l.has_pending || l.front_next) [[unlikely]]
    open_line_with(l, node);
  l.parent = id;
  l.last = id;
}

void GameBuilder::open_line_with(Line& l, GameNode& node) {
  if (l.has_pending) {
    node.edit_notes().comment_before = std::move(l.pending_comment);
    l.pending_comment.clear();
    l.has_pending = false;
  }
  if (l.front_next) {
    auto& siblings = game_.record.node(l.parent).children;
    std::rotate(siblings.begin(), siblings.end() - 1, siblings.end());
    l.front_next = false;
  }
}

void GameBuilder::nag(int value) {
  if (moves_cut_ || too_deep_) [[unlikely]]
    return;
  if (nags_ >= kMaxGameNags) [[unlikely]] {
    ++nags_cut_;
    return;
  }
  ++nags_;
  const Line& l = line();
  GameRecord& r = game_.record;
  r.node(l.last != kNoNode ? l.last : l.parent).edit_notes().nags.push_back(value);
}

void GameBuilder::begin_variation() {
  if (too_deep_ || lines_.size() > kMaxVariationDepth) [[unlikely]] {  // lines_ holds the main line too
    ++too_deep_;
    too_deep_seen_ = true;
    return;
  }
  Line& cur = line();
  Line next;
  if (cur.last != kNoNode) {
    next.parent = game_.record.node(cur.last).parent;
  } else {
    // No move yet in this line: the variation is an alternative to the
    // move that comes next, which stays the main line.
    next.parent = cur.parent;
    cur.front_next = true;
  }
  lines_.push_back(std::move(next));
}

void GameBuilder::end_variation() {
  if (too_deep_) [[unlikely]] {
    --too_deep_;
    return;
  }
  if (lines_.size() <= 1) return;
  Line l = std::move(lines_.back());
  lines_.pop_back();
  // A comment for a move that never came stays after the line's last move.
  if (l.has_pending && l.last != kNoNode) {
    append_comment(game_.record.node(l.last).edit_notes().comment_after, l.pending_comment);
    l.has_pending = false;
  }
  // A variation holding only a comment: the text stays where it stood, as
  // a comment of the line the variation branched from.
  if (l.has_pending) add_comment(l.pending_comment);
}

void GameBuilder::result(std::string_view text) { game_.record.result.assign(text); }

void GameBuilder::issue(const Issue& issue) { game_.issues.push_back(issue); }

Control GameBuilder::end_game(bool truncated) {
  too_deep_ = 0;
  while (lines_.size() > 1) end_variation();
  if (lines_[0].has_pending) {
    Line& l = lines_[0];
    append_comment(game_.record.node(l.last != kNoNode ? l.last : game_.record.root()).edit_notes().comment_after, l.pending_comment);
    l.has_pending = false;
  }
  game_.record.truncated = truncated;
  if (moves_cut_ || comments_cut_ || too_deep_seen_ || nags_cut_ || tags_cut_) [[unlikely]]
    report_cuts();
  // The nodes a longer previous game left beyond this one's stay made past
  // the record's size (truncate_keeping, at begin_game), those of the
  // chunks this one does not use aside: freed.
  game_.record.nodes.free_unused_chunks();
  if (game_.record.tags.size() > tags_used_) game_.record.tags.resize(tags_used_);
  last_nodes_ = game_.record.nodes.size();
  open_ = false;
  ++games_;
  Control c = Control::Continue;
  if (on_game_) c = on_game_(game_);
  return c == Control::Stop ? Control::Stop : Control::Continue;
}

}  // namespace xq::formats
