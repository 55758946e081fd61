#include "xqrec/core/game.h"

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

void NodeChildren::push_variation(NodeId id) {
  if (size_ == 1) more_.assign(1, first_);
  more_.push_back(id);
  ++size_;
}

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
