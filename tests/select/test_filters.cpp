// The parsers of select's filter values, and the pieces they build on: each
// accepts what --help promises and refuses the rest with a reason.
#include <catch2/catch.hpp>

#include "xqrec/core/position.h"
#include "xqrec/select/filters.h"
#include "xqrec/select/material.h"
#include "xqrec/select/pattern.h"

using namespace xq::select;

TEST_CASE("select: ply ranges", "[select]") {
  CHECK(parse_ply_range("20:40")->min == 20);
  CHECK(parse_ply_range("20:40")->max == 40);
  CHECK(parse_ply_range("20:")->max == UINT32_MAX);
  CHECK(parse_ply_range(":40")->min == 0);
  CHECK(parse_ply_range("7")->contains(7));
  CHECK_FALSE(parse_ply_range("7")->contains(8));
  for (const char* bad : {"", ":", "a:b", "1:2:3", "40:20", "-1:3"}) {
    INFO(bad);
    CHECK_FALSE(parse_ply_range(bad));
  }
}

TEST_CASE("select: recorded dates stand for the span they name", "[select]") {
  auto span = [](const char* d) { return parse_record_date(d); };
  CHECK(span("2004.05.01")->first == 20040501);
  CHECK(span("2004.05.01")->last == 20040501);
  CHECK(span("2004.05.??")->first == 20040501);
  CHECK(span("2004.05.??")->last == 20040531);
  CHECK(span("2004")->first == 20040101);
  CHECK(span("2004")->last == 20041231);
  CHECK(span("2004年5月1日")->first == 20040501);
  CHECK(span("2004-5-1")->last == 20040501);
  CHECK(span("20040501")->first == 20040501);
  CHECK(span("????.??.??") == std::nullopt);
  CHECK(span("") == std::nullopt);
  CHECK(span("05.01") == std::nullopt);
}

TEST_CASE("select: date ranges", "[select]") {
  const auto r = parse_date_range("2004.06:2004.12");
  REQUIRE(r);
  CHECK(r->first == 20040601);
  CHECK(r->last == 20041231);
  CHECK(parse_date_range("2000:")->last == 99991231);
  CHECK(parse_date_range(":1999")->first == 0);
  CHECK(parse_date_range(":1999")->last == 19991231);
  for (const char* bad : {"2004", ":", "abc:2004", "2005:2004", "2004年:2005", "2004.13:2005", "2004.02.30:",
                          "2004.00:", ":2004.04.31", "2004.1.2.3:"}) {
    INFO(bad);
    CHECK_FALSE(parse_date_range(bad));
  }
}

TEST_CASE("select: ECCO code sets", "[select]") {
  const auto s = parse_ecco_set("C70-C79,D,A1,B05");
  REQUIRE(s);
  for (const char* in : {"C70", "C75", "C79", "D00", "D99", "A10", "A19", "B05"}) {
    INFO(in);
    CHECK(s->contains(in));
  }
  for (const char* out : {"C69", "C80", "A20", "B04", "B06", "E00", "", "C7", "X10"}) {
    INFO(out);
    CHECK_FALSE(s->contains(out));
  }
  CHECK(parse_ecco_set("C7-D1")->contains("C99"));
  CHECK(parse_ecco_set("C7-D1")->contains("D19"));
  CHECK_FALSE(parse_ecco_set("C7-D1")->contains("D20"));
  CHECK(parse_ecco_set("c77")->contains("C77"));
  for (const char* bad : {"", "F00", "C777", "C79-C70", "C7x", "C70,", "C70--C79"}) {
    INFO(bad);
    CHECK_FALSE(parse_ecco_set(bad));
  }
}

TEST_CASE("select: endings and results", "[select]") {
  const auto m = parse_endings("mate,natural-limit");
  REQUIRE(m);
  CHECK(has_ending(*m, Ending::Mate));
  CHECK(has_ending(*m, Ending::NaturalLimit));
  CHECK_FALSE(has_ending(*m, Ending::Stalemate));
  CHECK_FALSE(parse_endings("checkmate"));
  CHECK_FALSE(parse_endings(""));
  CHECK(parse_results("1-0,*")->size() == 2);
  CHECK_FALSE(parse_results("1-1"));
  CHECK_FALSE(parse_results("1/2"));
}

TEST_CASE("select: patterns match by characters, not bytes", "[select]") {
  auto p = Pattern::compile("^许.川$");
  REQUIRE(p);
  CHECK(p->search("许银川"));
  CHECK_FALSE(p->search("许银银川"));
  CHECK(Pattern::compile("银")->search("许银川"));
  CHECK_FALSE(Pattern::compile("吕钦")->search("许银川"));
  // A value that is not UTF-8 is matched (as U+FFFD), not refused or crashed on.
  CHECK(Pattern::compile("^a.b$")->search("a\xff" "b"));
  const auto bad = Pattern::compile("(unclosed");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().find("(unclosed") != std::string::npos);
}

TEST_CASE("select: tag filters are NAME=REGEX", "[select]") {
  const auto t = parse_tag_filter("Event=全国.*赛");
  REQUIRE(t);
  CHECK(t->name == "Event");
  CHECK(t->pattern.search("2004年全国个人赛"));
  CHECK(parse_tag_filter("Round=")->pattern.search("anything"));
  CHECK_FALSE(parse_tag_filter("=x"));
  CHECK_FALSE(parse_tag_filter("Event"));
  CHECK_FALSE(parse_tag_filter("Event=("));
}

TEST_CASE("select: material signatures", "[select]") {
  const auto m = parse_material("RHC-RAABB");
  REQUIRE(m);
  CHECK(material_to_string(*m) == "RHC-RAABB");
  // Any order, either case, N and E for H and B, K optional, Chinese glyphs.
  CHECK(*parse_material("chrk-bbaar") == *m);
  CHECK(*parse_material("KNRC-EERAA") == *m);
  CHECK(*parse_material("车马炮-车士士象象") == *m);
  CHECK(material_to_string(*parse_material("R-")) == "R-");
  CHECK(material_to_string(*parse_material("-")) == "-");
  CHECK(material_to_string(xq::select::material_of(xq::Position::start())) == "RRHHCCAABBPPPPP-RRHHCCAABBPPPPP");
  for (const char* bad : {"RHC", "R-R-R", "RX-R", "RRR-", "PPPPPP-", "KK-", "車車車-"}) {
    INFO(bad);
    CHECK_FALSE(parse_material(bad));
  }
}
