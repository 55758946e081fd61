// Names of notations, dialect notes and error kinds.
#include <iterator>

#include "xqrec/notation/dialect.h"
#include "xqrec/notation/notation.h"
#include "xqrec/notation/resolve.h"

namespace xq::notation {

std::string_view notation_name(Notation n) {
  switch (n) {
    case Notation::Chinese: return "chinese";
    case Notation::Wxf: return "wxf";
    case Notation::Iccs: return "iccs";
    case Notation::Auto: return "auto";
  }
  return "?";
}

std::optional<Notation> notation_from_name(std::string_view name) {
  for (Notation n : {Notation::Chinese, Notation::Wxf, Notation::Iccs, Notation::Auto})
    if (notation_name(n) == name) return n;
  return std::nullopt;
}

std::string_view error_code(MoveTextErrorKind k) {
  switch (k) {
    case MoveTextErrorKind::Unparsable: return "unparsable-move";
    case MoveTextErrorKind::NoSuchPiece: return "no-such-piece";
    case MoveTextErrorKind::Ambiguous: return "ambiguous-move";
    case MoveTextErrorKind::Illegal: return "illegal-move";
    case MoveTextErrorKind::WrongSide: return "wrong-side";
  }
  return "?";
}

namespace {

struct DialectName {
  std::string_view code, description;
};

constexpr DialectName kDialects[] = {
    {"plain-file-on-shared-file", "the file number where 前/后 is canonical (only one of the pieces on that file could move)"},
    {"traditional-glyphs", "traditional characters (車 馬 帥 將 進 後 ...)"},
    {"variant-glyph", "a variant glyph (包 for the cannon)"},
    {"other-side-glyph", "a piece glyph of the other side (卒 for a Red pawn, 士 for a Red advisor ...)"},
    {"ascii-digits", "ASCII digits"},
    {"full-width-digits-for-red", "full-width digits in a Red move (Red is written with 一..九)"},
    {"chinese-digits-for-black", "Chinese numerals in a Black move (Black is written with １..９)"},
    {"financial-numerals", "financial numerals (壹 贰 叁 ...)"},
    {"old-direction-glyph", "上/下 for 进/退"},
    {"short-form", "the rule 7.5 score-sheet short form (前马4): direction left out"},
    {"old-multi-pawn", "the traditional multi-pawn form (前兵九平八, 前/后 for four or five pawns)"},
    {"piece-omitted", "the piece left out (前九平八)"},
    {"unneeded-mark", "前/后 where the file number is canonical"},
    {"wxf-official-multi-pawn", "the WXF official multi-pawn form (P3 for a middle pawn, ++, --, 3+.4)"},
    {"wxf-xqbase-multi-pawn", "the xqbase multi-pawn form (P. for a middle pawn, Pa..Pe)"},
    {"wxf-prefix-mark", "the front/rear sign before the letter (+C-2)"},
    {"wxf-no-direction", "no direction sign (C25 for C2.5)"},
    {"wxf-equals-sign", "= for a sideways move"},
    {"wxf-alternate-letters", "lower-case or alternative piece letters (G, M)"},
    {"full-width-text", "full-width letters, digits or signs"},
    {"iccs-dash", "ICCS with a dash (H2-E2)"},
    {"notation-not-as-hinted", "the move is in another notation than the record declares"},
};
static_assert(std::size(kDialects) == std::size_t(Dialect::Count));

}  // namespace

std::string_view dialect_code(Dialect d) {
  return unsigned(d) < unsigned(Dialect::Count) ? kDialects[unsigned(d)].code : "?";
}
std::string_view dialect_description(Dialect d) {
  return unsigned(d) < unsigned(Dialect::Count) ? kDialects[unsigned(d)].description : "?";
}

}  // namespace xq::notation
