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

  // Four times larger at each step: a table that grows (a question that
  // deepens) most often keeps growing, and each step rehashes every entry
  // (twice larger: +1.3 % of the judged cycles' instructions at check depth
  // 4, eight times: +0.3 %; docs/speed-history.md, "Twenty-seventh session:
  // gain2"). So a table holds between an eighth and a half of its slots,
  // and no more than its question's budgets let it meet (no cap of its
  // own: 8,192 slots, 128 KB, the most on ../shared/corpus; 2 MB seen at
  // 100 times the default budgets). The old slots are read where they
  // are: the inline ones stay, the heap's buffer is taken over (not
  // copied) and each entry assigned into the new array.
  void grow() {
    std::vector<Slot> old_heap = std::move(heap_);
    const Slot* const old = slots_;
    const std::size_t old_capacity = capacity_;
    heap_.assign(capacity_ * 4, Slot{});
    slots_ = heap_.data();
    capacity_ *= 4;
    shift_ -= 2;
    size_ = 0;
    for (std::size_t i = 0; i < old_capacity; ++i)
      if (old[i].key != 0) *try_emplace(old[i].key).first = old[i].value;
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
