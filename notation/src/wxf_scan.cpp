// WXF notation, phase 1: text -> description. Full-width forms (Ｃ２＝５)
// are read as their ASCII counterparts.
//
//   L F D N    C2.5  N8+7  P7+1      (L letter, F file 1..9, D + - . =, N 1..9)
//   L M D N    C+-2  R+.3  P..4 Pa+1 (M: + - for front/rear, . middle, a..e)
//   M L D N    +C-2                  (ElephantEye order)
//   ++ D N     ++.4  --+1            (WXF official, four or five pawns)
//   F M D N    3+.4  33.4  3-.4      (WXF official, two files of doubled pawns)
//   L F N      C25                   (direction left out: sideways)
#include "syntax_error.h"
#include "text.h"

namespace xq::notation {

namespace {

class Reader {
 public:
  explicit Reader(std::string_view t) : text_(t) {}

  // The folded character at the current position (0 at the end).
  char32_t peek(std::size_t ahead = 0) const {
    std::size_t b = byte_;
    for (;;) {
      const auto d = detail::decode_at(text_, b);
      if (d.len == 0) return 0;
      if (ahead-- == 0) return detail::fold_ascii(d.cp);
      b += d.len;
    }
  }
  void take() {
    const auto d = detail::decode_at(text_, byte_);
    if (detail::is_full_width_ascii(d.cp)) full_width_ = true;
    byte_ += d.len;
    ++chars_;
  }
  bool full_width() const { return full_width_; }
  std::size_t byte() const { return byte_; }
  std::size_t chars() const { return chars_; }
  Failure<SyntaxError> error(std::string_view expected) const {
    return fail(detail::syntax_error(text_, byte_, chars_, expected));
  }

 private:
  std::string_view text_;
  std::size_t byte_ = 0;
  std::size_t chars_ = 0;
  bool full_width_ = false;
};

constexpr bool is_digit19(char32_t c) { return c >= U'1' && c <= U'9'; }
constexpr bool is_direction(char32_t c) { return c == U'+' || c == U'-' || c == U'.' || c == U'='; }

Direction direction_of(char32_t c) {
  return c == U'+' ? Direction::Forward : c == U'-' ? Direction::Backward : Direction::Sideways;
}

constexpr std::string_view kExpectLetter = "a WXF piece letter (K A B N R C P, or E H) or + -";
constexpr std::string_view kExpectOrigin = "the origin file 1..9, or + - . a..e";
constexpr std::string_view kExpectDirection = "a direction (+ - . =)";
constexpr std::string_view kExpectNumber = "a number 1..9";

}  // namespace

Result<Scanned, SyntaxError> scan_wxf(std::string_view text) {
  Reader r(text);
  MoveDescription d;
  d.notation = Notation::Wxf;

  auto letter = [&](char32_t c) {
    bool alt = false;
    d.piece = detail::wxf_piece(c, &alt);
    if (alt) d.notes.add(Dialect::WxfAlternateLetters);
    return d.piece != PieceType::None;
  };
  auto finish = [&](bool direction_optional) -> Result<Scanned, SyntaxError> {
    const char32_t c = r.peek();
    if (is_direction(c)) {
      d.direction = direction_of(c);
      if (c == U'=') d.notes.add(Dialect::WxfEqualsSign);
      r.take();
    } else if (direction_optional && is_digit19(c)) {
      d.direction = Direction::Sideways;
      d.notes.add(Dialect::WxfNoDirection);
    } else {
      return r.error(kExpectDirection);
    }
    const char32_t n = r.peek();
    if (!is_digit19(n)) return r.error(kExpectNumber);
    d.number = std::uint8_t(n - U'0');
    r.take();
    if (r.full_width()) d.notes.add(Dialect::FullWidthText);
    return Scanned{d, r.byte(), r.chars()};
  };

  const char32_t c1 = r.peek();
  if (c1 == U'+' || c1 == U'-') {
    r.take();
    const char32_t c2 = r.peek();
    if (c2 == c1) {  // ++ / --: WXF official, front- or rearmost of four or five pawns
      d.piece = PieceType::Pawn;
      d.mark = c1 == U'+' ? Mark::Frontmost : Mark::Rearmost;
      d.notes.add(Dialect::WxfOfficialMultiPawn);
      r.take();
      return finish(false);
    }
    if (!letter(c2)) return r.error("a WXF piece letter (K A B N R C P, or E H), or the same sign again");
    d.mark = c1 == U'+' ? Mark::Front : Mark::Rear;
    d.notes.add(Dialect::WxfPrefixMark);
    r.take();
    return finish(false);
  }
  if (is_digit19(c1)) {  // 3+.4 / 33.4 / 3-.4
    d.piece = PieceType::Pawn;
    d.file = std::uint8_t(c1 - U'0');
    d.notes.add(Dialect::WxfOfficialMultiPawn);
    r.take();
    const char32_t c2 = r.peek();
    if (c2 == U'+') d.mark = Mark::Front;
    else if (c2 == U'-') d.mark = Mark::Rear;
    else if (c2 == c1) d.mark = Mark::Middle;
    else return r.error("+, - or the same file digit again (3+.4, 33.4, 3-.4)");
    r.take();
    return finish(false);
  }
  if (!letter(c1)) return r.error(kExpectLetter);
  r.take();
  const char32_t c2 = r.peek();
  if (is_digit19(c2)) {
    d.file = std::uint8_t(c2 - U'0');
    r.take();
    return finish(true);
  }
  if (c2 == U'+' || c2 == U'-') {
    d.mark = c2 == U'+' ? Mark::Front : Mark::Rear;
  } else if (c2 == U'.') {
    d.mark = Mark::Middle;
    d.notes.add(Dialect::WxfXqbaseMultiPawn);
  } else if (c2 >= U'a' && c2 <= U'e') {
    d.mark = Mark::Ordinal;
    d.ordinal = std::uint8_t(c2 - U'a' + 1);
    d.notes.add(Dialect::WxfXqbaseMultiPawn);
  } else {
    return r.error(kExpectOrigin);
  }
  r.take();
  return finish(false);
}

Result<Scanned, SyntaxError> scan_iccs(std::string_view text) {
  Reader r(text);
  MoveDescription d;
  d.notation = Notation::Iccs;
  int coords[4];
  for (int part = 0; part < 2; ++part) {
    if (part == 1 && r.peek() == U'-') {
      d.notes.add(Dialect::IccsDash);
      r.take();
    }
    char32_t f = r.peek();
    if (f >= U'A' && f <= U'I') f += U'a' - U'A';
    if (f < U'a' || f > U'i') return r.error("a file letter a..i");
    r.take();
    const char32_t k = r.peek();
    if (k < U'0' || k > U'9') return r.error("a rank digit 0..9");
    r.take();
    coords[part * 2] = int(f - U'a');
    coords[part * 2 + 1] = int(k - U'0');
  }
  d.iccs = Move(Square(coords[0], coords[1]), Square(coords[2], coords[3]));
  if (r.full_width()) d.notes.add(Dialect::FullWidthText);
  return Scanned{d, r.byte(), r.chars()};
}

}  // namespace xq::notation
