// Classification per family, mirrored games, the named positions reached by
// transposition, and games that do not start from the standard position.
#include <catch2/catch.hpp>

#include "ecco_fixtures.h"
#include "xqrec/core/fen.h"

using eccotest::code_of;
using eccotest::line_of;

TEST_CASE("ecco: A non-central-cannon openings", "[ecco]") {
  CHECK(code_of({"相三进五", "马２进３", "兵七进一"}) == "A16");
  CHECK(code_of({"相三进五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９平８", "马八进七"}) == "A28");
  CHECK(code_of({"相三进五", "炮８平５", "炮二平一"}) == "A27");
  CHECK(code_of({"马二进三", "卒７进１", "炮八平六"}) == "A43");
  CHECK(code_of({"炮二平六", "炮８平５", "马二进三", "车９进１", "车一平二", "马８进７"}) == "A65");
  CHECK(code_of({"仕四进五"}) == "A01");
  CHECK(code_of({"兵五进一"}) == "A00");
}

TEST_CASE("ecco: B central cannon against other defences", "[ecco]") {
  CHECK(code_of({"炮二平五", "马２进３", "马二进三", "车９进１", "车一平二", "车９平４", "炮八进二"}) == "B13");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一进一", "炮８平９"}) == "B22");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "炮８平９"}) == "B20");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "炮八进四", "炮８平９"}) == "B24");
  CHECK(code_of({"炮二平五", "马２进３", "马二进三", "炮８平６", "车一平二", "马８进７", "炮八平六", "车１平２",
                 "马八进七"}) == "B42");
  CHECK(code_of({"炮二平五", "马２进３", "马二进三", "炮８平６", "车一平二", "马８进７", "车二进六"}) == "B33");
}

TEST_CASE("ecco: C central cannon against screen horses", "[ecco]") {
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "兵七进一", "卒７进１",
                 "马八进七", "卒３进１", "马七进六"}) == "C02");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "车二进四"}) == "C15");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "炮八进二", "象３进５"}) ==
        "C84");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "炮八平九"}) == "C99");
}

TEST_CASE("ecco: the named positions are reached by transposition", "[ecco]") {
  // C77 by two move orders: the C72 position in any order, then 7. 车九进一，象３进５.
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "兵三进一", "卒３进１",
                 "马八进九", "卒１进１", "炮八平七", "马３进２", "车九进一", "象３进５"}) == "C77");
  CHECK(code_of({"炮二平五", "马２进３", "马二进三", "卒３进１", "兵三进一", "马８进７", "马八进九", "车９平８",
                 "车一平二", "马３进２", "炮八平七", "卒１进１", "车九进一", "象３进５"}) == "C77");
  // C30 (过河车互进七兵) by two orders, then 平炮兑车 and 退边炮.
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "卒７进１", "车二进六", "马２进３",
                 "兵七进一", "炮８平９", "车二平三", "炮９退１", "兵五进一"}) == "C49");
  CHECK(code_of({"炮二平五", "马２进３", "马二进三", "马８进７", "兵七进一", "卒７进１", "车一平二", "车９平８",
                 "车二进六", "炮８平９", "车二平三", "炮９退１", "兵五进一"}) == "C49");
  // C20 and C61.
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "卒７进１", "车二进六", "马２进３",
                 "马八进七", "卒３进１", "车九进一", "炮２进１", "车二退二", "象３进５", "兵三进一"}) == "C23");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "卒７进１", "马八进九", "马２进３",
                 "炮八平七", "车１平２", "车九平八", "炮２进４"}) == "C66");
}

TEST_CASE("ecco: D same-direction and opposite cannons", "[ecco]") {
  CHECK(code_of({"炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "车９进１", "马八进七", "车９平４",
                 "兵三进一", "马２进３", "兵七进一", "车１进１"}) == "D29");
  CHECK(code_of({"炮二平五", "炮８平５", "马二进三", "马８进７", "车一平二", "炮２进４"}) == "D14");
  CHECK(code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "炮８进４", "兵三进一", "炮２平５",
                 "兵七进一"}) == "D36");
  CHECK(code_of({"炮二平五", "炮２平５"}) == "D50");
}

