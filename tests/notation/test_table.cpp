// The 5-move table of the research notes (xqbase's test game, formats.md
// §4.1) in all three notations: each text reads as the same move, and each
// writer writes exactly the table's text.
#include <catch2/catch.hpp>

#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/wxf.h"
#include "xqrec/core/position.h"

namespace xn = xq::notation;

namespace {

struct Row {
  const char* iccs;
  const char* chinese;
  const char* wxf;
};

// Red and Black alternate: 1. H2-E2 H7-E7 2. E2-E6 D9-E8 ...
constexpr Row kTable[] = {
    {"H2-E2", "炮二平五", "C2.5"}, {"H7-E7", "炮８平５", "C8.5"},
    {"E2-E6", "炮五进四", "C5+4"}, {"D9-E8", "士４进５", "A4+5"},
    {"H0-G2", "马二进三", "N2+3"}, {"H9-G7", "马８进７", "N8+7"},
    {"B2-E2", "炮八平五", "C8.5"}, {"B9-C7", "马２进３", "N2+3"},
    {"E6-E4", "前炮退二", "C+-2"}, {"I9-H9", "车９平８", "R9.8"},
};

}  // namespace

TEST_CASE("the xqbase test game in ICCS, Chinese and WXF", "[notation][table]") {
  xq::Position pos;
  int ply = 0;
  for (const Row& row : kTable) {
    INFO("ply " << ++ply << " " << row.iccs << " / " << row.chinese << " / " << row.wxf);
    auto iccs = xn::resolve_move(pos, row.iccs, xn::Notation::Iccs);
    REQUIRE(iccs);
    auto chinese = xn::resolve_move(pos, row.chinese, xn::Notation::Chinese);
    REQUIRE(chinese);
    auto wxf = xn::resolve_move(pos, row.wxf, xn::Notation::Wxf);
    REQUIRE(wxf);
    auto detected = xn::resolve_move(pos, row.chinese);
    REQUIRE(detected);
    CHECK(chinese->move == iccs->move);
    CHECK(wxf->move == iccs->move);
    CHECK(detected->move == iccs->move);
    CHECK(chinese->notes.empty());  // the table is canonical xqbase text
    CHECK(wxf->notes.empty());
    CHECK(xn::write_chinese(pos, iccs->move) == row.chinese);
    CHECK(xn::write_wxf(pos, iccs->move) == row.wxf);
    CHECK(xq::to_iccs(iccs->move, xq::IccsStyle::UpperDash) == row.iccs);
    xq::Undo u;
    pos.make(iccs->move, u);
  }
}
