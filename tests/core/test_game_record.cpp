// The game tree's storage: children held inline or out of line, notes out
// of line, both copied deeply with their node.
#include <catch2/catch.hpp>

#include "xqrec/core/game.h"

using namespace xq;

TEST_CASE("game record: a copied node owns its notes and children", "[game]") {
  GameNode a;
  a.edit_notes().comment_after = "a good move";
  a.edit_notes().nags = {1, 14};
  for (NodeId id : {3u, 4u, 5u}) a.children.push_back(id);
  GameNode b = a;
  b.edit_notes().comment_after = "changed";
  b.children.push_back(6);
  CHECK(a.comment_after() == "a good move");
  CHECK(a.nags() == std::vector<int>{1, 14});
  CHECK(a.children.size() == 3);
  CHECK(b.comment_after() == "changed");
  CHECK(b.nags() == std::vector<int>{1, 14});
  CHECK(b.children.size() == 4);
  a = b;
  CHECK(a.comment_after() == "changed");
  CHECK(std::vector<NodeId>(a.children.begin(), a.children.end()) == std::vector<NodeId>{3, 4, 5, 6});
  b.edit_notes().comment_after.clear();
  CHECK(a.comment_after() == "changed");
  const GameNode plain;
  a = plain;
  CHECK(a.comment_after().empty());
  CHECK(a.nags().empty());
  CHECK(a.children.empty());
}

TEST_CASE("game record: cleared notes read empty", "[game]") {
  GameNode n;
  n.edit_notes().comment_before = "before";
  n.edit_notes().nags.push_back(3);
  n.clear_notes();
  CHECK(n.comment_before().empty());
  CHECK(n.nags().empty());
  GameNode never;
  never.clear_notes();
  CHECK(never.comment_after().empty());
}
