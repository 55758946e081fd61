// Writing Chinese notation (中式记谱). Reading: description.h (scan_chinese)
// and resolve.h (resolve_move).
//
// The default is the xqbase convention (中国象棋电脑应用规范, as ElephantEye
// and vschess write it): simplified glyphs 帅仕相马车炮兵 / 将士象马车炮卒,
// Red numbers in Chinese numerals 一..九, Black numbers in full-width digits
// １..９, 进/退/平. Same pieces on one file: with S = the mover's pieces of
// that type standing on a file that holds two or more of them, ordered by
// file from the mover's right and then front to back, a piece alone on its
// file (and every advisor and elephant) keeps its file number; otherwise
// 前/后 when |S| = 2, 前/中/后 when |S| = 3, else 一..五 (its place in S,
// always Chinese numerals).
#pragma once

#include <cstdint>
#include <string>

#include "xqrec/core/position.h"

namespace xq::notation {

enum class BlackDigits : std::uint8_t {
  FullWidth,  // １..９ (xqbase, default)
  Ascii,      // 1..9 (2020 rules text, many web sources)
};

enum class MultiPawnStyle : std::uint8_t {
  Xqbase,       // 一兵平五 .. 五兵 across all doubled files (default)
  Traditional,  // per file: 前/中/后 (four or five: 前 二 三 四 后); with two
                // doubled files the file is kept: 前兵九平八
};

struct ChineseStyle {
  bool traditional = false;  // 俥傌炮帥仕相兵 / 車馬砲將士象卒, 進 後
  BlackDigits black_digits = BlackDigits::FullWidth;
  MultiPawnStyle multi_pawn = MultiPawnStyle::Xqbase;
};

// The move in Chinese notation. `move` must be a legal move of `pos` (at
// least: a piece of the side to move on its from-square); otherwise "".
// Results are at most 15 bytes, so they never allocate.
std::string write_chinese(const Position& pos, Move move, const ChineseStyle& style = {});

}  // namespace xq::notation
