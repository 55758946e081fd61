#include "text.h"

#include <unicode/utf8.h>

#include <limits>

#include "xqrec/position.h"

namespace xq::notation::detail {

Decoded decode_at(std::string_view text, std::size_t at) {
  if (at >= text.size()) return {};
  // U8_NEXT works on int32_t offsets: decode from a window of at most 4 bytes.
  const std::size_t avail = text.size() - at;
  const std::int32_t length = std::int32_t(avail < 4 ? avail : 4);
  const auto* s = reinterpret_cast<const std::uint8_t*>(text.data() + at);
  std::int32_t i = 0;
  UChar32 c = 0;
  U8_NEXT(s, i, length, c);
  if (c < 0) return {U'\uFFFD', std::size_t(i)};
  return {char32_t(c), std::size_t(i)};
}

bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\f' || c == U'\v' || c == 0x3000 ||
         c == 0xA0 || c == 0xFEFF;
}

Glyph classify_chinese(char32_t c) {
  constexpr auto R = std::int8_t(Color::Red), B = std::int8_t(Color::Black);
  auto piece = [](PieceType t, std::int8_t side = -1, bool trad = false, bool variant = false) {
    Glyph g;
    g.kind = GlyphKind::Piece;
    g.value = std::uint8_t(t);
    g.side = side;
    g.traditional = trad;
    g.variant = variant;
    return g;
  };
  auto numeral = [](int v, NumeralStyle s) {
    Glyph g;
    g.kind = GlyphKind::Numeral;
    g.value = std::uint8_t(v);
    g.style = std::uint8_t(s);
    return g;
  };
  auto dir = [](Direction d, bool trad = false, bool variant = false) {
    Glyph g;
    g.kind = GlyphKind::Direction;
    g.value = std::uint8_t(d);
    g.traditional = trad;
    g.variant = variant;
    return g;
  };
  auto mark = [](Mark m, bool trad = false) {
    Glyph g;
    g.kind = GlyphKind::Mark;
    g.value = std::uint8_t(m);
    g.traditional = trad;
    return g;
  };
  if (c >= U'1' && c <= U'9') return numeral(int(c - U'0'), NumeralStyle::Ascii);
  if (c >= 0xFF11 && c <= 0xFF19) return numeral(int(c - 0xFF10), NumeralStyle::FullWidth);
  switch (c) {
    case U'车': return piece(PieceType::Rook);
    case U'車': return piece(PieceType::Rook, -1, true);
    case U'俥': return piece(PieceType::Rook, R, true);
    case U'马': return piece(PieceType::Horse);
    case U'馬': return piece(PieceType::Horse, -1, true);
    case U'傌': return piece(PieceType::Horse, R, true);
    case U'炮': return piece(PieceType::Cannon);
    case U'砲': return piece(PieceType::Cannon, -1, true);
    case U'包': return piece(PieceType::Cannon, -1, false, true);
    case U'相': return piece(PieceType::Elephant, R);
    case U'象': return piece(PieceType::Elephant, B);
    case U'仕': return piece(PieceType::Advisor, R);
    case U'士': return piece(PieceType::Advisor, B);
    case U'帅': return piece(PieceType::King, R);
    case U'帥': return piece(PieceType::King, R, true);
    case U'将': return piece(PieceType::King, B);
    case U'將': return piece(PieceType::King, B, true);
    case U'兵': return piece(PieceType::Pawn, R);
    case U'卒': return piece(PieceType::Pawn, B);
    case U'一': return numeral(1, NumeralStyle::Chinese);
    case U'二': return numeral(2, NumeralStyle::Chinese);
    case U'三': return numeral(3, NumeralStyle::Chinese);
    case U'四': return numeral(4, NumeralStyle::Chinese);
    case U'五': return numeral(5, NumeralStyle::Chinese);
    case U'六': return numeral(6, NumeralStyle::Chinese);
    case U'七': return numeral(7, NumeralStyle::Chinese);
    case U'八': return numeral(8, NumeralStyle::Chinese);
    case U'九': return numeral(9, NumeralStyle::Chinese);
    case U'壹': return numeral(1, NumeralStyle::Financial);
    case U'贰': case U'貳': return numeral(2, NumeralStyle::Financial);
    case U'叁': case U'參': return numeral(3, NumeralStyle::Financial);
    case U'肆': return numeral(4, NumeralStyle::Financial);
    case U'伍': return numeral(5, NumeralStyle::Financial);
    case U'陆': case U'陸': return numeral(6, NumeralStyle::Financial);
    case U'柒': return numeral(7, NumeralStyle::Financial);
    case U'捌': return numeral(8, NumeralStyle::Financial);
    case U'玖': return numeral(9, NumeralStyle::Financial);
    case U'进': return dir(Direction::Forward);
    case U'進': return dir(Direction::Forward, true);
    case U'上': return dir(Direction::Forward, false, true);
    case U'退': return dir(Direction::Backward);
    case U'下': return dir(Direction::Backward, false, true);
    case U'平': return dir(Direction::Sideways);
    case U'前': return mark(Mark::Front);
    case U'中': return mark(Mark::Middle);
    case U'后': return mark(Mark::Rear);
    case U'後': return mark(Mark::Rear, true);
    default: return {};
  }
}

