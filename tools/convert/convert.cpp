#include "xqrec/convert/convert.h"
#include "ecco_tags.h"

#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "xqrec/formats/cbf.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/fen_lines.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/input_walk.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/terminal_text.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/formats/xqf.h"

namespace xq::convert {

using namespace xq::formats;

namespace fs = std::filesystem;

bool holds_many_games(Format f) { return f == Format::Pgn || f == Format::Json || f == Format::FenLines; }

std::string_view file_extension(Format f) {
  switch (f) {
    case Format::Pgn: return ".pgn";
    case Format::Xqf: return ".xqf";
    case Format::DhtmlXq: return ".ubb";
    case Format::Cbf: return ".cbf";
    case Format::Json: return ".json";
    case Format::FenLines: return ".fen";
    default: return ".txt";
  }
}

namespace {

// Reader issues, loss notes and convert's own notes are about no line:
// their variation is "" (resolver issues name theirs).
Issue unplaced(Issue i) {
  i.ply = i.move_number = 0;
  i.variation.clear();
  return i;
}

ConvertNote note(std::string file, std::size_t game, Code code, Severity severity, std::string text,
                 std::string message) {
  Issue i = loss(code, std::move(message), severity);
  i.text = std::move(text);
  return {std::move(file), game, unplaced(std::move(i))};
}

}  // namespace

ConvertedGame convert_game(GameRecord record, const std::vector<Issue>& reader_issues,
                           const ConvertOptions& options) {
  ConvertedGame out;
  for (const auto& i : reader_issues) out.notes.push_back({"", 0, unplaced(i)});
  StartPosition start = resolve_start(record);
  for (const auto& i : start.issues) out.notes.push_back({"", 0, i});
  if (!start.setup) {
    out.notes.push_back({"", 0, unplaced(loss(Code::NotConverted, "the game has no usable start position", Severity::Error))});
    return out;
  }
  // Writers take the resolved start as a set-up.
  record.start_setup = *start.setup;
  record.start_fen.reset();
  for (const auto& i : resolve_moves(record, *start.setup)) {
    out.notes.push_back({"", 0, i});
  }
  if (options.ecco) set_ecco_tags(record, *start.setup);
  LossNotes losses;
  switch (options.to) {
    case Format::Pgn: {
      auto r = write_pgn(record, options.pgn);
      out.bytes = std::move(r.bytes);
      losses = std::move(r.losses);
      break;
    }
    case Format::Xqf: {
      XqfWriteOptions xo;
      xo.version = options.xqf_version;
      auto r = write_xqf(record, xo);
      out.bytes = std::move(r.bytes);
      losses = std::move(r.losses);
      break;
    }
    case Format::DhtmlXq: {
      DhtmlXqWriteOptions dopt;
      dopt.encoding = options.pgn.encoding;  // the one text-output encoding option
      auto r = write_dhtmlxq(record, dopt);
      out.bytes = std::move(r.bytes);
      losses = std::move(r.losses);
      break;
    }
    case Format::Cbf: {
      auto r = write_cbf(record);
      out.bytes = std::move(r.bytes);
      losses = std::move(r.losses);
      break;
    }
    case Format::Json: out.bytes = write_json(record); break;  // one game per line
    case Format::FenLines:
      out.bytes = write_fen_line(record);
      if (record.nodes.size() > 1)
        losses.push_back(loss(Code::MovesDropped, "a FEN line holds the start position only; the moves are not written"));
      break;
    default:
      out.notes.push_back({"", 0, unplaced(loss(Code::UnsupportedTarget, "cannot write this format", Severity::Error))});
      break;
  }
  for (auto& l : losses) out.notes.push_back({"", 0, unplaced(std::move(l))});
  return out;
}

namespace {

// "b.0001" -> "b": the stem a numbered game name of another input's games
// would have; "" when `stem` does not end in a game number.
std::string numbered_base(const std::string& stem) {
  const auto dot = stem.find_last_of('.');
  if (dot == std::string::npos || dot + 1 == stem.size() || stem.find('/', dot) != std::string::npos) return "";
  for (std::size_t i = dot + 1; i < stem.size(); ++i)
    if (stem[i] < '0' || stem[i] > '9') return "";
  return stem.substr(0, dot);
}

// Names compare as a case-insensitive file system would compare them (ASCII
// letters folded), so that a plan that holds here holds there too.
std::string folded(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

// The output naming rule (convert.h): stems that clash keep their source
// extension; any that still clash get -2, -3 ... in input order.
void plan_names(std::vector<ConvertJob>& jobs, bool numbered_games, const std::string& ext,
                std::vector<ConvertNote>& renamed) {
  std::map<std::string, int> count;
  std::set<std::string> bases;  // "b" for a stem "b.0001"
  for (const auto& j : jobs) {
    if (!j.writes) continue;
    ++count[folded(j.output_stem)];
    if (numbered_games)
      if (auto b = numbered_base(j.output_stem); !b.empty()) bases.insert(folded(std::move(b)));
  }
  std::vector<std::string> first(jobs.size());
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    auto& j = jobs[i];
    first[i] = j.output_stem;
    if (!j.writes) continue;
    const std::string stem = folded(j.output_stem);
    const std::string base = numbered_games ? numbered_base(stem) : "";
    const bool clash = count[stem] > 1 || (numbered_games && bases.count(stem)) || (!base.empty() && count.count(base));
    if (clash) j.output_stem = j.source_name;
  }
  std::set<std::string> taken, taken_bases;
  auto conflicts = [&](const std::string& name) {
    const std::string s = folded(name);
    if (taken.count(s)) return true;
    if (!numbered_games) return false;
    const std::string base = numbered_base(s);
    return taken_bases.count(s) || (!base.empty() && taken.count(base));
  };
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    auto& j = jobs[i];
    if (!j.writes) continue;
    std::string name = j.output_stem;
    for (int n = 2; conflicts(name); ++n) name = j.output_stem + "-" + std::to_string(n);
    j.output_stem = name;
    taken.insert(folded(name));
    if (numbered_games)
      if (auto b = numbered_base(name); !b.empty()) taken_bases.insert(folded(std::move(b)));
    if (name != first[i])
      renamed.push_back(note(j.input, 0, Code::OutputRenamed, Severity::Info, name + ext,
                         "written as " + name + ext + ", not " + first[i] + ext +
                             ": another input of this run has an output of that name"));
  }
}

// An output that would be both a file and a folder of other outputs (a.xqf
// to out/a.pgn, and a folder a.pgn/ to out/a.pgn/...), or whose name an
// existing folder holds: "" or why the run may not write.
std::string file_folder_clash(const std::vector<ConvertJob>& jobs, const std::string& out, const std::string& ext) {
  std::map<std::string, const ConvertJob*> files;
  for (const auto& j : jobs)
    if (j.writes) files.emplace(folded(fs::path(j.output_stem + ext).lexically_normal().string()), &j);
  const std::string top = folded(fs::path(out).lexically_normal().string());
  std::error_code ec;
  for (const auto& j : jobs) {
    if (!j.writes) continue;
    const std::string path = j.output_stem + ext;
    if (fs::is_directory(path, ec)) return path + " is a folder: the output of " + j.input + " cannot be written there";
    for (fs::path dir = fs::path(path).lexically_normal().parent_path(); !dir.empty() && folded(dir.string()) != top;
         dir = dir.parent_path()) {
      const auto at = files.find(folded(dir.string()));
      if (at != files.end())
        return dir.string() + " would be both the output of " + at->second->input + " and a folder of outputs (" +
               path + ", from " + j.input + ")";
      if (dir == dir.parent_path()) break;
    }
  }
  return "";
}

}  // namespace

