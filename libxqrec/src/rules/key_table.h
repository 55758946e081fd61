// Internal to the searches of series of checks (mate_search.h, and the
// 将军得子 search's stores: ordered_moves.h, window_memo.h): a table from
// position keys to small values, open addressing in one array whose first
// slots lie in the object itself.
// Each mate question (one MateByChecks, on the stack) meets a few dozen
// positions at the old depth and some thousands when it deepens; a node
// allocated per position, as std::unordered_map does, cost more than the
// stores spared at the old depth.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace xq::rules::detail {

template <class Value>
class KeyTable {
 public:
  KeyTable() = default;
  KeyTable(const KeyTable&) = delete;  // slots_ may point into the object
  KeyTable& operator=(const KeyTable&) = delete;

  // The value of `key`, or nullptr. Valid until the next insertion.
  const Value* find(std::uint64_t key) const {
    if (key == 0) return has_zero_ ? &zero_ : nullptr;
    for (std::size_t i = slot(key);; i = (i + 1) & (capacity_ - 1)) {
      if (slots_[i].key == key) return &slots_[i].value;
      if (slots_[i].key == 0) return nullptr;
    }
  }
  Value* find(std::uint64_t key) { return const_cast<Value*>(std::as_const(*this).find(key)); }

  // The value of `key`, added as Value{} if absent, and whether it was
  // added. Valid until the next insertion.
  std::pair<Value*, bool> try_emplace(std::uint64_t key) {
    if (key == 0) {  // 0 marks an empty slot: that key is kept aside
      const bool added = !has_zero_;
      has_zero_ = true;
      return {&zero_, added};
    }
    if (2 * (size_ + 1) > capacity_) grow();
    for (std::size_t i = slot(key);; i = (i + 1) & (capacity_ - 1)) {
      if (slots_[i].key == key) return {&slots_[i].value, false};
      if (slots_[i].key == 0) {
        slots_[i].key = key;
        slots_[i].value = Value{};
        ++size_;
        return {&slots_[i].value, true};
      }
    }
  }

  Value& operator[](std::uint64_t key) { return *try_emplace(key).first; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    Value value{};
  };
  static constexpr std::size_t kInline = 32;
  static_assert(std::has_single_bit(kInline));

  // Zobrist keys are uniform: their high bits index the slots.
  std::size_t slot(std::uint64_t key) const { return std::size_t(key >> shift_); }

  void grow() {
    std::vector<Slot> old(slots_, slots_ + capacity_);
    heap_.assign(capacity_ * 2, Slot{});
    slots_ = heap_.data();
    capacity_ *= 2;
    --shift_;
    size_ = 0;
    for (const Slot& s : old)
      if (s.key != 0) *try_emplace(s.key).first = s.value;
  }

  std::array<Slot, kInline> inline_{};
  std::vector<Slot> heap_;
  Slot* slots_ = inline_.data();
  std::size_t capacity_ = kInline;
  int shift_ = 64 - std::countr_zero(kInline);
  std::size_t size_ = 0;
  bool has_zero_ = false;
  Value zero_{};
};

}  // namespace xq::rules::detail
