// How rich a copy of a game is, to choose the one a group keeps: the
// longest main line, then the most variations and comments, then a
// result, then the players, then a date. Compared in that order; a tie
// goes to the first game in reading order (the caller's part).
#pragma once

#include <compare>
#include <cstdint>
#include <string>

#include "xqrec/core/game.h"

namespace xq::duplicates {

struct GameScore {
  std::uint32_t plies = 0;  // main-line plies compared (as far as it replays)
  std::uint32_t notes = 0;  // variation moves plus comments
  bool result = false;      // a result other than "*" is recorded
  bool players = false;     // a Red or Black player is named
  bool date = false;        // a Date tag

  friend auto operator<=>(const GameScore&, const GameScore&) = default;
};

GameScore score_game(const GameRecord& record, std::uint32_t plies);

// {"plies":84,"notes":3,"result":true,"players":true,"date":false}
std::string score_to_json(const GameScore& s);
// "84 plies, 3 notes, result, players, no date"
std::string score_to_text(const GameScore& s);

}  // namespace xq::duplicates
