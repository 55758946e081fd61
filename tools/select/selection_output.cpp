#include "xqrec/select/selection_output.h"

#include <cstdio>
#include <filesystem>

namespace xq::select {

namespace fs = std::filesystem;
using formats::OutputFile;

SelectionOutput::SelectionOutput(convert::ConvertOptions options, formats::OutputGuard& guard)
    : options_(std::move(options)), guard_(guard) {}

std::string SelectionOutput::open(const std::string& out) {
  out_ = out;
  directory_ = !convert::holds_many_games(options_.to);
  const std::string format(formats::format_name(options_.to));
  if (directory_) {
    std::error_code ec;
    if (out == "-")
      return "each " + format + " file holds one game: give -o a directory, where the games are numbered";
    if (fs::exists(out, ec) && !fs::is_directory(out, ec))
      return out + " is not a directory: each " + format + " file holds one game, so -o names a directory";
    // x.xqf would become a directory of that name: surely not what was meant.
    if (!fs::is_directory(out, ec) && fs::path(out).extension() == convert::file_extension(options_.to))
      return out + " names a file, but each " + format +
             " file holds one game: give -o a directory (it is created), where the games are numbered";
    return "";  // each numbered file is claimed as it is written
  }
  if (std::error_code ec; fs::is_directory(out, ec))
    return out + " is a directory: " + format + " output goes to one file (or - for standard output)";
  if (std::string e = guard_.claim(out, "-o"); !e.empty()) return e;
  file_ = std::make_unique<OutputFile>();
  return file_->open(out);
}

bool SelectionOutput::write(formats::BuiltGame& game, const std::string& file,
                            const std::function<void(const convert::ConvertNote&)>& on_note) {
  if (failed_) return false;
  convert::ConvertedGame c = convert::convert_game(std::move(game.record), game.issues, options_);
  for (auto& n : c.notes) {
    n.file = file;
    n.game = game.index;
    if (n.issue.severity != formats::Severity::Info) lossy_ = true;
    on_note(n);
  }
  if (c.bytes.empty()) return true;  // not convertible: its note says why
  if (file_) {
    if (!file_->write(c.bytes)) return !(failed_ = true);
    ++written_;
    return true;
  }
  char name[32];
  std::snprintf(name, sizeof name, "%04zu", written_ + 1);
  const std::string path = (fs::path(out_) / (name + std::string(convert::file_extension(options_.to)))).string();
  std::error_code ec;
  fs::create_directories(out_, ec);
  std::string e = guard_.claim(path, "-o");
  OutputFile f;
  if (e.empty()) e = f.open(path);
  if (e.empty()) {
    f.write(c.bytes);
    e = f.commit();  // a failed write's error too
  }
  if (!e.empty()) {
    errors_.push_back(e);
    return !(failed_ = true);
  }
  ++written_;
  return true;
}

std::vector<std::string> SelectionOutput::finish(bool nothing_read, bool read_failed, bool& kept) {
  kept = false;
  if (file_) {
    if (failed_) {
      // The one output lost a write: commit() names the error (none for a
      // reader that went away, `| head`) and an old file stays.
      if (std::string e = file_->commit(); !e.empty()) errors_.push_back(std::move(e));
    } else if (!nothing_read && written_ == 0 && out_ != "-" && file_->existed()) {
      // Read, but no game selected: an existing output stays, as convert's does.
      file_->discard();
      left_unchanged_ = true;
    } else if (std::string e = file_->commit_unless_nothing_read(nothing_read, read_failed, kept); !e.empty()) {
      errors_.push_back(std::move(e));
    }
  }
  return errors_;
}

}  // namespace xq::select
