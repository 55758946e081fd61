// Splitting glued move text.
#include <catch2/catch.hpp>

#include "xqrec/notation/split.h"

namespace xn = xq::notation;

namespace {

// "M:text" for moves, "#:text" for numbers, "…:text" for ellipses, "?:text" otherwise.
std::vector<std::string> kinds(std::string_view text, xn::Notation hint = xn::Notation::Auto) {
  std::vector<std::string> out;
  for (const auto& t : xn::split_move_text(text, hint)) {
    const char* k = t.kind == xn::TokenKind::Move ? "M" : t.kind == xn::TokenKind::MoveNumber ? "#"
                    : t.kind == xn::TokenKind::Ellipsis                                        ? "…"
                                                                                                : "?";
    out.push_back(std::string(k) + ":" + std::string(t.text));
  }
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("glued Chinese moves and numbers", "[notation][split]") {
  CHECK(kinds("炮二平五马８进７") == V{"M:炮二平五", "M:马８进７"});
  CHECK(kinds("1. 帅六退一将５平６2. 兵四平五将６平５") ==
        V{"#:1.", "M:帅六退一", "M:将５平６", "#:2.", "M:兵四平五", "M:将６平５"});
  CHECK(kinds("12.前兵九平八 后马4 一卒平５") == V{"#:12.", "M:前兵九平八", "M:后马4", "M:一卒平５"});
  CHECK(kinds("  3.          马８进７\r\n4. ………… 车９平８") ==
        V{"#:3.", "M:马８进７", "#:4.", "…:…………", "M:车９平８"});
  CHECK(kinds("3... 马８进７") == V{"#:3...", "M:马８进７"});
  CHECK(kinds("１２．炮二平五") == V{"#:１２．", "M:炮二平五"});
  CHECK(kinds("炮二平五，黑必丢士。") == V{"M:炮二平五", "?:，黑必丢士。"});
}

TEST_CASE("glued WXF and ICCS moves", "[notation][split]") {
  CHECK(kinds("1. Ｃ２＝５Ｈ８＋７ 2. Ｈ２＋３Ｒ９＝８") == V{"#:1.", "M:Ｃ２＝５", "M:Ｈ８＋７", "#:2.", "M:Ｈ２＋３", "M:Ｒ９＝８"});
  CHECK(kinds("46. Ｅ３＋５＋Ｐ＋１") == V{"#:46.", "M:Ｅ３＋５", "M:＋Ｐ＋１"});
  CHECK(kinds("C2.5N8+7 C+-2 ++.4 3+.4") == V{"M:C2.5", "M:N8+7", "M:C+-2", "M:++.4", "M:3+.4"});
  CHECK(kinds("1. H2-E2 H7-E7 2. h0g2h9g7") == V{"#:1.", "M:H2-E2", "M:H7-E7", "#:2.", "M:h0g2", "M:h9g7"});
}

TEST_CASE("token offsets are bytes and columns are characters", "[notation][split]") {
  const auto toks = xn::split_move_text("1. 炮二平五马８进７");
  REQUIRE(toks.size() == 3);
  CHECK(toks[1].byte_offset == 3);
  CHECK(toks[1].column == 4);
  CHECK(toks[2].byte_offset == 15);
  CHECK(toks[2].column == 8);
  CHECK(toks[2].notation == xn::Notation::Chinese);
  const auto wxf = xn::split_move_text("Ｃ２＝５Ｈ８＋７");
  REQUIRE(wxf.size() == 2);
  CHECK(wxf[1].byte_offset == 12);
  CHECK(wxf[1].column == 5);
  CHECK(wxf[1].notation == xn::Notation::Wxf);
}