TEST_CASE("ecco: E the pawn opening", "[ecco]") {
  CHECK(code_of({"兵三进一", "卒３进１", "炮八平七", "炮２平５"}) == "E47");
  CHECK(code_of({"兵三进一", "马２进３", "马二进三", "卒３进１", "相三进五"}) == "E43");
  CHECK(code_of({"兵三进一", "炮８平７", "炮八平五", "象７进５", "炮五进四"}) == "E38");
  CHECK(code_of({"兵三进一", "卒３进１"}) == "E40");
}

TEST_CASE("ecco: an opening on the left gets its mirror's code", "[ecco]") {
  CHECK(code_of({"炮八平五", "马２进３", "马八进七", "车１平２", "车九平八", "马８进７", "兵七进一", "卒３进１",
                 "马七进六"}) == code_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３",
                                          "兵三进一", "卒７进１", "马三进四"}));
  CHECK(code_of({"炮八平五", "马２进３", "马八进七", "车１平２", "车九平八", "马８进７", "兵七进一", "卒７进１",
                 "马二进一", "卒９进１", "炮二平三", "马７进８", "车一进一", "象７进５"}) == "C77");
  CHECK(code_of({"兵七进一", "炮２平３", "炮二平五", "象３进５", "炮五进四"}) == "E38");
  CHECK(code_of({"相七进五", "卒３进１", "兵三进一"}) == "A38");
  CHECK(code_of({"仕六进五"}) == "A01");
}

TEST_CASE("ecco: the name splits into opening and variation; the ply says where it was decided", "[ecco]") {
  const auto line = line_of({"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二", "马２进３", "兵三进一", "卒３进１",
                             "马八进九", "卒１进１", "炮八平七", "马３进２", "车九进一", "象３进５", "车二进四"});
  const auto o = xq::ecco::classify(xq::Position::start(), line);
  REQUIRE(o);
  CHECK(o->code == "C77");
  CHECK(o->opening == "五七炮互进三兵对屏风马边卒右马外盘河");
  CHECK(o->variation == "红左横车对黑飞右象");
  CHECK(o->name == std::string(o->opening) + "——" + std::string(o->variation));
  CHECK(o->ply == 14);
  const auto d50 = xq::ecco::classify(xq::Position::start(), line_of({"炮二平五", "炮２平５"}));
  REQUIRE(d50);
  CHECK(d50->variation.empty());
  CHECK(d50->ply == 2);
  // A move that is not the side to move's ends what is read.
  auto broken = line_of({"炮二平五"});
  broken.push_back(line_of({"马二进三"})[0]);
  const auto b00 = xq::ecco::classify(xq::Position::start(), broken);
  REQUIRE(b00);
  CHECK(b00->code == "B00");
  CHECK(b00->ply == 1);
  const auto empty = xq::ecco::classify(xq::Position::start(), {});
  REQUIRE(empty);
  CHECK(empty->code == "A00");
  CHECK(empty->ply == 0);
}

TEST_CASE("ecco: a game that does not start from the standard position has no code", "[ecco]") {
  const auto setup = xq::parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
  REQUIRE(setup.ok());
  const auto pos = xq::Position::from_setup(setup.value());
  REQUIRE(pos.ok());
  CHECK(!xq::ecco::classify(pos.value(), line_of({"马８进７"}, pos.value())));
  // The standard board with Black to move is not the standard start either.
  const auto black = xq::Position::from_setup(
      xq::parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b").value());
  REQUIRE(black.ok());
  CHECK(!xq::ecco::classify(black.value(), {}));
  // An explicit FEN of the standard position is the standard start.
  const auto same = xq::Position::from_setup(
      xq::parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1").value());
  REQUIRE(same.ok());
  CHECK(xq::ecco::classify(same.value(), line_of({"炮二平五", "炮２平５"}))->code == "D50");
}
