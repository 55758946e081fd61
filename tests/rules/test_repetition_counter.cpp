// The repetition counter against a plain recount, in its scanned and its
// indexed (long run without a capture) modes alike.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <vector>

#include "xqrec/core/rules/cycle.h"

using namespace xq::rules;

namespace {

// What push() must answer, counted from scratch.
std::optional<Repetition> recount(const std::vector<std::uint64_t>& keys, int base, int ply, int threshold) {
  const std::uint64_t key = keys.back();
  int n = 0, previous = -1, first = -1;
  for (int i = int(keys.size()) - 1; i >= 0; --i) {
    if (keys[std::size_t(i)] != key) continue;
    ++n;
    if (n == 2) previous = base + i;
    if (n == threshold) first = base + i;
  }
  if (n < threshold) return std::nullopt;
  return Repetition{previous + 1, ply, n, key, first + 1};
}

void compare(std::size_t plies, int alphabet, double capture_rate, int threshold, unsigned seed) {
  std::mt19937_64 rng(seed);
  RepetitionCounter counter(threshold);
  std::vector<std::uint64_t> keys;
  int base = 0;
  for (int ply = 0; ply < int(plies); ++ply) {
    // Keys from a small alphabet, with the side to move in the low bit as
    // a Zobrist key has it; now and then a capture.
    const std::uint64_t key = (rng() % std::uint64_t(alphabet)) * 0x9E3779B97F4A7C15ull * 2 + std::uint64_t(ply & 1);
    const bool capture = ply > 0 && std::uniform_real_distribution<>(0, 1)(rng) < capture_rate;
    if (capture) keys.clear(), base = ply;
    keys.push_back(key);
    const auto got = counter.push(key, capture);
    const auto want = recount(keys, base, ply, threshold);
    REQUIRE(got.has_value() == want.has_value());
    if (got) {
      CHECK(got->first_ply == want->first_ply);
      CHECK(got->span_first_ply == want->span_first_ply);
      CHECK(got->last_ply == want->last_ply);
      CHECK(got->occurrences == want->occurrences);
    }
  }
}

}  // namespace

TEST_CASE("repetition counter: short runs, scanned", "[rules][repetition-counter]") {
  for (unsigned seed = 1; seed <= 20; ++seed) compare(2000, 40, 0.05, 3, seed);
}

TEST_CASE("repetition counter: long runs without a capture, indexed", "[rules][repetition-counter]") {
  compare(5000, 300, 0.0, 3, 7);
  compare(5000, 3000, 0.0, 2, 8);
  compare(5000, 1500, 0.0, 5, 9);
  compare(20000, 2000, 0.001, 3, 10);  // runs that cross kIndexFrom, then restart
}

