// The game record every reader produces and every writer consumes: tags,
// a start position, and a move tree (main line, nested variations,
// comments and NAGs), keeping each move's text as written and where it was.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "xqrec/core/chunked_vector.h"
#include "xqrec/core/move_text.h"
#include "xqrec/core/node_locations.h"
#include "xqrec/core/setup.h"
#include "xqrec/core/source_location.h"
#include "xqrec/core/types.h"

namespace xq {

// How a move is written in its source.
enum class MoveNotation : std::uint8_t {
  Auto,         // detect from the text
  Iccs,         // h2e2 / H2-E2
  Wxf,          // C2.5
  Chinese,      // 炮二平五
  Coordinates,  // a binary format gave the squares; `text` holds ICCS
};
std::string_view notation_name(MoveNotation n);  // "auto", "iccs", "wxf", "chinese", "coordinates"

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

// What a move carries besides itself: comments and NAGs.
struct NodeNotes {
  std::string comment_before;  // before this move (a variation may open with one)
  std::string comment_after;   // after this move; on the root: before the first move
  std::vector<int> nags;
  friend bool operator==(const NodeNotes&, const NodeNotes&) = default;
};

// The children of a node (the first continues the line, the others are
// variations) and, out of line with them, its notes. Most nodes have one
// child and no notes: it is stored inline, and only a node with
// variations or notes allocates, in 8 bytes in all (a game at the move
// bound has a million nodes): up to one child and no notes, its count
// (tagged: odd) and the child; else a pointer to a block {count, room,
// notes, children...} (a pointer from operator new is even).
// A copy or a move carries the notes with the children (a node's copy is
// both); clear() and erase() change the children only.
class NodeChildren {
 public:
  NodeChildren() = default;
  NodeChildren(const NodeChildren& o) { *this = o; }
  NodeChildren(NodeChildren&& o) noexcept : tag_(o.tag_), first_(o.first_) { o.set_inline(0, 0); }
  NodeChildren& operator=(const NodeChildren& o);
  NodeChildren& operator=(NodeChildren&& o) noexcept {
    if (this != &o) {
      release();
      tag_ = o.tag_;
      first_ = o.first_;
      o.set_inline(0, 0);
    }
    return *this;
  }
  ~NodeChildren() { release(); }

  std::size_t size() const { return is_inline() ? tag_ >> 1 : block()->count; }
  bool empty() const { return size() == 0; }
  const NodeId* begin() const { return is_inline() ? &first_ : block()->ids(); }
  const NodeId* end() const { return begin() + size(); }
  NodeId* begin() { return is_inline() ? &first_ : block()->ids(); }
  NodeId* end() { return begin() + size(); }
  NodeId operator[](std::size_t i) const { return begin()[i]; }
  NodeId& operator[](std::size_t i) { return begin()[i]; }
  NodeId front() const { return *begin(); }
  void push_back(NodeId id) {
    if (tag_ == kEmpty) {
      set_inline(1, id);
    } else {
      push_variation(id);
    }
  }
  void erase(const NodeId* at);
  // No child; the notes stay (a small block with notes is kept for the
  // next children). The game builder no longer calls it on the nodes it
  // reuses: it assigns an empty NodeChildren, freeing the block, which
  // measured cheaper than keeping it (docs/speed-history.md, "Twenty-sixth
  // session: iccs").
  void clear() {
    if (is_inline()) {
      set_inline(0, 0);
      return;
    }
    Block* b = block();
    if (b->has_notes && b->room <= kKeptRoom) {
      b->count = 0;
      return;
    }
    clear_block();
  }

  // The node's notes (GameNode reads and edits them through these): null
  // when it has none.
  const NodeNotes* notes() const {
    if (is_inline()) return nullptr;
    const Block* b = block();
    return b->has_notes ? &b->notes : nullptr;
  }
  // Made on first use. The notes live in the children's block, which
  // moves when it grows or is cleared: a reference from here is good only
  // until the node gains a child or is cleared (a variation pushed, clear(),
  // assigning `children`), unlike a std::unique_ptr of the notes alone.
  NodeNotes& edit_notes();
  // Empty again. Short notes keep their storage for the node's next notes;
  // long ones are freed, so that a node emptied again and again does not
  // keep the longest comment it ever held.
  void clear_notes() {
    if (is_inline()) return;
    Block* b = block();
    if (!b->has_notes) return;
    NodeNotes& n = b->notes;
    if (n.comment_before.capacity() + n.comment_after.capacity() > kKeptNoteBytes || n.nags.capacity() > 16)
        [[unlikely]] {
      drop_notes();
      return;
    }
    n.comment_before.clear();
    n.comment_after.clear();
    n.nags.clear();
  }
  static constexpr std::size_t kKeptNoteBytes = 256;

