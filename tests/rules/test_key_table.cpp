// The mate search's key table (key_table.h) answers as a std::unordered_map
// would: keys added, found and updated through its growth past the slots
// held in the object, key 0 (which marks an empty slot) included, and keys
// sharing their high bits (the slot index) probed past each other.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <unordered_map>

#include "key_table.h"

using xq::rules::detail::KeyTable;

TEST_CASE("key table: the same answers as a hash map", "[rules][check][mate]") {
  KeyTable<int> table;
  std::unordered_map<std::uint64_t, int> reference;
  std::mt19937_64 random(21);
  for (int i = 0; i < 20000; ++i) {
    // Random keys, 0, and keys equal in their high bits.
    const std::uint64_t key = i % 7 == 0 ? std::uint64_t(i % 5) : i % 3 == 0 ? (random() >> 40) : random();
    const auto [value, added] = table.try_emplace(key);
    const auto [it, ref_added] = reference.try_emplace(key, 0);
    INFO("key " << key);
    REQUIRE(added == ref_added);
    REQUIRE(*value == it->second);
    *value = it->second = i;
  }
  for (const auto& [key, value] : reference) {
    const int* found = table.find(key);
    REQUIRE(found != nullptr);
    CHECK(*found == value);
  }
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t key = random();
    CHECK((table.find(key) == nullptr) == (reference.find(key) == reference.end()));
  }
  CHECK(table.find(0) != nullptr);
  CHECK(table[0] == reference[0]);
}
