// xqrec convert: records from any format to PGN, XQF, DhtmlXQ, CBF, JSON or FEN.
#include <sys/stat.h>

#include <iostream>

#include "cli.h"
#include "writer_options.h"
#include "xqrec/convert/convert.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/terminal_text.h"

namespace xqcli {

namespace {

namespace xc = xq::convert;
namespace xf = xq::formats;

int run_convert(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> inputs;
  std::string out, report, input_encoding;
  WriterChoice writer;
  std::size_t max_games = 0;
  opts.add_options()
      ("input", po::value<std::vector<std::string>>(&inputs), "files or directories (recursed); - for standard input")
      ("output,o", po::value<std::string>(&out)->required(), "output: a file, a directory (mirrors the input tree), or - for stdout");
  add_writer_options(opts, writer);
  opts.add_options()
      ("max-games", po::value<std::string>(), "convert at most N games of each file (a warning says where it stopped); the outputs hold one record per game read, so their size is bounded by the games, not by the input's bytes: a small library can hold very many games")
      ("input-encoding", po::value<std::string>(&input_encoding), "text encoding of the inputs instead of detecting it")
      ("skip-deleted", "leave out the games marked deleted (tag Deleted \"yes\": the CBL entries whose index says "
                       "deleted); each is an info note skipped-deleted. Without it they are converted, tag included")
      ("ecco", "write the ECCO opening code of the moves as the tags ECCO, Opening and Variation, replacing the "
               "record's own (a game not from the standard start keeps its tags)")
      ("report", po::value<std::string>(&report), "write what could not be converted, as JSON Lines, to FILE (- for stderr)")
      ("shard", po::value<std::string>(), kShardHelp);
  po::positional_options_description pos;
  pos.add("input", -1);
  po::variables_map vm;
  if (int rc = parse_options("convert",
                             "IN... -o OUT [--to FORMAT] [--notation N] [--encoding E] [--skip-deleted] [--ecco] [--report FILE]",
                             opts, pos, args, vm);
      rc >= 0)
    return rc;
  if (inputs.empty()) {
    std::cerr << "xqrec convert: no input\n";
    return kUsage;
  }
  xc::ConvertOptions options;
  if (!apply_writer_options("convert", writer, out, options)) return kUsage;
  if (!parse_max_games_option("convert", vm, max_games)) return kUsage;
  options.max_games = max_games;
  if (!input_encoding.empty() && !xf::encoding_known(input_encoding)) {
    std::cerr << "xqrec convert: unknown input encoding '" << xf::printable(input_encoding)
              << "' (an ICU name: GB18030, Big5, UTF-8, UTF-16LE ...)\n";
    return kUsage;
  }
  options.skip_deleted = vm.count("skip-deleted") > 0;
  if (!parse_shard_option("convert", vm, options.shard)) return kUsage;
  options.ecco = vm.count("ecco") > 0;
  if (!input_encoding.empty()) options.read.input_encoding = input_encoding;

  xc::ConvertPlan plan = xc::plan_convert(inputs, out, options);
  if (plan.refused.empty() && report != "-") plan.refused = plan.guard.claim(report, "--report");
  if (!plan.refused.empty()) {
    for (const auto& e : plan.input_errors) std::cerr << "xqrec convert: " << xf::printable(e) << "\n";
    std::cerr << "xqrec convert: " << xf::printable(plan.refused) << "; nothing was written\n";
    return kUsage;
  }
  xf::OutputFile report_file;
  const bool report_to_stderr = report == "-";
  const bool report_to_file = !report.empty() && !report_to_stderr;
  if (report_to_file) {
    if (const std::string e = report_file.open(report); !e.empty()) {
      std::cerr << "xqrec convert: " << xf::printable(e) << "\n";
      return kUsage;
    }
  }
  std::size_t notes = 0;
  auto sum = xc::convert_files(
      plan, options,
      [&](const xc::ConvertNote& n) {
        ++notes;
        if (report_to_stderr) std::cerr << xc::convert_note_json(n);
        else if (report_to_file) report_file.write(xc::convert_note_json(n));
      },
      [&](const std::string& e) { std::cerr << "xqrec convert: " << xf::printable(e) << "\n"; });
  if (report_to_file) {
    bool kept = false;
    if (const std::string e = report_file.commit_unless_nothing_read(sum.read_files == 0, sum.io_error, kept);
        !e.empty()) {
      std::cerr << "xqrec convert: " << xf::printable(e) << "\n";
      return kUsage;
    }
    if (kept) {
      std::cerr << "xqrec convert: nothing was read: " << xf::printable(report) << " is left as it was\n";
      sum.io_error = true;
    }
  }
  std::cerr << "converted " << sum.games << " games from " << sum.files << " files into " << sum.outputs
            << " outputs; " << sum.games_with_notes << " games with losses or problems"
            << (sum.deleted_skipped ? "; " + std::to_string(sum.deleted_skipped) + " deleted games skipped" : "")
            << (!notes ? "" : report.empty() ? " (--report FILE lists them)" : " (listed in the --report)") << "\n";
  if (sum.io_error) return kUsage;
  return sum.lossy ? kFindings : kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("convert", "convert records between PGN, XQF, DhtmlXQ, CBF, CBR/CBL, JSON and FEN", run_convert);

}  // namespace xqcli
