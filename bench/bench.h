// A tiny benchmark registry: each bench_*.cpp registers its cases.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace bench {

struct Measurement {
  std::string what;      // "perft 5 from the start"
  double items = 0;      // how many units were processed
  std::string unit;      // "nodes", "checks", "moves", "games"
  double seconds = 0;
};

struct Case {
  std::string name;
  std::function<std::vector<Measurement>()> run;
};

std::vector<Case>& registry();
struct Register {
  Register(std::string name, std::function<std::vector<Measurement>()> run) {
    registry().push_back({std::move(name), std::move(run)});
  }
};

// Runs f repeatedly until at least min_seconds passed; returns seconds per call
// of the fastest of three rounds.
template <class F>
double time_best(F&& f, int rounds = 3) {
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s < best) best = s;
  }
  return best;
}

// Keeps the optimiser from dropping a result.
template <class T>
void keep(const T& value) {
  asm volatile("" : : "g"(&value) : "memory");
}

}  // namespace bench