PieceType wxf_piece(char32_t c, bool* alternate) {
  bool alt = c >= U'a' && c <= U'z';
  if (alt) c -= U'a' - U'A';
  PieceType t = PieceType::None;
  switch (c) {
    case U'K': t = PieceType::King; break;
    case U'A': t = PieceType::Advisor; break;
    case U'G': t = PieceType::Advisor; alt = true; break;
    case U'B': case U'E': t = PieceType::Elephant; break;
    case U'M': t = PieceType::Elephant; alt = true; break;
    case U'N': case U'H': t = PieceType::Horse; break;
    case U'R': t = PieceType::Rook; break;
    case U'C': t = PieceType::Cannon; break;
    case U'P': t = PieceType::Pawn; break;
    default: break;
  }
  if (alternate) *alternate = alt;
  return t;
}

void collect_same(const Position& pos, Color c, PieceType t, SamePieces& out) {
  out.count = 0;
  for (auto& n : out.per_file) n = 0;
  int keys[kSquares];
  pos.occupied(c).for_each([&](Square s) {
    if (pos.at(s).type() != t) return;
    // Files from the mover's right, then front (toward the opponent) to back.
    const int key = c == Color::Red ? (8 - s.file()) * 16 + (9 - s.rank()) : s.file() * 16 + s.rank();
    int i = out.count++;
    while (i > 0 && keys[i - 1] > key) {
      keys[i] = keys[i - 1];
      out.sq[i] = out.sq[i - 1];
      --i;
    }
    keys[i] = key;
    out.sq[i] = s;
    ++out.per_file[s.file()];
  });
}

bool plain_file_ambiguous(const Position& pos, const SamePieces& same, Move move) {
  const Square from = move.from(), to = move.to();
  const int dr = to.rank() - from.rank();
  for (int i = 0; i < same.count; ++i) {
    const Square q = same.sq[i];
    if (q == from || q.file() != from.file()) continue;
    // Same destination file, same number of ranks in the same direction.
    if (!on_board(to.file(), q.rank() + dr)) continue;
    if (pos.is_legal(Move(q, Square(to.file(), q.rank() + dr)))) return true;
  }
  return false;
}

int SamePieces::doubled_count() const {
  int n = 0;
  for (int f = 0; f < kFiles; ++f)
    if (per_file[f] >= 2) n += per_file[f];
  return n;
}

int SamePieces::doubled_files() const {
  int n = 0;
  for (int f = 0; f < kFiles; ++f) n += per_file[f] >= 2;
  return n;
}

int SamePieces::doubled_index(Square s) const {
  int k = 0;
  for (int i = 0; i < count; ++i) {
    if (per_file[sq[i].file()] < 2) continue;
    if (sq[i] == s) return k;
    ++k;
  }
  return -1;
}

Square SamePieces::doubled_at(int k) const {
  for (int i = 0; i < count; ++i) {
    if (per_file[sq[i].file()] < 2) continue;
    if (k-- == 0) return sq[i];
  }
  return Square::none();
}

Square SamePieces::on_file_at(int f, int k) const {
  for (int i = 0; i < count; ++i)
    if (sq[i].file() == f && k-- == 0) return sq[i];
  return Square::none();
}

int SamePieces::index_on_file(Square s) const {
  int k = 0;
  for (int i = 0; i < count; ++i) {
    if (sq[i].file() != s.file()) continue;
    if (sq[i] == s) return k;
    ++k;
  }
  return -1;
}

}  // namespace xq::notation::detail
