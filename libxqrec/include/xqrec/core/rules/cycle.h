// Finding a repetition in a line of play.
//
// A position counts again when the board and the side to move are the same
// (Zobrist key). A capture makes the earlier positions unreachable, so counting
// restarts after each capture (this is also 23.2: a capture as the first move
// of a cycle is not part of it). The threshold is configurable: 3 means the
// third occurrence of a position (循环反复达三次, CXA 23.1).
#pragma once

#include <cstddef>
#include <cstdint>
#include <array>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "xqrec/core/chunked_vector.h"
#include "xqrec/core/position.h"

namespace xq::rules {

struct Repetition {
  // Plies are numbered from 1: ply k is moves[k-1]; ply 0 is the start position.
  int first_ply = 0;    // first move of the last cycle (the move after the previous occurrence)
  int last_ply = 0;     // the move that reached the threshold
  int occurrences = 0;  // how many times the position has occurred (= threshold)
  std::uint64_t key = 0;
  // The move after the first of the `threshold` occurrences: the whole
  // repetition is plies span_first_ply..last_ply.
  int span_first_ply = 0;
};

// Incremental repetition counter: push the key of every position (start
// position first) with whether the move leading to it was a capture. Keys
// since the last capture are kept; a short run (most games capture every
// few moves) is scanned for equal keys behind a one-hash filter, and a run
// longer than kIndexFrom plies gets a hash index (key -> its last ply and
// its count), so that a game of a million plies without a capture costs
// linear time, not the quadratic rescans of an always-full filter.
//
// Memory: 8 bytes a ply since the last capture (the key); in a run of over
// kIndexFrom plies, the index's 4 bytes a slot, at least 4/3 slots a
// distinct position (its size grows by halves and thirds, not doubling,
// so that a count just past a power of two does not take twice the
// slots). A slot holds the position's count beside its last ply, so that
// a position seen again costs nothing more; the plies of the threshold's
// span are found by a scan back when it is reached (once: the audit and
// adjudicate_line stop there). At the move bound, 2^20 plies without a
// capture hold at most 14 MiB whatever they repeat (memory_bytes()): 2^20
// distinct positions; 11 MiB for each position twice (it held 20 MiB
// with a 12-byte link for each ply that repeats a position), 8 MiB for
// four positions each 2^18 times (26 MiB with the links).
class RepetitionCounter {
 public:
  explicit RepetitionCounter(int threshold = 3) : threshold_(threshold < 2 ? 2 : threshold) {
    keys_.reserve(128);  // one allocation for most games
  }
  // As a new counter, in the storage of this one (the audit counts game
  // after game); the storage of a long run is freed.
  void reset(int threshold);
  // Returns the repetition when this position reaches the threshold (and
  // at each later occurrence of a position that has reached it).
  // Inline up to the filter test, which most plies of a game stop at: the
  // audit pushes every ply.
  std::optional<Repetition> push(std::uint64_t key, bool after_capture) {
    ++ply_;
    if (after_capture) restart();
    keys_.push_back(key);
    if (indexed_ || keys_.size() > kIndexFrom) return push_indexed(key);
    const unsigned bit = unsigned(key >> 54);  // 10 bits: 1024 in seen_
    std::uint64_t& word = seen_[bit >> 6];
    const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
    const bool maybe_seen = (word & mask) != 0;
    word |= mask;
    if (!maybe_seen) return std::nullopt;
    return count(key);
  }

  static constexpr std::size_t kIndexFrom = 256;
  // A slot's low bits hold 1 + the ply (index in keys_), its high bits the
  // count less one, up to a mark that sends larger counts to a map: 24 and
  // 8 bits for a run shorter than 2^24 - 1 plies (the game's move bound is
  // 2^20), 31 and 1 past that.
  static constexpr int kNarrowPlyBits = 24, kWidePlyBits = 31;

