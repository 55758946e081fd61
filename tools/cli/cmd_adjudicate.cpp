// xqrec adjudicate: judge a repetition (将/杀/捉/闲 per move, verdict with
// the articles) for one line of play.
//
// Output: the first token of the first line is the outcome word (red-loses,
// black-loses or draw), then the explanation; the details follow, one per
// line. With --json the first line holds the outcome word alone and the second
// line the verdict as a JSON object (xq::rules::write_verdict_json).
// Exit: 0 on a verdict, 1 when the line never repeats or has an illegal move,
// 2 on usage errors (including an unreadable FEN or move token).
#include <iostream>
#include <sstream>

#include "cli.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"
#include "xqrec/core/rules/verdict.h"

namespace xqcli {

namespace {

int run_adjudicate(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> fen_words, move_words;
  std::string rules_name = "cxa2020";
  int threshold = 3;
  opts.add_options()
      ("fen", po::value<std::vector<std::string>>(&fen_words)->multitoken(), "start position (default: the standard start)")
      ("moves", po::value<std::vector<std::string>>(&move_words)->multitoken()->required(), "the moves, ICCS, space separated")
      ("rules", po::value<std::string>(&rules_name), "cxa2020 (default), cxa2011, cxa1999 or asian")
      ("threshold", po::value<int>(&threshold), "occurrences of a position that make a repetition (default 3)")
      ("rule-23-4", "also judge article 23.4 (cxa2011, cxa2020): nine attacking moves of a side over three or more "
                    "points, as if claimed, when they come before a three-fold repetition")
      ("json", "print the verdict as JSON after the outcome line");
  po::variables_map vm;
  if (int rc = parse_options("adjudicate", "[--fen FEN] --moves \"ICCS ...\" [--rules R] [--threshold N] [--rule-23-4] [--json]", opts,
                             {}, args, vm);
      rc >= 0)
    return rc;
  const auto rules = xq::rules::parse_rule_set(rules_name);
  if (!rules) {
    std::cerr << "xqrec adjudicate: unknown rule set '" << rules_name << "' (cxa2020, cxa2011, cxa1999, asian)\n";
    return kUsage;
  }
  const bool rule_23_4 = vm.count("rule-23-4") != 0;
  if (rule_23_4 && *rules != xq::rules::RuleSet::Cxa2011 && *rules != xq::rules::RuleSet::Cxa2020) {
    std::cerr << "xqrec adjudicate: --rule-23-4 applies to cxa2011 and cxa2020 only (the 1999 and Asian rules have no "
                 "article 23.4)\n";
    return kUsage;
  }
  if (threshold < 2 || threshold > 100) {
    std::cerr << "xqrec adjudicate: --threshold must be between 2 and 100\n";
    return kUsage;
  }
  const auto start_setup = start_from_fen_words("adjudicate", fen_words, /*with_code=*/true);
  if (!start_setup) return kUsage;
  const xq::Setup& setup = *start_setup;
  std::vector<xq::Move> moves;
  {
    std::istringstream in(join(move_words));
    std::string tok;
    while (in >> tok) {
      auto m = xq::parse_iccs(tok);
      if (!m) {
        std::cerr << "xqrec adjudicate: bad move '" << xq::printable(tok) << "' (move " << moves.size() + 1
                  << "): column " << m.error().column << ": " << m.error().message << "\n";
        return kUsage;
      }
      moves.push_back(*m);
    }
  }
  const auto issues = xq::check_setup(setup);
  const xq::Position start(setup);
  xq::rules::AdjudicateOptions opt;
  opt.rules = *rules;
  opt.threshold = threshold;
  opt.rule_23_4 = rule_23_4;
  const auto result = xq::rules::adjudicate_line(start, moves, opt);
  auto notes = [&] {
    for (const auto& i : issues)
      std::cout << "note: position problem " << xq::problem_code(i.problem) << ": " << i.message << "\n";
  };
  if (!result) {
    const auto& e = result.error();
    std::cout << "illegal move at ply " << e.ply << " (" << xq::to_iccs(e.move) << "): " << xq::move_error_code(e.error)
              << ": " << xq::move_error_message(e.error) << "\n";
    notes();
    return kFindings;
  }
  if (!*result) {
    std::cout << "no repetition: no position occurs " << threshold << " times in the " << moves.size() << " plies"
              << (rule_23_4 ? " and no side attacks on nine consecutive moves (23.4)" : "") << "\n";
    notes();
    return kFindings;
  }
  const auto& v = **result;
  if (vm.count("json")) {
    std::cout << xq::rules::outcome_name(v.outcome) << "\n";
    xq::rules::write_verdict_json(std::cout, v);
    std::cout << "\n";
    notes();
    return kOk;
  }
  std::cout << xq::rules::outcome_name(v.outcome) << ": " << v.explanation << "\n";
  std::cout << "rules: " << xq::rules::rule_set_name(v.rules) << "\n";
  std::cout << "must change: " << (v.must_change ? std::string(xq::color_name(*v.must_change)) : std::string("none"))
            << "\n";
  std::cout << (v.long_attack ? "window (23.4): plies " : "cycle: plies ") << v.first_ply << "-" << v.last_ply << "\n";
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const auto& m = v.moves[i];
    std::cout << "ply " << v.first_ply + int(i) << " " << xq::color_name(m.side) << " " << xq::to_iccs(m.move) << " "
              << xq::rules::class_name_zh(m.cls) << " " << xq::rules::class_code(m.cls) << ": " << m.reason << "\n";
  }
  std::cout << "red: " << v.red.label << "\n";
  std::cout << "black: " << v.black.label << "\n";
  for (std::size_t i = 0; i < v.moves.size(); ++i)
    for (const auto& t : v.moves[i].targets)
      std::cout << "target: ply " << v.first_ply + int(i) << " " << xq::color_name(t.victim_piece.color()) << " "
                << xq::piece_type_name(t.victim_piece.type()) << " " << t.victim.name() << " ("
                << xq::rules::root_name(t.root) << (t.joint ? ", joint" : "") << (t.by_checks ? ", by checks" : "")
                << ") by the " << xq::piece_type_name(t.attacker_piece.type()) << " on " << t.attacker.name() << "\n";
  std::cout << "articles:";
  for (const auto& a : v.articles) std::cout << " " << a;
  std::cout << "\n";
  notes();
  return kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("adjudicate", "judge a repetition: classes per move, verdict and articles (CXA or Asian rules)",
                 run_adjudicate);

}  // namespace xqcli
