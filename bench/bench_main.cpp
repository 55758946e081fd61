// xqrec_bench [CASE...]: runs the registered benchmarks (all by default) and
// prints one line per measurement: name, rate, unit/s, items, seconds.
#include <cstdio>
#include <string>

#include "bench.h"

namespace bench {
std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}
}  // namespace bench

int main(int argc, char** argv) {
  for (const auto& c : bench::registry()) {
    bool wanted = argc == 1;
    for (int i = 1; i < argc; ++i) wanted |= c.name == argv[i];
    if (!wanted) continue;
    for (const auto& m : c.run())
      std::printf("%-10s %-50s %14.0f %s/s  (%.0f %s in %.3f s)\n", c.name.c_str(), m.what.c_str(),
                  m.items / m.seconds, m.unit.c_str(), m.items, m.unit.c_str(), m.seconds);
  }
  return 0;
}
