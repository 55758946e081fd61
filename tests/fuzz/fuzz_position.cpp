// Invariant fuzz target for the rules core. The input chooses a start (the
// standard one, or a FEN on its first line) and then, byte by byte, which
// legal move to play. At every position:
//  - legal moves agree with check_move: over every from-to pair of the
//    board, check_move says None exactly for the generated legal moves, and
//    count_legal / has_legal_move / state agree with the list;
//  - make then undo restores the key and the set-up, and the key kept
//    incrementally equals the key computed from scratch;
//  - make_if_legal on an illegal pair leaves the position as it was;
//  - FEN round trip: to_fen, parse_fen and a new Position give the same
//    set-up and key.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "invariant.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"
#include "xqrec/core/setup.h"

namespace {

void check_position(xq::Position& pos) {
  using namespace xq;
  MoveList legal;
  pos.generate_legal(legal);
  XQ_INVARIANT(pos.count_legal() == legal.size(), "count_legal equals the legal list");
  XQ_INVARIANT(pos.has_legal_move() == !legal.empty(), "has_legal_move equals a non-empty legal list");
  XQ_INVARIANT(pos.compute_key() == pos.key(), "the incremental key equals the key from scratch");
  const Setup before = pos.setup();
  const std::uint64_t key = pos.key();
  for (int from = 0; from < kSquares; ++from)
    for (int to = 0; to < kSquares; ++to) {
      const Move m{Square(from), Square(to)};
      const bool listed = legal.contains(m);
      XQ_INVARIANT((pos.check_move(m) == MoveError::None) == listed, "check_move agrees with generate_legal");
      Undo u;
      if (!listed) {
        XQ_INVARIANT(!pos.make_if_legal(m, u), "make_if_legal refuses an illegal move");
        XQ_INVARIANT(pos.key() == key && pos.setup() == before, "a refused move leaves the position as it was");
        continue;
      }
      const bool check = pos.gives_check(m);
      pos.make(m, u);
      XQ_INVARIANT(check == pos.king_attacked(~before.side_to_move), "gives_check agrees with the position after the move");
      XQ_INVARIANT(pos.compute_key() == pos.key(), "the key after make equals the key from scratch");
      XQ_INVARIANT(!pos.king_attacked(before.side_to_move), "a legal move leaves the mover's king safe");
      pos.undo(m, u);
      XQ_INVARIANT(pos.key() == key && pos.setup() == before, "undo restores the position");
    }
  const auto again = parse_fen(to_fen(before));
  XQ_INVARIANT(again.ok(), "to_fen gives a FEN parse_fen reads");
  XQ_INVARIANT(*again == before, "the FEN round trip keeps the set-up");
  XQ_INVARIANT(Position(*again).key() == key, "the FEN round trip keeps the key");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace xq;
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  Position pos;
  if (!bytes.empty() && bytes[0] == 'F') {
    // "F<fen>\n<moves>": any board the FEN parser accepts, kings or not.
    const auto end = bytes.find('\n');
    const auto setup = parse_fen(bytes.substr(1, end == std::string_view::npos ? bytes.npos : end - 1));
    if (!setup) return 0;
    pos = Position(*setup);
    bytes = end == std::string_view::npos ? std::string_view() : bytes.substr(end + 1);
  }
  for (std::size_t i = 0; i <= bytes.size() && i < 64; ++i) {
    check_position(pos);
    if (i == bytes.size()) break;
    MoveList legal;
    pos.generate_legal(legal);
    if (legal.empty()) break;
    Undo u;
    pos.make(legal[std::size_t(static_cast<unsigned char>(bytes[i])) % legal.size()], u);
  }
  return 0;
}
