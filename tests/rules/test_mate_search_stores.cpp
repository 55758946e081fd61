// The mate search's stores (ordered_moves.h, and the answers at the last
// check in mate_search.h) change nothing: every position of the case files'
// cycles, with either side to move, asked at every depth from 3 to 9 with
// and without them, gives the same answer, the same fewest checks, the same
// proof line, and searches the same number of positions, so that a budget
// runs out at the same point.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "case_positions.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/exchange.h"
#include "xqrec/core/rules/threats.h"

#include "mate_search.h"

using namespace xq;
using namespace xq::rules;
using xq::rules::detail::MateByChecks;

using xqtest::case_positions;

namespace {

struct Asked {
  SearchAnswer answer = SearchAnswer::Unknown;
  long nodes = 0;  // of the mates() question
  int distance = 0;  // 0: none found
  std::vector<Move> line;
  long hits = 0;
};

// What threats.cpp asks: mates() within the default budget, and the line
// with its own (larger) one.
Asked ask(const Position& pos0, int depth, bool stores) {
  Asked a;
  const long budget = ThreatOptions{}.mate_nodes;
  Position pos = pos0;
  MateByChecks search(budget);
  search.use_stores(stores);
  a.answer = search.mates(pos, depth);
  a.nodes = search.nodes();
  a.hits = search.last_check_hits();
  MateByChecks lines(budget * 20);
  lines.use_stores(stores);
  if (const auto d = lines.mate_distance(pos, depth)) {
    a.distance = *d;
    a.line = lines.line(pos, *d);
  }
  a.hits += lines.last_check_hits();
  return a;
}

std::string moves_text(const std::vector<Move>& line) {
  std::string s;
  for (Move m : line) s += to_iccs(m) + " ";
  return s;
}

void compare_file(const std::string& name) {
  int compared = 0, found = 0;
  long hits = 0, hits_without = 0;
  for (const auto& c : xqtest::read_cases(std::string(XQREC_TEST_DATA) + "/rules/" + name))
    for (const Position& p : case_positions(c))
      for (const Color side : {Color::Red, Color::Black}) {
        const Position pos = with_side_to_move(p, side);
        if (pos.king_attacked(~side)) continue;  // the other side in check: no question asked
        for (int depth = 3; depth <= 9; ++depth) {
          INFO(name << " [" << c.id << "] depth " << depth << " side " << (side == Color::Red ? "red" : "black"));
          const Asked with = ask(pos, depth, true);
          const Asked without = ask(pos, depth, false);
          CHECK(int(with.answer) == int(without.answer));
          CHECK(with.nodes == without.nodes);
          CHECK(with.distance == without.distance);
          INFO("line with " << moves_text(with.line) << "without " << moves_text(without.line));
          CHECK(with.line == without.line);
          found += with.distance > 0;
          hits += with.hits;
          hits_without += without.hits;
          ++compared;
        }
      }
  INFO(name << ": " << compared << " questions, " << found << " mates, " << hits << " last checks from the store");
  CHECK(compared > 0);
  CHECK(found > 0);
  // The stores are used, and only when asked for.
  CHECK(hits > 0);
  CHECK(hits_without == 0);
}

}  // namespace

TEST_CASE("mate search stores: the same answers and positions without them (checks.txt)", "[rules][check][mate]") {
  compare_file("checks.txt");
}

TEST_CASE("mate search stores: the same answers and positions without them (cxa.txt)", "[rules][check][mate]") {
  compare_file("cxa.txt");
}
