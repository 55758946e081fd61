// xqrec fen: check a FEN, naming every problem; or print it normalised.
#include <iostream>

#include "cli.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/position.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/output_guard.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/report/board_svg.h"

namespace xqcli {

namespace {

bool parse_relaxations(const std::vector<std::string>& names, xq::Relaxations& out) {
  for (const auto& n : names) {
    if (n == "all") { out = xq::Relaxations::all(); continue; }
    if (n == xq::problem_code(xq::PositionProblem::TooManyMoves)) {
      std::cerr << "xqrec fen: " << n << " cannot be allowed: such a position is never played\n";
      return false;
    }
    bool found = false;
    for (unsigned p = 0; p < unsigned(xq::PositionProblem::Count); ++p)
      if (xq::PositionProblem(p) != xq::PositionProblem::TooManyMoves && xq::problem_code(xq::PositionProblem(p)) == n) {
        out.allow(xq::PositionProblem(p));
        found = true;
      }
    if (!found) {
      std::cerr << "xqrec fen: unknown problem '" << xq::formats::printable(n) << "' for --allow; known:";
      for (unsigned p = 0; p < unsigned(xq::PositionProblem::Count); ++p)
        if (xq::PositionProblem(p) != xq::PositionProblem::TooManyMoves)
          std::cerr << " " << xq::problem_code(xq::PositionProblem(p));
      std::cerr << " all\n";
      return false;
    }
  }
  return true;
}

}  // namespace

namespace {

int run_fen(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> words, allow;
  std::string svg;
  opts.add_options()
      ("svg", po::value<std::string>(&svg), "also write the board as an SVG diagram to FILE (- for stdout: then only the SVG)")
      ("check", "report every problem of the position, one per line; exit 1 if any")
      ("allow", po::value<std::vector<std::string>>(&allow)->multitoken(),
       "problems to tolerate (endgame studies): missing-king, pawn-off-square, ... or all")
      ("fen", po::value<std::vector<std::string>>(&words), "the FEN (quoted, or as several words)");
  po::positional_options_description pos;
  pos.add("fen", -1);
  po::variables_map vm;
  if (int rc = parse_options("fen", "[--check] [--allow PROBLEM...] [--svg FILE] FEN", opts, pos, args, vm); rc >= 0) return rc;
  xq::Relaxations relax;
  if (!parse_relaxations(allow, relax)) return kUsage;
  if (!vm.count("fen")) {
    std::cerr << "xqrec fen: no FEN given (an empty FEN is reported as a problem: pass \"\")\n";
    return kUsage;
  }
  const std::string text = join(words);
  const auto parsed = xq::parse_fen(text);
  if (!parsed) {
    for (const auto& e : parsed.error())
      std::cout << "error: " << e.code << " at column " << e.column << ": " << xq::formats::printable(e.message) << "\n";
    return kFindings;
  }
  const auto issues = xq::blocking_issues(xq::check_setup(*parsed), relax);
  if (!svg.empty()) {
    // The diagram of what the FEN says, whatever its problems (a study may
    // break the rules); they are still reported below.
    xq::formats::OutputGuard guard;
    if (const std::string e = guard.claim(svg, "--svg"); !e.empty()) {
      std::cerr << "xqrec fen: " << xq::formats::printable(e) << "\n";
      return kUsage;
    }
    xq::formats::OutputFile file;
    std::string e = file.open(svg);
    if (e.empty()) {
      file.write(xq::report::board_svg(*parsed));
      e = file.commit();
    }
    if (!e.empty()) {
      std::cerr << "xqrec fen: " << xq::formats::printable(e) << "\n";
      return kUsage;
    }
    if (svg == "-") {
      for (const auto& i : issues)
        std::cerr << "error: " << xq::problem_code(i.problem) << ": " << xq::formats::printable(i.message) << "\n";
      return issues.empty() ? kOk : kFindings;
    }
  }
  for (const auto& i : issues)
    std::cout << "error: " << xq::problem_code(i.problem) << ": " << xq::formats::printable(i.message) << "\n";
  if (!vm.count("check")) std::cout << xq::to_fen(*parsed) << "\n";
  return issues.empty() ? kOk : kFindings;
}

}  // namespace

XQCLI_SUBCOMMAND("fen", "check a FEN and name every problem of the position", run_fen);

}  // namespace xqcli
