// xqrec adjudicate: judge a repetition (将/杀/捉/闲 per move, verdict with
// the articles) for one line of play.
//
// Output: the first token of the first line is the outcome word (red-loses,
// black-loses or draw), then the explanation; the details follow, one per
// line. With --json the first line holds the outcome word alone and the second
// line the verdict as a JSON object (xq::rules::write_verdict_json, with its
// "proofs"). The
// text output ends with a "line:" per 杀 or chase by checks of the cycle:
// the moves (ICCS) that prove it, for the arbiter to follow. A move whose
// class a search could not settle within --mate-nodes / --check-nodes ends
// with "[unknown: ...]"; a verdict that rests on such moves is a draw with a
// line "undecided: ..." after "must change:" (Verdict::undecided).
// Exit: 0 on a verdict, 1 when the line never repeats or has an illegal move,
// 2 on usage errors (including an unreadable FEN or move token).
#include <iostream>
#include <sstream>

#include "cli.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"
#include "xqrec/core/rules/verdict.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/output_guard.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/report/html_page.h"
#include "xqrec/report/verdict_html.h"

namespace xqcli {

namespace {

namespace xf = xq::formats;

// A move number ("1.", "12...", "3…") between the moves of --moves.
bool is_move_number(const std::string& tok) {
  std::size_t i = 0;
  while (i < tok.size() && tok[i] >= '0' && tok[i] <= '9') ++i;
  return i > 0 && i < tok.size() && (tok.substr(i).find_first_not_of(".…") == std::string::npos ||
                                      tok.substr(i) == "\xe2\x80\xa6");
}

// --moves in any notation (Chinese, WXF, ICCS, mixed), each read against
// the position before it by the resolver every reader's moves go through.
bool resolve_words(const xq::Setup& setup, const std::string& text, std::vector<xq::Move>& moves) {
  xq::Position pos(setup);
  std::istringstream in(text);
  std::string tok;
  while (in >> tok) {
    if (is_move_number(tok)) continue;
    xq::GameNode node;
    node.text = tok;
    const xf::NodeResolution r = xf::resolve_node(pos, node);
    if (!r.ok) {
      std::cerr << "xqrec adjudicate: move " << moves.size() + 1 << " '" << xf::printable(tok)
                << "' does not read here: " << xf::code_name(r.code) << ": " << xf::printable(r.message) << "\n";
      return false;
    }
    xq::Undo u;
    pos.make_legal(r.move, u);
    moves.push_back(r.move);
  }
  return true;
}

// --game FILE [--index N]: the start and main line of a recorded game, as
// far as it resolves (a note says where it stops).
bool line_of_game(const std::string& path, std::size_t index, std::optional<xq::Setup>& setup,
                  std::vector<xq::Move>& moves) {
  xf::FileBytes bytes;
  if (const std::string e = bytes.open(path); !e.empty()) {
    std::cerr << "xqrec adjudicate: " << xf::printable(path) << ": " << xf::printable(e) << "\n";
    return false;
  }
  std::optional<xq::GameRecord> record;
  xf::GameBuilder builder([&](xf::BuiltGame& g) {
    if (g.index != index) return xf::Control::Continue;
    record = std::move(g.record);
    return xf::Control::Stop;
  });
  (void)xf::read_games(bytes, path, builder, {});
  if (!record) {
    std::cerr << "xqrec adjudicate: " << xf::printable(path) << " holds no game " << index << " (games are numbered from 1, as audit numbers them)\n";
    return false;
  }
  const xf::StartPosition start = xf::resolve_start(*record);
  if (!start.setup) {
    std::cerr << "xqrec adjudicate: " << xf::printable(path) << ": game " << index << " has no start position"
              << (start.issues.empty() ? "" : ": " + xf::printable(start.issues.front().message)) << "\n";
    return false;
  }
  setup = *start.setup;
  for (const auto& i : xf::resolve_moves(*record, *start.setup))
    if (i.variation == "main" || i.variation.empty())
      if (i.severity == xf::Severity::Error)
        std::cout << "note: the main line is read up to ply " << (i.ply ? i.ply - 1 : 0) << ": " << i.message << "\n";
  for (const xq::NodeId id : record->main_line()) {
    const xq::Move m = record->node(id).move;
    if (m.is_none()) break;
    moves.push_back(m);
  }
  return true;
}

std::string iccs_line(const std::vector<xq::Move>& line) {
  std::string s;
  for (const xq::Move m : line) {
    // Appended, not `" " + ...`: GCC 12 warns falsely there (-Wrestrict, its bug 105329).
    s += ' ';
    s += xq::to_iccs(m);
  }
  return s;
}

// For an arbiter: the line that proves each 杀 (24.2: the checks, each
// answered by the reply that resists longest, to mate) and each chase by
// checks (将军得子, 24.3: the checks, the defender's best replies and the
// capture that wins), in ICCS from the position after the cycle's move.
void print_proof_lines(const xq::rules::Verdict& v) {
  for (const auto& p : v.proofs) {
    const std::string line = p.moves.empty() ? std::string(" (not rebuilt within the search budget)")
                                             : iccs_line(p.moves) + (p.mate ? " mate" : "");
    if (p.mate)
      std::cout << "line: ply " << p.ply << " 杀 (24.2), " << xq::color_name(p.side) << " to move again:" << line << "\n";
    else
      std::cout << "line: ply " << p.ply << " 将军得子 (24.3) of the " << xq::piece_type_name(p.target.victim_piece.type())
                << " on " << p.target.victim.name() << ", gain " << p.target.gain << ", " << xq::color_name(p.side)
                << " to move again:" << line << "\n";
  }
}

// Who wins a target: the first capturer, or for a series of checks the
// piece that takes at the end of its proof line and, when that is another
// piece, the one whose check begins it (878.html: the cannon d4 takes after
// the pawn e3's check).
std::string target_takers(const xq::rules::Verdict& v, int ply, const xq::rules::ChaseTarget& t) {
  std::string first = std::string(xq::piece_type_name(t.attacker_piece.type())) + " on " + t.attacker.name();
  if (!t.by_checks) return first;
  for (const auto& p : v.proofs) {
    if (p.mate || p.ply != ply || p.target.victim != t.victim || p.target.first_check != t.first_check) continue;
    if (!p.taker.valid() || p.taker == t.attacker) break;
    return std::string(xq::piece_type_name(p.taker_piece.type())) + " on " + p.taker.name() + ", checks begun by the " +
           first;
  }
  return first;
}

// What a move may be beyond its class (a search ran out of budget): the
// arbiter sees which moves a larger budget could change.
std::string unknown_mark(const xq::rules::UnknownClasses& u) {
  if (!u.any()) return "";
  std::string what = u.mate && u.chase ? "mate threat and gain by checks" : u.mate ? "mate threat" : "gain by checks";
  return " [unknown: " + what + " not proven within the budget]";
}

int run_adjudicate(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> fen_words, move_words;
  std::string rules_name = "cxa2020", game, html;
  std::size_t game_index = 1;
  int threshold = 3;
  int mate_depth = xq::rules::ThreatOptions{}.mate_depth, check_depth = xq::rules::ThreatOptions{}.check_depth;
  long mate_nodes = xq::rules::ThreatOptions{}.mate_nodes, check_nodes = xq::rules::ThreatOptions{}.check_nodes;
  opts.add_options()
      ("fen", po::value<std::vector<std::string>>(&fen_words)->multitoken(), "start position (default: the standard start)")
      ("moves", po::value<std::vector<std::string>>(&move_words)->multitoken(),
       "the moves, space separated, in any notation: ICCS (h2e2), WXF (C2.5), Chinese (炮二平五), mixed; move numbers are skipped")
      ("game", po::value<std::string>(&game), "judge the main line of a recorded game in FILE instead (any format xqrec reads)")
      ("index", po::value<std::size_t>(&game_index), "with --game: the game's number in the file, from 1 (default 1)")
      ("rules", po::value<std::string>(&rules_name), "cxa2020 (default), cxa2011, cxa1999 or asian")
      ("threshold", po::value<int>(&threshold), "occurrences of a position that make a repetition (default 3)")
      ("rule-23-4", "also judge article 23.4 (cxa2011, cxa2020): nine attacking moves of a side over three or more "
                    "points, as if claimed, when they come before a three-fold repetition")
      ("mate-depth", po::value<int>(&mate_depth),
       "consecutive checks searched for a mate threat, 杀 (24.2; default 9, at most 20; past 3 within a budget of "
       "searched positions, --mate-nodes)")
      ("check-depth", po::value<int>(&check_depth),
       "consecutive checks searched for winning material, 将军得子 (24.3; default 2, at most 20; past 2 within a "
       "budget, --check-nodes)")
      ("mate-nodes", po::value<long>(&mate_nodes),
       "positions searched per mate question past 3 checks (default 5000, 1 to 1000000000); a question it does not "
       "settle is no 杀 and the move is marked unknown")
      ("check-nodes", po::value<long>(&check_nodes),
       "positions searched per position for 将军得子 past 2 checks (default 500, 1 to 1000000000); a gain it does not "
       "settle is no 捉 and the move is marked unknown")
      ("json", "print the verdict as JSON after the outcome line")
      ("html", po::value<std::string>(&html), "also write the verdict page for an arbiter to FILE: the board before the "
                                              "cycle, the moves with their classes and targets, the verdict and articles");
  po::variables_map vm;
  if (int rc = parse_options("adjudicate", "([--fen FEN] --moves \"MOVE ...\" | --game FILE [--index N]) [--rules R] [--threshold N] [--rule-23-4] [--mate-depth N] [--check-depth N] [--mate-nodes N] [--check-nodes N] [--json]", opts,
                             {}, args, vm);
      rc >= 0)
    return rc;
  const auto rules = xq::rules::parse_rule_set(rules_name);
  if (!rules) {
    std::cerr << "xqrec adjudicate: unknown rule set '" << xq::formats::printable(rules_name) << "' (cxa2020, cxa2011, cxa1999, asian)\n";
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
  // The searches go no deeper than kMaxSearchDepth (threats.h): a larger
  // depth is refused rather than searched as a smaller one.
  constexpr int most = xq::rules::kMaxSearchDepth;
  if (mate_depth < 1 || mate_depth > most || check_depth < 0 || check_depth > most) {
    std::cerr << "xqrec adjudicate: --mate-depth must be between 1 and " << most << ", --check-depth between 0 and "
              << most << "\n";
    return kUsage;
  }
  // The budgets (ThreatOptions::mate_nodes, check_nodes): a search of no
  // position answers nothing, and the bound keeps a typo from running for days.
  constexpr long most_nodes = 1'000'000'000;
  if (mate_nodes < 1 || mate_nodes > most_nodes || check_nodes < 1 || check_nodes > most_nodes) {
    std::cerr << "xqrec adjudicate: --mate-nodes and --check-nodes must be between 1 and " << most_nodes << "\n";
    return kUsage;
  }
  if (vm.count("game") == vm.count("moves")) {
    std::cerr << "xqrec adjudicate: give --moves or --game (one of them)\n";
    return kUsage;
  }
  if (vm.count("game") && !fen_words.empty()) {
    std::cerr << "xqrec adjudicate: --fen goes with --moves (a recorded game has its own start)\n";
    return kUsage;
  }
  if (vm.count("index") && !vm.count("game")) {
    std::cerr << "xqrec adjudicate: --index goes with --game\n";
    return kUsage;
  }
  std::optional<xq::Setup> start_setup;
  std::vector<xq::Move> moves;
  if (vm.count("game")) {
    if (game_index < 1) {
      std::cerr << "xqrec adjudicate: --index counts from 1\n";
      return kUsage;
    }
    if (!line_of_game(game, game_index, start_setup, moves)) return kUsage;
  } else {
    start_setup = start_from_fen_words("adjudicate", fen_words, /*with_code=*/true);
    if (!start_setup) return kUsage;
    // Plain ICCS is taken as written (its legality judged with the line);
    // any other notation is read against the position.
    const std::string text = join(move_words);
    std::istringstream in(text);
    std::string tok;
    bool plain = true;
    while (in >> tok) {
      auto m = xq::parse_iccs(tok);
      if (!m) {
        plain = false;
        break;
      }
      moves.push_back(*m);
    }
    if (!plain) {
      moves.clear();
      if (!resolve_words(*start_setup, text, moves)) return kUsage;
    }
  }
  const xq::Setup& setup = *start_setup;
  xf::OutputGuard guard;
  if (!game.empty()) guard.add_input(game);
  if (const std::string e = guard.claim(html, "--html"); !e.empty()) {
    std::cerr << "xqrec adjudicate: " << xf::printable(e) << "\n";
    return kUsage;
  }
  const auto issues = xq::check_setup(setup);
  const xq::Position start(setup);
  xq::rules::AdjudicateOptions opt;
  opt.rules = *rules;
  opt.threshold = threshold;
  opt.rule_23_4 = rule_23_4;
  opt.threats.mate_depth = mate_depth;
  opt.threats.check_depth = check_depth;
  opt.threats.mate_nodes = mate_nodes;
  opt.threats.check_nodes = check_nodes;
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
  xq::rules::Verdict v = std::move(**result);
  xq::Position before(setup);
  for (int ply = 1; ply < v.first_ply; ++ply) {
    xq::Undo u;
    before.make(moves[std::size_t(ply - 1)], u);
  }
  xq::rules::add_proof_lines(v, before, opt.threats);
  if (!html.empty()) {
    xf::OutputFile page;
    std::string e = page.open(html);
    if (e.empty()) {
      page.write(xq::report::html_page("xqrec adjudicate: " + std::string(xq::rules::outcome_name(v.outcome)),
                                       xq::report::verdict_section(before, v)));
      e = page.commit();
    }
    if (!e.empty()) {
      std::cerr << "xqrec adjudicate: " << xf::printable(e) << "\n";
      return kUsage;
    }
  }
  if (vm.count("json")) {
    std::cout << xq::rules::outcome_name(v.outcome) << "\n";
    xq::rules::write_verdict_json(std::cout, v, /*with_proofs=*/true);
    std::cout << "\n";
    notes();
    return kOk;
  }
  std::cout << xq::rules::outcome_name(v.outcome) << ": " << v.explanation << "\n";
  std::cout << "rules: " << xq::rules::rule_set_name(v.rules) << "\n";
  std::cout << "must change: " << (v.must_change ? std::string(xq::color_name(*v.must_change)) : std::string("none"))
            << "\n";
  if (v.undecided)
    std::cout << "undecided: the proven moves make a side lose unless the moves marked unknown below are 杀 or 捉; "
                 "--mate-nodes " << mate_nodes << " / --check-nodes " << check_nodes
              << " did not settle them, a larger budget decides it\n";
  std::cout << (v.long_attack ? "window (23.4): plies " : "cycle: plies ") << v.first_ply << "-" << v.last_ply << "\n";
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const auto& m = v.moves[i];
    std::cout << "ply " << v.first_ply + int(i) << " " << xq::color_name(m.side) << " " << xq::to_iccs(m.move) << " "
              << xq::rules::class_name_zh(m.cls) << " " << xq::rules::class_code(m.cls) << ": " << m.reason
              << unknown_mark(m.unknown) << "\n";
  }
  std::cout << "red: " << v.red.label << "\n";
  std::cout << "black: " << v.black.label << "\n";
  for (std::size_t i = 0; i < v.moves.size(); ++i)
    for (const auto& t : v.moves[i].targets)
      std::cout << "target: ply " << v.first_ply + int(i) << " " << xq::color_name(t.victim_piece.color()) << " "
                << xq::piece_type_name(t.victim_piece.type()) << " " << t.victim.name() << " ("
                << xq::rules::root_name(t.root) << (t.joint ? ", joint" : "") << (t.by_checks ? ", by checks" : "")
                << ") by the " << target_takers(v, v.first_ply + int(i), t) << "\n";
  print_proof_lines(v);
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
