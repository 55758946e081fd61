// The games' keys, and the groups of copies found among them.
//
// Pass 1 adds one entry per game, in reading order. Games with the same
// canonical line (chain value and length) are one class: identical or
// mirrored copies. A class of at least `min_plies` plies may be the opening
// of a longer class; both then share the chain value at `min_plies`
// (LineKey::prefix), so only classes in a prefix bucket that also holds a
// shorter class can embed one: embedding_candidates() names one game of
// each (its representative), the caller replays just those again and
// reports every ply's chain value (prefix_seen), which is looked up among
// the classes' keys. No per-ply data is ever stored.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "xqrec/duplicates/game_score.h"
#include "xqrec/duplicates/line_key.h"

namespace xq::duplicates {

// One game: about 48 bytes.
struct GameEntry {
  LineKey key;
  GameScore score;
  std::uint32_t file = 0;   // index in the caller's (sorted) file list
  std::uint32_t game = 0;   // 1-based within the file
  std::uint32_t main_line = 0;  // plies of the record's main line, when it does not replay to its end
  formats::Code stop_code{};    // why, then
  bool stopped = false;         // the main line does not replay to its end
};

enum class Relation : std::uint8_t { Kept, Identical, Mirrored, Embedded, MirroredEmbedded };
std::string_view relation_name(Relation r);  // "kept", "identical", "mirrored", "embedded", "mirrored+embedded"

struct GroupMember {
  std::uint32_t entry;  // index into entries()
  Relation relation;
};

// The kept game first, then the others in reading order.
struct Group {
  std::vector<GroupMember> members;
};

class DuplicateIndex {
 public:
  explicit DuplicateIndex(std::uint32_t min_plies) : min_plies_(min_plies) {}

  std::uint32_t min_plies() const { return min_plies_; }
  // Pass 1, in reading order.
  void add(const GameEntry& e) { entries_.push_back(e); }
  const std::vector<GameEntry>& entries() const { return entries_; }

  // After pass 1: the entries to replay again (sorted, so in reading order).
  std::vector<std::uint32_t> embedding_candidates();
  // Pass 2: the candidate `entry` has chain value `hash` at ply `ply`.
  void prefix_seen(std::uint32_t entry, std::uint32_t ply, std::uint64_t hash);

  // The groups, in the reading order of their kept games. A class that opens
  // several longer ones joins the group of the longest of them (then of the
  // one whose kept game scores higher, then comes first in reading order):
  // groups are never merged, so keeping one game a group loses no distinct
  // game.
  std::vector<Group> groups() const;

 private:
  std::uint32_t class_of_key(std::uint64_t line, std::uint32_t plies) const;  // kNone when no class
  bool better_kept(std::uint32_t a, std::uint32_t b) const;                 // entry a kept before entry b
  bool better_target(std::uint32_t a, std::uint32_t b) const;               // class a before class b

  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::uint32_t min_plies_;
  std::vector<GameEntry> entries_;
  // Built by embedding_candidates: entries sorted by (line, plies, reading
  // order), the classes as runs of that order, and each entry's class.
  std::vector<std::uint32_t> order_;
  std::vector<std::uint32_t> class_start_;  // index into order_ of each class's first entry; one past the end last
  std::vector<std::uint32_t> class_of_;     // per entry
  std::vector<std::uint32_t> kept_;         // per class: its best entry
  std::unordered_map<std::uint32_t, std::uint32_t> target_;  // class -> the longer class it joins
};

}  // namespace xq::duplicates
