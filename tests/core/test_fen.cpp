#include <catch2/catch.hpp>
#include <random>
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

TEST_CASE("to_fen writes every board as a square-by-square writer does", "[fen]") {
  // The writer finds a rank's pieces by their bits, eight squares in a word:
  // every code (empty ones too: 0 and 8) on every square, boards from empty
  // to full, against a plain walk of the squares.
  std::mt19937 rng(1207);
  for (int board = 0; board < 20000; ++board) {
    xq::Setup s;
    const unsigned fill = unsigned(board % 11) * 10;  // percent of squares taken
    for (auto& p : s.board) p = rng() % 100 < fill ? xq::Piece::from_code(std::uint8_t(rng() % 16)) : xq::Piece();
    s.side_to_move = board % 2 ? xq::Color::Black : xq::Color::Red;
    s.halfmove_clock = int(rng() % 200);
    s.fullmove_number = 1 + int(rng() % 300);
    std::string want;
    for (int rank = xq::kRanks - 1; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < xq::kFiles; ++file) {
        const xq::Piece p = s.board[std::size_t(xq::Square(file, rank).index())];
        if (p.empty()) {
          ++empty;
          continue;
        }
        if (empty) want += char('0' + empty);
        empty = 0;
        want += "KABNRCP"[int(p.type()) - 1];
        if (p.color() == xq::Color::Black) want.back() = char(want.back() | 0x20);
      }
      if (empty) want += char('0' + empty);
      if (rank) want += '/';
    }
    want += std::string(s.side_to_move == xq::Color::Red ? " w" : " b") + " - - " + std::to_string(s.halfmove_clock) +
            " " + std::to_string(s.fullmove_number);
    INFO("board " << board);
    REQUIRE(xq::to_fen(s) == want);
  }
}
