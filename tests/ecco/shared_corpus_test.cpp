// ECCO on the real games of ../shared/corpus: the games whose record carries
// a real ECCO tag (A00–E99) get that code from their moves alone for at least
// 95 % of them. The tag is read only to compare; classify never sees it.
// The disagreements are printed, and docs/ecco.md says why each one is.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "shared_corpus.h"
#include "xqrec/ecco/ecco.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"

namespace {

struct Tally {
  int tagged = 0, agreed = 0;
  std::vector<std::string> disagreements;
};

// A real ECCO code: a letter A-E and two digits (a tag may also hold a
// name or be empty). Tested by hand: <regex> made GCC 12 warn
// (-Wmaybe-uninitialized inside its std::function) in the sanitizer build.
bool real_code(const std::string& tag) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  return tag.size() == 3 && tag[0] >= 'A' && tag[0] <= 'E' && digit(tag[1]) && digit(tag[2]);
}

void classify_file(const std::filesystem::path& path, const std::string& rel, Tally& tally) {
  xq::formats::FileBytes bytes;
  if (!bytes.open(path.string()).empty()) return;
  xq::formats::GameBuilder builder([&](xq::formats::BuiltGame& g) {
    const std::string* tag = g.record.tag("ECCO");
    if (!tag || !real_code(*tag)) return xq::formats::Control::Continue;
    ++tally.tagged;
    auto start = xq::formats::resolve_start(g.record);
    std::string ours = "(no start)";
    if (start.setup) {
      auto pos = xq::Position::from_setup(*start.setup, xq::Relaxations::all());
      if (pos) {
        xq::Position p = pos.value();
        const xq::Position first = p;
        std::vector<xq::Move> line;
        for (xq::NodeId id : g.record.main_line()) {
          const auto r = xq::formats::resolve_node(p, g.record.node(id));
          if (!r.ok) break;
          line.push_back(r.move);
          xq::Undo u;
          p.make(r.move, u);
        }
        const auto o = xq::ecco::classify(first, line);
        ours = o ? o->code : "null (not the standard start)";
      }
    }
    if (ours == *tag) {
      ++tally.agreed;
    } else {
      std::ostringstream s;
      s << rel << " game " << g.index << ": tag " << *tag << ", ours " << ours;
      tally.disagreements.push_back(s.str());
    }
    return xq::formats::Control::Continue;
  });
  xq::formats::read_games(bytes, path.string(), builder, {.input_encoding = {}, .records_only = true, .done_before = {}});
}

}  // namespace

TEST_CASE("ecco: the shared corpus's ECCO tags are found again from the moves", "[ecco][shared]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto root = xq::test::shared_corpus_dir();
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  Tally tally;
  for (const auto& f : files) classify_file(f, std::filesystem::relative(f, root).string(), tally);
  for (const auto& d : tally.disagreements) std::cout << "ecco disagreement: " << d << "\n";
  std::cout << "ecco agreement: " << tally.agreed << " of " << tally.tagged << "\n";
  REQUIRE(tally.tagged >= 400);  // the corpus holds about 430 such games
  CHECK(tally.agreed * 100 >= tally.tagged * 95);
}
