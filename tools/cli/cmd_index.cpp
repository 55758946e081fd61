// xqrec index: an SQLite database of an archive, built and kept up to date.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "xqrec/audit/usable_cpus.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/output_guard.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/index/index.h"
#include "xqrec/index/schema.h"

namespace xqcli {

namespace {

namespace xi = xq::archive;
namespace xf = xq::formats;

constexpr const char* kSynopsis =
    "PATH... --db FILE [--jobs N] [--rebuild] [--min-plies N] [--rules R] [--input-encoding E] [--shard I/N]\n"
    "       --merge SHARD.sqlite... --db FILE [--rebuild] [--min-plies N]\n\n"
    "Builds or updates an SQLite index of the records (docs/index.md gives its tables): files,\n"
    "games with their usual tags, every tag, the audit's findings, the main line's positions and\n"
    "material, the duplicate groups. A second run reads only the files whose size or mtime\n"
    "changed (and whose SHA-256 then differs), replaces their rows, drops the rows of files that\n"
    "are gone, and leaves every other row as it was. One transaction per batch of files (WAL):\n"
    "a run stopped at any moment leaves the index as it was after the last batch. A file that\n"
    "is not an SQLite database, a database that is not an xqrec index, or a locked one is\n"
    "refused. `xqrec select --db FILE` answers select's filters from it.\n"
    "--merge joins the indexes of shards (index --shard I/N on every machine, the same paths)\n"
    "into a new index (an existing one of ours only with --rebuild), written whole or not at all,\n"
    "its duplicate groups recomputed across the shards.\n"
    "Exit 0: done; 2: usage, I/O or database error.";

int run_index(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> inputs, merge;
  std::string db_path, encoding, rules = "cxa2020";
  unsigned min_plies = 30, jobs = 0;
  opts.add_options()
      ("input", po::value<std::vector<std::string>>(&inputs), "files or directories (recursed)")
      ("db", po::value<std::string>(&db_path)->required(), "the index: an SQLite database (created when missing)")
      ("jobs,j", po::value<unsigned>(&jobs), "threads that audit and key the games (default: the CPUs it may use; one writes the database)")
      ("rebuild", "start the index afresh")
      ("merge", po::value<std::vector<std::string>>(&merge)->multitoken(), "join these shard indexes into --db")
      ("min-plies", po::value<unsigned>(&min_plies), "duplicates: the shortest main line counted as embedded (default 30)")
      ("rules", po::value<std::string>(&rules), "rule set of the audit's repetition verdicts: cxa2020 (default), cxa2011, cxa1999, asian")
      ("input-encoding", po::value<std::string>(&encoding), "text encoding of the inputs instead of detecting it")
      ("shard", po::value<std::string>(), kShardHelp);
  po::positional_options_description pos;
  pos.add("input", -1);
  po::variables_map vm;
  if (int rc = parse_options("index", kSynopsis, opts, pos, args, vm); rc >= 0) return rc;
  auto usage = [](const std::string& why) {
    std::cerr << "xqrec index: " << xf::printable(why) << "\n";
    return int(kUsage);
  };
  if (!merge.empty()) {
    if (!inputs.empty()) return usage("give --merge or paths to index, not both");
    for (const char* o : {"shard", "rules", "input-encoding", "min-plies", "jobs"})
      if (vm.count(o)) return usage(std::string("--") + o + " does not go with --merge: the shards' own options are kept");
    xf::OutputGuard guard;
    for (const auto& m : merge) guard.add_input(m);
    if (const std::string e = guard.claim(db_path, "--db"); !e.empty()) return usage(e);
    std::error_code ec;
    if (std::filesystem::exists(db_path, ec)) {
      xi::Database existing;
      if (const std::string e = xi::open_for_reading(existing, db_path); !e.empty())
        return usage(e + "; nothing was written");
      if (!vm.count("rebuild")) return usage(db_path + " is an index already: give --rebuild to replace it by the merge");
    }
    const xi::MergeSummary sum = xi::merge_indexes(db_path, merge, 30);
    if (!sum.failed.empty()) return usage(sum.failed + "; " + db_path + " is left as it was");
    std::cerr << "merged " << sum.shards << " shards: " << sum.files << " files, " << sum.games << " games in "
              << sum.groups << " duplicate groups\n";
    return kOk;
  }
  if (inputs.empty()) return usage("no input (give files or directories, or --merge)");
  for (const auto& in : inputs)
    if (in == "-") return usage("standard input has no name to keep in an index: give files or directories");
  if (min_plies < 1) return usage("--min-plies must be at least 1");
  const auto rule_set = xq::rules::parse_rule_set(rules);
  if (!rule_set) return usage("unknown rule set '" + rules + "' (cxa2020, cxa2011, cxa1999, asian)");
  if (!encoding.empty() && !xf::encoding_known(encoding))
    return usage("unknown input encoding '" + encoding + "' (an ICU name: GB18030, Big5, UTF-8, UTF-16LE ...)");

  std::vector<std::string> errors;
  const auto files = xf::expand_inputs(inputs, errors);
  for (const auto& e : errors) std::cerr << "xqrec index: " << xf::printable(e) << "\n";
  // The database (and its -wal and -shm files) is never one of the inputs.
  xf::OutputGuard guard;
  for (const auto& f : files) guard.add_input(f.path);
  for (const std::string& p : {db_path, db_path + "-wal", db_path + "-shm"})
    if (const std::string e = guard.claim(p, "--db"); !e.empty()) return usage(e);
  if (files.empty() && !errors.empty()) return usage("nothing to read: " + db_path + " is left as it was");

  // Every option checked before the database is opened: a refused run
  // changes nothing.
  xi::IndexOptions options;
  options.min_plies = min_plies;
  options.jobs = jobs ? jobs : xq::audit::usable_cpus();
  if (!parse_shard_option("index", vm, options.shard)) return kUsage;
  options.audit.rules = *rule_set;
  if (!encoding.empty()) options.read.input_encoding = encoding;
  xi::Database db;
  if (const std::string e = xi::open_for_writing(db, db_path, vm.count("rebuild") > 0); !e.empty()) return usage(e);
  const xi::IndexSummary sum = xi::build_index(db, files, options, inputs, [](const std::string& n) {
    std::cerr << "xqrec index: " << xf::printable(n) << "\n";
  });
  if (!sum.failed.empty()) return usage(sum.failed + " (the index holds what was committed before)");
  std::cerr << "indexed " << sum.files << " files: " << sum.files_read << " read (" << sum.games_read << " games), "
            << sum.files_unchanged << " unchanged, " << sum.files_dropped << " dropped"
            << (sum.files_not_regular ? ", " + std::to_string(sum.files_not_regular) + " not regular files" : "")
            << "; the index holds " << sum.games
            << " games in " << sum.groups << " duplicate groups\n";
  return sum.io_error || !errors.empty() ? kUsage : kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("index", "build or update an SQLite index of an archive (select --db queries it)", run_index);

}  // namespace xqcli