ConvertPlan plan_convert(const std::vector<std::string>& inputs, const std::string& out,
                         const ConvertOptions& options) {
  ConvertPlan plan;
  plan.out = out;
  std::error_code ec;
  bool any_dir = false;
  for (const auto& in : inputs) any_dir |= in != "-" && fs::is_directory(in, ec);
  plan.directory = out != "-" && (fs::is_directory(out, ec) || (!out.empty() && out.back() == '/') || any_dir ||
                                  inputs.size() > 1);
  // The job list: each file, with its place in the output tree.
  for (const auto& in : inputs) {
    const auto files = expand_inputs({in}, plan.input_errors);
    const bool is_dir = in != "-" && fs::is_directory(in, ec);
    for (const auto& f : files) {
      const fs::path rel = is_dir ? fs::path(f.path).lexically_relative(in)
                                  : fs::path(f.path == "-" ? "stdin" : f.path).filename();
      const fs::path source = fs::path(out) / rel;
      plan.jobs.push_back(
          {f.path, fs::path(source).replace_extension().string(), source.string(), f.in_walk, true, f.not_opened});
      plan.guard.add_input(f.path);
      // A read-me or a manifest met in the walk is not read, so it takes no
      // output name from a record beside it (a.md does not rename a.pgn).
      if (f.in_walk) {
        FileBytes sniff;
        if (sniff.open(f).empty())
          plan.jobs.back().writes = sniff.not_opened().empty() && walk_reads(sniff.bytes(), f.path);
      }
    }
  }
  const std::string ext(file_extension(options.to));
  // Outputs that go into a folder: a file where the folder should be is
  // refused before anything is read or written (each write would fail).
  if (plan.directory && fs::exists(out, ec) && !fs::is_directory(out, ec)) {
    plan.refused = out + " is not a folder: the outputs of several files (or of a folder) go into a folder";
    return plan;
  }
  if (!plan.directory) {
    plan.refused = plan.guard.claim(out, "-o");
    return plan;
  }
  plan_names(plan.jobs, !holds_many_games(options.to), ext, plan.renamed);
  if (plan.refused = file_folder_clash(plan.jobs, out, ext); !plan.refused.empty()) return plan;
  // Every output known before reading is checked before anything is written.
  for (const auto& j : plan.jobs)
    if (!j.writes) continue;
    else if (std::string e = plan.guard.claim(j.output_stem + ext, "-o"); !e.empty()) {
      plan.refused = std::move(e);
      break;
    }
  return plan;
}

