#include <catch2/catch.hpp>
#include <string>

#include "xqrec/core/fen.h"

using xq::parse_fen;

namespace {

std::string first_code(std::string_view fen) {
  const auto r = parse_fen(fen);
  REQUIRE_FALSE(r.ok());
  return r.error().front().code;
}

}  // namespace

TEST_CASE("the start FEN round-trips", "[fen]") {
  const auto r = parse_fen(xq::kStartFen);
  REQUIRE(r.ok());
  CHECK(xq::to_fen(*r) == xq::kStartFen);
  CHECK(*r == xq::Setup::start());
}

TEST_CASE("side letters w, r and b, and truncated FENs", "[fen]") {
  const std::string board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
  CHECK(parse_fen(board + " w")->side_to_move == xq::Color::Red);
  CHECK(parse_fen(board + " r")->side_to_move == xq::Color::Red);
  CHECK(parse_fen(board + " b")->side_to_move == xq::Color::Black);
  const auto bare = parse_fen(board);
  REQUIRE(bare.ok());
  CHECK(bare->side_to_move == xq::Color::Red);
  CHECK(bare->halfmove_clock == 0);
  CHECK(bare->fullmove_number == 1);
  const auto full = parse_fen(board + " b - - 12 40");
  REQUIRE(full.ok());
  CHECK(full->halfmove_clock == 12);
  CHECK(full->fullmove_number == 40);
}

TEST_CASE("WXF letters E and H read as elephant and horse", "[fen]") {
  const auto a = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w");
  REQUIRE(a.ok());
  CHECK(*a == xq::Setup::start());
}

TEST_CASE("every syntax error is named", "[fen]") {
  CHECK(first_code("") == "empty");
  CHECK(first_code("   \t ") == "empty");
  CHECK(first_code("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w") == "rank-count");
  CHECK(first_code("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w") == "rank-count");
  CHECK(first_code("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w") == "file-count");
  CHECK(first_code("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w") == "file-count");
  CHECK(first_code("rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w") == "bad-piece");
  CHECK(first_code("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x") == "bad-side");
  CHECK(first_code("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1") == "bad-number");
}

TEST_CASE("the error column points at the offending character", "[fen]") {
  const auto r = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAQNR w");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().front().code == "bad-piece");
  CHECK(r.error().front().column == 57);
}

TEST_CASE("binary and huge input give bounded errors, not crashes", "[fen]") {
  std::string junk;
  for (int i = 0; i < 100000; ++i) junk += char(i * 131 % 256);
  const auto r = parse_fen(junk);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().size() <= 20);
  const auto big = parse_fen(std::string(1 << 20, '9'));
  REQUIRE_FALSE(big.ok());
}
