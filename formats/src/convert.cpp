#include "xqrec/formats/convert.h"

#include <sys/stat.h>

#include <filesystem>
#include <set>
#include <memory>

#include "xqrec/formats/audit_batch.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/fen_lines.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/formats/xqf.h"

namespace xq::formats {

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

ConvertedGame convert_game(GameRecord record, const std::vector<ReadIssue>& reader_issues,
                           const ConvertOptions& options) {
  ConvertedGame out;
  for (const auto& i : reader_issues)
    out.notes.push_back({"", 0, i.code, i.severity, 0, "", i.text, i.where, i.message});
  StartPosition start = resolve_start(record);
  for (const auto& i : start.issues) out.notes.push_back({"", 0, i.code, i.severity, 0, i.variation, i.text, {}, i.message});
  if (!start.setup) {
    out.notes.push_back({"", 0, "not-converted", Severity::Error, 0, "", "", {}, "the game has no usable start position"});
    return out;
  }
  // Writers take the resolved start as a set-up.
  record.start_setup = *start.setup;
  record.start_fen.reset();
  for (const auto& i : resolve_moves(record, *start.setup)) {
    out.notes.push_back({"", 0, i.code, i.severity, i.ply, i.variation, i.text, i.where, i.message});
    out.notes.back().move_number = i.move_number;
  }
  LossNotes losses;
  switch (options.to) {
    case Format::Pgn: {
      auto r = write_pgn(record, options.pgn);
      out.bytes = std::move(r.bytes);
      losses = std::move(r.losses);
      if (!r.ok) out.notes.push_back({"", 0, "bad-encoding", Severity::Error, 0, "", options.pgn.encoding, {}, "unknown output encoding"});
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
      if (!r.ok) out.notes.push_back({"", 0, "bad-encoding", Severity::Error, 0, "", dopt.encoding, {}, "unknown output encoding"});
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
        losses.push_back({"moves-dropped", "a FEN line holds the start position only; the moves are not written"});
      break;
    default:
      out.notes.push_back({"", 0, "unsupported-target", Severity::Error, 0, "", "", {}, "cannot write this format"});
      break;
  }
  for (auto& l : losses) out.notes.push_back({"", 0, l.code, Severity::Warning, 0, "", "", {}, l.message});
  return out;
}

namespace {

// Where each input file's output goes.
struct Job {
  std::string input;
  fs::path output_stem;  // directory mode: out/relative path without extension
  bool in_walk = false;  // met while walking a directory: read only if it holds records
};

// The inputs by device and inode, so that no output can overwrite one.
class InputSet {
 public:
  void add(const std::string& path) {
    struct stat st {};
    if (path != "-" && ::stat(path.c_str(), &st) == 0) ids_.insert({st.st_dev, st.st_ino});
  }
  std::string clash(const fs::path& out) const {
    struct stat st {};
    if (::stat(out.c_str(), &st) == 0 && ids_.count({st.st_dev, st.st_ino}))
      return out.string() + " is an input: refusing to overwrite it";
    return "";
  }

 private:
  std::set<std::pair<dev_t, ino_t>> ids_;
};

}  // namespace

ConvertSummary convert_files(const std::vector<std::string>& inputs, const std::string& out,
                             const ConvertOptions& options, const std::function<void(const ConvertNote&)>& on_note,
                             const std::function<void(const std::string&)>& on_io_error) {
  ConvertSummary sum;
  std::error_code ec;
  bool any_dir = false;
  for (const auto& in : inputs) any_dir |= in != "-" && fs::is_directory(in, ec);
  const bool dir_mode = out != "-" && (fs::is_directory(out, ec) || (!out.empty() && out.back() == '/') ||
                                       any_dir || inputs.size() > 1);
  // The job list: each file, with its place in the output tree.
  std::vector<Job> jobs;
  InputSet all_inputs;
  for (const auto& in : inputs) {
    std::vector<std::string> errors;
    const auto files = expand_inputs({in}, errors);
    for (const auto& e : errors) on_io_error(e), sum.io_error = true;
    const bool is_dir = in != "-" && fs::is_directory(in, ec);
    for (const auto& f : files) {
      fs::path rel = is_dir ? fs::path(f.path).lexically_relative(in)
                            : fs::path(f.path == "-" ? "stdin" : f.path).filename();
      jobs.push_back({f.path, fs::path(out) / rel.replace_extension(), f.in_walk});
      all_inputs.add(f.path);
    }
  }

  // File mode: one output for everything.
  std::unique_ptr<OutputFile> single;
  std::size_t single_games = 0;
  if (!dir_mode) {
    if (const std::string e = all_inputs.clash(out); !e.empty()) {
      on_io_error(e);
      sum.io_error = true;
      return sum;
    }
    single = std::make_unique<OutputFile>();
    if (const std::string e = single->open(out); !e.empty()) {
      on_io_error(e);
      sum.io_error = true;
      return sum;
    }
  }

  const std::string ext(file_extension(options.to));
  ReadOptions in_walk = options.read;
  in_walk.records_only = true;
  for (const auto& job : jobs) {
    FileBytes reader;
    if (const std::string e = reader.open(job.input); !e.empty()) {
      on_io_error(job.input + ": " + e);
      sum.io_error = true;
      continue;
    }
    ++sum.files;
    std::unique_ptr<OutputFile> per_file;  // directory mode, many-game target
    std::string pending;                   // directory mode, one-game target: the first game waits for its name
    std::size_t index = 0;
    auto write_to = [&](const fs::path& path, const std::string& bytes) {
      fs::create_directories(path.parent_path(), ec);
      if (const std::string e = all_inputs.clash(path); !e.empty()) {
        on_io_error(e);
        sum.io_error = true;
        return;
      }
      OutputFile f;
      std::string e = f.open(path.string());
      if (e.empty()) {
        f.write(bytes);
        e = f.commit();
      }
      if (!e.empty()) on_io_error(e), sum.io_error = true;
      else ++sum.outputs;
    };
    auto numbered = [&](std::size_t i) {
      char buf[16];
      std::snprintf(buf, sizeof buf, ".%04zu", i);
      return fs::path(job.output_stem.string() + buf + ext);
    };
    GameBuilder builder([&](BuiltGame& g) {
      ++index;
      ++sum.games;
      ConvertedGame c = convert_game(std::move(g.record), g.issues, options);
      bool noted = false;
      for (auto& n : c.notes) {
        n.file = job.input;
        n.game = g.index;
        if (n.severity != Severity::Info) noted = true, sum.lossy = true;
        on_note(n);
      }
      sum.games_with_notes += noted;
      if (c.bytes.empty()) return Control::Continue;
      if (single) {
        if (!holds_many_games(options.to) && ++single_games > 1) {
          on_note({job.input, g.index, "not-converted", Severity::Error, 0, "", "", {},
                   "the output is one " + std::string(format_name(options.to)) +
                       " file, which holds one game: give a directory to convert several"});
          sum.lossy = true;
          return Control::Continue;
        }
        single->write(c.bytes);
      } else if (holds_many_games(options.to)) {
        if (!per_file) {
          const fs::path path = job.output_stem.string() + ext;
          fs::create_directories(path.parent_path(), ec);
          if (const std::string e = all_inputs.clash(path); !e.empty()) {
            on_io_error(e);
            sum.io_error = true;
            return Control::Stop;
          }
          per_file = std::make_unique<OutputFile>();
          if (const std::string e = per_file->open(path.string()); !e.empty()) {
            on_io_error(e);
            sum.io_error = true;
            per_file.reset();
            return Control::Stop;
          }
        }
        per_file->write(c.bytes);
      } else if (index == 1) {
        pending = std::move(c.bytes);
      } else {
        if (index == 2) write_to(numbered(1), pending), pending.clear();
        write_to(numbered(index), c.bytes);
      }
      return Control::Continue;
    });
    const FileReport report = read_games(reader.bytes(), job.input, builder, job.in_walk ? in_walk : options.read);
    for (const auto& i : report.issues) {
      on_note({job.input, 0, i.code, i.severity, 0, "", i.text, i.where, i.message});
      if (i.severity != Severity::Info) sum.lossy = true;
    }
    if (per_file) {
      if (const std::string e = per_file->commit(); !e.empty()) on_io_error(e), sum.io_error = true;
      else ++sum.outputs;
    }
    if (index == 1 && !pending.empty()) write_to(job.output_stem.string() + ext, pending);
  }
  if (single) {
    if (const std::string e = single->commit(); !e.empty()) on_io_error(e), sum.io_error = true;
    else ++sum.outputs;
  }
  return sum;
}

std::string convert_note_json(const ConvertNote& n) {
  std::string out = "{\"file\":";
  append_json_string(out, n.file);
  out += ",\"game\":" + std::to_string(n.game) + ",\"code\":";
  append_json_string(out, n.code);
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

}  // namespace xq::formats
