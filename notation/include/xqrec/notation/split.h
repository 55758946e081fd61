// Splitting a run of move text into tokens: moves glued to each other or to
// their numbers, as real files write them ("1. 帅六退一将５平６2. 兵四平五",
// "炮二平五马８进７", "Ｃ２＝５Ｈ８＋７", "1. h2e2 h7e7").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "xqrec/notation/notation.h"

namespace xq::notation {

enum class TokenKind : std::uint8_t {
  Move,        // one move, in `notation`
  MoveNumber,  // "12." "12、" "12..." "１２．"
  Ellipsis,    // "…" "……" "..." "．．．" (Black's move follows)
  Other,       // anything else, up to the next white space
};

struct TextToken {
  TokenKind kind = TokenKind::Other;
  Notation notation = Notation::Auto;  // for moves: Chinese, Wxf or Iccs
  std::string_view text;               // a view into the input
  std::size_t byte_offset = 0;         // 0-based, in the input
  std::size_t column = 0;              // 1-based, in characters of the input
};

// Tokens in order; white space separates tokens and is dropped. `hint`
// decides between notations when a token could be read in more than one
// (Auto: Chinese, then ICCS, then WXF). Comments, results and variations are
// the caller's business: pass only movetext.
std::vector<TextToken> split_move_text(std::string_view text, Notation hint = Notation::Auto);

}  // namespace xq::notation
