// Suggestions for failed move texts: the legal readings of common slips.
#include <catch2/catch.hpp>

#include "notation_test_util.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/suggest.h"

namespace xn = xq::notation;
using xqtest::from_fen;

namespace {

// "code iccs" for each suggestion.
std::vector<std::string> suggest(const xq::Position& pos, std::string_view text) {
  REQUIRE(!xn::resolve_move(pos, text));  // only failed texts are worth suggestions
  std::vector<std::string> out;
  for (const auto& s : xn::suggest_readings(pos, text)) {
    CHECK(pos.is_legal(s.move));
    CHECK(!s.description.empty());
    out.push_back(std::string(s.code) + " " + xq::to_iccs(s.move));
  }
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("suggestions name the slip and the legal move", "[notation][suggest]") {
  const xq::Position start = from_fen(std::string(xq::kStartFen));
  CHECK(suggest(start, "马二退三") == V{"direction-swapped h0g2"});
  CHECK(suggest(start, "马二进四") == V{"other-piece h2h6"});  // 炮二进四
  CHECK(suggest(start, "h2h0") == V{});
  CHECK(suggest(start, "e2h2") == V{"squares-swapped h2e2"});
  CHECK(suggest(start, "炮2平x").empty());  // does not parse: nothing to suggest

  const xq::Position rooks = from_fen("3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1");
  CHECK(suggest(rooks, "前车退五") == V{"direction-swapped a4a9"});
  CHECK(suggest(rooks, "后车进五") == V{"front-rear-swapped a4a9"});  // a1a6 is blocked by a4

  const xq::Position pawn = from_fen("9/4k4/3P5/9/9/9/9/9/9/4K4 w - - 0 1");
  CHECK(suggest(pawn, "兵四平五") == V{"mirrored-file d7e7"});
  const xq::Position horse = from_fen("3k5/9/9/9/9/9/9/9/9/1N2K4 w - - 0 1");
  CHECK(suggest(horse, "马二进三") == V{"other-side-digits b0c2"});  // 马八进七 from Black's side
}
