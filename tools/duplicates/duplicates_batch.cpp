// The two passes over the files.
#include "xqrec/duplicates/batch.h"

#include <algorithm>

#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"

namespace xq::duplicates {

using namespace xq::formats;

namespace {

// Reads one file's games; false (and a notice) when its bytes do not open.
// Standard input cannot be read twice: its bytes stay in `kept_stdin`.
template <class OnGame>
bool read_file(const InputFile& input, const DuplicatesOptions& opt, std::unique_ptr<FileBytes>& kept_stdin,
               const std::function<void(const Notice&)>& notice, FileReport* report, OnGame&& on_game) {
  std::unique_ptr<FileBytes> own;
  FileBytes* bytes = input.path == "-" ? kept_stdin.get() : nullptr;
  if (!bytes) {
    own = std::make_unique<FileBytes>();
    if (const std::string e = own->open(input); !e.empty()) {
      notice({input.path, 0, e, true});
      return false;
    }
    bytes = own.get();
  }
  ReadOptions read = opt.read;
  read.records_only = input.in_walk;
  GameBuilder builder([&](BuiltGame& g) { return on_game(g); });
  FileReport r = read_games(*bytes, input.path, builder, read);
  if (bytes->truncated()) {
    notice({input.path, 0, FileBytes::kTruncatedMessage, true});
    return false;
  }
  if (report) *report = std::move(r);
  if (input.path == "-" && !kept_stdin) kept_stdin = std::move(own);
  return true;
}

}  // namespace

DuplicatesRun find_duplicates(const std::vector<InputFile>& given, const DuplicatesOptions& opt,
                              const std::function<void(const Notice&)>& notice) {
  DuplicatesRun run;
  run.index = DuplicateIndex(opt.min_plies);
  // Reading order: sorted paths (a tie between copies goes to the first).
  std::vector<InputFile> files = given;
  std::stable_sort(files.begin(), files.end(), [](const InputFile& a, const InputFile& b) { return a.path < b.path; });
  for (std::size_t i = 1; i < files.size();) {
    if (files[i].path == files[i - 1].path) {
      notice({files[i].path, 0, "given more than once: read once", false});
      files[i - 1].in_walk = files[i - 1].in_walk && files[i].in_walk;  // named once: read as named
      files.erase(files.begin() + std::ptrdiff_t(i));
    } else {
      ++i;
    }
  }
  std::unique_ptr<FileBytes> kept_stdin;

  // Pass 1: every game keyed.
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string& path = files[f].path;
    run.files.push_back(path);
    FileReport report;
    const bool ok = read_file(files[f], opt, kept_stdin, notice, &report, [&](BuiltGame& g) {
      ++run.games;
      for (const Issue& i : g.issues)
        if (i.severity == Severity::Error)
          notice({path, g.index, std::string(code_name(i.code)) + ": " + i.message, false});
      if (g.record.truncated)
        notice({path, g.index, "truncated: the file ends inside this game; compared on what was read", false});
      KeyedLine keyed = key_line(g.record, opt.min_plies);
      if (!keyed.key) {
        ++run.not_compared;
        notice({path, g.index, "not compared: " + keyed.start_error, false});
        return Control::Continue;
      }
      if (keyed.stop && keyed.key->plies == 0) {  // nothing to compare: not a copy of every other such record
        ++run.not_compared;
        notice({path, g.index,
                "not compared: ply 1 does not replay (" + std::string(code_name(keyed.stop->code)) + ": " +
                    keyed.stop->message + ")",
                false});
        return Control::Continue;
      }
      GameEntry e;
      e.key = *keyed.key;
      e.score = score_game(g.record, e.key.plies);
      e.file = std::uint32_t(f);
      e.game = std::uint32_t(g.index);
      if (keyed.stop) {
        ++run.partial;
        e.stopped = true;
        e.main_line = keyed.stop->main_line;
        e.stop_code = keyed.stop->code;
        notice({path, g.index,
                "compared on its first " + std::to_string(e.key.plies) + " plies of " +
                    std::to_string(e.main_line) + ": ply " + std::to_string(e.key.plies + 1) +
                    " does not replay (" + std::string(code_name(e.stop_code)) + ": " + keyed.stop->message + ")",
                false});
      }
      run.index.add(e);
      return Control::Continue;
    });
    if (!ok) {
      run.io_error = true;
      continue;
    }
    for (const Issue& i : report.issues)
      if (i.severity != Severity::Info) notice({path, 0, std::string(code_name(i.code)) + ": " + i.message, false});
  }

  // Pass 2: the candidates for embedding another game, file by file.
  const std::vector<std::uint32_t> candidates = run.index.embedding_candidates();
  const auto& entries = run.index.entries();
  std::vector<std::pair<std::uint32_t, std::uint64_t>> chain;  // one game's (ply, value), applied once checked
  for (std::size_t c = 0; c < candidates.size();) {
    const std::uint32_t f = entries[candidates[c]].file;
    std::size_t next = c;
    const bool ok = read_file(files[f], opt, kept_stdin, notice, nullptr, [&](BuiltGame& g) {
      if (next == candidates.size() || entries[candidates[next]].file != f) return Control::Stop;
      const std::uint32_t id = candidates[next];
      const GameEntry& e = entries[id];
      if (g.index != e.game) return Control::Continue;
      ++next;
      ++run.replayed_again;
      chain.clear();
      const auto again = walk_chain(g.record, opt.min_plies, e.key.mirrored, opt.min_plies,
                                    [&](std::uint32_t ply, std::uint64_t h) { chain.emplace_back(ply, h); });
      if (!again || again->line != e.key.line || again->plies != e.key.plies) {
        notice({files[f].path, g.index, "the file changed while it was read: not tested for embedding", true});
        run.io_error = true;
      } else {
        for (const auto& [ply, h] : chain) run.index.prefix_seen(id, ply, h);
      }
      return next < candidates.size() && entries[candidates[next]].file == f ? Control::Continue : Control::Stop;
    });
    if (!ok) run.io_error = true;  // read_file said why
    for (; c < candidates.size() && entries[candidates[c]].file == f; ++c)
      if (ok && c >= next) {
        notice({files[f].path, entries[candidates[c]].game, "the file changed while it was read: game not found again", true});
        run.io_error = true;
      }
  }
  run.groups = run.index.groups();
  return run;
}

}  // namespace xq::duplicates
