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
  return k.scope == scope && k.key == key.zobrist && k.kings == key.kings && k.kind == kind ? &k : nullptr;
}
void keep_moves_of(MemoKey key, std::uint8_t kind, const MoveList& list) {
  if (list.size() > kKeptMoves) return;
  KeptMoves& k = moves_slot(key, kind);
  k.key = key.zobrist;
  k.scope = scope;
  k.kings = key.kings;
  k.kind = kind;
  k.size = std::uint8_t(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) k.moves[i] = list[i];
  ++counts.move_lists;
}

template <std::uint8_t kKind>
void moves_kept(const Position& pos, MoveList& out) {
  const MemoKey key = memo_key(pos);
  if (const KeptMoves* k = kept_moves_of(key, kKind)) {
    out.clear();
    for (std::size_t i = 0; i < k->size; ++i) out.push(k->moves[i]);
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
  if (k.scope != scope || k.key != key.zobrist || k.kings != key.kings) return std::nullopt;
  return k.mate;
}

void keep_mate_in_one(MemoKey key, bool mate) {
  mate_slot(key) = {key.zobrist, scope, key.kings, mate};
  ++counts.mates;
}

std::optional<int> kept_capture_balance(MemoKey key, Move c, int pv) {
  const KeptBalance& k = balance_slot(key, c, pv);
  if (k.scope != scope || k.key != key.zobrist || k.kings != key.kings || k.move != c.raw() || k.pv != pv)
    return std::nullopt;
  return k.balance;
}

void keep_capture_balance(MemoKey key, Move c, int pv, int balance) {
  balance_slot(key, c, pv) = {key.zobrist, scope, c.raw(), std::int16_t(pv), std::int32_t(balance), key.kings};
  ++counts.balances;
}

bool kept_captures_of(MemoKey key, const SquareSet& victims, MoveList& out) {
  const KeptCaptures& k = captures_slot(key);
  if (k.scope != scope || k.key != key.zobrist || k.kings != key.kings || (k.victims & victims) != victims)
    return false;
  out.clear();
  for (std::size_t i = 0; i < k.size; ++i)
    if (victims.contains(k.moves[i].to())) out.push(k.moves[i]);
  return true;
}

void keep_captures_of(MemoKey key, const SquareSet& victims, const MoveList& list) {
  if (list.size() > kKeptCaptures) return;
  KeptCaptures& k = captures_slot(key);
  k.key = key.zobrist;
  k.kings = key.kings;
  k.victims = victims;
  k.scope = scope;
  k.size = std::uint8_t(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) k.moves[i] = list[i];
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
    for (std::size_t i = 0; i < k->size; ++i)
      if (k->moves[i].to() == sq) out.push(k->moves[i]);
    return;
  }
  const std::uint8_t kind = std::uint8_t(kCapturesTo + sq.index());
  if (const KeptMoves* k = kept_moves_of(key, kind)) {
    for (std::size_t i = 0; i < k->size; ++i) out.push(k->moves[i]);
    return;
  }
  pos.generate_legal_captures_to(sq, out);
  keep_moves_of(key, kind, out);
}

CycleMemoCounts cycle_memo_counts() { return counts; }

}  // namespace xq::rules::detail
