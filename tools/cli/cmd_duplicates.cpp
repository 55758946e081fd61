// xqrec duplicates: the same game in several records (identical, mirrored,
// embedded), one group per game to keep.
#include <iostream>

#include "cli.h"
#include "xqrec/duplicates/batch.h"
#include "xqrec/duplicates/report.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/output_guard.h"
#include "xqrec/formats/terminal_text.h"

namespace xqcli {

namespace {

namespace xd = xq::duplicates;
namespace xf = xq::formats;

constexpr const char* kSynopsis =
    "PATH... [--jsonl FILE|-] [--min-plies N]\n\n"
    "Groups the games that are the same game whatever the format, encoding, notation or tags:\n"
    "identical main lines from the same start, mirrored ones (files a<->i, b<->h ...), and\n"
    "embedded ones (a main line of at least --min-plies plies that is the start of a longer one),\n"
    "mirrored and embedded together. Each group keeps its richest copy (the longest main line,\n"
    "then the most variations and comments, a result, players, a date; a tie goes to the first\n"
    "in reading order: sorted paths, then game number). A short game that opens several longer\n"
    "ones joins the group of the longest of them (then of the one whose kept game scores higher,\n"
    "then comes first in reading order); groups are never merged. A main line that does not\n"
    "replay to its end is compared on the plies that do, and said so.\n"
    "Exit 0: no duplicates; 1: duplicates found; 2: usage or I/O error.";

int run_duplicates(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> inputs;
  std::string jsonl;
  unsigned min_plies = 30;
  opts.add_options()
      ("input", po::value<std::vector<std::string>>(&inputs), "files, directories (recursed) or - for standard input")
      ("jsonl", po::value<std::string>(&jsonl), "write one JSON object per group to FILE (- for stdout); nothing else goes there")
      ("min-plies", po::value<unsigned>(&min_plies), "the shortest main line counted as embedded in a longer one (default 30; identical and mirrored games count at any length)");
  po::positional_options_description pos;
  pos.add("input", -1);
  po::variables_map vm;
  if (int rc = parse_options("duplicates", kSynopsis, opts, pos, args, vm); rc >= 0) return rc;
  if (min_plies < 1) {
    std::cerr << "xqrec duplicates: --min-plies must be at least 1\n";
    return kUsage;
  }
  if (inputs.empty()) {
    std::cerr << "xqrec duplicates: no input (give files, directories or -)\n";
    return kUsage;
  }

  std::vector<std::string> errors;
  const auto files = xf::expand_inputs(inputs, errors);
  for (const auto& e : errors) std::cerr << "xqrec duplicates: " << xf::printable(e) << "\n";

  // Standard output by another name is standard output: the group blocks
  // must not go there too.
  // (assign(1, '-'): GCC 12 warns falsely on `= "-"` here, -Wrestrict, its bug 105329)
  if (xq::formats::names_standard_output(jsonl)) jsonl.assign(1, '-');
  xf::OutputGuard guard;
  for (const auto& f : files) guard.add_input(f.path);
  for (const std::string& e : {guard.claim(jsonl, "--jsonl"), guard.claim_stdout("the groups")})
    if (!e.empty()) {
      std::cerr << "xqrec duplicates: " << xf::printable(e) << "\n";
      return kUsage;
    }
  xf::OutputFile json_out;
  if (!jsonl.empty()) {
    if (const std::string e = json_out.open(jsonl); !e.empty()) {
      std::cerr << "xqrec duplicates: " << xf::printable(e) << "\n";
      return kUsage;
    }
  }

  xd::DuplicatesOptions options;
  options.min_plies = min_plies;
  const xd::DuplicatesRun run = xd::find_duplicates(files, options, [](const xd::Notice& n) {
    std::cerr << "xqrec duplicates: " << xf::printable(n.path);
    if (n.game) std::cerr << ": game " << n.game;
    std::cerr << ": " << xf::printable(n.message) << "\n";
  });

  const bool text = jsonl != "-";
  std::size_t copies = 0;
  for (std::size_t g = 0; g < run.groups.size(); ++g) {
    copies += run.groups[g].members.size() - 1;
    if (!jsonl.empty()) json_out.write(xd::group_to_json(run, run.groups[g], g + 1));
    if (text) std::cout << (g ? "\n" : "") << xd::group_to_text(run, run.groups[g], g + 1);
  }
  std::cout.flush();
  bool io_error = run.io_error || !errors.empty();
  if (!jsonl.empty()) {
    bool kept = false;
    if (const std::string e = json_out.commit_unless_nothing_read(run.games == 0, io_error, kept); !e.empty()) {
      std::cerr << "xqrec duplicates: " << xf::printable(e) << "\n";
      return kUsage;
    }
    if (kept) std::cerr << "xqrec duplicates: nothing was read: " << xf::printable(jsonl) << " is left as it was\n";
  }
  std::ostream& summary = text ? std::cout : std::cerr;
  summary << (text && !run.groups.empty() ? "\n" : "") << "read " << run.files.size() << " files, " << run.games
          << " games; " << run.groups.size() << " groups, " << copies << " copies of a kept game";
  if (run.partial) summary << "; " << run.partial << " games compared on the plies that replay";
  if (run.not_compared) summary << "; " << run.not_compared << " games not compared (no start position, or ply 1 does not replay)";
  summary << "\n";
  if (io_error) return kUsage;
  return run.groups.empty() ? kOk : kFindings;
}

}  // namespace

XQCLI_SUBCOMMAND("duplicates", "find the same game in several records (identical, mirrored, embedded)", run_duplicates);

}  // namespace xqcli