ConvertSummary convert_files(ConvertPlan& plan, const ConvertOptions& options,
                             const std::function<void(const ConvertNote&)>& on_note,
                             const std::function<void(const std::string&)>& on_io_error) {
  ConvertSummary sum;
  for (const auto& e : plan.input_errors) on_io_error(e), sum.io_error = true;
  if (!plan.refused.empty()) {
    on_io_error(plan.refused);
    sum.io_error = true;
    return sum;
  }
  for (const auto& n : plan.renamed) on_note(n);
  std::error_code ec;

  // File mode: one output for everything.
  std::unique_ptr<OutputFile> single;
  std::size_t single_games = 0;
  bool single_damaged = false;  // an input shrank while it was read
  std::size_t single_written = 0;  // games written to it
  bool single_failed = false;      // a write to it failed: the run stops
  if (!plan.directory) {
    single = std::make_unique<OutputFile>();
    if (const std::string e = single->open(plan.out); !e.empty()) {
      on_io_error(e);
      sum.io_error = true;
      return sum;
    }
  }

  const std::string ext(file_extension(options.to));
  ReadOptions in_walk = options.read;
  in_walk.records_only = true;
  std::size_t read_files = 0;
  for (const auto& job : plan.jobs) {
    if (single_failed) break;
    FileBytes reader;
    if (const std::string e = reader.open(InputFile(job.input, job.in_walk, job.not_opened)); !e.empty()) {
      on_io_error(job.input + ": " + e);
      sum.io_error = true;
      continue;
    }
    // A FIFO or device met in the walk is named (read_games below), not read.
    if (reader.not_opened().empty()) ++sum.files, ++read_files;
    std::unique_ptr<OutputFile> per_file;  // directory mode, many-game target
    std::string pending;                   // directory mode, one-game target: the first game waits for its name
    std::size_t index = 0;
    auto write_to = [&](const std::string& path, const std::string& bytes, bool claimed) {
      fs::create_directories(fs::path(path).parent_path(), ec);
      if (!claimed)
        if (const std::string e = plan.guard.claim(path, "-o"); !e.empty()) {
          on_io_error(e);
          sum.io_error = true;
          return;
        }
      OutputFile f;
      std::string e = f.open(path);
      if (e.empty()) {
        f.write(bytes);
        e = f.commit();
      }
      if (!e.empty()) on_io_error(e), sum.io_error = true;
      else ++sum.outputs;
    };
    auto numbered = [&](std::size_t i) {
      char buf[24];
      std::snprintf(buf, sizeof buf, ".%04zu", i);
      return job.output_stem + buf + ext;
    };
    std::size_t counted = 0;  // for --max-games: the games the whole run would convert, whichever shard takes them
    GameBuilder builder([&](BuiltGame& g) {
      const bool deleted = options.skip_deleted && marked_deleted(g.record);
      if (!deleted) ++counted;
      const Control next = options.max_games && counted >= options.max_games ? Control::Stop : Control::Continue;
      if (!options.shard.takes(job.input, g.index)) return next;
      if (deleted) {
        ++sum.deleted_skipped;
        on_note(note(job.input, g.index, Code::SkippedDeleted, Severity::Info, "",
                     "the game is marked deleted (tag Deleted \"yes\"); --skip-deleted leaves it out"));
        return Control::Continue;
      }
      ++index;
      ++sum.games;
      ConvertedGame c = convert_game(std::move(g.record), g.issues, options);
      bool noted = false;
      for (auto& n : c.notes) {
        n.file = job.input;
        n.game = g.index;
        if (n.issue.severity != Severity::Info) noted = true, sum.lossy = true;
        on_note(n);
      }
      sum.games_with_notes += noted;
      if (c.bytes.empty()) return next;
      if (single) {
        if (!holds_many_games(options.to) && ++single_games > 1) {
          on_note(note(job.input, g.index, Code::NotConverted, Severity::Error, "",
                       "the output is one " + std::string(format_name(options.to)) +
                           " file, which holds one game: give a directory to convert several"));
          sum.lossy = true;
          return next;
        }
        if (!single->write(c.bytes)) {
          // The one output cannot be written (a full disk, a closed pipe):
          // converting the rest would only be thrown away. commit() says why.
          single_failed = true;
          return Control::Stop;
        }
        ++single_written;
      } else if (holds_many_games(options.to)) {
        if (!per_file) {
          const std::string path = job.output_stem + ext;  // claimed by the plan
          fs::create_directories(fs::path(path).parent_path(), ec);
          per_file = std::make_unique<OutputFile>();
          if (const std::string e = per_file->open(path); !e.empty()) {
            on_io_error(e);
            sum.io_error = true;
            per_file.reset();
            return Control::Stop;
          }
        }
        if (!per_file->write(c.bytes)) return Control::Stop;  // this output fails: its commit says why
      } else if (index == 1) {
        pending = std::move(c.bytes);
      } else {
        if (index == 2) write_to(numbered(1), pending, false), pending.clear();
        write_to(numbered(index), c.bytes, false);
      }
      return next;
    });
    FileReport report = read_games(reader, job.input, builder, job.in_walk ? in_walk : options.read);
    if (options.max_games && counted >= options.max_games)
      report.issues.push_back({Code::MaxGames, Severity::Warning, {}, "",
                               "read stopped after " + std::to_string(options.max_games) +
                                   " games (--max-games): the rest of the file is not converted"});
    if (!options.shard.takes(job.input, 0)) report.issues.clear();  // another shard's
    for (const auto& i : report.issues) {
      on_note({job.input, 0, unplaced(i)});
      if (i.severity != Severity::Info) sum.lossy = true;
    }
    if (reader.truncated()) {
      // What was read past the new end is not the file: nothing of it is kept.
      on_io_error(job.input + ": " + FileBytes::kTruncatedMessage + "; its output is not written");
      sum.io_error = true;
      if (per_file) per_file->discard(), per_file.reset();
      pending.clear();
      if (single) single_damaged = true;
    }
    if (per_file) {
      if (const std::string e = per_file->commit(); !e.empty()) on_io_error(e), sum.io_error = true;
      else ++sum.outputs;
    }
    if (index == 1 && !pending.empty()) write_to(job.output_stem + ext, pending, true);
  }
  if (single) {
    // An output is replaced only by content that was read: a run that could
    // read nothing leaves an existing file as it was.
    if (single_damaged) {
      single->discard();
      if (plan.out != "-") on_io_error(plan.out + " is left as it was");
    } else if (read_files > 0 && single_written == 0 && plan.out != "-" && single->existed()) {
      // Read, but nothing to write (no game, or none converted): an existing output stays.
      single->discard();
      on_io_error("no game was converted: " + plan.out + " is left as it was");
    } else {
      bool kept = false;
      if (const std::string e = single->commit_unless_nothing_read(read_files == 0, sum.io_error, kept); !e.empty()) {
        on_io_error(e), sum.io_error = true;
      } else if (kept) {
        on_io_error("nothing was read: " + plan.out + " is left as it was");
        sum.io_error = true;
      } else if (read_files > 0 || !sum.io_error) {
        ++sum.outputs;  // (standard output with nothing read is no output)
      }
    }
  }
  sum.read_files = read_files;
  return sum;
}

std::string convert_note_json(const ConvertNote& note) {
  std::string out = "{\"file\":";
  append_json_string(out, note.file);
  if (!valid_utf8(note.file)) out += ",\"file_bytes\":\"" + hex_bytes(note.file) + "\"";
  out += ",\"game\":" + std::to_string(note.game) + ",\"code\":";
  const Issue& n = note.issue;
  append_json_string(out, n.name());
  out += ",\"severity\":";
  append_json_string(out, severity_name(n.severity));
  out += ",\"ply\":" + (n.ply ? std::to_string(n.ply) : std::string("null"));
  out += ",\"move_number\":" + (n.move_number ? std::to_string(n.move_number) : std::string("null")) + ",\"variation\":";
  append_json_string(out, n.variation);
  out += ",\"text\":";
  append_json_string(out, n.text);
  if (n.where.line) out += ",\"line\":" + std::to_string(n.where.line) + ",\"column\":" + std::to_string(n.where.column);
  else out += ",\"line\":null,\"column\":null";
  out += ",\"offset\":" + ((n.where.line || n.where.offset) ? std::to_string(n.where.offset) : std::string("null"));
  out += ",\"message\":";
  append_json_string(out, n.message);
  out += "}\n";
  return out;
}

}  // namespace xq::convert
