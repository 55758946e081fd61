// Writing WXF notation (see wxf.h for the two conventions).
#include "text.h"
#include "xqrec/notation/wxf.h"

namespace xq::notation {

namespace {

using detail::SamePieces;

constexpr char kLettersBN[8] = {'?', 'K', 'A', 'B', 'N', 'R', 'C', 'P'};
constexpr char kLettersEH[8] = {'?', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};

}  // namespace

std::string write_wxf(const Position& pos, Move move, const WxfStyle& style) {
  const Piece p = detail::mover_piece(pos, move);
  if (p.empty()) return {};
  const Square from = move.from(), to = move.to();
  const Color c = pos.side_to_move();
  const PieceType t = p.type();
  const bool official = style.convention == WxfConvention::Official;
  const bool eh = style.letters == WxfStyle::Letters::EH || (style.letters == WxfStyle::Letters::ByConvention && official);
  const char letter = (eh ? kLettersEH : kLettersBN)[int(t)];
  const char file_digit = char('0' + detail::file_number(c, from.file()));

  SamePieces same;
  detail::collect_same(pos, c, t, same);
  std::string out;
  const int on_file = same.on_file(from.file());
  if (detail::plain_form_names(pos, same, move, t)) {
    out += letter;
    out += file_digit;
  } else if (t != PieceType::Pawn) {
    out += letter;
    out += same.index_on_file(from) == 0 ? '+' : '-';
  } else if (!official) {
    const int n = same.doubled_count(), k = same.doubled_index(from);
    out += letter;
    if (n == 2) out += k == 0 ? '+' : '-';
    else if (n == 3) out += k == 0 ? '+' : k == 1 ? '.' : '-';
    else if (k < 5) out += char('a' + k);
    else return {};  // more than five doubled pawns: no xqbase name
  } else {
    const int k = same.index_on_file(from), n = on_file;
    if (same.doubled_files() >= 2) {  // 3+.4 / 33.4 / 3-.4
      out += file_digit;
      if (k == 0) out += '+';
      else if (k == n - 1) out += '-';
      else if (n == 3) out += file_digit;
      else return {};
    } else if (n == 2 || n == 3) {  // P+ P3 P-
      out += letter;
      out += k == 0 ? '+' : k == n - 1 ? '-' : file_digit;
    } else if (n == 4 || n == 5) {  // ++ P+ (P3) P- --
      if (k == 0) out += "++";
      else if (k == n - 1) out += "--";
      else {
        out += letter;
        out += k == 1 ? '+' : k == n - 2 ? '-' : file_digit;
      }
    } else {
      return {};  // more than five pawns on a file
    }
  }

  const int dr = to.rank() - from.rank();
  const bool forward = (c == Color::Red) == (dr > 0);
  const bool linear = detail::moves_in_line(t);
  if (linear && dr == 0) {
    out += '.';
    out += char('0' + detail::file_number(c, to.file()));
  } else {
    out += forward ? '+' : '-';
    out += char('0' + (linear ? (dr > 0 ? dr : -dr) : detail::file_number(c, to.file())));
  }
  return out;
}

}  // namespace xq::notation
