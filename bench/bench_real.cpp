// Benchmarks on the real games of ../shared/corpus (XQREC_SHARED_CORPUS
// overrides the path): every distinct main line once (identical games in
// several files or formats counted once), as the speed goals are stated.
//   real-audit:  the whole audit of those games (with verdicts), as one ICCS
//                PGN and as one Chinese-notation GBK PGN; baselines in the
//                same run: the same audit with repetitions off, and reading
//                and resolving only.
//   real-cycles: every cycle the audit judges in them, each judged alone:
//                the median, 90th percentile and worst time of one verdict.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <tuple>

#include "bench.h"
#include "bench_games.h"
#include "real_games.h"
#include "xqrec/audit/audit.h"
#include "xqrec/ecco/ecco.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/cycle.h"
#include "xqrec/core/rules/threats.h"
#include "xqrec/core/rules/verdict.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/pgn_writer.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"

namespace {

using namespace xq;
using namespace xq::formats;
using bench::pgn_of;
using bench::real_games;
using bench::RealGame;

struct AuditCount {
  std::size_t games = 0, plies = 0, repetitions = 0;
};

AuditCount audit_pgn(std::string_view bytes, const audit::AuditOptions& opt) {
  AuditCount c;
  audit::GameAudit a;
  GameBuilder builder([&](BuiltGame& g) {
    audit::audit_game(g.record, g.issues, opt, a);
    ++c.games;
    c.plies += std::size_t(a.plies);
    for (const auto& f : a.findings) c.repetitions += f.code == Code::Repetition;
    return Control::Continue;
  });
  (void)read_pgn(bytes, builder);
  return c;
}

bench::Register real_audit("real-audit", [] {
  std::vector<bench::Measurement> out;
  const auto& games = real_games();
  if (games.empty()) return out;
  const std::string iccs = pgn_of(games, MoveNotation::Iccs);
  std::string gbk;
  if (!from_utf8(pgn_of(games, MoveNotation::Chinese), "GBK", gbk))
    std::fprintf(stderr, "warning: the Chinese PGN does not encode in GBK\n");
  audit::AuditOptions full, no_repetition;
  no_repetition.repetition_threshold = 1 << 30;  // never reached: no verdicts
  for (const auto& [name, bytes] : {std::pair<std::string, const std::string&>{"ICCS PGN", iccs}, {"Chinese GBK PGN", gbk}}) {
    AuditCount c;
    const double s = bench::time_best([&] { c = audit_pgn(bytes, full); });
    out.push_back({"audit, real games, " + name + " (" + std::to_string(c.repetitions) + " repetitions judged)",
                   double(c.games), "games", s});
    out.push_back({"  baseline: the same audit, repetitions off, " + name, double(c.games), "games",
                   bench::time_best([&] { c = audit_pgn(bytes, no_repetition); })});
    out.push_back({"  baseline: read, build, resolve only, " + name, double(c.games), "games",
                   bench::time_best([&] { bench::keep(bench::read_and_resolve(bytes)); })});
  }
  return out;
});

// ECCO classification against the audit it is part of: the issue allows it
// 2 % of the audit's time (docs/ecco.md).
bench::Register real_ecco("real-ecco", [] {
  std::vector<bench::Measurement> out;
  const auto& games = real_games();
  if (games.empty()) return out;
  std::vector<Position> starts;
  for (const RealGame& g : games) starts.emplace_back(g.start);
  std::size_t classified = 0;
  const double ecco = bench::time_best([&] {
    classified = 0;
    for (std::size_t i = 0; i < games.size(); ++i) classified += ecco::classify(starts[i], games[i].main).has_value();
  });
  const std::string iccs = pgn_of(games, MoveNotation::Iccs);
  const double audit = bench::time_best([&] { bench::keep(audit_pgn(iccs, audit::AuditOptions{})); });
  std::printf("real-ecco: %zu of %zu games classified; classification is %.2f %% of the audit's time (ICCS PGN)\n",
              classified, games.size(), 100.0 * ecco / audit);
  out.push_back({"ECCO classification of the real games' main lines", double(games.size()), "games", ecco});
  out.push_back({"  baseline: the audit of the same games (ICCS PGN, ECCO included)", double(games.size()), "games", audit});
  return out;
});

// A judged span of a real game, as the audit judges it.
struct Cycle {
  Position before;
  std::vector<Move> moves;
  int first_ply;
};

// Every cycle the audit judges in the real games (the first repetition of
// each main line).
std::vector<Cycle> real_cycles_judged() {
  std::vector<Cycle> cycles;
  for (const RealGame& g : real_games()) {
    const Position start(g.start);
    const auto rep = rules::find_repetition(start, g.main, 3);
    if (!rep) continue;
    const int from = rules::judged_first_ply(*rep, g.main);
    Position pos = start;
    for (int k = 1; k < from; ++k) {
      Undo u;
      pos.make(g.main[std::size_t(k - 1)], u);
    }
    cycles.push_back({pos, {g.main.begin() + (from - 1), g.main.begin() + rep->last_ply}, from});
  }
  return cycles;
}

bench::Register real_cycles("real-cycles", [] {
  std::vector<bench::Measurement> out;
  const std::vector<Cycle> cycles = real_cycles_judged();
  if (cycles.empty()) return out;
  std::vector<double> micro;
  double total = 0;
  for (const Cycle& c : cycles) {
    // The best of a few runs of this one verdict.
    double best = 1e300;
    for (int r = 0; r < 5; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      const rules::Verdict v = rules::adjudicate_cycle(c.before, c.moves, c.first_ply, rules::RuleSet::Cxa2020);
      bench::keep(v);
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    micro.push_back(best * 1e6);
    total += best;
  }
  std::sort(micro.begin(), micro.end());
  const auto at = [&](double q) { return micro[std::min(micro.size() - 1, std::size_t(q * double(micro.size())))]; };
  std::printf("real-cycles: %zu cycles judged (CXA 2020); one verdict: median %.1f us, p90 %.1f us, worst %.1f us\n",
              cycles.size(), at(0.5), at(0.9), micro.back());
  out.push_back({"judge every cycle of the real games, one by one (CXA 2020)", double(cycles.size()), "cycles", total});
  return out;
});

// 将军得子 searched 4 checks deep (issue #21; the default is 2): every
// cycle judged once inside judge_deep, which `valgrind --tool=callgrind
// --toggle-collect='*judge_deep*'` isolates, for the deeper search's cost.
[[gnu::noinline]] void judge_deep(const std::vector<Cycle>& cycles, const rules::ThreatOptions& opt) {
  for (const Cycle& c : cycles)
    bench::keep(rules::adjudicate_cycle(c.before, c.moves, c.first_ply, rules::RuleSet::Cxa2020, opt));
}

bench::Register real_cycles_deep("real-cycles-deep", [] {
  std::vector<bench::Measurement> out;
  const std::vector<Cycle> cycles = real_cycles_judged();
  if (cycles.empty()) return out;
  rules::ThreatOptions opt;
  opt.check_depth = 4;
  const auto t0 = std::chrono::steady_clock::now();
  judge_deep(cycles, opt);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.push_back({"judge every cycle once, 将军得子 4 checks deep (CXA 2020)", double(cycles.size()), "cycles", s});
  return out;
});

// For a profiler: the middle fifth of the cycles by time (40th to 60th
// percentile, as the median goal is stated), each judged 20 times inside
// judge_middle, which `valgrind --tool=callgrind
// --toggle-collect='*judge_middle*'` isolates from the reading and timing.
[[gnu::noinline]] void judge_middle(const std::vector<Cycle>& cycles) {
  for (int r = 0; r < 20; ++r)
    for (const Cycle& c : cycles)
      bench::keep(rules::adjudicate_cycle(c.before, c.moves, c.first_ply, rules::RuleSet::Cxa2020));
}

bench::Register real_cycles_middle("real-cycles-middle", [] {
  // (time, the cycle's place in real_cycles_judged's order, the cycle): the
  // place names a cycle for XQREC_BENCH_MIDDLE (a position key would also
  // match the same cycle of a duplicate game).
  std::vector<std::tuple<double, unsigned long long, Cycle>> timed;
  for (Cycle& c : real_cycles_judged()) {
    double best = 1e300;
    for (int r = 0; r < 5; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      bench::keep(rules::adjudicate_cycle(c.before, c.moves, c.first_ply, rules::RuleSet::Cxa2020));
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    timed.push_back({best, timed.size(), std::move(c)});
  }
  std::vector<bench::Measurement> out;
  if (timed.empty()) return out;
  std::sort(timed.begin(), timed.end(), [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  // XQREC_BENCH_MIDDLE names a file of the chosen cycles' places: written on
  // the first run, read on the next ones, so that two builds are profiled on
  // the same cycles (the times choosing them vary).
  std::vector<Cycle> middle;
  const char* list = std::getenv("XQREC_BENCH_MIDDLE");
  std::set<unsigned long long> chosen;
  if (list)
    if (FILE* f = std::fopen(list, "r")) {
      unsigned long long key;
      while (std::fscanf(f, "%llx", &key) == 1) chosen.insert(key);
      std::fclose(f);
    }
  if (!chosen.empty()) {
    for (const auto& [t, place, c] : timed)
      if (chosen.count(place)) middle.push_back(c);
  } else {
    FILE* f = list ? std::fopen(list, "w") : nullptr;
    for (std::size_t i = timed.size() * 2 / 5; i < timed.size() * 3 / 5; ++i) {
      middle.push_back(std::get<2>(timed[i]));
      if (f) std::fprintf(f, "%llx\n", std::get<1>(timed[i]));
    }
    if (f) std::fclose(f);
  }
  const auto t0 = std::chrono::steady_clock::now();
  judge_middle(middle);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.push_back({"judge the middle fifth of the cycles by time, 20 times each (CXA 2020)", double(middle.size() * 20),
                 "cycles", s});
  return out;
});

}  // namespace
