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

// plain_move against the reading of resolve_move, for a lone piece of each
// type of either side on every square (kings where they do not share its
// file), and every plain text of that piece's own glyphs and digits: from
// each rank the move is the piece's square and the destination the text
// gives (legal or not), or none where the text gives none (off the board, a
// sideways step to its own file, a horse's impossible file).
TEST_CASE("plain_move gives the text's destination from every square", "[notation][plain]") {
  using xq::Color;
  using xq::PieceType;
  const char* const red_numerals[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  const char* const black_digits[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
  struct Kind {
    PieceType type;
    const char* red;
    const char* black;
    char wxf;
  };
  const Kind kinds[] = {{PieceType::King, "帅", "将", 'K'},     {PieceType::Advisor, "仕", "士", 'A'},
                        {PieceType::Elephant, "相", "象", 'E'}, {PieceType::Horse, "马", "马", 'H'},
                        {PieceType::Rook, "车", "车", 'R'},     {PieceType::Cannon, "炮", "炮", 'C'},
                        {PieceType::Pawn, "兵", "卒", 'P'}};
  std::size_t moves = 0, nones = 0, failures = 0;
  for (const Kind& k : kinds) {
    for (Color mover : {Color::Red, Color::Black}) {
      std::vector<std::pair<std::string, xn::Notation>> texts;
      for (int f = 0; f < 9; ++f)
        for (int dir = 0; dir < 3; ++dir)
          for (int n = 0; n < 9; ++n) {
            const auto digit = [&](int i) { return mover == Color::Red ? red_numerals[i] : black_digits[i]; };
            texts.push_back({std::string(mover == Color::Red ? k.red : k.black) + digit(f) +
                                 (dir == 0 ? "进" : dir == 1 ? "退" : "平") + digit(n),
                             xn::Notation::Chinese});
            texts.push_back({std::string{k.wxf, char('1' + f), "+-."[dir], char('1' + n)}, xn::Notation::Wxf});
          }
      for (int sq = 0; sq < xq::kSquares; ++sq) {
        const xq::Square s(sq);
        xq::Setup setup;
        setup.put(s, xq::Piece(mover, k.type));
        // The kings on palace files other than the piece's, one apart.
        const int own_file = s.file() == 3 ? 5 : 3;
        const int other_file = s.file() == 4 || own_file == 4 ? (s.file() == 5 || own_file == 5 ? 3 : 5) : 4;
        const int own_rank = mover == Color::Red ? 0 : 9, other_rank = 9 - own_rank;
        if (k.type != PieceType::King) setup.put(xq::Square(own_file, own_rank), xq::Piece(mover, PieceType::King));
        const xq::Square other(other_file, other_rank);
        if (other == s) continue;
        setup.put(other, xq::Piece(~mover, PieceType::King));
        setup.side_to_move = mover;
        const xq::Position pos(setup);
        for (const auto& [text, notation] : texts) {
          const xq::Move fast = xn::plain_move(pos, text, notation);
          const auto r = xn::resolve_move(pos, text, notation);
          // A legal move is read; an illegal one is the move tried (none
          // when the text gives no destination from here).
          xq::Move expected;
          if (r)
            expected = r->notes.empty() ? r->move : xq::Move::none();
          else if (r.error().kind == xn::MoveTextErrorKind::Illegal)
            expected = r.error().move;
          if (fast.is_none()) ++nones;
          else ++moves;
          if (fast != expected && failures++ < 5)
            FAIL_CHECK(xq::to_fen(pos.setup()) << " '" << text << "': plain_move "
                                               << (fast.is_none() ? "none" : xq::to_iccs(fast)) << ", expected "
                                               << (expected.is_none() ? "none" : xq::to_iccs(expected)));
        }
      }
    }
  }
  CHECK(failures == 0);
  CHECK(moves > 20000);
  CHECK(nones > 20000);
}
