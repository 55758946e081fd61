// Writing: the exact text of each style in the cases where styles differ.
#include <catch2/catch.hpp>

#include "notation_test_util.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/wxf.h"

namespace xn = xq::notation;
using xqtest::from_fen;

namespace {

xq::Move mv(const char* iccs) { return *xq::parse_iccs(iccs); }

const xn::ChineseStyle kTraditional{true, xn::BlackDigits::FullWidth, xn::MultiPawnStyle::Xqbase};
const xn::ChineseStyle kAsciiBlack{false, xn::BlackDigits::Ascii, xn::MultiPawnStyle::Xqbase};
const xn::ChineseStyle kOldPawns{false, xn::BlackDigits::FullWidth, xn::MultiPawnStyle::Traditional};
const xn::WxfStyle kOfficial{xn::WxfConvention::Official};

}  // namespace

TEST_CASE("Chinese: glyphs and digits of each style", "[notation][write]") {
  const xq::Position red = from_fen(std::string(xq::kStartFen));
  CHECK(xn::write_chinese(red, mv("h2e2")) == "炮二平五");
  CHECK(xn::write_chinese(red, mv("h0g2")) == "马二进三");
  CHECK(xn::write_chinese(red, mv("h0g2"), kTraditional) == "傌二進三");
  CHECK(xn::write_chinese(red, mv("i0i1"), kTraditional) == "俥一進一");
  CHECK(xn::write_chinese(red, mv("e0e1"), kTraditional) == "帥五進一");
  CHECK(xn::write_chinese(red, mv("h0g2"), kAsciiBlack) == "马二进三");  // Red keeps its numerals
  CHECK(xn::write_chinese(red, mv("e0e1")) == "帅五进一");
  CHECK(xn::write_chinese(red, mv("f0e1")) == "仕四进五");
  CHECK(xn::write_chinese(red, mv("g0e2")) == "相三进五");
  CHECK(xn::write_chinese(red, mv("c3c4")) == "兵七进一");
  CHECK(xn::write_chinese(red, mv("h7h8")).empty());  // not a piece of the mover

  const xq::Position black = from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  CHECK(xn::write_chinese(black, mv("h9g7")) == "马８进７");
  CHECK(xn::write_chinese(black, mv("h9g7"), kAsciiBlack) == "马8进7");
  CHECK(xn::write_chinese(black, mv("h9g7"), kTraditional) == "馬８進７");
  CHECK(xn::write_chinese(black, mv("h7e7"), kTraditional) == "砲８平５");
  CHECK(xn::write_chinese(black, mv("e9e8"), kTraditional) == "將５進１");
  CHECK(xn::write_chinese(black, mv("d9e8")) == "士４进５");
  CHECK(xn::write_chinese(black, mv("c9e7")) == "象３进５");
  CHECK(xn::write_chinese(black, mv("g6g5")) == "卒７进１");
}

