// For the audit: when a move text fails, the legal moves a scorer commonly
// meant. Reported, never applied.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "xqrec/notation/notation.h"
#include "xqrec/core/position.h"

namespace xq::notation {

struct Suggestion {
  Move move;
  std::string_view code;    // stable: "direction-swapped", "front-rear-swapped",
                            // "mirrored-file", "other-side-digits", "other-piece",
                            // "squares-swapped" (ICCS)
  std::string description;  // one line: "read 退 as 进: 马二进三"
};

// The legal readings of `text` under each common slip, each move at most
// once, in the order of the list above. Empty when the text does not parse.
std::vector<Suggestion> suggest_readings(const Position& pos, std::string_view text,
                                         Notation hint = Notation::Auto);

}  // namespace xq::notation
