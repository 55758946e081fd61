#include "xqrec/core/rules/values.h"

namespace xq::rules {

bool is_material(Piece p, Square s) {
  if (p.empty() || p.type() == PieceType::King) return false;
  if (p.type() == PieceType::Pawn) return !on_own_side(p.color(), s);
  return true;
}

int piece_value(Piece p, Square s, int crossed_pawn) {
  switch (p.type()) {
    case PieceType::King: return kKingValue;
    case PieceType::Rook: return 4;
    case PieceType::Horse:
    case PieceType::Cannon: return 2;
    case PieceType::Advisor:
    case PieceType::Elephant: return 1;
    case PieceType::Pawn: return on_own_side(p.color(), s) ? 0 : crossed_pawn;
    case PieceType::None: return 0;
  }
  return 0;
}

std::string_view piece_name_zh(Piece p) {
  const bool red = p.color() == Color::Red;
  switch (p.type()) {
    case PieceType::King: return red ? "帅" : "将";
    case PieceType::Advisor: return red ? "仕" : "士";
    case PieceType::Elephant: return red ? "相" : "象";
    case PieceType::Horse: return "马";
    case PieceType::Rook: return "车";
    case PieceType::Cannon: return "炮";
    case PieceType::Pawn: return red ? "兵" : "卒";
    case PieceType::None: return "";
  }
  return "";
}

}  // namespace xq::rules
