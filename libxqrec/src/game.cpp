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
  // The copy first: if it cannot be allocated, this stays as it was.
  NodeId* more = nullptr;
  if (o.more_) {
    more = new NodeId[std::bit_ceil(o.size_)];
    std::copy(o.more_, o.more_ + o.size_, more);
  }
  delete[] more_;
  more_ = more;
  size_ = o.size_;
  first_ = o.first_;
  return *this;
}

void NodeChildren::push_variation(NodeId id) {
  if (size_ == 1) {
    more_ = new NodeId[2];
    more_[0] = first_;
  } else if (std::has_single_bit(size_)) {  // full: room for twice as many
    NodeId* grown = new NodeId[std::size_t(size_) * 2];
    std::copy(more_, more_ + size_, grown);
    delete[] more_;
    more_ = grown;
  }
  more_[size_++] = id;
}

void NodeChildren::erase(const NodeId* at) {
  if (at == end()) return;
  if (size_ == 1) {
    size_ = 0;
    return;
  }
  const std::size_t i = std::size_t(at - more_);
  std::copy(more_ + i + 1, more_ + size_, more_ + i);
  if (--size_ == 1) {
    first_ = more_[0];
    delete[] more_;
    more_ = nullptr;
  }
}

// Empty strings and vector need no allocation: GCC initialises this as a
// constant. Not `constinit`: clang 14 with libstdc++ 12 cannot evaluate
// std::string's constructor as a constant (the fuzz build failed), and
// nothing reads the empty notes before main.
const NodeNotes GameNode::kNoNotes{};

NodeId GameRecord::add_child(NodeId parent, GameNode child) {
  const NodeId id = NodeId(nodes.size());
  // Games run to about a hundred plies: grow in one step, not eight.
  if (nodes.capacity() < 128) nodes.reserve(128);
  child.parent = parent;
  nodes.push_back(std::move(child));
  nodes[parent].children.push_back(id);
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
