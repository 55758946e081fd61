// select throughput: --position (a position after the first move, found in
// about half the real games, and with --mirror) and a tag filter alone, on
// the real games of ../shared/corpus. Both replay every main line (a game
// not read in full is reported whatever the filters), so the tag filter is
// the baseline of the position search.
#include <cstdlib>
#include <filesystem>

#include "bench.h"
#include "xqrec/core/fen.h"
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
  return out;
});

}  // namespace
