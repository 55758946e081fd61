// xqrec select: the games of an archive that pass filters, listed or
// written with convert's writers.
#include <iostream>

#include "cli.h"
#include "writer_options.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/issue.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/output_guard.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/index/query.h"
#include "xqrec/index/schema.h"
#include "xqrec/select/select.h"
#include "xqrec/select/selection_output.h"

namespace xqcli {

namespace {

namespace xs = xq::select;
namespace xf = xq::formats;
namespace xc = xq::convert;

constexpr const char* kSynopsis =
    "PATH... [filters] (-o OUT [--to FORMAT ...] | --list) [--report FILE]\n"
    "       --db INDEX [filters] (-o OUT [--to FORMAT ...] | --list) [--report FILE]\n\n"
    "Selects the games that pass every filter given (AND; a comma list inside one option is OR).\n"
    "Games are read in the order of the paths given (directories recursed in name order).\n"
    "  --list prints FILE<TAB>GAME<TAB>PLY per game: GAME 1-based, PLY the ply after which\n"
    "    --position first occurs (0: the start position), else the main-line plies replayed.\n"
    "  -o writes them with convert's writers: one file (or -) for pgn, json and fen; a directory\n"
    "    for xqf, dhtmlxq and cbf, one game a file numbered in selection order (0001.xqf ...).\n"
    "A game that cannot be read in full (a reader error, no start position, a main line that\n"
    "stops replaying) is counted, and listed with --report; the filters judge what was read.\n"
    "--material SPEC: RED-BLACK, each side's pieces besides the king, in any order and case:\n"
    "  R rook, H or N horse, C cannon, A advisor, B or E elephant, P pawn (K optional), or the\n"
    "  Chinese glyphs; exactly that material on the board at some ply of the main line.\n"
    "  Example: RHC-RAABB (rook, horse, cannon against rook and both advisors and elephants).\n"
    "--date FROM:TO: YYYY[.MM[.DD]] each, either side empty; a game matches when its recorded\n"
    "  date lies inside as far as it is known (a game of 2004 does not match 2004.06:2004.12).\n"
    "--ends: mate and stalemate (the final position), repetition (the main line ends within one\n"
    "  cycle of a repetition the audit reports), natural-limit (the audit reports the limit and\n"
    "  the game is not over), incomplete (the audit reports incomplete-record).\n"
    "--db INDEX answers the filters from an index `xqrec index` built (docs/index.md): games in\n"
    "  path order, a position by its key, findings as the index holds them; -o reads the\n"
    "  selected games from their files again.\n"
    "Exit 0: done (whether or not anything matched); 1: some game or file could not be read in\n"
    "full; 2: usage or I/O error.";

int run_select(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::vector<std::string> inputs, tags, players, findings;
  std::string event, date, result, ecco, plies, position, material, ends, out, report, encoding, db_path, rules = "cxa2020";
  unsigned min_plies = 30;
  WriterChoice writer;
  opts.add_options()
      ("input", po::value<std::vector<std::string>>(&inputs), "files, directories (recursed) or - for standard input")
      ("db", po::value<std::string>(&db_path), "answer from this index (xqrec index) instead of reading files")
      ("tag", po::value<std::vector<std::string>>(&tags), "NAME=REGEX: the tag NAME (any case) matches REGEX (ICU syntax; ^...$ for the whole value); repeatable")
      ("player", po::value<std::vector<std::string>>(&players), "REGEX: Red or Black matches; repeatable")
      ("event", po::value<std::string>(&event), "REGEX: the Event tag matches")
      ("date", po::value<std::string>(&date), "FROM:TO: the Date tag lies inside (see above)")
      ("result", po::value<std::string>(&result), "1-0, 0-1, 1/2-1/2 or * (none recorded), comma-separated")
      ("ecco", po::value<std::string>(&ecco), "CODES: the ECCO code of the moves is one of them: codes (C77), families (C7), classes (C), ranges (C70-C79), comma-separated")
      ("plies", po::value<std::string>(&plies), "MIN:MAX, MIN:, :MAX or N: main-line plies replayed")
      ("position", po::value<std::string>(&position), "FEN (quoted): its board and side to move occur on the main line")
      ("mirror", "with --position: the mirrored board counts too")
      ("material", po::value<std::string>(&material), "SPEC: that material is reached on the main line (see above)")
      ("ends", po::value<std::string>(&ends), "mate, stalemate, repetition, natural-limit, incomplete: comma-separated")
      ("finding", po::value<std::vector<std::string>>(&findings), "CODE[,CODE...]: the audit reports one of them (xqrec codes lists them); repeatable")
      ("no-errors", "the audit reports no error")
      ("unique", "one game per duplicate group, the one `xqrec duplicates` keeps")
      ("min-plies", po::value<unsigned>(&min_plies), "with --unique: as duplicates --min-plies (default 30)")
      ("skip-deleted", "leave out the games marked deleted (tag Deleted \"yes\")")
      ("shard", po::value<std::string>(), kShardHelp)
      ("rules", po::value<std::string>(&rules), "rule set of the audit's repetition verdicts: cxa2020 (default), cxa2011, cxa1999, asian")
      ("input-encoding", po::value<std::string>(&encoding), "text encoding of the inputs instead of detecting it")
      ("list", "print FILE<TAB>GAME<TAB>PLY for each selected game")
      ("output,o", po::value<std::string>(&out), "write the selected games: a file, - for stdout, or a directory (xqf, dhtmlxq, cbf)");
  add_writer_options(opts, writer);
  opts.add_options()
      ("ecco-tags", "with -o: write the ECCO code of the moves as the tags ECCO, Opening and Variation (convert --ecco; "
                    "--ecco is the filter here)")
      ("report", po::value<std::string>(&report), "write the games not read in full and what could not be converted, as JSON Lines (convert --report's schema), to FILE (- for stderr)");
  po::positional_options_description pos;
  pos.add("input", -1);
  po::variables_map vm;
  if (int rc = parse_options("select", kSynopsis, opts, pos, args, vm); rc >= 0) return rc;
  auto usage = [](const std::string& why) {
    std::cerr << "xqrec select: " << xf::printable(why) << "\n";
    return int(kUsage);
  };
  const bool list = vm.count("list") > 0;
  if (list == (vm.count("output") > 0)) return usage("give -o OUT or --list (one of them)");
  const bool from_db = vm.count("db") > 0;
  if (from_db && !inputs.empty()) return usage("give --db or paths to read, not both");
  if (from_db)
    for (const char* o : {"rules", "input-encoding", "min-plies"})
      if (vm.count(o)) return usage(std::string("--") + o + " does not go with --db: the index keeps the options it was built with");
  if (!from_db && inputs.empty()) return usage("no input (give files, directories, - or --db INDEX)");

  xs::SelectOptions options;
  xs::Filters& f = options.filters;
  for (const auto& t : tags) {
    auto r = xs::parse_tag_filter(t);
    if (!r) return usage(r.error());
    f.tags.push_back(std::move(r.value()));
  }
  if (vm.count("event")) {
    auto r = xs::Pattern::compile(event);
    if (!r) return usage(r.error());
    f.tags.push_back({"Event", std::move(r.value())});
  }
  for (const auto& p : players) {
    auto r = xs::Pattern::compile(p);
    if (!r) return usage(r.error());
    f.players.push_back(std::move(r.value()));
  }
  if (vm.count("date")) {
    auto r = xs::parse_date_range(date);
    if (!r) return usage(r.error());
    f.date = *r;
  }
  if (vm.count("result")) {
    auto r = xs::parse_results(result);
    if (!r) return usage(r.error());
    f.results = *r;
  }
  if (vm.count("ecco")) {
    auto r = xs::parse_ecco_set(ecco);
    if (!r) return usage(r.error());
    f.ecco = *r;
  }
  if (vm.count("plies")) {
    auto r = xs::parse_ply_range(plies);
    if (!r) return usage(r.error());
    f.plies = *r;
  }
  if (vm.count("position")) {
    auto r = xq::parse_fen(position);
    if (!r) {
      const auto& e = r.error().front();
      return usage("bad FEN for --position: column " + std::to_string(e.column) + ": " + e.message);
    }
    f.position = *r;
  }
  f.mirror = vm.count("mirror") > 0;
  if (f.mirror && !f.position) return usage("--mirror goes with --position");
  if (vm.count("material")) {
    auto r = xs::parse_material(material);
    if (!r) return usage(r.error());
    f.material = *r;
  }
  if (vm.count("ends")) {
    auto r = xs::parse_endings(ends);
    if (!r) return usage(r.error());
    f.endings = *r;
  }
  for (const auto& group : findings) {
    auto& codes = f.findings.emplace_back();
    for (std::size_t start = 0; start <= group.size();) {
      const auto comma = std::min(group.find(',', start), group.size());
      const std::string name = group.substr(start, comma - start);
      const auto code = xf::code_named(name);
      if (!code) return usage("unknown code '" + name + "' for --finding (xqrec codes lists them)");
      codes.push_back(*code);
      start = comma + 1;
    }
  }
  f.no_errors = vm.count("no-errors") > 0;
  f.unique = vm.count("unique") > 0;
  f.skip_deleted = vm.count("skip-deleted") > 0;
  if (min_plies < 1) return usage("--min-plies must be at least 1");
  if (vm.count("min-plies") && !f.unique) return usage("--min-plies goes with --unique");
  options.unique_min_plies = min_plies;
  if (!parse_shard_option("select", vm, options.shard)) return kUsage;
  if (vm.count("shard") && vm.count("db")) return usage("--shard reads files: an index holds what its shards held");
  const auto rule_set = xq::rules::parse_rule_set(rules);
  if (!rule_set) return usage("unknown rule set '" + rules + "' (cxa2020, cxa2011, cxa1999, asian)");
  options.audit.rules = *rule_set;
  if (!encoding.empty() && !xf::encoding_known(encoding))
    return usage("unknown input encoding '" + encoding + "' (an ICU name: GB18030, Big5, UTF-8, UTF-16LE ...)");
  if (!encoding.empty()) options.read.input_encoding = encoding;

  xc::ConvertOptions convert;
  if (!list && !apply_writer_options("select", writer, out, convert)) return kUsage;
  convert.read = options.read;
  convert.ecco = vm.count("ecco-tags") > 0;
  if (convert.ecco && list) return usage("--ecco-tags goes with -o");

  std::vector<std::string> errors;
  const auto files = xf::expand_inputs(inputs, errors);
  for (const auto& e : errors) std::cerr << "xqrec select: " << xf::printable(e) << "\n";

  // No output may be an input, and the listing and a -o - are the one
  // standard output.
  if (xq::formats::names_standard_output(out)) out = "-";
  xf::OutputGuard guard;
  for (const auto& file : files) guard.add_input(file.path);
  // With --db the index and the files it names are the inputs: no output
  // may be one of them.
  xq::archive::Database db;
  if (from_db) {
    if (const std::string e = xq::archive::open_for_reading(db, db_path); !e.empty()) return usage(e);
    for (const std::string& p : {db_path, db_path + "-wal", db_path + "-shm"}) guard.add_input(p);
    xq::archive::Statement paths = db.prepare("SELECT coalesce(path_bytes, path) FROM files");
    while (paths.step()) guard.add_input(paths.text(0));
  }
  if (list)
    if (const std::string e = guard.claim_stdout("the list"); !e.empty()) return usage(e);
  if (report != "-")
    if (const std::string e = guard.claim(report, "--report"); !e.empty()) return usage(e);
  xs::SelectionOutput output(convert, guard);
  if (!list)
    if (const std::string e = output.open(out); !e.empty()) return usage(e);
  xf::OutputFile report_file;
  const bool report_to_file = !report.empty() && report != "-";
  if (report_to_file)
    if (const std::string e = report_file.open(report); !e.empty()) return usage(e);
  auto note = [&](const xc::ConvertNote& n) {
    if (report == "-") std::cerr << xc::convert_note_json(n);
    else if (report_to_file) report_file.write(xc::convert_note_json(n));
  };

  bool write_failed = false;
  if (from_db) {
    std::vector<xq::archive::IndexedGame> chosen;
    auto as_note = [](const xq::archive::IndexedGame& g) {
      return xc::ConvertNote{g.path_bytes.empty() ? g.path : g.path_bytes, g.game, *g.damage};
    };
    const auto q = xq::archive::query_index(
        db, f,
        [&](const xq::archive::IndexedGame& g) {
          if (list) std::cout << xf::printable(g.path_bytes.empty() ? g.path : g.path_bytes) << '\t' << g.game << '\t' << g.ply << '\n';
          else chosen.push_back(g);
        },
        [&](const xq::archive::IndexedGame& g) { note(as_note(g)); });
    if (!q.failed.empty()) return usage(db_path + ": " + q.failed);
    bool io_error = false;
    if (!list)
      xq::archive::read_indexed_games(
          chosen, options.read,
          [&](const xq::archive::IndexedGame& g, xf::BuiltGame& built) {
            if (!write_failed && !output.write(built, g.path, note)) write_failed = true;
          },
          [&](const std::string& e) { io_error = true, usage(e); });
    std::cout.flush();
    if (!list) {
      bool kept = false;
      for (const auto& e : output.finish(false, io_error, kept)) io_error = true, usage(e);
      if (output.left_unchanged()) std::cerr << "xqrec select: no game selected: " << xf::printable(out) << " is left as it was\n";
    }
    if (report_to_file)
      if (const std::string e = report_file.commit(); !e.empty()) io_error = true, usage(e);
    std::cerr << "selected " << q.selected << " of " << q.games << " games in the index";
    if (!list) std::cerr << "; " << output.written() << " written";
    if (q.damaged)
      std::cerr << "; " << q.damaged << " games not read in full" << (report.empty() ? " (list them with --report FILE)" : "");
    if (q.file_errors) std::cerr << "; " << q.file_errors << " file errors";
    if (q.copies_dropped) std::cerr << "; " << q.copies_dropped << " copies of a kept game left out (--unique)";
    if (q.deleted_skipped) std::cerr << "; " << q.deleted_skipped << " deleted games left out";
    std::cerr << "\n";
    if (io_error) return kUsage;
    return q.damaged || q.file_errors ? kFindings : kOk;
  }
  xs::SelectSink sink;
  sink.selected = [&](const std::string& path, xf::BuiltGame& g, const xs::Choice& c) {
    if (list) std::cout << xf::printable(path) << '\t' << g.index << '\t' << c.ply << '\n';
    else if (!write_failed && !output.write(g, path, note)) write_failed = true;
  };
  sink.damaged = note;
  sink.io_error = [&](const std::string& e) { std::cerr << "xqrec select: " << xf::printable(e) << "\n"; };
  const xs::SelectSummary sum = xs::select_files(files, options, sink);
  std::cout.flush();

  bool io_error = sum.io_error || !errors.empty();
  const bool nothing_read = sum.files == 0;
  if (!list) {
    bool kept = false;
    for (const auto& e : output.finish(nothing_read, io_error, kept)) io_error = true, usage(e);
    if (kept) io_error = true, usage("nothing was read: " + out + " is left as it was");
    if (output.left_unchanged()) std::cerr << "xqrec select: no game selected: " << xf::printable(out) << " is left as it was\n";
  }
  if (report_to_file) {
    bool kept = false;
    if (const std::string e = report_file.commit_unless_nothing_read(nothing_read, io_error, kept); !e.empty())
      io_error = true, usage(e);
    if (kept) io_error = true, usage("nothing was read: " + report + " is left as it was");
  }
  std::cerr << "selected " << sum.selected << " of " << sum.games << " games in " << sum.files << " files";
  if (!list) std::cerr << "; " << output.written() << " written";
  if (sum.damaged)
    std::cerr << "; " << sum.damaged << " games not read in full" << (report.empty() ? " (list them with --report FILE)" : "");
  if (sum.file_errors) std::cerr << "; " << sum.file_errors << " file errors";
  if (sum.copies_dropped) std::cerr << "; " << sum.copies_dropped << " copies of a kept game left out (--unique)";
  if (sum.deleted_skipped) std::cerr << "; " << sum.deleted_skipped << " deleted games left out";
  std::cerr << "\n";
  if (io_error) return kUsage;
  return sum.damaged || sum.file_errors ? kFindings : kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("select", "select games by tags, positions, material, endings, findings; list or write them", run_select);

}  // namespace xqcli
