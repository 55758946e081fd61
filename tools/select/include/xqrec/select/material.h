// A material signature: how many of each piece type (kings aside) each side
// has, as --material gives it: "RHC-RAABB" is Red rook, horse and cannon
// against Black rook, two advisors and two elephants, and nothing else on
// the board but the kings.
//
// Syntax: RED-BLACK, each a run of piece letters in any order and either
// case: R rook, H or N horse, C cannon, A advisor, B or E elephant, P pawn,
// K king (optional: both sides always have theirs). The Chinese glyphs
// 车車 马馬 炮砲包 士仕 象相 兵卒 帅帥将將 may stand for the letters. An empty
// side has its king only: "R-" is a rook against a bare king.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "xqrec/core/position.h"
#include "xqrec/core/result.h"

namespace xq::select {

struct Material {
  // [colour][piece type], kings not counted.
  std::array<std::array<std::uint8_t, kPieceTypeCount>, 2> count{};
  friend bool operator==(const Material&, const Material&) = default;
};

Result<Material, std::string> parse_material(std::string_view spec);
Material material_of(const Position& pos);
std::string material_to_string(const Material& m);  // "RHC-RAABB": R H C A B P order
// The material as one number (4 bits a count, Red's types then Black's):
// equal materials, equal codes; what the index stores.
std::uint64_t material_code(const Material& m);

}  // namespace xq::select