  // The bytes the counter holds (capacities; the map of large counts by
  // its nodes and buckets), for its memory bound's test.
  std::size_t memory_bytes() const {
    return keys_.capacity() * sizeof(std::uint64_t) + slots_.capacity() * sizeof(std::uint32_t) +
           large_counts_.size() * 32 + large_counts_.bucket_count() * sizeof(void*);
  }

 private:
  void restart();
  // Counts the earlier occurrences of `key` (the last one pushed).
  std::optional<Repetition> count(std::uint64_t key) const;
  // The indexed path: builds the index on first use, then adds `key`.
  std::optional<Repetition> push_indexed(std::uint64_t key);

  struct Occurrence {
    int count;     // occurrences of the key since the last capture, this one included
    int previous;  // index in keys_ of the one before, or -1
  };
  // Adds keys_[i] to the index: its count and the occurrence before it.
  Occurrence index_key(std::size_t i);
  std::uint32_t ply_mask() const { return (std::uint32_t{1} << ply_bits_) - 1; }
  // The count field's mark: the count is in large_counts_.
  std::uint32_t count_mark() const { return (std::uint32_t{1} << (32 - ply_bits_)) - 1; }
  std::size_t ply_of(std::uint32_t slot) const { return std::size_t((slot & ply_mask()) - 1); }
  // Table sizes: 1024, 1536, 2048, 3072 ... (halves and thirds).
  static std::size_t next_size(std::size_t size) {
    return size == 0 ? 1024 : (size & (size - 1)) == 0 ? size / 2 * 3 : size / 3 * 4;
  }
  // A 32-bit hash to a slot of a table of `size` (multiply, not mask: any size).
  static std::size_t home(std::uint32_t hash, std::size_t size) {
    return std::size_t((std::uint64_t(hash) * size) >> 32);
  }
  // Moves the live slots to a table of `size` slots.
  void rehash(std::size_t size);
  // Past 2^24 - 2 plies: slots of 31 ply bits (larger counts to the map).
  void widen();

  int threshold_;
  int ply_ = -1;
  // In chunks that never move: a run of a million plies neither copies
  // its keys as it grows nor holds room for twice as many.
  ChunkedVector<std::uint64_t> keys_;  // keys since the last capture
  int base_ply_ = 0;                 // ply of keys_[0]
  // A one-hash Bloom filter of keys_: a key whose bit was clear has not
  // occurred before, so most plies skip the scan.
  std::array<std::uint64_t, 16> seen_{};
  // The index of a long run: open addressing, at most three quarters
  // full; slots_[s] is 0 (empty) or a key's latest ply and count (see
  // kNarrowPlyBits). A capture empties it; the next long run starts it
  // small again.
  bool indexed_ = false;
  int ply_bits_ = kNarrowPlyBits;
  std::vector<std::uint32_t> slots_;
  std::size_t used_ = 0;
  // The counts at or past the slots' mark, by key: a few positions at most
  // (256 or more occurrences each in a run of at most 2^24 plies; past
  // that, when the slot keeps one bit of count, every repeated position).
  std::unordered_map<std::uint64_t, std::uint32_t> large_counts_;
};

// The first ply to judge. The whole repetition counts: CXA 23.1 "双方着法
// 循环反复达三次", 24.9/24.11 "连续…形成循环达三次" (2020), and the AXF engines
// (FSF's is_game_end, Orange's judge_ntimes) judge from the first occurrence:
// a side that chases one piece in one round and another in the next has not
// chased one piece throughout (AXF diagram 80, ORG-117). When the span is the
// last cycle played again, the last cycle alone has the same classes and
// verdict, and it is what is judged and shown: r.first_ply. Otherwise
// r.span_first_ply. `moves` is the line the plies number.
int judged_first_ply(const Repetition& r, std::span<const Move> moves);

// The first position of the line that reaches the threshold, or nothing.
// The moves must be legal (see adjudicate_line for unchecked input).
std::optional<Repetition> find_repetition(const Position& start, std::span<const Move> moves, int threshold = 3);

}  // namespace xq::rules
