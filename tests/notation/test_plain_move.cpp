// notation::plain_move, the replay loops' shortcut for plain-file texts,
// against resolve_move: on positions of random games and hand-made ones with
// pieces sharing files, every plain-form text of either side's glyphs and
// digits (Chinese and WXF, legal or not). Whenever plain_move names a move,
// resolve_move must read the same move with no dialect note when it is
// legal, and fail when it is not; and plain_move must name the move for most
// of the texts the writers produce.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "notation_test_util.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/wxf.h"

namespace xn = xq::notation;

namespace {

// Every text of the plain form: piece, file, direction, number.
std::vector<std::pair<std::string, xn::Notation>> plain_texts() {
  std::vector<std::pair<std::string, xn::Notation>> out;
  const std::vector<std::string> pieces = {"车", "马", "炮", "相", "仕", "帅", "兵", "象", "士", "将", "卒", "車", "傌"};
  const std::vector<std::vector<std::string>> digit_sets = {
      {"一", "二", "三", "四", "五", "六", "七", "八", "九"},
      {"１", "２", "３", "４", "５", "６", "７", "８", "９"},
      {"1", "2", "3", "4", "5", "6", "7", "8", "9"}};
  for (const auto& p : pieces)
    for (const auto& digits : digit_sets)
      for (int f = 0; f < 9; ++f)
        for (const std::string dir : {"进", "退", "平"})
          for (int n = 0; n < 9; ++n) out.push_back({p + digits[std::size_t(f)] + dir + digits[std::size_t(n)], xn::Notation::Chinese});
  for (char p : std::string("RHCEAKPNB"))
    for (int f = 1; f <= 9; ++f)
      for (char dir : std::string("+-."))
        for (int n = 1; n <= 9; ++n) out.push_back({std::string{p, char('0' + f), dir, char('0' + n)}, xn::Notation::Wxf});
  return out;
}

std::vector<xq::Position> positions() {
  std::vector<xq::Position> out;
  std::mt19937 rng(11);
  for (int g = 0; g < 12; ++g) {
    xq::Position pos;
    for (int ply = 0; ply < 120; ++ply) {
      if (ply % 15 == 0) out.push_back(pos);
      const auto moves = xqtest::legal_moves(pos);
      if (moves.empty()) break;
      xq::Undo u;
      pos.make(moves[rng() % moves.size()], u);
    }
  }
  // Pieces sharing files: two rooks, three pawns, two horses on one file.
  for (const char* fen : {"4k4/9/9/9/2P1P1P2/2P3P2/2P6/R8/R3H4/4K2H1 w", "3ak4/4a4/9/9/9/9/2p6/2p1r4/2p1r4/4K4 b",
                          "4k4/9/9/4P4/4P4/4P4/4P4/4P4/9/3K5 w"}) {
    out.push_back(xqtest::from_fen(fen));
    out.push_back(xq::Position(xqtest::rotated(xqtest::from_fen(fen).setup())));
  }
  return out;
}

}  // namespace

TEST_CASE("plain_move names a move only where resolve_move reads that move with no note", "[notation][plain]") {
  const auto texts = plain_texts();
  std::size_t named = 0, failures = 0;
  for (const xq::Position& pos : positions()) {
    for (const auto& [text, notation] : texts) {
      for (xn::Notation hint : {notation, xn::Notation::Auto}) {
        const xq::Move fast = xn::plain_move(pos, text, hint);
        if (fast.is_none()) continue;
        ++named;
        const auto r = xn::resolve_move(pos, text, hint);
        const bool legal = pos.is_legal(fast);
        const bool agrees = legal ? r && r->move == fast && r->notes.empty() : !r;
        if (!agrees && failures++ < 5)
          FAIL_CHECK(xq::to_fen(pos.setup()) << " '" << text << "' (" << xn::notation_name(hint) << "): plain_move "
                                             << xq::to_iccs(fast) << (legal ? " legal" : " illegal") << ", resolve_move "
                                             << (r ? xq::to_iccs(r->move) + (r->notes.empty() ? "" : " with notes")
                                                   : std::string(r.error().code())));
      }
    }
  }
  CHECK(failures == 0);
  CHECK(named > 10000);
}

TEST_CASE("plain_move takes most texts the writers produce", "[notation][plain]") {
  std::size_t moves = 0, taken = 0;
  for (const xq::Position& pos : positions()) {
    for (xq::Move m : xqtest::legal_moves(pos)) {
      for (const std::string& text : {xn::write_chinese(pos, m), xn::write_wxf(pos, m)}) {
        ++moves;
        const xq::Move fast = xn::plain_move(pos, text);
        if (fast.is_none()) continue;
        ++taken;
        CHECK(fast == m);
      }
    }
  }
  // Only moves of a piece that shares its file with a piece of its type
  // (前炮, +R) and WXF's advisor and elephant forms need the search.
  CHECK(taken * 10 > moves * 8);
}
