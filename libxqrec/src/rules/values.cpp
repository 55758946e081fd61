#include "xqrec/core/rules/values.h"

namespace xq::rules {

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
