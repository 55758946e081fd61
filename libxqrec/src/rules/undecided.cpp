#include "undecided.h"

#include <algorithm>
#include <string>
#include <vector>

#include "cxa_judge.h"

namespace xq::rules::detail {

namespace {

// The heaviest class an unknown move may be. An unknown chase is read as 捉
// even when a mate is unknown too: judge_cxa counts it as a plain 捉 of a rook
// or an unrooted piece, which weighs at least as much as 杀 in every article
// (24.13 forbidden, 26.8.1 / 26.9.1 named, and it is no 联合捉子 for
// 26.8.2–3 / 26.9.2–3).
MoveClass heaviest(const MoveClassification& m) {
  if (m.unknown.chase && m.cls != MoveClass::Check && m.cls != MoveClass::Mate) return MoveClass::Chase;
  if (m.unknown.mate && m.cls != MoveClass::Check) return MoveClass::Mate;
  return m.cls;
}

// Every class an unknown move may be, the heaviest first: the class proven,
// 杀 if a mate is unknown, 捉 if a chase is. Heavier is not always worse for
// its side: a proven 捉 read as 杀 loses its targets, and a side of joint
// chases only (26.8.2–3 / 26.9.2–3) may then become one that is not.
std::vector<MoveClass> possible_classes(const MoveClassification& m) {
  std::vector<MoveClass> out{heaviest(m)};
  const auto add = [&](MoveClass c) {
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  add(m.cls);
  if (m.unknown.mate && m.cls != MoveClass::Check) add(MoveClass::Mate);
  if (m.unknown.chase && m.cls != MoveClass::Check && m.cls != MoveClass::Mate) add(MoveClass::Chase);
  return out;
}

// Readings tried at most: a cycle has a few moves a side, so all of them
// are tried in practice; past this, only the heaviest (the first).
constexpr std::size_t kMaxReadings = 256;

std::string plies_text(const std::vector<int>& plies) {
  std::string s = plies.size() == 1 ? "ply " : "plies ";
  for (std::size_t i = 0; i < plies.size(); ++i) {
    if (i) s += i + 1 == plies.size() ? " and " : ", ";
    s += std::to_string(plies[i]);
  }
  return s;
}

}  // namespace

void settle_unknowns(Verdict& v, const ThreatOptions& opt) {
  // Only a loss can rest on a guess: a draw already reads every unknown as
  // allowed, the direction that names nobody (docs/repetition.md, "Unknown").
  if (!v.must_change) return;
  const Color loser = *v.must_change, other = ~loser;
  std::vector<int> plies;
  bool mate = false, chase = false;
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const MoveClassification& m = v.moves[i];
    if (m.side != other || !m.unknown.any()) continue;
    plies.push_back(v.first_ply + int(i));
    mate = mate || m.unknown.mate;
    chase = chase || m.unknown.chase;
  }
  // The loser's own unknowns could only make its moves heavier: its loss stands.
  if (plies.empty()) return;

  // Each combination of the classes the other side's unknown moves may be,
  // the heaviest reading first: the loss stands only if it stands in all.
  std::vector<std::size_t> open;  // indices into v.moves
  std::vector<std::vector<MoveClass>> classes;
  std::size_t readings = 1;
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const MoveClassification& m = v.moves[i];
    if (m.side != other || !m.unknown.any()) continue;
    open.push_back(i);
    classes.push_back(possible_classes(m));
    readings = std::min(kMaxReadings + 1, readings * classes.back().size());
  }
  if (readings > kMaxReadings) readings = 1;
  Verdict reading;
  bool loss_stands = true;
  std::vector<std::size_t> choice(open.size(), 0);
  for (std::size_t r = 0; r < readings && loss_stands; ++r) {
    reading = Verdict{};
    reading.rules = v.rules;
    reading.first_ply = v.first_ply;
    reading.last_ply = v.last_ply;
    reading.moves = v.moves;
    for (std::size_t k = 0; k < open.size(); ++k) reading.moves[open[k]].cls = classes[k][choice[k]];
    judge_cxa(reading, other);
    loss_stands = reading.must_change == loser;
    for (std::size_t k = 0; k < choice.size(); ++k) {  // the next combination
      if (++choice[k] < classes[k].size()) break;
      choice[k] = 0;
    }
  }
  if (loss_stands) return;  // the loser loses whatever those moves are

  std::string may_be;
  if (mate) may_be = "杀 (24.2)";
  // A chase search by checks (将军得子) ran out after the move (a gain may be
  // missing) or before it (a proven chase may be new after all, 从捉到捉).
  if (chase) may_be += std::string(may_be.empty() ? "" : " or ") + "捉 (24.3, the gains by checks unsettled)";
  std::string budget;
  if (mate) budget = "mate_nodes = " + std::to_string(opt.mate_nodes);
  if (chase) budget += std::string(budget.empty() ? "" : ", ") + "check_nodes = " + std::to_string(opt.check_nodes);
  std::string why = "Draw, undecided: the search budget did not suffice. As proven: " + v.explanation + " But " +
                    side_word(other) + "'s " + plies_text(plies) + " may be " + may_be +
                    ", neither proven nor refuted within " + budget +
                    " positions (8 times as many where a search is asked again: the 自毙 test, the position before "
                    "the move); read so: " + reading.explanation +
                    " A larger budget for " + plies_text(plies) + " decides it.";

  v.undecided = true;
  v.outcome = Outcome::Draw;
  v.must_change.reset();
  // The articles that only name a loss do not apply; those of the other
  // reading do, as the question the budget left open.
  const std::vector<std::string> loss_only = loss_only_articles(v.rules);
  std::erase_if(v.articles, [&](const std::string& a) {
    return std::find(loss_only.begin(), loss_only.end(), a) != loss_only.end();
  });
  for (const std::string& a : reading.articles)
    if (std::find(v.articles.begin(), v.articles.end(), a) == v.articles.end() &&
        std::find(loss_only.begin(), loss_only.end(), a) == loss_only.end())
      v.articles.push_back(a);
  v.explanation = std::move(why);
}

}  // namespace xq::rules::detail
