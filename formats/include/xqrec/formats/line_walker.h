// The one walk over every line of a record: the main line first, then each
// variation from the position it branches at, every move resolved in one
// place (play_fast, else resolve_node) and kept with its undo data in the
// line's history, so that an earlier position is reached by undoing, never
// by replaying the line from its start. The audit and the resolver (and
// through it convert) walk records with it; the repetition verdicts and the
// natural-move limit read the history it keeps.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xqrec/formats/resolve_record.h"
#include "xqrec/core/game.h"
#include "xqrec/core/line_history.h"
#include "xqrec/core/position.h"

namespace xq::formats {

// Where a line starts: its first node, the position before it, the plies
// played before it, and its path ("main", or "12.1/15.2": the 1st
// alternative to ply 12, then the 2nd alternative to ply 15 inside it).
struct LineStart {
  NodeId first = kNoNode;
  Position pos;
  int ply = 0;
  std::string path;
  Move previous = Move::none();  // the move that led to `pos` before the branch (none for the main line)
  bool main() const { return path == std::string_view("main"); }  // a size test first, no strlen
};

// One ply the walker played.
struct PlayedPly {
  NodeId id;
  const GameNode& node;
  int ply;         // 1-based in its line
  Move move;
  Color mover;
  bool capture;
};

// walk_lines calls, on `events` (any type with these members):
//   void line_begin(const LineStart& line);
//   void noted(const Position& before, int ply, NodeId id, const std::string& path,
//              const notation::DialectNotes& notes);   // resolved, with notes
//   void played(const PlayedPly& p, const Position& after, const LineHistory& history);
//   void failed(const Position& before, int ply, NodeId id, const std::string& path,
//               const NodeResolution& r);              // the line stops there
//   void line_end(const LineStart& line, const Position& last, int ply, bool completed);
// `failed` may take the node (and what follows) out of the record: the
// walker does not look at it, its children or its siblings again (the
// variations branching there were queued before the move was tried). `variations` false walks the main line only.
// A base for events that want only some calls: the others do nothing.
struct QuietLineEvents {
  template <class... A>
  void line_begin(A&&...) {}
  template <class... A>
  void noted(A&&...) {}
  template <class... A>
  void played(A&&...) {}
  template <class... A>
  void failed(A&&...) {}
  template <class... A>
  void line_end(A&&...) {}
};

template <typename Events>
void walk_lines(const GameRecord& record, const Position& start, Events& events, bool variations = true,
                LineHistory* storage = nullptr) {
  const GameNode& root = record.node(record.root());
  if (root.children.empty()) return;
  LineHistory local;
  LineHistory& history = storage ? *storage : local;  // one storage for all the lines
  std::vector<LineStart> work;  // allocated only for a record with variations
  LineStart line{root.children[0], start, 0, "main"};
  for (;;) {
    events.line_begin(line);
    Position pos = line.pos;
    int ply = line.ply;
    history.clear();
    history.reserve(record.nodes.size());
    // The children list `id` is the first of, whose others are variations
    // from the same position: the root's for the main line, none for a
    // variation's own first move (told by the line, not by the tree, which
    // `failed` may have changed: a cut main move makes its first variation
    // the first child).
    NodeId id = line.first;
    const NodeChildren* branches = line.main() ? &root.children : nullptr;
    bool completed = true;
    Undo u;  // filled by every move played (one for the line: no set-up a ply)
    while (id != kNoNode) {
      const GameNode& node = record.node(id);
      const int this_ply = ply + 1;
      // Variations branching here start from this same position.
      if (variations && branches && branches->size() > 1)
        for (std::size_t k = branches->size(); k-- > 1;)
          work.push_back({(*branches)[k], pos, ply,
                          (line.main() ? "" : line.path + "/") + std::to_string(this_ply) + "." + std::to_string(k),
                          history.size() ? history.move(history.size() - 1) : line.previous});
      const Color mover = pos.side_to_move();
      Move move = play_fast(pos, node, u);
      if (move.is_none()) {
        const NodeResolution r = resolve_node(pos, node);
        if (!r.ok) {
          events.failed(pos, this_ply, id, line.path, r);
          completed = false;
          break;
        }
        if (!r.notes.empty()) events.noted(pos, this_ply, id, line.path, r.notes);
        move = r.move;
        pos.make_legal(move, u);
      }
      ply = this_ply;
      history.push(move, u);
      events.played(PlayedPly{id, node, ply, move, mover, !u.captured.empty()}, pos, history);
      branches = &node.children;
      id = node.children.empty() ? kNoNode : node.children[0];
    }
    events.line_end(line, pos, ply, completed);
    if (work.empty()) return;
    line = std::move(work.back());
    work.pop_back();
  }
}

}  // namespace xq::formats