TEST_CASE("repetition counter: a million plies without a capture cost linear time", "[.][slow][repetition-counter]") {
  // Distinct keys (the worst case for the old scan: its filter full, every
  // ply a rescan). Linear: 25 times the plies cost about 25 times the time
  // (up to 75 with the larger table out of cache); the old quadratic rescans
  // cost about 625 times (436 s for the million plies). The bound sits
  // between the two, with room for a loaded machine (75 times and 0.05 s
  // failed under a load average of 12).
  auto run = [](std::size_t plies) {
    const auto t0 = std::chrono::steady_clock::now();
    RepetitionCounter counter(3);
    std::size_t found = 0;
    for (std::size_t i = 0; i < plies; ++i) found += counter.push((i + 1) * 0x9E3779B97F4A7C15ull, false).has_value();
    CHECK(found == 0);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  // The best of three each: a loaded machine (CI beside other work) slows
  // single runs, rarely all three.
  auto best = [&](std::size_t plies) { return std::min({run(plies), run(plies), run(plies)}); };
  run(40000);  // warm up
  const double small = best(40000), big = best(1000000);
  INFO("40k plies: " << small << " s, 1M plies: " << big << " s");
  CHECK(big <= 200 * small + 0.5);
}

TEST_CASE("repetition counter: a run of 2^20 distinct positions within its memory bound", "[rules][repetition-counter]") {
  // The worst case at the move bound: no capture, no position twice, so
  // every ply is kept and indexed. 8 bytes a key and an index of 4-byte
  // slots grown by halves and thirds (2^20 + 1 keys fit 1,572,864 slots
  // three quarters full, not 2^21), no link: 14 MiB and a little (28 MiB
  // with 8-byte slots, a power of two of them, and a link a ply; it was
  // 120 MiB with 24-byte slots, 2^22 of them, and vectors grown to twice
  // the plies).
  RepetitionCounter counter(3);
  std::size_t found = 0, most = 0;
  for (std::size_t i = 0; i <= std::size_t(1) << 20; ++i) {
    found += counter.push((i + 1) * 0x9E3779B97F4A7C15ull, false).has_value();
    most = std::max(most, counter.memory_bytes());
  }
  CHECK(found == 0);
  INFO("held " << most << " bytes");
  CHECK(most <= (std::size_t(14) << 20) + (std::size_t(1) << 20) / 8);
  // A capture empties it; the index's storage is kept for the next long run.
  CHECK_FALSE(counter.push(1, true).has_value());
  CHECK(counter.memory_bytes() <= (std::size_t(6) << 20) + (std::size_t(1) << 20) / 8);
}

TEST_CASE("repetition counter: a long round of distinct positions played again, links across the index's growth",
          "[rules][repetition-counter]") {
  // Every position of a round of 3000 twice, then a third time: the links
  // of the second round (each ply to the one a round before) give the
  // third round's counts and spans, the link table grown as they come.
  RepetitionCounter counter(3);
  const int round = 3000;
  for (int lap = 0; lap < 3; ++lap)
    for (int i = 0; i < round; ++i) {
      const int ply = lap * round + i;
      const auto got = counter.push(std::uint64_t(i + 1) * 0x9E3779B97F4A7C15ull, false);
      if (lap < 2) {
        REQUIRE_FALSE(got.has_value());
        continue;
      }
      REQUIRE(got.has_value());
      CHECK(got->occurrences == 3);
      CHECK(got->last_ply == ply);
      CHECK(got->first_ply == ply - round + 1);
      CHECK(got->span_first_ply == ply - 2 * round + 1);
    }
  // A fourth round counts on from the third (the threshold's span moves on).
  const auto fourth = counter.push(0x9E3779B97F4A7C15ull, false);
  REQUIRE(fourth.has_value());
  CHECK(fourth->occurrences == 4);
  CHECK(fourth->span_first_ply == 3 * round - 2 * round + 1);
}

TEST_CASE("repetition counter: counts past the slots' mark (255) kept in the map", "[rules][repetition-counter]") {
  // Ten positions about 500 times each: their counts pass the 8 bits a
  // slot holds, and the threshold is reached past them.
  compare(5000, 10, 0.0, 300, 11);
  compare(6000, 4, 0.0, 700, 12);
  compare(3000, 2, 0.0, 256, 13);
}

namespace {

// The most memory_bytes() held over the pushes of `key(i)` for plies
// 0..plies-1, none a capture, and how many repetitions were found.
template <class Key>
std::pair<std::size_t, std::size_t> held(int threshold, std::size_t plies, Key key) {
  RepetitionCounter counter(threshold);
  std::size_t found = 0, most = 0;
  for (std::size_t i = 0; i < plies; ++i) {
    found += counter.push(key(i), false).has_value();
    most = std::max(most, counter.memory_bytes());
  }
  return {most, found};
}

}  // namespace

TEST_CASE("repetition counter: positions recurring below the threshold within its memory bound",
          "[rules][repetition-counter]") {
  const std::size_t bound = std::size_t(1) << 20;
  // Each position twice (rounds of four played twice, eight plies a round,
  // a key's two plies of the same parity): 2^19 distinct positions. The
  // keys' 8 MiB and 786,432 slots (3 MiB); it held 20 MiB with a 12-byte
  // link for each ply that repeats a position.
  const auto twice = held(3, bound, [](std::size_t i) {
    return (i / 8 * 4 + i % 4 + 1) * 0x9E3779B97F4A7C15ull;
  });
  CHECK(twice.second == 0);
  INFO("each twice: held " << twice.first << " bytes");
  CHECK(twice.first <= (std::size_t(11) << 20) + (std::size_t(1) << 20) / 8);
  // Four positions, each 2^18 times, below a threshold of a million (the
  // shuffle game at --threshold 1000000): the keys and a small index; 26
  // MiB with the links.
  const auto four = held(1000000, bound, [](std::size_t i) { return (i % 4 + 1) * 0x9E3779B97F4A7C15ull; });
  CHECK(four.second == 0);
  INFO("four positions: held " << four.first << " bytes");
  CHECK(four.first <= (std::size_t(8) << 20) + (std::size_t(1) << 20) / 8);
}

TEST_CASE("repetition counter: a run past 2^24 plies widens its slots", "[.][slow][repetition-counter]") {
  // Slots hold the ply in 24 bits up to 2^24 - 2 plies, then in 31: the
  // counts held before carry over, those in the map (past 255) and those
  // in the slots alike. Fillers: keys of a set of 2^20, each every 2^20
  // plies (16 times); among them, a recurring key every 16 plies (one of
  // 300, each every 4,800 plies: 3,495 times before the widening) or one
  // key every 2^17 plies (128 times before it). Each counter stops at its
  // first repetition, which comes after the widening.
  const std::uint64_t one_key = 0x5555555555555554ull;
  auto key = [&](std::size_t i, bool many) -> std::uint64_t {
    if (many && i % 16 == 0) return ((i / 16) % 300 + 1) * 0x9E3779B97F4A7C15ull * 2;
    if (!many && i % 131072 == 8) return one_key;
    return ((i % (std::size_t(1) << 20)) + 1000) * 0xD6E8FEB86659FD93ull * 2 + 1;
  };
  auto first_repetition = [&](int threshold, bool many) {
    RepetitionCounter counter(threshold);
    for (std::size_t i = 0; i < (std::size_t(1) << 25); ++i)
      if (const auto r = counter.push(key(i, many), false)) return *r;
    return Repetition{};
  };
  // The 3,500th occurrence of the first of the 300: ply 16 * 300 * 3499.
  const Repetition many = first_repetition(3500, true);
  CHECK(many.last_ply == 16 * 300 * 3499);
  CHECK(many.occurrences == 3500);
  CHECK(many.key == 0x9E3779B97F4A7C15ull * 2);
  CHECK(many.first_ply == many.last_ply - 4800 + 1);
  CHECK(many.span_first_ply == 1);
  // The 129th occurrence of the one key: ply 8 + 128 * 2^17.
  const Repetition one = first_repetition(129, false);
  CHECK(one.last_ply == 8 + 128 * 131072);
  CHECK(one.occurrences == 129);
  CHECK(one.key == one_key);
  CHECK(one.first_ply == one.last_ply - 131072 + 1);
  CHECK(one.span_first_ply == 9);
}
