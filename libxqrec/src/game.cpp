#include "xqrec/core/game.h"

#include <algorithm>
#include <bit>
#include <new>

namespace xq {

std::string_view notation_name(MoveNotation n) {
  switch (n) {
    case MoveNotation::Auto: return "auto";
    case MoveNotation::Iccs: return "iccs";
    case MoveNotation::Wxf: return "wxf";
    case MoveNotation::Chinese: return "chinese";
    case MoveNotation::Coordinates: return "coordinates";
  }
  return "auto";
}

namespace {

// Notes worth copying: emptied ones (kept for reuse) are not.
bool has_notes(const NodeNotes* n) {
  return n && !(n->comment_before.empty() && n->comment_after.empty() && n->nags.empty());
}

}  // namespace

NodeChildren::Block* NodeChildren::make_block(std::uint32_t room) {
  void* p = ::operator new(sizeof(Block) + std::size_t(room) * sizeof(NodeId));
  Block* b = new (p) Block;
  b->room = room;
  return b;
}

void NodeChildren::free_block(Block* b) {
  b->~Block();
  ::operator delete(b);
}

NodeChildren& NodeChildren::operator=(const NodeChildren& o) {
  if (this == &o) return *this;
  const std::size_t n = o.size();
  const NodeNotes* notes = o.notes();
  if (n <= 1 && !has_notes(notes)) {
    const NodeId first = n ? o.front() : 0;
    release();
    set_inline(std::uint32_t(n), first);
    return *this;
  }
  // The copy first: if it cannot be allocated, this stays as it was.
  Block* copy = make_block(std::uint32_t(std::max<std::size_t>(2, std::bit_ceil(n))));
  try {
    if (has_notes(notes)) {
      copy->notes = *notes;
      copy->has_notes = true;
    }
  } catch (...) {
    free_block(copy);
    throw;
  }
  std::copy(o.begin(), o.end(), copy->ids());
  copy->count = std::uint32_t(n);
  release();
  set_block(copy);
  return *this;
}

NodeChildren::Block* NodeChildren::to_block() {
  Block* b = make_block(2);
  b->count = tag_ >> 1;
  b->ids()[0] = first_;
  set_block(b);
  return b;
}

void NodeChildren::inline_if_plain() {
  Block* b = block();
  if (b->has_notes || b->count > 1) return;
  const std::uint32_t n = b->count;
  const NodeId first = n ? b->ids()[0] : 0;
  free_block(b);
  set_inline(n, first);
}

void NodeChildren::push_variation(NodeId id) {
  Block* b = is_inline() ? to_block() : block();
  if (b->count == b->room) {  // full: room for twice as many
    Block* grown = make_block(b->room * 2);
    grown->has_notes = b->has_notes;
    grown->notes = std::move(b->notes);
    std::copy(b->ids(), b->ids() + b->count, grown->ids());
    grown->count = b->count;
    free_block(b);
    set_block(grown);
    b = grown;
  }
  b->ids()[b->count++] = id;
}

void NodeChildren::erase(const NodeId* at) {
  if (at == end()) return;
  if (is_inline()) {
    set_inline(0, 0);
    return;
  }
  Block* b = block();
  const std::size_t i = std::size_t(at - b->ids());
  std::copy(b->ids() + i + 1, b->ids() + b->count, b->ids() + i);
  --b->count;
  inline_if_plain();
}

void NodeChildren::clear_block() {
  Block* b = block();
  b->count = 0;
  // The room of many variations is not kept for the node's next use.
  if (b->room > kKeptRoom && b->has_notes) {
    Block* small = make_block(2);
    small->has_notes = true;
    small->notes = std::move(b->notes);
    free_block(b);
    set_block(small);
    return;
  }
  inline_if_plain();
}

NodeNotes& NodeChildren::edit_notes() {
  Block* b = is_inline() ? to_block() : block();
  b->has_notes = true;
  return b->notes;
}

void NodeChildren::drop_notes() {
  Block* b = block();
  b->notes = NodeNotes{};
  b->has_notes = false;
  inline_if_plain();
}

// Empty strings and vector need no allocation: GCC initialises this as a
// constant. Not `constinit`: clang 14 with libstdc++ 12 cannot evaluate
// std::string's constructor as a constant (the fuzz build failed), and
// nothing reads the empty notes before main.
const NodeNotes GameNode::kNoNotes{};

NodeId GameRecord::add_child(NodeId parent, GameNode child, SourceLocation where) {
  const NodeId id = NodeId(nodes.size());
  // Games run to about a hundred plies: grow in one step, not eight.
  if (nodes.capacity() < 128) nodes.reserve(128);
  child.parent = parent;
  nodes.push_back(std::move(child));
  nodes[parent].children.push_back(id);
  // Locations of nodes no longer there (the record was cut) are not this one's.
  if (locations.size() > id) locations.resize(id);
  if (where != SourceLocation{}) locations.set(id, where);
  return id;
}

std::vector<NodeId> GameRecord::main_line() const {
  std::vector<NodeId> line;
  for (NodeId id = root(); !nodes[id].children.empty();) {
    id = nodes[id].children.front();
    line.push_back(id);
  }
  return line;
}

const std::string* GameRecord::tag(std::string_view name) const {
  for (const auto& t : tags)
    if (ascii_iequals(t.name, name)) return &t.value;
  return nullptr;
}

void GameRecord::set_tag(std::string_view name, std::string value) {
  for (auto& t : tags)
    if (ascii_iequals(t.name, name)) {
      t.value = std::move(value);
      return;
    }
  tags.push_back({std::string(name), std::move(value)});
}

}  // namespace xq
