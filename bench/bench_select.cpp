// select throughput: --position (a position after the first move, found in
// about half the real games, and with --mirror) and a tag filter alone, on
// the real games of ../shared/corpus. Both replay every main line (a game
// not read in full is reported whatever the filters), so the tag filter is
// the baseline of the position search.
#include <cstdlib>
#include <filesystem>

#include "bench.h"
#include "xqrec/core/fen.h"
#include "xqrec/index/index.h"
#include "xqrec/index/query.h"
#include "xqrec/index/schema.h"
#include "xqrec/select/select.h"

namespace {

using namespace xq;
using namespace xq::select;

bench::Measurement run(const std::vector<formats::InputFile>& files, const std::string& what, SelectOptions o) {
  SelectSink sink;
  std::size_t selected = 0;
  sink.selected = [&](const std::string&, formats::BuiltGame&, const Choice&) { ++selected; };
  sink.damaged = [](const convert::ConvertNote&) {};
  sink.io_error = [](const std::string&) {};
  SelectSummary sum;
  const double s = bench::time_best([&] { sum = select_files(files, o, sink); }, 3);
  return {what + " (" + std::to_string(sum.selected) + " of " + std::to_string(sum.games) + " selected)",
          double(sum.games), "games", s};
}

bench::Register select_bench("select", [] {
  std::vector<bench::Measurement> out;
  const char* env = std::getenv("XQREC_SHARED_CORPUS");
  const std::string corpus = env && *env ? env : XQREC_SHARED_CORPUS;
  if (!std::filesystem::exists(corpus)) return out;
  std::vector<std::string> errors;
  const auto files = formats::expand_inputs({corpus}, errors);
  SelectOptions tag;
  tag.filters.players.push_back(Pattern::compile("许银川").value());
  out.push_back(run(files, "select --player 许银川 ../shared/corpus", std::move(tag)));
  SelectOptions pos;
  pos.filters.position = parse_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b").value();
  out.push_back(run(files, "select --position (after 1. h2e2) ../shared/corpus", pos));
  pos.filters.mirror = true;
  out.push_back(run(files, "select --position --mirror ../shared/corpus", pos));
  SelectOptions mat;
  mat.filters.material = parse_material("R-R").value();
  out.push_back(run(files, "select --material R-R ../shared/corpus", std::move(mat)));

  // The same position search through an index of the same files (built
  // once, its time reported too): the ratio the index is for.
  const auto db_path = std::filesystem::temp_directory_path() / "xqrec-bench-index.sqlite";
  std::filesystem::remove(db_path);
  archive::IndexSummary built;
  const double build_s = bench::time_best(
      [&] {
        archive::Database db;
        if (archive::open_for_writing(db, db_path.string(), true).empty())
          built = archive::build_index(db, files, {}, {corpus}, [](const std::string&) {});
      },
      1);
  out.push_back({"index ../shared/corpus (" + std::to_string(std::filesystem::file_size(db_path) / std::max<std::size_t>(built.games, 1)) +
                     " bytes a game)",
                 double(built.games), "games", build_s});
  // A middlegame position too: ply 20 of the first game of a real file,
  // searched over the files and through the index.
  SelectOptions mid;
  {
    std::vector<std::string> none;
    const auto sample = formats::expand_inputs({corpus + "/pgn/xqbase+eleeye/XQFTOOLS/SAMPLE.PGN"}, none);
    SelectSink first;
    first.selected = [&](const std::string&, formats::BuiltGame& g, const Choice&) {
      if (mid.filters.position) return;
      replay_main_line(g.record, g.issues, [&](const Position& p, std::uint32_t ply, bool) {
        if (ply == 20) mid.filters.position = p.setup();
      });
    };
    first.damaged = [](const convert::ConvertNote&) {};
    first.io_error = [](const std::string&) {};
    select_files(sample, {}, first);
  }
  mid.filters.mirror = true;
  if (mid.filters.position) out.push_back(run(files, "select --position (a middlegame, ply 20) --mirror ../shared/corpus", mid));
  archive::Database db;
  if (archive::open_for_reading(db, db_path.string()).empty())
    for (const auto* o : {&pos, &mid}) {
      if (!o->filters.position) continue;
      std::size_t n = 0;
      const double s = bench::time_best(
          [&] {
            n = 0;
            for (int i = 0; i < 20; ++i)
              archive::query_index(
                  db, o->filters, [&](const archive::IndexedGame&) { ++n; }, [](const archive::IndexedGame&) {});
          },
          3) / 20;
      out.push_back({std::string("select --db --position ") + (o == &pos ? "(after 1. h2e2)" : "(a middlegame, ply 20)") +
                         " --mirror (" + std::to_string(n / 20) + " selected)",
                     double(built.games), "games", s});
    }
  std::filesystem::remove(db_path);
  for (const char* suffix : {"-wal", "-shm"}) std::filesystem::remove(db_path.string() + suffix);
  return out;
});

}  // namespace
