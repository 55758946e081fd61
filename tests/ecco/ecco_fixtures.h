// Test helpers for ECCO: a line from Chinese move texts played from the
// standard start, and the code it gets.
#pragma once

#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/core/position.h"
#include "xqrec/ecco/ecco.h"
#include "xqrec/notation/resolve.h"

namespace eccotest {

inline std::vector<xq::Move> line_of(std::initializer_list<std::string_view> moves,
                                     xq::Position pos = xq::Position::start()) {
  std::vector<xq::Move> line;
  for (auto text : moves) {
    const auto r = xq::notation::resolve_move(pos, text);
    INFO("move " << line.size() + 1 << ": " << text);
    REQUIRE(r.ok());
    line.push_back(r->move);
    xq::Undo u;
    pos.make(r->move, u);
  }
  return line;
}

inline std::string code_of(std::initializer_list<std::string_view> moves) {
  const auto o = xq::ecco::classify(xq::Position::start(), line_of(moves));
  REQUIRE(o.has_value());
  return std::string(o->code);
}

}  // namespace eccotest
