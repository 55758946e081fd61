// What `duplicates` keeps of a game's main line: a few 64-bit hashes of the
// line in its canonical orientation (a game and its mirror hash alike), its
// length, and how it was read. Tens of bytes a game, whatever its length.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "xqrec/formats/issue.h"
#include "xqrec/core/game.h"
#include "xqrec/core/types.h"

namespace xq::duplicates {

// The hash of a main line is a chain: the start position's key, then one
// step per ply. Two lines that agree on their first n plies have the same
// chain value at n, which is how a prefix is recognised.
std::uint64_t chain_step(std::uint64_t hash, Move move);

// The canonical orientation of a line: as played, or mirrored. Of a line and
// its mirror the canonical one is decided by the start position when that
// is not symmetric (the smaller key), else by the first move that is not its
// own mirror (the smaller move code). A line of moves that are all their own
// mirror from a symmetric start is undecided (`oriented` false): it is its
// own mirror.
struct LineKey {
  std::uint64_t line = 0;    // the chain at the last ply compared
  std::uint64_t prefix = 0;  // the chain at ply `min_plies` (0 when shorter)
  std::uint32_t plies = 0;   // plies compared: the main line, or as far as it replays
  bool mirrored = false;     // canonical = the mirror of the line as played
  bool oriented = false;     // the orientation is decided (see above)
};

// Why the main line stops replaying before its end.
struct ReplayStop {
  std::uint32_t main_line = 0;  // the plies the record holds on its main line
  formats::Code code{};         // the resolver's code for ply plies+1
  std::string message;
};

struct KeyedLine {
  std::optional<LineKey> key;       // none: no start position to replay from
  std::optional<ReplayStop> stop;   // set when the line does not replay to its end
  std::string start_error;          // why there is no start position (key none)
};

// Replays the main line (variations off) and keys it.
KeyedLine key_line(const GameRecord& record, std::uint32_t min_plies);

// Whether the line takes part in the comparison: it has a start position,
// and at least its first ply replays (records whose first move fails are
// not copies of each other).
inline bool compared(const KeyedLine& k) { return k.key && !(k.stop && k.key->plies == 0); }

// Replays the main line again in the orientation `key_line` chose and calls
// on_ply(k, chain at k) for every ply k from `from` on; returns the key
// found (to check the record is the one keyed before).
std::optional<LineKey> walk_chain(const GameRecord& record, std::uint32_t min_plies, bool mirrored,
                                  std::uint32_t from,
                                  const std::function<void(std::uint32_t, std::uint64_t)>& on_ply);

}  // namespace xq::duplicates
