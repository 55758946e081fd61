// Chinese notation, phase 1: text -> description.
//
//   P F D N     炮二平五          (piece, origin file, direction, number)
//   O P D N     前炮退二 一兵平五   (O: 前 中 后 後, or an ordinal 一..五)
//   O P F D N   前兵九平八         (traditional: two files of doubled pawns)
//   O F D N     前九平八           (the same, piece left out)
//   O P N       前马4 后车6        (rule 7.5 score-sheet short form; spaces allowed before N)
#include "syntax_error.h"
#include "text.h"

namespace xq::notation {

namespace {

using detail::Glyph;
using detail::GlyphKind;
using detail::NumeralStyle;

// Decodes and classifies each code point once, when first looked at. A move
// is at most five characters; the window also covers the lookahead of the
// short form ("前马 4").
class Reader {
 public:
  explicit Reader(std::string_view t) : text_(t) { off_[0] = 0; }

  // The glyph `ahead` characters after the current one (kind Other past the end).
  Glyph peek(int ahead = 0) {
    const int i = pos_ + ahead;
    return ensure(i) ? glyph_[i] : Glyph{};
  }
  bool space(int ahead) { return ensure(pos_ + ahead) && detail::is_space(cp_[pos_ + ahead]); }
  char32_t folded(int ahead) { return ensure(pos_ + ahead) ? detail::fold_ascii(cp_[pos_ + ahead]) : 0; }
  void take(int k = 1) {
    ensure(pos_ + k - 1);
    pos_ += k;
  }
  std::size_t byte() { return ensure(pos_) ? off_[pos_] : off_[n_]; }
  std::size_t chars() const { return std::size_t(pos_); }

  Failure<SyntaxError> error(std::string_view expected) {
    return fail(detail::syntax_error(text_, byte(), chars(), expected));
  }

 private:
  static constexpr int kWindow = 10;
  // Whether character i exists (decoding up to it).
  bool ensure(int i) {
    while (n_ <= i) {
      if (n_ == kWindow) return false;
      const auto d = detail::decode_at(text_, off_[n_]);
      if (d.len == 0) return false;
      cp_[n_] = d.cp;
      glyph_[n_] = detail::classify_chinese(d.cp);
      off_[n_ + 1] = off_[n_] + d.len;
      ++n_;
    }
    return true;
  }

  std::string_view text_;
  int n_ = 0;    // characters decoded
  int pos_ = 0;  // the current character
  std::size_t off_[kWindow + 1];
  char32_t cp_[kWindow];
  Glyph glyph_[kWindow];
};

void note_piece(MoveDescription& d, const Glyph& g) {
  d.piece = PieceType(g.value);
  if (g.traditional()) d.notes.add(Dialect::TraditionalGlyphs);
  if (g.variant()) d.notes.add(Dialect::VariantGlyph);
  if (g.side() >= 0) d.glyph_side = std::int8_t(g.side());
}

// A file or number digit; the ordinal of 一兵 is not counted as evidence.
void note_digit(MoveDescription& d, const Glyph& g) {
  switch (NumeralStyle(g.style)) {
    case NumeralStyle::Chinese: d.digit_side = std::int8_t(Color::Red); break;
    case NumeralStyle::FullWidth: d.digit_side = std::int8_t(Color::Black); break;
    case NumeralStyle::Ascii: d.notes.add(Dialect::AsciiDigits); break;
    case NumeralStyle::Financial: d.notes.add(Dialect::FinancialNumerals); break;
  }
}

void note_direction(MoveDescription& d, const Glyph& g) {
  d.direction = Direction(g.value);
  if (g.traditional()) d.notes.add(Dialect::TraditionalGlyphs);
  if (g.variant()) d.notes.add(Dialect::OldDirectionGlyph);
}

constexpr std::string_view kExpectPiece = "a piece (车 马 炮 相 仕 帅 兵, or 前/中/后)";
constexpr std::string_view kExpectFile = "the origin file (一..九 or 1..9)";
constexpr std::string_view kExpectDirection = "a direction (进, 退 or 平)";
constexpr std::string_view kExpectNumber = "a number (一..九 or 1..9)";

}  // namespace

Result<Scanned, SyntaxError> scan_chinese(std::string_view text) {
  Reader r(text);
  MoveDescription d;
  d.notation = Notation::Chinese;

  // The direction and the number that end every full form.
  auto finish = [&]() -> Result<Scanned, SyntaxError> {
    const Glyph g = r.peek();
    if (g.kind != GlyphKind::Direction) return r.error(kExpectDirection);
    note_direction(d, g);
    r.take();
    const Glyph n = r.peek();
    if (n.kind != GlyphKind::Numeral) return r.error(kExpectNumber);
    note_digit(d, n);
    d.number = n.value;
    r.take();
    return Scanned{d, r.byte(), r.chars()};
  };

  const Glyph g1 = r.peek();
  if (g1.kind == GlyphKind::Piece) {  // P F D N
    note_piece(d, g1);
    r.take();
    const Glyph g2 = r.peek();
    if (g2.kind != GlyphKind::Numeral) return r.error(kExpectFile);
    note_digit(d, g2);
    d.file = g2.value;
    r.take();
    return finish();
  }

  const bool ordinal = g1.kind == GlyphKind::Numeral && r.peek(1).kind == GlyphKind::Piece;
  if (g1.kind != GlyphKind::Mark && !ordinal) return r.error(kExpectPiece);
  if (ordinal) {
    d.mark = Mark::Ordinal;
    d.ordinal = g1.value;
    if (NumeralStyle(g1.style) == NumeralStyle::Financial) d.notes.add(Dialect::FinancialNumerals);
  } else {
    d.mark = Mark(g1.value);
    if (g1.traditional()) d.notes.add(Dialect::TraditionalGlyphs);
  }
  r.take();

  const Glyph g2 = r.peek();
  if (g2.kind == GlyphKind::Numeral && !ordinal) {  // O F D N: 前九平八
    note_digit(d, g2);
    d.file = g2.value;
    d.notes.add(Dialect::PieceOmitted);
    d.notes.add(Dialect::OldMultiPawn);
    r.take();
    return finish();
  }
  if (g2.kind != GlyphKind::Piece) return r.error("a piece (车 马 炮 相 仕 帅 兵)");
  note_piece(d, g2);
  r.take();

  const Glyph g3 = r.peek();
  if (g3.kind == GlyphKind::Direction) return finish();  // O P D N
  if (g3.kind == GlyphKind::Numeral && r.peek(1).kind == GlyphKind::Direction) {  // O P F D N
    note_digit(d, g3);
    d.file = g3.value;
    d.notes.add(Dialect::OldMultiPawn);
    r.take();
    return finish();
  }
  // The short form O P N, spaces allowed before N ("前马 4", but not "前马 4."
  // where a move number follows an unfinished move).
  int k = 0;
  while (r.space(k)) ++k;
  const Glyph x = r.peek(k);
  if (x.kind != GlyphKind::Numeral) return r.error(kExpectDirection);
  if (k > 0) {
    const char32_t after = r.folded(k + 1);
    if (after == U'.' || after == U'、' || (after >= U'0' && after <= U'9')) return r.error(kExpectDirection);
  }
  r.take(k + 1);
  note_digit(d, x);
  d.number = x.value;
  d.direction = Direction::Unknown;
  d.notes.add(Dialect::ShortForm);
  return Scanned{d, r.byte(), r.chars()};
}

}  // namespace xq::notation
