// Dialect notes: how a move text departs from the canonical (xqbase) form.
// They never change which move is meant; the audit reports them.
#pragma once

#include <cstdint>
#include <string_view>

namespace xq::notation {

enum class Dialect : std::uint8_t {
  PlainFileOnSharedFile,  // 車六進四 where 前車進四 is canonical (exactly one piece could move)
  TraditionalGlyphs,      // 車 馬 帥 將 進 後 俥 傌 砲 ...
  VariantGlyph,           // 包 for the cannon
  OtherSideGlyph,         // a piece glyph of the other side: 卒 for a Red pawn, 士 for a Red advisor
  AsciiDigits,            // ASCII 1-9 in a Chinese move (common for Black)
  FullWidthDigitsForRed,  // １-９ in a Red move (xqbase writes Chinese numerals for Red)
  ChineseDigitsForBlack,  // 一-九 in a Black move (xqbase writes １-９ for Black)
  FinancialNumerals,      // 壹 貳 叁 ...
  OldDirectionGlyph,      // 上 / 下 for 进 / 退
  ShortForm,              // rule 7.5 score-sheet form: 前马4, 后车6 (direction left out)
  OldMultiPawn,           // 前兵九平八, 前/后 for four or five pawns on a file, 二兵 on one file
  PieceOmitted,           // 前九平八
  UnneededMark,           // 前/后 where the file number is canonical (advisors, elephants)
  WxfOfficialMultiPawn,   // WXF official: P3.4 for a middle pawn, ++ / --, 3+.4
  WxfXqbaseMultiPawn,     // xqbase: P. for a middle pawn, Pa-Pe
  WxfPrefixMark,          // +C-2 (mark before the letter, ElephantEye order)
  WxfNoDirection,         // C25 (sideways, the direction left out)
  WxfEqualsSign,          // = for sideways
  WxfAlternateLetters,    // G M (guard, minister) or lower-case letters
  FullWidthText,          // full-width letters or signs: Ｃ２＝５
  IccsDash,               // H2-E2 (the PGN form) rather than h2e2
  NotationNotAsHinted,    // the text is in another notation than the caller expected
  Count
};

// A small set of dialect notes.
class DialectNotes {
 public:
  constexpr void add(Dialect d) { bits_ |= std::uint32_t{1} << unsigned(d); }
  constexpr void add(DialectNotes other) { bits_ |= other.bits_; }
  constexpr bool has(Dialect d) const { return bits_ >> unsigned(d) & 1u; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint32_t bits() const { return bits_; }
  friend constexpr bool operator==(DialectNotes, DialectNotes) = default;

  // Calls f(Dialect) for each note, in enum order.
  template <class F>
  void for_each(F&& f) const {
    for (unsigned d = 0; d < unsigned(Dialect::Count); ++d)
      if (bits_ >> d & 1u) f(Dialect(d));
  }

 private:
  std::uint32_t bits_ = 0;
};
static_assert(unsigned(Dialect::Count) <= 32);

std::string_view dialect_code(Dialect d);         // stable: "plain-file-on-shared-file", ...
std::string_view dialect_description(Dialect d);  // one line, for people

}  // namespace xq::notation
