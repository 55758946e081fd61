// Data-driven repetition cases: the rule-book figures (figures.txt), the
// Asian-rules suites (asian.txt), the CXA rows (cxa.txt), cycles of real
// games (corpus-games.txt), the long check series (checks.txt) and the
// precedence of a move's several natures (precedence.txt). Each case is
// replayed to the first position reaching the threshold; the verdict, and the
// class and chased pieces of every listed move when the case gives them, must
// match.
#include <catch2/catch.hpp>
#include <algorithm>
#include <iostream>

#include "case_file.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/verdict.h"

namespace {

using namespace xq;
using namespace xq::rules;

struct Outcome2 {
  bool ok = true;
  std::string message;
};

std::vector<Move> parse_moves(const std::string& s, std::string& error) {
  std::vector<Move> out;
  for (const auto& w : xqtest::words(s)) {
    auto m = parse_iccs(w);
    if (!m) {
      error = "bad move " + w;
      return {};
    }
    out.push_back(*m);
  }
  return out;
}

// The squares of the pieces a move chases, sorted and joined by "+"
// ("none" when it chases nothing), as the "targets" key writes them.
std::string target_squares(const MoveClassification& m) {
  std::vector<std::string> squares;
  for (const auto& t : m.targets) squares.push_back(t.victim.name());
  if (squares.empty()) return "none";
  std::sort(squares.begin(), squares.end());
  squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
  std::string out;
  for (const auto& s : squares) out += (out.empty() ? "" : "+") + s;
  return out;
}

// Whether each rebuilt 将军得子 proof line of v (its cycle starting at
// `before`) takes the piece its target names: the victim's square is
// followed through the defender's replies, and some move of the chasing side
// must capture there. A description of each that does not.
std::string proof_problems(const Verdict& v, const Position& before) {
  std::string out;
  for (const ProofLine& p : v.proofs) {
    if (p.mate || p.moves.empty()) continue;
    Position pos = before;
    for (int ply = v.first_ply; ply <= p.ply; ++ply) {
      Undo u;
      pos.make(v.moves[std::size_t(ply - v.first_ply)].move, u);
    }
    pos = pos.with_side_to_move(p.side);
    Square victim = p.target.victim;
    bool taken = false;
    std::string shown;
    for (Move m : p.moves) {
      shown += to_iccs(m) + " ";
      if (m.from() == victim) victim = m.to();  // the defender moves it
      else if (m.to() == victim && pos.side_to_move() == p.side) taken = true;
      Undo u;
      pos.make(m, u);
      if (taken) break;
    }
    if (!taken)
      out += "ply " + std::to_string(p.ply) + ": the proof line " + shown + "does not take the " +
             std::string(piece_type_name(p.target.victim_piece.type())) + " on " + p.target.victim.name() + "; ";
  }
  return out;
}

// Runs one case; returns a description of every mismatch (empty = pass).
std::string run_case(const xqtest::RuleCase& c) {
  auto rules = parse_rule_set(c.get("rules"));
  if (!rules) return "unknown rules '" + c.get("rules") + "'";
  auto setup = parse_fen(c.get("fen"));
  if (!setup) return "bad FEN";
  const Position start(*setup);
  std::string err;
  std::vector<Move> listed = parse_moves(c.has("cycle") ? c.get("cycle") : c.get("moves"), err);
  if (!err.empty()) return err;
  std::vector<Move> line = listed;
  if (c.has("cycle"))  // the cycle is played again until something repeats
    for (int i = 0; i < 4; ++i) line.insert(line.end(), listed.begin(), listed.end());
  AdjudicateOptions opt;
  opt.rules = *rules;
  if (c.has("threshold")) opt.threshold = std::stoi(c.get("threshold"));
  // "threats: mate_depth=9 check_depth=4 mate_nodes=50 check_nodes=20": the
  // searches' depths and budgets, when not the defaults.
  if (c.has("threats"))
    for (const std::string& w : xqtest::words(c.get("threats"))) {
      const auto eq = w.find('=');
      if (eq == std::string::npos) return "bad threats option '" + w + "'";
      const std::string key = w.substr(0, eq);
      const long n = std::stol(w.substr(eq + 1));
      if (key == "mate_depth") opt.threats.mate_depth = int(n);
      else if (key == "check_depth") opt.threats.check_depth = int(n);
      else if (key == "mate_nodes") opt.threats.mate_nodes = n;
      else if (key == "check_nodes") opt.threats.check_nodes = n;
      else return "unknown threats option '" + w + "'";
    }
  std::string problems;
  // Classes of the listed moves, each judged in the position before it, and
  // the squares of the pieces each chases ("targets": a check keeps its
  // chases, 将兼捉).
  if (c.has("classes") || c.has("targets")) {
    const auto want = xqtest::words(c.get("classes"));
    const auto want_targets = xqtest::words(c.get("targets"));
    Position pos = start;
    std::string got;
    for (std::size_t i = 0; i < listed.size() && (i < want.size() || i < want_targets.size()); ++i) {
      if (pos.check_move(listed[i]) != MoveError::None) return "illegal move " + to_iccs(listed[i]);
      const auto cls = classify_move(pos, listed[i], *rules, opt.threats);
      got += std::string(class_name_zh(cls.cls)) + " ";
      if (i < want.size() && want[i] != "-" && want[i] != class_name_zh(cls.cls))
        problems += "move " + std::to_string(i + 1) + " " + to_iccs(listed[i]) + ": want " + want[i] + ", got " +
                    std::string(class_name_zh(cls.cls)) + " (" + cls.reason + "); ";
      if (i < want_targets.size() && want_targets[i] != "-" && want_targets[i] != target_squares(cls))
        problems += "move " + std::to_string(i + 1) + " " + to_iccs(listed[i]) + ": want targets " + want_targets[i] +
                    ", got " + target_squares(cls) + "; ";
      Undo u;
      pos.make(listed[i], u);
    }
    if (!problems.empty()) problems += "classes got: " + got + "; ";
  }
  const auto r = adjudicate_line(start, line, opt);
  if (!r) return problems + "illegal move at ply " + std::to_string(r.error().ply);
  if (!*r) return problems + "no repetition";
  const Verdict& v = **r;
  // The verdict classifies its moves through one memo of searches for the
  // whole cycle (rules/threat_memo.h): each must be what classify_move says
  // of that move alone.
  {
    Position pos = start;
    for (int ply = 1; ply < v.first_ply; ++ply) {
      Undo u;
      pos.make(line[std::size_t(ply - 1)], u);
    }
    for (std::size_t i = 0; i < v.moves.size(); ++i) {
      const MoveClassification& in_verdict = v.moves[i];
      const auto alone = classify_move(pos, in_verdict.move, v.rules, opt.threats);
      if (alone.cls != in_verdict.cls || target_squares(alone) != target_squares(in_verdict) ||
          alone.unknown.mate != in_verdict.unknown.mate || alone.unknown.chase != in_verdict.unknown.chase ||
          alone.reason != in_verdict.reason)
        problems += "ply " + std::to_string(v.first_ply + int(i)) + " " + to_iccs(in_verdict.move) +
                    ": classified alone as " + std::string(class_name_zh(alone.cls)) + " (" + alone.reason +
                    "), in the verdict as " + std::string(class_name_zh(in_verdict.cls)) + "; ";
      Undo u;
      pos.make(in_verdict.move, u);
    }
  }
  // Every 将军得子 of the verdict is shown by the line the classifier read:
  // a rebuilt proof line takes the chased piece (traced through the
  // defender's replies), with a move of the chasing side.
  {
    Position before = start;
    for (int ply = 1; ply < v.first_ply; ++ply) {
      Undo u;
      before.make(line[std::size_t(ply - 1)], u);
    }
    Verdict shown = v;
    add_proof_lines(shown, before, opt.threats);
    problems += proof_problems(shown, before);
  }
  if (std::string(outcome_name(v.outcome)) != c.get("verdict"))
    problems += "verdict: want " + c.get("verdict") + ", got " + std::string(outcome_name(v.outcome)) + ": " +
                v.explanation + "; ";
  // "undecided: true|false" (Verdict::undecided): whether the verdict is a
  // draw only because a search budget left some moves unknown.
  if (c.has("undecided")) {
    const std::string want = c.get("undecided");
    if (want != "true" && want != "false") return problems + "bad undecided value '" + want + "'";
    if ((want == "true") != v.undecided)
      problems += "undecided: want " + want + ", got " + (v.undecided ? "true" : "false") + ": " + v.explanation + "; ";
  }
  if (c.has("articles"))
    for (const auto& a : xqtest::words(c.get("articles")))
      if (std::find(v.articles.begin(), v.articles.end(), a) == v.articles.end())
        problems += "article " + a + " not cited; ";
  return problems;
}

void run_file(const std::string& name) {
  const auto cases = xqtest::read_cases(std::string(XQREC_TEST_DATA) + "/rules/" + name);
  REQUIRE(!cases.empty());
  int known_ok = 0;
  for (const auto& c : cases) {
    INFO(name << ":" << c.line << " [" << c.id << "] " << c.get("source"));
    const std::string problems = run_case(c);
    if (c.has("known")) {
      // A documented disagreement (docs/repetition.md): it must still fail,
      // so that fixing it is noticed and the mark removed.
      INFO("known disagreement: " << c.get("known"));
      CHECK_FALSE(problems.empty());
      if (problems.empty()) ++known_ok;
    } else {
      if (!problems.empty()) std::cout << name << " [" << c.id << "] " << problems << "\n";
      CHECK(problems == "");
    }
  }
  CHECK(known_ok == 0);
}

}  // namespace

TEST_CASE("rule-book figures: classes and verdicts", "[rules][figures]") { run_file("figures.txt"); }

TEST_CASE("Asian-rules suites (Fairy-Stockfish, Orange)", "[rules][asian]") { run_file("asian.txt"); }

TEST_CASE("CXA-expected rows of the research cases", "[rules][cxa]") { run_file("cxa.txt"); }

TEST_CASE("cycles of real games whose result is not the verdict", "[rules][corpus]") { run_file("corpus-games.txt"); }

TEST_CASE("杀 and 将军得子 by long series of checks (24.2, 24.3)", "[rules][checks]") { run_file("checks.txt"); }

TEST_CASE("precedence: a move that does several things, and cycles mixing 将 杀 捉", "[rules][precedence]") {
  run_file("precedence.txt");
}
