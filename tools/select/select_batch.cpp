#include <set>
#include <utility>

#include "xqrec/duplicates/batch.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/select/select.h"

namespace xq::select {

using namespace xq::formats;

namespace {

// --unique: the games that are a copy of another group's kept game, by
// (path, game), from one pass of `duplicates` over the same files.
std::set<std::pair<std::string, std::size_t>> copies_of_kept(const std::vector<InputFile>& files,
                                                              const SelectOptions& options) {
  duplicates::DuplicatesOptions d;
  d.min_plies = options.unique_min_plies;
  d.read = options.read;
  // Its notices are about reading, which select reports itself.
  const duplicates::DuplicatesRun run = duplicates::find_duplicates(files, d, [](const duplicates::Notice&) {});
  std::set<std::pair<std::string, std::size_t>> out;
  for (const auto& g : run.groups)
    for (const auto& m : g.members)
      if (m.relation != duplicates::Relation::Kept) {
        const auto& e = run.index.entries()[m.entry];
        out.insert({run.files[e.file], e.game});
      }
  return out;
}

Issue unplaced(Issue i) {
  i.ply = i.move_number = 0;
  i.variation.clear();
  return i;
}

}  // namespace

SelectSummary select_files(const std::vector<InputFile>& files, const SelectOptions& options,
                           const SelectSink& sink) {
  SelectSummary sum;
  const auto copies = options.filters.unique ? copies_of_kept(files, options)
                                             : std::set<std::pair<std::string, std::size_t>>{};
  ReadOptions in_walk = options.read;
  in_walk.records_only = true;
  for (const auto& input : files) {
    FileBytes bytes;
    if (const std::string e = bytes.open(input); !e.empty()) {
      sink.io_error(input.path + ": " + e);
      sum.io_error = true;
      continue;
    }
    if (bytes.not_opened().empty()) ++sum.files;  // a FIFO or device met in the walk is named, not read
    GameBuilder builder([&](BuiltGame& g) {
      if (!options.shard.takes(input.path, g.index)) return Control::Continue;
      ++sum.games;
      if (options.filters.skip_deleted && marked_deleted(g.record)) {
        ++sum.deleted_skipped;
        return Control::Continue;
      }
      Choice c = choose(g.record, g.issues, options);
      if (c.damage) {
        ++sum.damaged;
        sink.damaged({input.path, g.index, *c.damage});
      }
      if (c.selected && copies.count({input.path, g.index})) {
        ++sum.copies_dropped;
        c.selected = false;
      }
      if (c.selected) {
        ++sum.selected;
        sink.selected(input.path, g, c);
      }
      return Control::Continue;
    });
    const FileReport report = read_games(bytes, input.path, builder, input.in_walk ? in_walk : options.read);
    // What the reader says of the file as a whole (not a record, bytes after
    // the last game ...): the part of the file it concerns was not read.
    for (const auto& i : report.issues) {
      if (!options.shard.takes(input.path, 0)) break;  // another shard's
      if (i.severity == Severity::Error) ++sum.file_errors;
      sink.damaged({input.path, 0, unplaced(i)});
    }
    if (bytes.truncated()) {
      sink.io_error(input.path + ": " + FileBytes::kTruncatedMessage);
      sum.io_error = true;
    }
  }
  return sum;
}

}  // namespace xq::select
