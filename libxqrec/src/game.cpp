#include "xqrec/core/game.h"

#include <algorithm>
#include <bit>

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

NodeChildren& NodeChildren::operator=(const NodeChildren& o) {
  if (this == &o) return *this;
  if (o.is_inline()) {
    release();
    tag_ = o.tag_;
    first_ = o.first_;
    return *this;
  }
  // The copy first: if it cannot be allocated, this stays as it was.
  const std::size_t n = o.size();
  NodeId* copy = new NodeId[1 + std::bit_ceil(n)];
  std::copy(o.block(), o.block() + 1 + n, copy);
  release();
  set_block(copy);
  return *this;
}

void NodeChildren::push_variation(NodeId id) {
  if (is_inline()) {  // one child: a block for two
    NodeId* b = new NodeId[1 + 2];
    b[0] = 2;
    b[1] = first_;
    b[2] = id;
    set_block(b);
    return;
  }
  NodeId* b = block();
  const NodeId n = b[0];
  if (std::has_single_bit(n)) {  // full: room for twice as many
    NodeId* grown = new NodeId[1 + std::size_t(n) * 2];
    std::copy(b, b + 1 + n, grown);
    delete[] b;
    set_block(grown);
    b = grown;
  }
  b[1 + n] = id;
  b[0] = n + 1;
}

void NodeChildren::erase(const NodeId* at) {
  if (at == end()) return;
  if (is_inline()) {
    set_inline(0, 0);
    return;
  }
  NodeId* b = block();
  const std::size_t i = std::size_t(at - (b + 1));
  std::copy(b + 1 + i + 1, b + 1 + b[0], b + 1 + i);
  if (--b[0] == 1) {
    const NodeId only = b[1];
    delete[] b;
    set_inline(1, only);
  }
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
