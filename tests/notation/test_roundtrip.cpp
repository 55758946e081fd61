// Property test: in every position of many random games and of hand-made
// positions with same pieces sharing files, every legal move written in each
// notation and style reads back as the same move, and no two legal moves of
// a position get the same text.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <random>
#include <sstream>

#include "notation_test_util.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/wxf.h"

namespace xn = xq::notation;
using xqtest::from_fen;

namespace {

struct Style {
  std::string name;
  xn::Notation notation;
  std::function<std::string(const xq::Position&, xq::Move)> write;
};

std::vector<Style> all_styles() {
  std::vector<Style> s;
  auto chinese = [&](std::string name, xn::ChineseStyle st) {
    s.push_back({"chinese/" + name, xn::Notation::Chinese,
                 [st](const xq::Position& p, xq::Move m) { return xn::write_chinese(p, m, st); }});
  };
  chinese("xqbase", {});
  chinese("traditional", {true, xn::BlackDigits::FullWidth, xn::MultiPawnStyle::Xqbase});
  chinese("ascii-black", {false, xn::BlackDigits::Ascii, xn::MultiPawnStyle::Xqbase});
  chinese("old-multi-pawn", {false, xn::BlackDigits::FullWidth, xn::MultiPawnStyle::Traditional});
  chinese("all-options", {true, xn::BlackDigits::Ascii, xn::MultiPawnStyle::Traditional});
  auto wxf = [&](std::string name, xn::WxfStyle st) {
    s.push_back({"wxf/" + name, xn::Notation::Wxf,
                 [st](const xq::Position& p, xq::Move m) { return xn::write_wxf(p, m, st); }});
  };
  wxf("xqbase", {});
  wxf("official", {xn::WxfConvention::Official});
  wxf("xqbase-EH", {xn::WxfConvention::Xqbase, xn::WxfStyle::Letters::EH});
  wxf("official-BN", {xn::WxfConvention::Official, xn::WxfStyle::Letters::BN});
  s.push_back({"iccs/lower", xn::Notation::Iccs, [](const xq::Position&, xq::Move m) { return xq::to_iccs(m); }});
  s.push_back({"iccs/upper-dash", xn::Notation::Iccs,
               [](const xq::Position&, xq::Move m) { return xq::to_iccs(m, xq::IccsStyle::UpperDash); }});
  return s;
}

// Checks one position; returns the number of moves checked. Failures are
// reported through Catch (at most a few per position, to stay readable).
std::size_t check_position(const xq::Position& pos, const std::vector<Style>& styles) {
  const auto moves = xqtest::legal_moves(pos);
  int failures = 0;
  for (const auto& style : styles) {
    std::map<std::string, xq::Move> seen;
    for (xq::Move m : moves) {
      const std::string text = style.write(pos, m);
      std::ostringstream where;
      where << style.name << " " << xq::to_fen(pos.setup()) << " move " << xq::to_iccs(m) << " text '" << text << "'";
      if (text.empty()) {
        if (failures++ < 3) FAIL_CHECK("no text written: " << where.str());
        continue;
      }
      auto [it, fresh] = seen.emplace(text, m);
      if (!fresh && failures++ < 3)
        FAIL_CHECK("two moves get the same text: " << where.str() << " and " << xq::to_iccs(it->second));
      for (xn::Notation hint : {style.notation, xn::Notation::Auto}) {
        auto r = xn::resolve_move(pos, text, hint);
        if (!r) {
          if (failures++ < 3)
            FAIL_CHECK("does not read back (" << xn::notation_name(hint) << "): " << where.str() << ": "
                                              << r.error().code() << ": " << r.error().message);
        } else if (r->move != m) {
          if (failures++ < 3)
            FAIL_CHECK("reads back as another move (" << xn::notation_name(hint) << "): " << where.str() << " -> "
                                                      << xq::to_iccs(r->move));
        }
      }
    }
  }
  return moves.size();
}

std::size_t random_games(int games, std::uint32_t seed) {
  const auto styles = all_styles();
  std::mt19937 rng(seed);
  std::size_t checked = 0;
  for (int g = 0; g < games; ++g) {
    xq::Position pos;
    for (int ply = 0; ply < 200; ++ply) {
      checked += check_position(pos, styles);
      const auto moves = xqtest::legal_moves(pos);
      if (moves.empty()) break;
      const xq::Move m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      xq::Undo u;
      pos.make(m, u);
    }
  }
  return checked;
}

xq::Setup empty_with_kings(xq::Square red_king, xq::Square black_king, xq::Color to_move) {
  xq::Setup s;
  s.put(red_king, xq::Piece(xq::Color::Red, xq::PieceType::King));
  s.put(black_king, xq::Piece(xq::Color::Black, xq::PieceType::King));
  s.side_to_move = to_move;
  return s;
}

// Red pawns stacked on files across the river: counts[f] pawns on file f,
// from rank 5 upward; kings out of the way; a few black pieces to capture.
xq::Setup red_pawns(const std::vector<std::pair<int, int>>& files) {
  xq::Setup s = empty_with_kings(xq::Square(3, 0), xq::Square(5, 9), xq::Color::Red);
  for (auto [file, count] : files)
    for (int k = 0; k < count; ++k) s.put(xq::Square(file, 5 + k), xq::Piece(xq::Color::Red, xq::PieceType::Pawn));
  s.put(xq::Square(0, 9), xq::Piece(xq::Color::Black, xq::PieceType::Rook));
  s.put(xq::Square(8, 6), xq::Piece(xq::Color::Black, xq::PieceType::Horse));
  return s;
}

std::vector<xq::Setup> hand_made() {
  std::vector<xq::Setup> out;
  // 2-5 pawns on one file, on an edge file, a centre file and an inner file.
  for (int file : {0, 2, 4, 6})
    for (int n = 2; n <= 5; ++n) out.push_back(red_pawns({{file, n}}));
  // Two files of doubled pawns (2+2, 2+3, 3+2), and 2+2 with a lone pawn.
  out.push_back(red_pawns({{3, 2}, {5, 2}}));
  out.push_back(red_pawns({{1, 2}, {6, 3}}));
  out.push_back(red_pawns({{2, 3}, {7, 2}}));
  out.push_back(red_pawns({{3, 2}, {5, 2}, {8, 1}}));
  out.push_back(red_pawns({{0, 2}, {8, 2}, {4, 1}}));
  // The xqbase example: four Red pawns on files 四 (f) and 六 (d), ranks 6 and 8.
  {
    xq::Setup s = empty_with_kings(xq::Square(4, 0), xq::Square(4, 9), xq::Color::Red);
    for (xq::Square sq : {xq::Square(5, 8), xq::Square(5, 6), xq::Square(3, 8), xq::Square(3, 6)})
      s.put(sq, xq::Piece(xq::Color::Red, xq::PieceType::Pawn));
    s.put(xq::Square(4, 4), xq::Piece(xq::Color::Red, xq::PieceType::Advisor));  // (off its points: blocks the file)
    out.push_back(s);
  }
  // Two rooks, two horses and two cannons each sharing a file; more pieces around.
  out.push_back(*xq::parse_fen("2bak4/4a4/4c4/R3p1N2/9/R5N2/2C6/2C1B4/4A4/2BAK4 w - - 0 1"));
  out.push_back(*xq::parse_fen("3ak4/4a4/1R2b4/1R7/2N1C4/2N6/4C4/9/4A4/3AK4 w - - 0 1"));
  // Stacked advisors (d0/d2) and elephants (c0/c4, g0/g4).
  out.push_back(*xq::parse_fen("4k4/9/9/9/9/2B3B2/9/3A5/9/2BAK1B2 w - - 0 1"));
  out.push_back(*xq::parse_fen("3k5/9/9/9/9/6B2/9/3A5/4K4/3A2B2 w - - 0 1"));
  // Off-point elephants and advisors (an endgame study's relaxed set-up):
  // both pieces on a file can make the "same" move, so 前/后 must be written.
  out.push_back(*xq::parse_fen("3k5/9/9/9/2B6/9/9/2B2A3/4KA3/9 w - - 0 1"));
  // Cannons and rooks doubled on two files at once.
  out.push_back(*xq::parse_fen("4k4/9/9/2R3C2/9/2R3C2/9/9/9/4K4 w - - 0 1"));
  // The same problems seen from Black's side.
  const std::size_t n = out.size();
  for (std::size_t i = 0; i < n; ++i) out.push_back(xqtest::rotated(out[i]));
  return out;
}

}  // namespace

TEST_CASE("every legal move of hand-made positions round-trips in every notation and style", "[notation][roundtrip]") {
  const auto styles = all_styles();
  std::size_t checked = 0;
  for (const auto& setup : hand_made()) {
    const xq::Position pos(setup);
    INFO(xq::to_fen(setup));
    const std::size_t n = check_position(pos, styles);
    CHECK(n > 0);
    checked += n;
  }
  CHECK(checked > 500);
}

TEST_CASE("every legal move of 15 random games round-trips in every notation and style", "[notation][roundtrip]") {
  CHECK(random_games(15, 20240611u) > 20000);
}

TEST_CASE("every legal move of 1000 random games round-trips in every notation and style",
          "[.][slow][notation][roundtrip]") {
  CHECK(random_games(1000, 7u) > 2000000);
}
