// The legal moves in check, on the real games of ../shared/corpus: every
// position of every main line, and the position after each legal check from
// it (the replies the rules' searches generate), has as its legal moves the
// pseudo-legal moves after which the mover's king is safe, in the
// pseudo-legal order. The move generator walks only the pieces that may
// answer a check; this is the full walk with the king tested after every
// move, which it must equal. Skipped without the corpus, failed under
// CI=true (tests/shared_corpus.h).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "plain_moves.h"
#include "shared_corpus.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/position.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"

namespace {

using namespace xq;
using namespace xq::formats;

// Whether the generator agrees with the full walk on pos (a fresh copy, whose
// check state nothing has asked yet, as after make).
bool agrees(const Position& pos) {
  const MoveList want = xq::test::plain_legal(pos);  // the full walk
  const Position fresh(pos.setup());
  MoveList got;
  fresh.generate_legal(got);
  if (got.size() != want.size() || fresh.count_legal() != want.size() || fresh.has_legal_move() != !want.empty())
    return false;
  for (std::size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i]) return false;
  return true;
}

}  // namespace

TEST_CASE("in check, the legal moves of the real games' positions are the full walk's, in its order",
          "[movegen][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  std::vector<std::string> errors;
  std::size_t games = 0, in_check = 0, differ = 0;
  std::string first_differ;
  const auto compare = [&](const Position& pos) {
    if (!pos.in_check()) return;
    ++in_check;
    if (agrees(pos)) return;
    if (++differ == 1) first_differ = to_fen(pos.setup());
  };
  for (const InputFile& f : expand_inputs({xq::test::shared_corpus_dir().string()}, errors)) {
    FileBytes bytes;
    if (!bytes.open(f.path).empty()) continue;
    GameBuilder builder([&](BuiltGame& g) {
      const StartPosition start = resolve_start(g.record);
      if (!start.setup) return Control::Continue;
      (void)resolve_moves(g.record, *start.setup);
      ++games;
      Position pos(*start.setup);
      for (NodeId id : g.record.main_line()) {
        const Move played = g.record.node(id).move;
        if (played.is_none()) break;
        compare(pos);
        MoveList checks;
        pos.generate_legal_checks(checks);
        for (Move c : checks) {
          Position after = pos;
          Undo u;
          after.make(c, u);
          compare(after);
        }
        if (!pos.is_legal(played)) break;
        Undo u;
        pos.make(played, u);
      }
      return Control::Continue;
    });
    (void)read_games(bytes.bytes(), f.path, builder);
  }
  INFO(games << " games, " << in_check << " positions in check; first that differs: " << first_differ);
  CHECK(games > 1000);
  CHECK(in_check > 100000);
  CHECK(differ == 0);
}
