#include <catch2/catch.hpp>

#include "xqrec/core/iccs.h"

TEST_CASE("ICCS parses both styles and writes both", "[iccs]") {
  const xq::Move m(xq::Square(7, 2), xq::Square(4, 2));
  for (const char* text : {"h2e2", "H2-E2", "h2-e2", "H2E2"}) {
    const auto r = xq::parse_iccs(text);
    REQUIRE(r.ok());
    CHECK(*r == m);
  }
  CHECK(xq::to_iccs(m) == "h2e2");
  CHECK(xq::to_iccs(m, xq::IccsStyle::UpperDash) == "H2-E2");
}

TEST_CASE("every square round-trips", "[iccs]") {
  for (int a = 0; a < xq::kSquares; ++a)
    for (int b = 0; b < xq::kSquares; b += 7) {
      const xq::Move m{xq::Square(a), xq::Square(b)};
      CHECK(*xq::parse_iccs(xq::to_iccs(m)) == m);
    }
}

TEST_CASE("bad ICCS names the column", "[iccs]") {
  const auto r = xq::parse_iccs("j2e2");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().column == 1);
  CHECK(xq::parse_iccs("h2e").error().column == 4);
  CHECK(xq::parse_iccs("h2e2x").error().column == 5);
  CHECK_FALSE(xq::parse_iccs("").ok());
  CHECK_FALSE(xq::parse_iccs("h2--e2").ok());
}

TEST_CASE("the plain fast path agrees with parse_iccs on every four-byte text of boundary bytes", "[iccs]") {
  // Letters and digits at and beyond the edges of their ranges, both cases,
  // a dash, a high byte: every combination of four.
  const std::string bytes = std::string("`aeijz@AEIJZ/09:-") + char(0xE4) + char(0xC1);
  std::size_t checked = 0;
  for (char a : bytes)
    for (char b : bytes)
      for (char c : bytes)
        for (char d : bytes) {
          const std::string t{a, b, c, d};
          const auto full = xq::parse_iccs(t);
          const xq::Move fast = xq::parse_plain_iccs(t);
          INFO(t);
          CHECK(fast == (full.ok() ? *full : xq::Move::none()));
          ++checked;
        }
  CHECK(checked == bytes.size() * bytes.size() * bytes.size() * bytes.size());
  CHECK(xq::parse_plain_iccs("h2e") == xq::Move::none());
  CHECK(xq::parse_plain_iccs("h2-e2") == xq::Move::none());
}
