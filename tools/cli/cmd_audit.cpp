// xqrec audit: replay every record and report what is wrong with it.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iostream>

#ifdef __GLIBC__  // defined by the C library's headers, included above
#include <malloc.h>
#endif

#include "cli.h"
#include "xqrec/audit/batch.h"
#include "xqrec/audit/usable_cpus.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/formats/output_guard.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/report/audit_html.h"

namespace xqcli {

namespace {

namespace xa = xq::audit;
namespace xf = xq::formats;

bool read_list(const std::string& list, std::vector<std::string>& paths) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (list != "-") {
    file.open(list);
    if (!file) return false;
    in = &file;
  }
  for (std::string line; std::getline(*in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) paths.push_back(line);
  }
  return true;
}

int run_audit(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> inputs;
  std::string jsonl, html, from_list, encoding, rules = "cxa2020";
  unsigned jobs = 0;
  std::size_t max_games = 0;
  int natural = 60, threshold = 3;
  opts.add_options()
      ("input", po::value<std::vector<std::string>>(&inputs), "files, directories (recursed) or - for standard input")
      ("from-list", po::value<std::string>(&from_list), "read the paths to audit from this file, one per line (- for stdin)")
      ("jsonl", po::value<std::string>(&jsonl), "write one JSON object per game to FILE (- for stdout); nothing else goes there")
      ("html", po::value<std::string>(&html), "also write the arbiter's report to FILE: one self-contained HTML page (prints on A4, a game a page) with a summary and, for every game with an error or a repetition, its moves in Chinese notation and a board at every flagged ply")
      ("html-all", po::value<std::string>(), "the same report with every game in it, not only the flagged ones (give one of --html and --html-all)")
      ("input-encoding", po::value<std::string>(&encoding), "text encoding of the inputs (GB18030, Big5, UTF-8, UTF-16LE ...) instead of detecting it")
      ("jobs,j", po::value<unsigned>(&jobs), "audit threads (default: the CPUs it may use: its affinity, lowered to a container's CPU quota)")
      ("max-games", po::value<std::string>(), "read at most N games of each file (a warning says where it stopped); the JSON Lines hold one line per game read, so their size is bounded by the games, not by the input's bytes: a small library can hold very many games")
      ("natural-limit", po::value<int>(&natural), "moves without a capture before a draw may be claimed (default 60; 0 turns it off)")
      ("threshold", po::value<int>(&threshold), "occurrences of a position that make a repetition (default 3)")
      ("rules", po::value<std::string>(&rules), "rule set for repetition verdicts: cxa2020 (default), cxa2011, cxa1999, asian")
      ("no-variations", "replay the main line only")
      ("shard", po::value<std::string>(), kShardHelp)
      ("quiet,q", "no finding lines on stdout, only the summary on stderr");
  po::positional_options_description pos;
  pos.add("input", -1);
  po::variables_map vm;
  if (int rc = parse_options("audit", "[options] PATH... | --from-list FILE", opts, pos, args, vm); rc >= 0) return rc;
  const auto rule_set = xq::rules::parse_rule_set(rules);
  if (!rule_set) {
    std::cerr << "xqrec audit: unknown rule set '" << xf::printable(rules) << "' (cxa2020, cxa2011, cxa1999, asian)\n";
    return kUsage;
  }
  if (!encoding.empty() && !xf::encoding_known(encoding)) {
    std::cerr << "xqrec audit: unknown encoding '" << xf::printable(encoding) << "' (an ICU name: GB18030, Big5, UTF-8, UTF-16LE ...)\n";
    return kUsage;
  }
  if (threshold < 2 || natural < 0) {
    std::cerr << "xqrec audit: --threshold must be at least 2 and --natural-limit not negative\n";
    return kUsage;
  }
  if (!parse_max_games_option("audit", vm, max_games)) return kUsage;
  if (!from_list.empty() && !read_list(from_list, inputs)) {
    std::cerr << "xqrec audit: cannot read the list " << xf::printable(from_list) << "\n";
    return kUsage;
  }
  for (const char* option : {"jsonl", "html", "html-all"})
    if (vm.count(option) && vm[option].as<std::string>().empty()) {
      std::cerr << "xqrec audit: --" << option << " needs a file name\n";
      return kUsage;
    }
  const bool html_all = vm.count("html-all");
  if (html_all) {
    if (!html.empty()) {
      std::cerr << "xqrec audit: give one of --html and --html-all\n";
      return kUsage;
    }
    html = vm["html-all"].as<std::string>();
  }
  if (html == "-" || xf::names_standard_output(html)) {
    std::cerr << "xqrec audit: the report goes to a file (--html FILE), not to standard output\n";
    return kUsage;
  }
  if (inputs.empty()) {
    std::cerr << "xqrec audit: no input (give files, directories, - or --from-list)\n";
    return kUsage;
  }

  // The CPUs the process may use (taskset, a cpuset, a container's CPU
  // quota), not the machine's cores: the default --jobs, and the arenas'
  // cap below.
  const unsigned cpus = xa::usable_cpus();
  if (jobs == 0) jobs = cpus;
#ifdef __GLIBC__
  // glibc gives threads up to 8 malloc arenas a core, each keeping what
  // was freed in it: with more workers than cores, what they had freed
  // added 12 MB at 16 jobs and 15 MB at 64 (an 81 MB PGN: 48 / 60 MB peak,
  // 37 / 48 MB with as many arenas as cores). No more threads than CPUs
  // run at once, so no more arenas are needed to keep them apart. Set here,
  // before any thread starts: mallopt is not meant to race with malloc.
  if (jobs > cpus) mallopt(M_ARENA_MAX, int(cpus));
#endif
  std::vector<std::string> errors;
  const auto files = xf::expand_inputs(inputs, errors);
  for (const auto& e : errors) std::cerr << "xqrec audit: " << xf::printable(e) << "\n";

  xa::BatchOptions batch;
  batch.jobs = jobs;
  batch.max_games = max_games;
  batch.progress = isatty(STDERR_FILENO);
  batch.audit.natural_limit.moves = natural;
  batch.audit.repetition_threshold = threshold;
  batch.audit.rules = *rule_set;
  batch.audit.variations = !vm.count("no-variations");
  batch.audit.keep_main_line = !html.empty();
  batch.audit.proof_lines = !html.empty();
  if (!parse_shard_option("audit", vm, batch.shard)) return kUsage;
  if (!encoding.empty()) batch.read.input_encoding = encoding;

  // Standard output by another name is standard output: the finding lines
  // must not go there too.
  // (assign(1, '-'): GCC 12 warns falsely on `= "-"` here, -Wrestrict, its bug 105329)
  if (xf::names_standard_output(jsonl)) jsonl.assign(1, '-');
  // No output may be an input: the records, or the list naming them.
  xf::OutputGuard guard;
  for (const auto& f : files) guard.add_input(f.path);
  if (!from_list.empty()) guard.add_input(from_list);
  for (const std::string& e : {guard.claim(jsonl, "--jsonl"), guard.claim(html, html_all ? "--html-all" : "--html"),
                               guard.claim_stdout("the findings")})
    if (!e.empty()) {
      std::cerr << "xqrec audit: " << xf::printable(e) << "\n";
      return kUsage;
    }
  xf::OutputFile json_out;
  if (!jsonl.empty()) {
    if (const std::string e = json_out.open(jsonl); !e.empty()) {
      std::cerr << "xqrec audit: " << xf::printable(e) << "\n";
      return kUsage;
    }
  }
  xf::OutputFile html_out;
  xq::report::AuditHtml html_report(html_all);
  if (!html.empty()) {
    std::string e = html_out.open(html);
    if (e.empty()) e = html_report.open(html);
    if (!e.empty()) {
      std::cerr << "xqrec audit: " << xf::printable(e) << "\n";
      return kUsage;
    }
  }
  // Finding lines go to stdout unless the JSON does. Both are written by
  // the auditing threads; this thread copies them out in order.
  const bool text = !vm.count("quiet") && jsonl != "-";
  batch.lines.jsonl = !jsonl.empty();
  batch.lines.text = text;
  std::size_t error_games = 0;  // of the file-level findings; the games' are in the summary
  bool io_error = !errors.empty();
  xa::BatchSink sink;
  sink.lines = [&](std::string_view json_lines, std::string_view text_lines) {
    if (!json_lines.empty()) json_out.write(json_lines);
    if (!text_lines.empty()) std::cout.write(text_lines.data(), std::streamsize(text_lines.size()));
  };
  if (!html.empty()) sink.game = [&](const xa::GameAudit& a) { html_report.add(a); };
  sink.file = [&](const std::string& path, const xa::FileReport& report, const std::string& io) {
    if (!io.empty()) {
      std::cerr << "xqrec audit: " << xf::printable(path) << ": " << xf::printable(io) << "\n";
      io_error = true;
      return;
    }
    if (report.issues.empty()) return;
    const xa::GameAudit file_level = xa::file_level_audit(path, report);
    if (!jsonl.empty()) json_out.write(xa::audit_to_json(file_level));
    if (!html.empty()) html_report.add(file_level);
    if (text) std::cout << xa::audit_to_text(file_level);
    error_games += file_level.has_errors();
  };
  const auto sum = xa::audit_files(files, batch, sink);
  std::cout.flush();
  // Each output is committed under the rule for a run that read nothing.
  const bool nothing_read = sum.files == sum.io_errors;
  const auto commit = [&](xf::OutputFile& out, const std::string& name, std::string error) {
    bool kept = false;
    if (error.empty()) error = out.commit_unless_nothing_read(nothing_read, io_error, kept);
    if (!error.empty()) {
      std::cerr << "xqrec audit: " << xf::printable(error) << "\n";
      return false;
    }
    if (kept) {
      std::cerr << "xqrec audit: nothing was read: " << xf::printable(name) << " is left as it was\n";
      io_error = true;
    }
    return true;
  };
  if (!jsonl.empty() && !commit(json_out, jsonl, "")) return kUsage;
  if (!html.empty()) {
    // Always made; whether a run that read nothing commits it is the rule's.
    const std::string e = html_report.finish(sum, [&](std::string_view bytes) { return html_out.write(bytes); });
    if (!commit(html_out, html, e.empty() ? e : html + ": " + e)) return kUsage;
  }
  std::ostream& summary = jsonl == "-" || vm.count("quiet") ? std::cerr : std::cout;
  summary << "audited " << sum.files << " files, " << sum.games << " games, " << sum.plies << " plies; "
          << sum.games_with_errors << " games with errors\n";
  for (const auto& [code, n] : sum.findings_by_code) summary << "  " << code << ": " << n << "\n";
  if (io_error) return kUsage;
  return error_games || sum.games_with_errors ? kFindings : kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("audit", "replay records and report illegal, missing or wrong moves and results", run_audit);

}  // namespace xqcli
