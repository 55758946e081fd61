// Keying a main line: one replay, two chains (as played and mirrored), the
// canonical one chosen once the orientation is decided.
#include "xqrec/duplicates/line_key.h"

#include "xqrec/formats/line_walker.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/core/mirror.h"
#include "xqrec/core/zobrist.h"

namespace xq::duplicates {

using namespace xq::formats;

std::uint64_t chain_step(std::uint64_t hash, Move move) {
  // splitmix64's finaliser over the previous value and the move: every bit
  // of the result depends on the whole line so far.
  std::uint64_t z = hash ^ (std::uint64_t(move.raw()) + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

namespace {

// The board and the side to move; clocks and move numbers are not the game.
std::uint64_t setup_key(const Setup& s) {
  std::uint64_t k = s.side_to_move == Color::Black ? zobrist::kKeys.black_to_move : 0;
  for (int i = 0; i < kSquares; ++i) k ^= zobrist::piece_key(s.board[std::size_t(i)], Square(i));
  return k;
}

// walk_lines' events for the main line: both chains at once, since the
// orientation may be decided only late in the line.
struct Chains : formats::QuietLineEvents {
  std::uint32_t min_plies = 0;
  std::uint64_t played_hash = 0, mirrored_hash = 0;
  std::uint64_t played_prefix = 0, mirrored_prefix = 0;
  std::uint32_t plies = 0;
  bool oriented = false, mirrored = false;
  std::optional<ReplayStop> stop;
  // walk_chain: the chain of one orientation, ply by ply.
  const std::function<void(std::uint32_t, std::uint64_t)>* on_ply = nullptr;
  bool walk_mirrored = false;
  std::uint32_t from = 0;


  void played(const PlayedPly& p, const Position&, const LineHistory&) {
    const Move m = p.move, mm = xq::mirrored(p.move);
    if (!oriented && mm != m) {
      oriented = true;
      mirrored = mm.raw() < m.raw();
    }
    played_hash = chain_step(played_hash, m);
    mirrored_hash = chain_step(mirrored_hash, mm);
    ++plies;
    if (plies == min_plies) played_prefix = played_hash, mirrored_prefix = mirrored_hash;
    if (on_ply && plies >= from) (*on_ply)(plies, walk_mirrored ? mirrored_hash : played_hash);
  }
  void failed(const Position&, int, NodeId, const std::string&, const NodeResolution& r) {
    stop = ReplayStop{0, r.code, r.message};
  }
};

// Replays the main line; false when there is no start position.
bool replay(const GameRecord& record, Chains& c, std::string& start_error) {
  StartPosition start = resolve_start(record);
  if (!start.setup) {
    start_error = start.issues.empty() ? "no start position" : start.issues.front().message;
    return false;
  }
  const std::uint64_t played = setup_key(*start.setup), mirror = setup_key(xq::mirrored(*start.setup));
  c.played_hash = played;
  c.mirrored_hash = mirror;
  if (played != mirror) {  // an asymmetric start decides
    c.oriented = true;
    c.mirrored = mirror < played;
  }
  const Position pos = std::move(Position::from_setup(*start.setup, Relaxations::all()).value());
  walk_lines(record, pos, c, false);
  return true;
}

LineKey key_of(const Chains& c) {
  LineKey k;
  k.plies = c.plies;
  k.oriented = c.oriented;
  k.mirrored = c.mirrored;
  k.line = c.mirrored ? c.mirrored_hash : c.played_hash;
  if (c.plies >= c.min_plies) k.prefix = c.mirrored ? c.mirrored_prefix : c.played_prefix;
  return k;
}

}  // namespace

KeyedLine key_line(const GameRecord& record, std::uint32_t min_plies) {
  KeyedLine out;
  Chains c;
  c.min_plies = min_plies;
  if (!replay(record, c, out.start_error)) return out;
  out.key = key_of(c);
  if (c.stop) {
    out.stop = std::move(c.stop);
    out.stop->main_line = std::uint32_t(record.main_line().size());
  }
  return out;
}

std::optional<LineKey> walk_chain(const GameRecord& record, std::uint32_t min_plies, bool mirrored,
                                  std::uint32_t from,
                                  const std::function<void(std::uint32_t, std::uint64_t)>& on_ply) {
  Chains c;
  c.min_plies = min_plies;
  c.on_ply = &on_ply;
  c.walk_mirrored = mirrored;
  c.from = from;
  std::string start_error;
  if (!replay(record, c, start_error)) return std::nullopt;
  return key_of(c);
}

}  // namespace xq::duplicates
