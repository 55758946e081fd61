#include "cycle_memo.h"

#include <cstddef>

namespace xq::rules::detail {

namespace {

// The tables: trivially constructed (no guard on each access), a slot of an
// older scope being empty.
struct KeptMate {
  std::uint64_t key = 0;
  std::uint32_t scope = 0;
  bool mate = false;
};
struct KeptBalance {
  std::uint64_t key = 0;
  std::uint32_t scope = 0;
  std::uint16_t move = 0;
  std::int16_t pv = 0;
  std::int32_t balance = 0;
};
constexpr int kMateBits = 12;     // 64 KB a thread
constexpr int kBalanceBits = 13;  // 192 KB a thread
thread_local KeptMate kept_mates[std::size_t(1) << kMateBits];
thread_local KeptBalance kept_balances[std::size_t(1) << kBalanceBits];
thread_local std::uint32_t scope = 1;
thread_local CycleMemoCounts counts;

// Zobrist keys are uniform: their high bits index the slots (a balance's
// slot mixed with the capture and the pawn's value, so that one position's
// captures spread, as do its balances in each pawn value).
KeptMate& mate_slot(std::uint64_t key) { return kept_mates[key >> (64 - kMateBits)]; }
KeptBalance& balance_slot(std::uint64_t key, Move c, int pv) {
  const std::uint64_t mix = (std::uint64_t(c.raw()) | std::uint64_t(std::uint16_t(pv)) << 16) * 0x9E3779B97F4A7C15ull;
  return kept_balances[(key ^ mix) >> (64 - kBalanceBits)];
}

}  // namespace

void begin_cycle_memo() {
  if (++scope == 0) scope = 1;  // 0 marks the never-written slots
}

std::optional<bool> kept_mate_in_one(std::uint64_t key) {
  const KeptMate& k = mate_slot(key);
  if (k.scope != scope || k.key != key) return std::nullopt;
  return k.mate;
}

void keep_mate_in_one(std::uint64_t key, bool mate) {
  mate_slot(key) = {key, scope, mate};
  ++counts.mates;
}

std::optional<int> kept_capture_balance(std::uint64_t key, Move c, int pv) {
  const KeptBalance& k = balance_slot(key, c, pv);
  if (k.scope != scope || k.key != key || k.move != c.raw() || k.pv != pv) return std::nullopt;
  return k.balance;
}

void keep_capture_balance(std::uint64_t key, Move c, int pv, int balance) {
  balance_slot(key, c, pv) = {key, scope, c.raw(), std::int16_t(pv), std::int32_t(balance)};
  ++counts.balances;
}

CycleMemoCounts cycle_memo_counts() { return counts; }

}  // namespace xq::rules::detail
