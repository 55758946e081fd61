// Writing Chinese notation: the xqbase convention by default (see chinese.h).
#include <string_view>

#include "text.h"
#include "xqrec/notation/chinese.h"

namespace xq::notation {

namespace {

using detail::SamePieces;

// Indexed by PieceType (None, King, Advisor, Elephant, Horse, Rook, Cannon, Pawn).
constexpr std::string_view kSimplified[2][8] = {
    {"", "帅", "仕", "相", "马", "车", "炮", "兵"},
    {"", "将", "士", "象", "马", "车", "炮", "卒"},
};
constexpr std::string_view kTraditional[2][8] = {
    {"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
    {"", "將", "士", "象", "馬", "車", "砲", "卒"},
};
constexpr std::string_view kChineseNumerals[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::string_view kFullWidthDigits[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
constexpr std::string_view kAsciiDigits[10] = {"", "1", "2", "3", "4", "5", "6", "7", "8", "9"};

// 前 / 中 / 后 (or an ordinal) for the k-th of n pieces on one file, the
// traditional way: 前 .. 后, with 二 三 四 between for four or five.
std::string_view file_mark(int k, int n, bool traditional) {
  if (k == 0) return "前";
  if (k == n - 1) return traditional ? "後" : "后";
  if (n == 3) return "中";
  return kChineseNumerals[k + 1];
}

}  // namespace

std::string write_chinese(const Position& pos, Move move, const ChineseStyle& style) {
  const Piece p = detail::mover_piece(pos, move);
  if (p.empty()) return {};
  const Square from = move.from(), to = move.to();
  const Color c = pos.side_to_move();
  const PieceType t = p.type();
  const int side = index(c);
  const std::string_view piece = style.traditional ? kTraditional[side][int(t)] : kSimplified[side][int(t)];
  auto digit = [&](int n) {
    if (c == Color::Red) return kChineseNumerals[n];
    return style.black_digits == BlackDigits::Ascii ? kAsciiDigits[n] : kFullWidthDigits[n];
  };

  SamePieces same;
  detail::collect_same(pos, c, t, same);
  std::string out;
  const int on_file = same.on_file(from.file());
  if (detail::plain_form_names(pos, same, move, t)) {
    out += piece;
    out += digit(detail::file_number(c, from.file()));
  } else if (style.multi_pawn == MultiPawnStyle::Traditional) {
    out += file_mark(same.index_on_file(from), on_file, style.traditional);
    out += piece;
    if (same.doubled_files() >= 2) out += digit(detail::file_number(c, from.file()));
  } else {
    const int n = same.doubled_count(), k = same.doubled_index(from);
    if (n <= 3) out += file_mark(k, n, style.traditional);
    else if (k < 9) out += kChineseNumerals[k + 1];
    else return {};  // more than nine same pieces: no xqbase name
    out += piece;
  }

  const int dr = to.rank() - from.rank();
  const bool forward = (c == Color::Red) == (dr > 0);
  const bool linear = detail::moves_in_line(t);
  if (linear && dr == 0) {
    out += "平";
    out += digit(detail::file_number(c, to.file()));
  } else {
    out += forward ? (style.traditional ? "進" : "进") : "退";
    out += linear ? digit(dr > 0 ? dr : -dr) : digit(detail::file_number(c, to.file()));
  }
  return out;
}

}  // namespace xq::notation