TEST_CASE("Chinese: same pieces on a file in both multi-pawn conventions", "[notation][write]") {
  const xq::Position four = from_fen("5k3/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(xn::write_chinese(four, mv("f8e8")) == "一兵平五");
  CHECK(xn::write_chinese(four, mv("f6e6")) == "二兵平五");
  CHECK(xn::write_chinese(four, mv("d8e8")) == "三兵平五");
  CHECK(xn::write_chinese(four, mv("d6e6")) == "四兵平五");
  CHECK(xn::write_chinese(four, mv("f8e8"), kOldPawns) == "前兵四平五");
  CHECK(xn::write_chinese(four, mv("d6e6"), kOldPawns) == "后兵六平五");
  CHECK(xn::write_chinese(four, mv("d6e6"), {true, xn::BlackDigits::FullWidth, xn::MultiPawnStyle::Traditional}) ==
        "後兵六平五");

  const xq::Position three = from_fen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
  CHECK(xn::write_chinese(three, mv("e7f7")) == "前兵平四");
  CHECK(xn::write_chinese(three, mv("e6f6")) == "中兵平四");
  CHECK(xn::write_chinese(three, mv("e5f5")) == "后兵平四");

  const xq::Position five = from_fen("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1");
  CHECK(xn::write_chinese(five, mv("c9d9")) == "一兵平六");
  CHECK(xn::write_chinese(five, mv("c5d5")) == "五兵平六");
  CHECK(xn::write_chinese(five, mv("c9d9"), kOldPawns) == "前兵平六");
  CHECK(xn::write_chinese(five, mv("c8d8"), kOldPawns) == "二兵平六");
  CHECK(xn::write_chinese(five, mv("c6d6"), kOldPawns) == "四兵平六");
  CHECK(xn::write_chinese(five, mv("c5d5"), kOldPawns) == "后兵平六");

  // Black: the ordinal stays a Chinese numeral (xqbase's 一卒平５).
  const xq::Position black = from_fen(xq::to_fen(xqtest::rotated(four.setup())));
  CHECK(xn::write_chinese(black, mv("d1e1")) == "一卒平５");
  CHECK(xn::write_chinese(black, mv("d1e1"), kOldPawns) == "前卒４平５");
  CHECK(xn::write_chinese(black, mv("d1e1"), kAsciiBlack) == "一卒平5");

  const xq::Position rooks = from_fen("3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1");
  CHECK(xn::write_chinese(rooks, mv("a4a9")) == "前车进五");
  CHECK(xn::write_chinese(rooks, mv("a1d1")) == "后车平六");
  const xq::Position advisors = from_fen("4k4/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
  CHECK(xn::write_chinese(advisors, mv("d0e1")) == "仕六进五");
  CHECK(xn::write_chinese(advisors, mv("d2e1")) == "仕六退五");
}

TEST_CASE("WXF: both conventions", "[notation][write]") {
  const xq::Position start = from_fen(std::string(xq::kStartFen));
  CHECK(xn::write_wxf(start, mv("h0g2")) == "N2+3");
  CHECK(xn::write_wxf(start, mv("h0g2"), kOfficial) == "H2+3");
  CHECK(xn::write_wxf(start, mv("g0e2")) == "B3+5");
  CHECK(xn::write_wxf(start, mv("g0e2"), kOfficial) == "E3+5");
  CHECK(xn::write_wxf(start, mv("g0e2"), {xn::WxfConvention::Official, xn::WxfStyle::Letters::BN}) == "B3+5");
  CHECK(xn::write_wxf(start, mv("h2e2")) == "C2.5");

  const xq::Position three = from_fen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
  CHECK(xn::write_wxf(three, mv("e7f7")) == "P+.4");
  CHECK(xn::write_wxf(three, mv("e6f6")) == "P..4");
  CHECK(xn::write_wxf(three, mv("e6f6"), kOfficial) == "P5.4");
  CHECK(xn::write_wxf(three, mv("e5f5"), kOfficial) == "P-.4");

  const xq::Position four_one_file = from_fen("2P1k4/2P6/2P6/2P6/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(xn::write_wxf(four_one_file, mv("c9d9")) == "Pa.6");
  CHECK(xn::write_wxf(four_one_file, mv("c9d9"), kOfficial) == "++.6");
  CHECK(xn::write_wxf(four_one_file, mv("c8d8"), kOfficial) == "P+.6");
  CHECK(xn::write_wxf(four_one_file, mv("c7d7"), kOfficial) == "P-.6");
  CHECK(xn::write_wxf(four_one_file, mv("c6d6"), kOfficial) == "--.6");
  CHECK(xn::write_wxf(four_one_file, mv("c6c7")).empty() == false);

  const xq::Position two_files = from_fen("5k3/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w - - 0 1");
  CHECK(xn::write_wxf(two_files, mv("f8e8")) == "Pa.5");
  CHECK(xn::write_wxf(two_files, mv("d6e6")) == "Pd.5");
  CHECK(xn::write_wxf(two_files, mv("f8e8"), kOfficial) == "4+.5");
  CHECK(xn::write_wxf(two_files, mv("d6e6"), kOfficial) == "6-.5");
  const xq::Position three_two = from_fen("4k4/9/5P3/3P1P3/3P1P3/9/9/9/9/4K4 w - - 0 1");
  CHECK(xn::write_wxf(three_two, mv("f6g6"), kOfficial) == "44.3");

  const xq::Position cannons = from_fen("rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1");
  CHECK(xn::write_wxf(cannons, mv("e6e4")) == "C+-2");
  CHECK(xn::write_wxf(cannons, mv("e2e1")) == "C--1");
}
