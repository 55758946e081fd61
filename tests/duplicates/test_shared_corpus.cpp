// duplicates on the real games of ../shared/corpus: whatever the groups,
// they keep every distinct game (no game in two groups, the kept game the
// longest, every member a copy of it that a second reading confirms).
#include <catch2/catch.hpp>

#include <set>

#include "duplicate_fixtures.h"
#include "shared_corpus.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/resolve_record.h"

using namespace duptest;

namespace {

// The canonical main line of one game, read again from its file.
std::vector<Move> canonical_line(const std::string& path, std::uint32_t game, bool mirror) {
  formats::FileBytes bytes;
  REQUIRE(bytes.open(path).empty());
  std::vector<Move> line;
  formats::GameBuilder builder([&](formats::BuiltGame& g) {
    if (g.index != game) return formats::Control::Continue;
    auto r = formats::resolve_start(g.record);
    Position pos = std::move(Position::from_setup(*r.setup, Relaxations::all()).value());
    for (NodeId id : g.record.main_line()) {
      const auto res = formats::resolve_node(pos, g.record.node(id));
      if (!res.ok) break;
      line.push_back(mirror ? mirrored(res.move) : res.move);
      Undo u;
      pos.make(res.move, u);
    }
    return formats::Control::Stop;
  });
  formats::read_games(bytes, path, builder, {.input_encoding = {}, .records_only = true, .done_before = {}});
  return line;
}

}  // namespace

TEST_CASE("duplicates: the shared corpus's groups lose no distinct game", "[duplicates][shared]") {
  if (!xq::test::need_shared_corpus()) return;
  Run r({xq::test::shared_corpus_dir().string()});
  REQUIRE(r.run.games > 1000);
  REQUIRE(!r.run.groups.empty());
  std::set<std::uint32_t> seen;
  std::size_t checked = 0;
  for (std::size_t g = 0; g < r.run.groups.size(); ++g) {
    const auto& members = r.run.groups[g].members;
    REQUIRE(members.size() >= 2);
    const auto& kept = r.run.index.entries()[members[0].entry];
    CHECK(members[0].relation == duplicates::Relation::Kept);
    for (const auto& m : members) {
      CHECK(seen.insert(m.entry).second);  // in one group only
      const auto& e = r.run.index.entries()[m.entry];
      CHECK(e.key.plies <= kept.key.plies);
      if (m.relation == duplicates::Relation::Embedded || m.relation == duplicates::Relation::MirroredEmbedded)
        CHECK(e.key.plies >= 30);
    }
    // Every tenth group confirmed move by move from the files.
    if (g % 10) continue;
    const auto kept_line = canonical_line(r.run.files[kept.file], kept.game, kept.key.mirrored);
    REQUIRE(kept_line.size() == kept.key.plies);
    for (const auto& m : members) {
      const auto& e = r.run.index.entries()[m.entry];
      const auto line = canonical_line(r.run.files[e.file], e.game, e.key.mirrored);
      CHECK(line == first(kept_line, line.size()));
      ++checked;
    }
  }
  CHECK(checked > 100);
}
