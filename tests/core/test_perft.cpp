// Perft against published counts, read from tests/data/perft.txt.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/core/perft.h"

namespace {

struct PerftCase {
  std::string fen;
  int depth;
  std::uint64_t nodes;
  bool slow;
};

std::string trim(const std::string& s) {
  const auto a = s.find_first_not_of(" \t\r");
  const auto b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::vector<PerftCase> load_cases() {
  std::ifstream in(XQREC_TEST_DATA "/perft.txt");
  REQUIRE(in);
  std::vector<PerftCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    if (trim(line).empty() || trim(line)[0] == '#') continue;
    std::vector<std::string> parts;
    std::stringstream ss(line);
    for (std::string part; std::getline(ss, part, ';');) parts.push_back(trim(part));
    REQUIRE(parts.size() >= 3);
    cases.push_back({parts[0], std::stoi(parts[1]), std::stoull(parts[2]), parts.size() > 3 && parts[3] == "slow"});
  }
  return cases;
}

void run(bool slow) {
  const auto cases = load_cases();
  REQUIRE(cases.size() >= 20);
  for (const auto& c : cases) {
    if (c.slow != slow) continue;
    INFO(c.fen << " depth " << c.depth);
    const auto setup = xq::parse_fen(c.fen);
    REQUIRE(setup.ok());
    xq::Position pos(*setup);
    CHECK(xq::perft(pos, c.depth) == c.nodes);
    CHECK(pos.key() == pos.compute_key());  // make/undo restored everything
  }
}

}  // namespace

TEST_CASE("perft matches the published counts", "[perft]") { run(false); }

TEST_CASE("perft matches the published counts at depth 5 and 6", "[.][slow][perft]") { run(true); }

TEST_CASE("perft divide sums to perft", "[perft]") {
  xq::Position pos;
  std::uint64_t total = 0;
  const auto divide = xq::perft_divide(pos, 3);
  CHECK(divide.size() == 44);
  for (const auto& [m, n] : divide) total += n;
  CHECK(total == 79666);
}
