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

class Reader {
 public:
  explicit Reader(std::string_view t) : text_(t) {}

  // The glyph at the current position (kind Other at the end).
  Glyph peek() const { return peek_at(byte_).glyph; }
  bool at_end() const { return byte_ >= text_.size(); }
  void take() {
    const auto d = detail::decode_at(text_, byte_);
    byte_ += d.len;
    ++chars_;
  }
  // The glyph after the current one (skipping `skip_spaces` if asked).
  struct Ahead {
    Glyph glyph;
    std::size_t byte = 0;  // where it starts
    std::size_t chars = 0;
    bool space = false;    // the code point is white space
  };
  Ahead peek_at(std::size_t byte, std::size_t chars = 0) const {
    Ahead a;
    a.byte = byte;
    a.chars = chars;
    const auto d = detail::decode_at(text_, byte);
    if (d.len == 0) return a;
    a.glyph = detail::classify_chinese(d.cp);
    a.space = detail::is_space(d.cp);
    return a;
  }
  Ahead next_after_current() const {
    const auto d = detail::decode_at(text_, byte_);
    return peek_at(byte_ + d.len, chars_ + 1);
  }
  void jump(const Ahead& a) {
    byte_ = a.byte;
    chars_ = a.chars;
  }
  std::size_t byte() const { return byte_; }
  std::size_t chars() const { return chars_; }

  Failure<SyntaxError> error(std::string_view expected) const {
    return fail(detail::syntax_error(text_, byte_, chars_, expected));
  }

 private:
  std::string_view text_;
  std::size_t byte_ = 0;
  std::size_t chars_ = 0;
};

void note_piece(MoveDescription& d, const Glyph& g) {
  d.piece = PieceType(g.value);
  if (g.traditional) d.notes.add(Dialect::TraditionalGlyphs);
  if (g.variant) d.notes.add(Dialect::VariantGlyph);
  if (g.side >= 0) d.glyph_side = g.side;
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
  if (g.traditional) d.notes.add(Dialect::TraditionalGlyphs);
  if (g.variant) d.notes.add(Dialect::OldDirectionGlyph);
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

  const bool ordinal = g1.kind == GlyphKind::Numeral && r.next_after_current().glyph.kind == GlyphKind::Piece;
  if (g1.kind != GlyphKind::Mark && !ordinal) return r.error(kExpectPiece);
  if (ordinal) {
    d.mark = Mark::Ordinal;
    d.ordinal = g1.value;
    if (NumeralStyle(g1.style) == NumeralStyle::Financial) d.notes.add(Dialect::FinancialNumerals);
  } else {
    d.mark = Mark(g1.value);
    if (g1.traditional) d.notes.add(Dialect::TraditionalGlyphs);
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
  // O P F D N, or the short form O P N (spaces allowed before N).
  Reader::Ahead a = r.peek_at(r.byte(), r.chars());
  while (a.space) {
    const auto d2 = detail::decode_at(text, a.byte);
    a = r.peek_at(a.byte + d2.len, a.chars + 1);
  }
  if (a.glyph.kind != GlyphKind::Numeral) return r.error(kExpectDirection);
  const bool spaced = a.byte != r.byte();
  if (spaced) {
    // "前马 4" but not "前马 4." (a move number follows an unfinished move).
    const auto after = r.peek_at(a.byte + detail::decode_at(text, a.byte).len);
    const char32_t c = detail::fold_ascii(detail::decode_at(text, after.byte).cp);
    if (c == U'.' || c == U'、' || (c >= U'0' && c <= U'9')) return r.error(kExpectDirection);
  }
  r.jump(a);
  const Glyph x = r.peek();
  r.take();
  if (!spaced && r.peek().kind == GlyphKind::Direction) {  // O P F D N
    note_digit(d, x);
    d.file = x.value;
    d.notes.add(Dialect::OldMultiPawn);
    return finish();
  }
  note_digit(d, x);
  d.number = x.value;
  d.direction = Direction::Unknown;
  d.notes.add(Dialect::ShortForm);
  return Scanned{d, r.byte(), r.chars()};
}

}  // namespace xq::notation