 private:
  // The notes are part of the block (one allocation for a node with
  // notes); has_notes tells whether the node has any.
  struct Block {
    std::uint32_t count = 0, room = 0;
    bool has_notes = false;
    NodeNotes notes;
    NodeId* ids() { return reinterpret_cast<NodeId*>(this + 1); }
  };
  static constexpr std::uint32_t kKeptRoom = 16;  // a reused block keeps room for as many children
  static_assert(sizeof(Block) % alignof(NodeId) == 0);
  static constexpr std::uint32_t kEmpty = 1;  // inline, no child
  bool is_inline() const { return (tag_ & 1) != 0; }
  void set_inline(std::uint32_t count, NodeId first) {
    tag_ = count << 1 | 1;
    first_ = first;
  }
  Block* block() const {
    Block* p;
    std::memcpy(&p, this, sizeof p);
    return p;
  }
  void set_block(Block* p) { std::memcpy(static_cast<void*>(this), &p, sizeof p); }
  static Block* make_block(std::uint32_t room);
  static void free_block(Block* b);
  void release() {
    if (!is_inline()) free_block(block());
  }
  Block* to_block();            // an inline list into a block with room for two
  void inline_if_plain();       // back inline: a block of at most one child and no notes
  void push_variation(NodeId id);  // push_back after the first child
  void clear_block();               // clear() of a block that is not kept as it is
  void drop_notes();                // clear_notes() of long notes: freed

  // Inline: tag_ = count << 1 | 1 and first_; else both hold the block's
  // pointer (little-endian: its low half, even, is tag_).
  std::uint32_t tag_ = kEmpty;
  NodeId first_ = 0;
};
static_assert(sizeof(NodeChildren) == 8 && sizeof(void*) == 8);
static_assert(std::endian::native == std::endian::little, "NodeChildren tells a pointer by its low half");

// 28 bytes: a game at the move bound holds a million. Where the move
// stands in its source is the record's (GameRecord::where), in a byte or
// two a node; its comments and NAGs are out of line with its variations.
struct GameNode {
  // The move as written (empty for the root). For binary formats, ICCS.
  MoveText text;
  MoveNotation notation = MoveNotation::Auto;
  // The move, once resolved against the position before it; Move::none()
  // while unresolved or when it could not be resolved.
  Move move;
  NodeChildren children;  // children[0] continues the line; the rest are variations
  NodeId parent = kNoNode;

  // Comments and NAGs (empty when the move has none).
  const std::string& comment_before() const { return notes().comment_before; }
  const std::string& comment_after() const { return notes().comment_after; }
  const std::vector<int>& nags() const { return notes().nags; }
  // All three at once, null when the node has none: one test for a walk
  // over every node, most of which have none.
  const NodeNotes* notes_or_null() const { return children.notes(); }
  // To change them (made on first use; the reference is good until the
  // node gains a child: NodeChildren::edit_notes).
  NodeNotes& edit_notes() { return children.edit_notes(); }
  void clear_notes() { children.clear_notes(); }

 private:
  // Inline, without a call: readers, writers and the audit ask every node.
  const NodeNotes& notes() const {
    const NodeNotes* n = children.notes();
    return n ? *n : kNoNotes;
  }
  static const NodeNotes kNoNotes;  // what a node without notes reads
};
// Nodes are moved, not copied, when the first chunk of a game's nodes grows.
static_assert(std::is_nothrow_move_constructible_v<GameNode>);
static_assert(sizeof(GameNode) <= 28);

// A game's nodes: they never move once made, so a long game grows without
// a copy of what it holds; a reader's record keeps those of a longer game
// made past the size of the next, to fill them again.
using NodeStore = ChunkedVector<GameNode, 12, true>;

// ASCII case-insensitive equality (tag and field names). Inline: most
// calls compare with a literal, and most of those differ in length.
inline bool ascii_iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const unsigned char x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
    // The same byte, or the same letter in the other case.
    if (x != y && ((x ^ y) != 0x20 || unsigned((x | 0x20) - 'a') >= 26)) return false;
  }
  return true;
}

struct Tag {
  std::string name;
  std::string value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct GameRecord {
  std::vector<Tag> tags;  // in source order, unknown tags kept
  // The start position as the source gives it: a FEN text (tag or field) or
  // a set-up decoded from a binary header. Neither means the standard start.
  std::optional<std::string> start_fen;
  std::optional<Setup> start_setup;
  NodeStore nodes = NodeStore(1);            // nodes[0] is the root
  // Where each node's move stands in the source, by node id (a node added
  // without one has none: {}).
  NodeLocations locations;
  std::string result;                      // "1-0", "0-1", "1/2-1/2", "*", or "" when none is recorded
  bool truncated = false;                  // the source ended inside this game

  NodeId root() const { return 0; }
  const GameNode& node(NodeId id) const { return nodes[id]; }
  GameNode& node(NodeId id) { return nodes[id]; }
  // Appends a child of `parent` (as main line if it is the first), standing
  // at `where` in the source, and returns it.
  NodeId add_child(NodeId parent, GameNode child, SourceLocation where = {});
  // Where node `id`'s move stands in the source ({} when not known).
  SourceLocation where(NodeId id) const { return locations[id]; }
  // The main line: the first child from the root down, not counting the root.
  std::vector<NodeId> main_line() const;
  // First tag of that name (ASCII case-insensitive), if any.
  const std::string* tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string value);
};

// The tag a reader gives a game its source marks deleted (a CBL index entry
// of kind 5), with the value "yes": the game is read like any other, and a
// consumer that wants live games only drops it (convert --skip-deleted).
// Any format that keeps the tag (PGN, JSON, DhtmlXQ, CBF) keeps the mark.
inline constexpr std::string_view kDeletedTag = "Deleted";
// Whether the game carries Deleted = "yes" (name and value ASCII
// case-insensitive).
inline bool marked_deleted(const GameRecord& g) {
  const std::string* v = g.tag(kDeletedTag);
  return v && ascii_iequals(*v, "yes");
}

}  // namespace xq
