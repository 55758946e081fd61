#include "text.h"

#include <limits>

#include "xqrec/core/position.h"

namespace xq::notation::detail {

bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\f' || c == U'\v' || c == 0x3000 ||
         c == 0xA0 || c == 0xFEFF;
}

namespace {

struct GlyphEntry {
  char32_t cp;
  Glyph glyph;
};

constexpr Glyph piece(PieceType t, std::uint8_t flags = 0) { return {GlyphKind::Piece, std::uint8_t(t), 0, flags}; }
constexpr Glyph numeral(int v) { return {GlyphKind::Numeral, std::uint8_t(v), std::uint8_t(NumeralStyle::Chinese), 0}; }
constexpr Glyph financial(int v) { return {GlyphKind::Numeral, std::uint8_t(v), std::uint8_t(NumeralStyle::Financial), 0}; }
constexpr Glyph dir(Direction d, std::uint8_t flags = 0) { return {GlyphKind::Direction, std::uint8_t(d), 0, flags}; }
constexpr Glyph mark(Mark m, std::uint8_t flags = 0) { return {GlyphKind::Mark, std::uint8_t(m), 0, flags}; }

constexpr std::uint8_t T = Glyph::kTraditional, V = Glyph::kVariant, R = Glyph::kRed, B = Glyph::kBlack;

constexpr GlyphEntry kGlyphs[] = {
    {U'车', piece(PieceType::Rook)},          {U'車', piece(PieceType::Rook, T)},
    {U'俥', piece(PieceType::Rook, T | R)},   {U'马', piece(PieceType::Horse)},
    {U'馬', piece(PieceType::Horse, T)},      {U'傌', piece(PieceType::Horse, T | R)},
    {U'炮', piece(PieceType::Cannon)},        {U'砲', piece(PieceType::Cannon, T)},
    {U'包', piece(PieceType::Cannon, V)},     {U'相', piece(PieceType::Elephant, R)},
    {U'象', piece(PieceType::Elephant, B)},   {U'仕', piece(PieceType::Advisor, R)},
    {U'士', piece(PieceType::Advisor, B)},    {U'帅', piece(PieceType::King, R)},
    {U'帥', piece(PieceType::King, T | R)},   {U'将', piece(PieceType::King, B)},
    {U'將', piece(PieceType::King, T | B)},   {U'兵', piece(PieceType::Pawn, R)},
    {U'卒', piece(PieceType::Pawn, B)},
    {U'一', numeral(1)}, {U'二', numeral(2)}, {U'三', numeral(3)}, {U'四', numeral(4)}, {U'五', numeral(5)},
    {U'六', numeral(6)}, {U'七', numeral(7)}, {U'八', numeral(8)}, {U'九', numeral(9)},
    {U'壹', financial(1)}, {U'贰', financial(2)}, {U'貳', financial(2)}, {U'叁', financial(3)},
    {U'參', financial(3)}, {U'肆', financial(4)}, {U'伍', financial(5)}, {U'陆', financial(6)},
    {U'陸', financial(6)}, {U'柒', financial(7)}, {U'捌', financial(8)}, {U'玖', financial(9)},
    {U'进', dir(Direction::Forward)},   {U'進', dir(Direction::Forward, T)},
    {U'上', dir(Direction::Forward, V)}, {U'退', dir(Direction::Backward)},
    {U'下', dir(Direction::Backward, V)}, {U'平', dir(Direction::Sideways)},
    {U'前', mark(Mark::Front)}, {U'中', mark(Mark::Middle)}, {U'后', mark(Mark::Rear)}, {U'後', mark(Mark::Rear, T)},
};

// An open-addressing table of the glyphs, built at compile time.
constexpr std::size_t kSlots = 256;
constexpr std::size_t slot_of(char32_t c) { return (std::uint32_t(c) * 2654435761u) >> 24; }

struct GlyphTable {
  GlyphEntry slots[kSlots] = {};
};

constexpr GlyphTable build_table() {
  GlyphTable t;
  for (const auto& e : kGlyphs) {
    std::size_t i = slot_of(e.cp);
    while (t.slots[i].cp != 0) i = (i + 1) % kSlots;
    t.slots[i] = e;
  }
  return t;
}

constexpr GlyphTable kTable = build_table();

}  // namespace

Glyph classify_chinese(char32_t c) {
  if (c >= U'1' && c <= U'9') return {GlyphKind::Numeral, std::uint8_t(c - U'0'), std::uint8_t(NumeralStyle::Ascii), 0};
  if (c >= 0xFF11 && c <= 0xFF19)
    return {GlyphKind::Numeral, std::uint8_t(c - 0xFF10), std::uint8_t(NumeralStyle::FullWidth), 0};
  if (c < 0x4E00) return {};
  for (std::size_t i = slot_of(c);; i = (i + 1) % kSlots) {
    const GlyphEntry& e = kTable.slots[i];
    if (e.cp == c) return e.glyph;
    if (e.cp == 0) return {};
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
