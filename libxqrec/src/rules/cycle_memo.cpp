#include "cycle_memo.h"

#include <array>
#include <cstddef>

namespace xq::rules::detail {

namespace {

// The tables: trivially constructed (no guard on each access), a slot of an
// older scope being empty.
struct KeptMate {
  std::uint64_t key = 0;
  std::uint32_t scope = 0;
  std::uint16_t kings = 0;
  bool mate = false;
};
struct KeptBalance {
  std::uint64_t key = 0;
  std::uint32_t scope = 0;
  std::uint16_t move = 0;
  std::int16_t pv = 0;
  std::int32_t balance = 0;
  std::uint16_t kings = 0;
};
// A list of at most kKeptCaptures captures (nearly all: the walks ask for
// the captures of the pieces worth more than their floor).
constexpr std::size_t kKeptCaptures = 14;
struct KeptCaptures {
  std::uint64_t key = 0;
  SquareSet victims;
  std::uint32_t scope = 0;
  std::uint16_t kings = 0;
  std::uint8_t size = 0;
  std::array<Move, kKeptCaptures> moves{};
};
// A list of legal checks or legal moves of at most kKeptMoves moves (the
// checks of a position are one or two on average, the replies to a check
// about four; a position not in check has more, and is generated again).
constexpr std::size_t kKeptMoves = 24;
struct KeptMoves {
  std::uint64_t key = 0;
  std::uint32_t scope = 0;
  std::uint16_t kings = 0;
  std::uint8_t kind = 0;  // kLegalMoves, kLegalChecks, or kCapturesTo + the square taken on
  std::uint8_t size = 0;
  std::array<Move, kKeptMoves> moves{};
};
// The kings' squares fit in the padding.
static_assert(sizeof(KeptMate) == 16 && sizeof(KeptBalance) == 24 && sizeof(KeptCaptures) == 64 &&
              sizeof(KeptMoves) == 64);
// 136 KB a thread in all: the audit may run 64 workers within 64 MB
// (tests/cli/jobs_memory.sh: -j64 on its 40 MB PGN peaked at 52 MB, 48 MB
// before the move lists' 64 KB).
constexpr int kMateBits = 10;      // 16 KB
constexpr int kBalanceBits = 10;   // 24 KB
constexpr int kCapturesBits = 9;   // 32 KB
constexpr int kMovesBits = 10;     // 64 KB
thread_local KeptMate kept_mates[std::size_t(1) << kMateBits];
thread_local KeptBalance kept_balances[std::size_t(1) << kBalanceBits];
thread_local KeptCaptures kept_captures[std::size_t(1) << kCapturesBits];
thread_local KeptMoves kept_moves[std::size_t(1) << kMovesBits];
thread_local std::uint32_t scope = 1;
thread_local CycleMemoCounts counts;

// Every table's slot has the key, the scope and the kings: whether slot k
// holds an answer of this scope for `key`, and the marking of k as one.
template <class Slot>
bool holds(const Slot& k, MemoKey key) {
  return k.scope == scope && k.key == key.zobrist && k.kings == key.kings;
}
template <class Slot>
void stamp(Slot& k, MemoKey key) {
  k.key = key.zobrist;
  k.scope = scope;
  k.kings = key.kings;
}

// The moves of a kept list that `keep` accepts, into `out` (cleared first).
template <class Keep>
void copy_kept(const Move* moves, std::size_t n, MoveList& out, Keep&& keep) {
  out.clear();
  for (std::size_t i = 0; i < n; ++i)
    if (keep(moves[i])) out.push(moves[i]);
}
// Copies `list` (at most N moves: the caller checks) into a slot's array;
// returns its size.
template <std::size_t N>
std::uint8_t keep_list(std::array<Move, N>& kept, const MoveList& list) {
  for (std::size_t i = 0; i < list.size(); ++i) kept[i] = list[i];
  return std::uint8_t(list.size());
}

// Zobrist keys are uniform: their high bits index the slots (a balance's
// slot mixed with the capture and the pawn's value, so that one position's
// captures spread, as do its balances in each pawn value).
KeptMate& mate_slot(MemoKey key) { return kept_mates[key.zobrist >> (64 - kMateBits)]; }
KeptBalance& balance_slot(MemoKey key, Move c, int pv) {
  const std::uint64_t mix = (std::uint64_t(c.raw()) | std::uint64_t(std::uint16_t(pv)) << 16) * 0x9E3779B97F4A7C15ull;
  return kept_balances[(key.zobrist ^ mix) >> (64 - kBalanceBits)];
}

KeptCaptures& captures_slot(MemoKey key) { return kept_captures[key.zobrist >> (64 - kCapturesBits)]; }
constexpr std::uint8_t kLegalMoves = 0, kLegalChecks = 1, kCapturesTo = 2;
// A position's lists of each kind spread over the slots: the kind's
// constant flips bits all over the key and the multiply mixes them, so that
// whether two kinds share a slot depends on the position (a plain exclusive
// or, or a multiply of the key and kind alone, would make some two kinds
// share one for every position).
KeptMoves& moves_slot(MemoKey key, std::uint8_t kind) {
  const std::uint64_t mixed = (key.zobrist ^ (kind * 0x9E3779B97F4A7C15ull)) * 0xD6E8FEB86659FD93ull;
  return kept_moves[mixed >> (64 - kMovesBits)];
}
const KeptMoves* kept_moves_of(MemoKey key, std::uint8_t kind) {
  const KeptMoves& k = moves_slot(key, kind);
  return holds(k, key) && k.kind == kind ? &k : nullptr;
}
void keep_moves_of(MemoKey key, std::uint8_t kind, const MoveList& list) {
  if (list.size() > kKeptMoves) return;
  KeptMoves& k = moves_slot(key, kind);
  stamp(k, key);
  k.kind = kind;
  k.size = keep_list(k.moves, list);
  ++counts.move_lists;
}

template <std::uint8_t kKind>
void moves_kept(const Position& pos, MoveList& out) {
  const MemoKey key = memo_key(pos);
  if (const KeptMoves* k = kept_moves_of(key, kKind)) {
    copy_kept(k->moves.data(), k->size, out, [](Move) { return true; });
    return;
  }
  if constexpr (kKind == kLegalChecks)
    pos.generate_legal_checks(out);
  else
    pos.generate_legal(out);
  keep_moves_of(key, kKind, out);
}

}  // namespace

void begin_cycle_memo() {
  if (++scope == 0) scope = 1;  // 0 marks the never-written slots
}

std::optional<bool> kept_mate_in_one(MemoKey key) {
  const KeptMate& k = mate_slot(key);
  if (!holds(k, key)) return std::nullopt;
  return k.mate;
}

void keep_mate_in_one(MemoKey key, bool mate) {
  KeptMate k;  // built whole, then stored in one go
  stamp(k, key);
  k.mate = mate;
  mate_slot(key) = k;
  ++counts.mates;
}

std::optional<int> kept_capture_balance(MemoKey key, Move c, int pv) {
  const KeptBalance& k = balance_slot(key, c, pv);
  if (!holds(k, key) || k.move != c.raw() || k.pv != pv) return std::nullopt;
  return k.balance;
}

void keep_capture_balance(MemoKey key, Move c, int pv, int balance) {
  KeptBalance k;  // built whole, then stored in one go
  stamp(k, key);
  k.move = c.raw();
  k.pv = std::int16_t(pv);
  k.balance = std::int32_t(balance);
  balance_slot(key, c, pv) = k;
  ++counts.balances;
}

bool kept_captures_of(MemoKey key, const SquareSet& victims, MoveList& out) {
  const KeptCaptures& k = captures_slot(key);
  if (!holds(k, key) || (k.victims & victims) != victims) return false;
  copy_kept(k.moves.data(), k.size, out, [&](Move m) { return victims.contains(m.to()); });
  return true;
}

void keep_captures_of(MemoKey key, const SquareSet& victims, const MoveList& list) {
  if (list.size() > kKeptCaptures) return;
  KeptCaptures& k = captures_slot(key);
  stamp(k, key);
  k.victims = victims;
  k.size = keep_list(k.moves, list);
  ++counts.capture_lists;
}

void legal_checks_kept(const Position& pos, MoveList& out) { moves_kept<kLegalChecks>(pos, out); }
void legal_moves_kept(const Position& pos, MoveList& out) { moves_kept<kLegalMoves>(pos, out); }

void legal_captures_to_kept(const Position& pos, Square sq, MoveList& out) {
  out.clear();
  const Piece victim = pos.at(sq);
  if (victim.empty() || victim.color() == pos.side_to_move() || victim.type() == PieceType::King) return;
  const MemoKey key = memo_key(pos);
  // The legal moves onto sq are its legal captures, in the same order (the
  // generator walks the pieces by ascending square, as the captures of one
  // square are listed).
  if (const KeptMoves* k = kept_moves_of(key, kLegalMoves)) {
    copy_kept(k->moves.data(), k->size, out, [&](Move m) { return m.to() == sq; });
    return;
  }
  const std::uint8_t kind = std::uint8_t(kCapturesTo + sq.index());
  if (const KeptMoves* k = kept_moves_of(key, kind)) {
    copy_kept(k->moves.data(), k->size, out, [](Move) { return true; });
    return;
  }
  pos.generate_legal_captures_to(sq, out);
  keep_moves_of(key, kind, out);
}

CycleMemoCounts cycle_memo_counts() { return counts; }

}  // namespace xq::rules::detail
