#include "xqrec/select/material.h"

#include <unicode/utf8.h>

namespace xq::select {

namespace {

PieceType letter_type(char32_t c) {
  switch (c) {
    case 'R': case 'r': case U'车': case U'車': return PieceType::Rook;
    case 'H': case 'h': case 'N': case 'n': case U'马': case U'馬': return PieceType::Horse;
    case 'C': case 'c': case U'炮': case U'砲': case U'包': return PieceType::Cannon;
    case 'A': case 'a': case U'士': case U'仕': return PieceType::Advisor;
    case 'B': case 'b': case 'E': case 'e': case U'象': case U'相': return PieceType::Elephant;
    case 'P': case 'p': case U'兵': case U'卒': return PieceType::Pawn;
    case 'K': case 'k': case U'帅': case U'帥': case U'将': case U'將': return PieceType::King;
    default: return PieceType::None;
  }
}

// The most of each type a side starts with.
constexpr std::array<int, kPieceTypeCount> kMost{0, 1, 2, 2, 2, 2, 2, 5};

}  // namespace

Result<Material, std::string> parse_material(std::string_view spec) {
  Material m;
  const auto dash = spec.find('-');
  if (dash == std::string_view::npos || spec.find('-', dash + 1) != std::string_view::npos)
    return fail("bad material '" + std::string(spec) + "': give RED-BLACK, e.g. RHC-RAABB (one '-')");
  for (int side = 0; side < 2; ++side) {
    const std::string_view part = side == 0 ? spec.substr(0, dash) : spec.substr(dash + 1);
    int kings = 0;
    for (int32_t i = 0; i < int32_t(part.size());) {
      UChar32 c;
      U8_NEXT(part.data(), i, int32_t(part.size()), c);
      const PieceType t = c < 0 ? PieceType::None : letter_type(char32_t(c));
      if (t == PieceType::None)
        return fail("bad material '" + std::string(spec) +
                    "': a piece is one of R H/N C A B/E P K (or its Chinese glyph)");
      if (t == PieceType::King) {
        if (++kings > 1) return fail("bad material '" + std::string(spec) + "': a side has one king");
        continue;
      }
      auto& n = m.count[std::size_t(side)][std::size_t(t)];
      if (++n > kMost[std::size_t(t)])
        return fail("bad material '" + std::string(spec) + "': more " + std::string(piece_type_name(t)) +
                    "s than a side has");
    }
  }
  return m;
}

Material material_of(const Position& pos) {
  Material m;
  for (int i = 0; i < kSquares; ++i) {
    const Piece p = pos.at(Square(i));
    if (p && p.type() != PieceType::King) ++m.count[std::size_t(index(p.color()))][std::size_t(p.type())];
  }
  return m;
}

std::uint64_t material_code(const Material& m) {
  std::uint64_t code = 0;
  for (int side = 0; side < 2; ++side)
    for (int t = int(PieceType::Advisor); t < kPieceTypeCount; ++t)
      code = code << 4 | m.count[std::size_t(side)][std::size_t(t)];
  return code;
}

std::string material_to_string(const Material& m) {
  static constexpr std::pair<PieceType, char> kOrder[] = {{PieceType::Rook, 'R'},     {PieceType::Horse, 'H'},
                                                          {PieceType::Cannon, 'C'},   {PieceType::Advisor, 'A'},
                                                          {PieceType::Elephant, 'B'}, {PieceType::Pawn, 'P'}};
  std::string out;
  for (int side = 0; side < 2; ++side) {
    if (side) out += '-';
    for (auto [t, c] : kOrder) out.append(m.count[std::size_t(side)][std::size_t(t)], c);
  }
  return out;
}

}  // namespace xq::select
