#include "xqrec/core/types.h"

namespace xq {

std::string_view color_name(Color c) { return c == Color::Red ? "red" : "black"; }

std::string_view piece_type_name(PieceType t) {
  switch (t) {
    case PieceType::King: return "king";
    case PieceType::Advisor: return "advisor";
    case PieceType::Elephant: return "elephant";
    case PieceType::Horse: return "horse";
    case PieceType::Rook: return "rook";
    case PieceType::Cannon: return "cannon";
    case PieceType::Pawn: return "pawn";
    case PieceType::None: break;
  }
  return "none";
}

char Piece::fen_char() const {
  constexpr char kLetters[] = " KABNRCP";
  const char c = kLetters[unsigned(type())];
  return color() == Color::Black && c != ' ' ? char(c - 'A' + 'a') : c;
}

std::string Square::name() const {
  if (!valid()) return "--";
  return std::string{char('a' + file()), char('0' + rank())};
}

}  // namespace xq
