// The batch audit: a reader thread, audit workers (which read small files
// and the parts of a large PGN themselves), in-order delivery.
#include "xqrec/audit/batch.h"
#include "xqrec/audit/usable_cpus.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/notation/description.h"
#include "held_bytes.h"

namespace xq::audit {

using namespace xq::formats;

namespace fs = std::filesystem;

namespace {

// One game, or the end of a file, in reading order.
struct Item {
  bool is_game = false;
  std::string path;
  // is_game, when the reader thread built it (a part's games are built
  // and audited by a worker and have none): none is made with each item,
  // an empty record allocating its root node.
  std::optional<BuiltGame> game;
  GameAudit audit;    // is_game, once audited, kept for a sink that takes audits (BatchSink::game)
  std::size_t jsonl_end = 0, text_end = 0;  // is_game: where its lines end in its batch's
  // is_game: what its audit holds (held_bytes), counted once when it is
  // audited into the item and 0 once the audit is gone.
  std::size_t held = 0;
  FileReport report;  // !is_game
  std::string io_error;
};

// What the summary counts of a batch's games, counted by the thread that
// audited them and added to the summary when the batch is delivered.
struct Tally {
  std::size_t games = 0, plies = 0, games_with_errors = 0;
  std::vector<std::size_t> by_code;  // findings, indexed by Code

  void add(const GameAudit& a) {
    ++games;
    plies += std::size_t(a.plies);
    if (a.has_errors()) ++games_with_errors;
    for (const Issue& f : a.findings) {
      const auto i = std::size_t(f.code);
      if (i >= by_code.size()) by_code.resize(std::max(i + 1, code_registry().size()));
      ++by_code[i];
    }
  }
  void into(BatchSummary& sum) const {
    sum.games += games;
    sum.plies += plies;
    sum.games_with_errors += games_with_errors;
    for (std::size_t i = 0; i < by_code.size(); ++i)
      if (by_code[i]) sum.findings_by_code[std::string(code_name(Code(i)))] += by_code[i];
  }
};

// A large PGN file that the workers read in parts (plan_pgn_cuts), each
// part one batch, while the reader thread goes on to the next file: one
// reader thread no longer bounds the audit of one large file. Its bytes
// stay open until the main thread has delivered its last part.
struct PartedFile {
  std::string path;
  ReadOptions read;
  std::unique_ptr<FileBytes> bytes;
  PgnParts parts;
  // The main thread's, in delivery order: which parts read what read_pgn
  // reads, the games delivered, and whether the file was read again whole
  // (a part was refused).
  PgnPartChain chain;
  std::size_t games_before = 0;
  bool read_again = false;
  // Set by the main thread when it reads the file again whole, or by a
  // worker whose part held too much (kPartHeldBytes), which makes the main
  // thread do so: the parts not yet read are then passed over by the
  // workers, not read (a damaged archive past the file's issue limit would
  // otherwise be read twice, and the pages of the parts read for nothing
  // never went back).
  std::atomic<bool> passed_over{false};
  // The workers', under the queue's lock: a part's games are numbered in
  // the file, and their lines written, once every part before it is read
  // (the parts read out of order wait). The first parts read, and their games.
  std::size_t parts_counted = 0, games_counted = 0;
};

// A file below kSmallBytes, opened (or not: `open_error`) by the reader
// thread, whose bytes are then in memory, for a worker to parse, build and
// audit: a tree of small files is then not read by one thread.
struct SmallFile {
  InputFile input;
  std::unique_ptr<FileBytes> bytes;
  std::string open_error;
};

// Items handed between threads in batches, numbered in reading order: one
// lock and one wake-up per batch rather than per game.
struct Batch {
  std::size_t seq = 0;
  std::vector<Item> items;
  std::size_t bytes = 0;  // what its records hold (held_bytes); for small files, their sizes
  // Its games' lines (BatchOptions::lines) and counts, made by the worker.
  std::string jsonl, text;
  Tally tally;
  // A part of a large file, read and audited by a worker: `items` get its
  // games' audits, numbered within the part.
  std::shared_ptr<PartedFile> file;
  std::size_t part = 0;
  PgnPartRead part_read;
  // Whether the part was read to its end: not passed over, and not stopped
  // for holding more than kPartHeldBytes (then the file is read again whole).
  bool part_whole = false;
  std::size_t games_before = 0;  // in the file, once numbered
  // Or a run of small files, opened by the reader thread and read, built
  // and audited by a worker: `items` get their games' audits and ends.
  std::vector<SmallFile> small;
  // What it holds while it waits, read or audited, to be numbered or
  // delivered (held_of), counted in the threads' held bytes meanwhile.
  std::size_t held = 0;
};
// A part of a large PGN is about this long: a few hundred real games, and
// a file of a few megabytes is parted among two workers.
constexpr std::size_t kPartBytes = std::size_t(256) << 10;
// Files smaller than a parted PGN (a PGN this long or longer is parted)
// are parsed by the workers, a run of them a batch, when what reading them
// holds is bounded by a small multiple of their size (PGN, XQF, DhtmlXQ,
// CBF, CBR, FEN lines: at most some twenty bytes a byte). A CBL library
// (zlib-compressed, one of 33 KB inflates to 32 MiB) or a JSON file (a game
// document costs up to 60 bytes a byte), and any larger file that is not
// parted (another format, or --max-games, --shard), is read by the reader
// thread and its games audited by all the workers, batch by batch: such a
// file is never read by several threads at once.
constexpr std::size_t kSmallBytes = 2 * kPartBytes;
bool small_file_format(Format f) { return f != Format::Cbl && f != Format::Json; }
// Memory between the threads is bounded in bytes, whatever --jobs: a batch
// is sent at kBatchItems games or kBatchBytes of records, the reader waits
// while the batches not yet audited hold kInFlightBytes (one batch always
// goes, however large its one game), and records kept for reuse hold at
// most kSpareBytes, each at most kSpareNodes nodes. Counts alone are not a
// bound: a reused record keeps the storage of the largest game it ever held.
constexpr std::size_t kBatchItems = 64;
constexpr std::size_t kBatchBytes = std::size_t(256) << 10;
constexpr std::size_t kInFlightBytes = std::size_t(4) << 20;
constexpr std::size_t kSpareBytes = std::size_t(2) << 20;
constexpr std::size_t kSpareNodes = 4096;
// Parts of large files taken by workers and not yet numbered (being read,
// or read and waiting for an earlier part): each holds its decoding window
// and its games' audits, some megabytes, so their count is bounded whatever
// --jobs, and so are the batches read ahead of delivery (the window below,
// four per worker up to this many workers). More workers than this still
// read small files and audit the games of files read whole, but one large
// file is read by at most this many at once.
constexpr std::size_t kPartsInFlight = 6;
// Parts handed out and not yet taken by a worker: each part's first line is
// counted just before it is handed out, its pages then resident.
constexpr std::size_t kPartsQueued = 2;
// And in bytes: the batches audited and not yet delivered, and the parts
// read and waiting to be numbered, hold their lines and audits, which can
// be many times what reading them took (a damaged archive with a finding
// on every line of movetext).
// A worker takes a batch only while what these hold, with as much again
// for each batch being audited as the most a recent one held, stays within
// kHeldBytes; the batch that delivery waits for is always taken.
constexpr std::size_t kHeldBytes = std::size_t(16) << 20;
// What one part may hold in its games' audits while it is read: a part may
// only begin at a tag line, so a stretch of games without tags is one part
// of any length, whose audits all waited for its numbering (30 MB of such
// games, 1.1 million: 3.36 GB at -j2). Past this the part stops, its later
// parts are passed over, and the main thread reads the file again whole
// from its first game not delivered, one game at a time, as when
// PgnPartChain refuses a part: the same games, exactly, in bounded memory.
constexpr std::size_t kPartHeldBytes = std::size_t(8) << 20;
constexpr std::size_t kRecentBatches = 8;
constexpr std::size_t kSpareItems = 512;
// How long a worker waits for a batch before it gives back its storage.
constexpr std::chrono::milliseconds kIdleRelease{20};

// What a batch holds once read or audited: its lines, its items and the
// audits they keep.
std::size_t held_of(const Batch& batch) {
  std::size_t n = batch.jsonl.capacity() + batch.text.capacity() + batch.items.capacity() * sizeof(Item);
  for (const Item& item : batch.items) {
    n += item.held + heap_of(item.path) + heap_of(item.io_error);
    n += item.report.issues.capacity() * sizeof(Issue);
    for (const Issue& i : item.report.issues) n += held_bytes(i);
  }
  return n;
}

// The progress line on a terminal: files, bytes read of all the inputs'
// sizes (standard input from a pipe has none: then files only), games, rate
// and an ETA from the bytes, so that a single large file shows one too.
class Progress {
 public:
  Progress(bool on, std::size_t files, std::uint64_t total_bytes)
      : on_(on), files_(files), total_bytes_(total_bytes), start_(clock::now()) {}
  void update(std::size_t files_done, std::size_t games, std::uint64_t bytes_done, bool force = false) {
    if (!on_) return;
    const auto now = clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(200)) return;
    last_ = now;
    const double s = std::chrono::duration<double>(now - start_).count();
    const double rate = s > 0 ? double(games) / s : 0;
    std::string eta = "--", bytes;
    double left = -1;
    if (total_bytes_ > 0) {
      bytes = "  " + megabytes(bytes_done) + " of " + megabytes(total_bytes_) + " MB";
      if (bytes_done > 0 && bytes_done < total_bytes_) left = s / double(bytes_done) * double(total_bytes_ - bytes_done);
    } else if (files_done > 0 && files_done < files_) {
      left = s / double(files_done) * double(files_ - files_done);
    }
    if (left >= 0) eta = std::to_string(int(left) / 60) + "m" + std::to_string(int(left) % 60) + "s";
    std::fprintf(stderr, "\r\033[Kfiles %zu/%zu%s  games %zu  %.0f games/s  ETA %s", files_done, files_, bytes.c_str(),
                 games, rate, eta.c_str());
    std::fflush(stderr);
  }
  void finish() {
    if (on_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  using clock = std::chrono::steady_clock;
  static std::string megabytes(std::uint64_t n) {
    char out[32];
    std::snprintf(out, sizeof out, "%.1f", double(n) / 1e6);
    return out;
  }
  bool on_;
  std::size_t files_;
  std::uint64_t total_bytes_;
  clock::time_point start_, last_{};
};

// An input's size for the progress line, as the total counts it; 0 for
// one that has none (a pipe) or cannot be read.
std::uint64_t size_of(const InputFile& f) {
  struct stat st {};
  const bool ok = f.path == "-" ? ::fstat(STDIN_FILENO, &st) == 0 : ::stat(f.path.c_str(), &st) == 0;
  return ok && S_ISREG(st.st_mode) ? std::uint64_t(st.st_size) : 0;
}

// The inputs' sizes for the progress line; 0 when one has none (a pipe).
std::uint64_t total_size(const std::vector<InputFile>& files) {
  std::uint64_t total = 0;
  for (const auto& f : files) {
    const std::uint64_t n = size_of(f);
    if (n == 0 && f.path == "-") return 0;
    total += n;
  }
  return total;
}

void account(BatchSummary& sum, const GameAudit& a) {
  ++sum.games;
  sum.plies += std::size_t(a.plies);
  if (a.has_errors()) ++sum.games_with_errors;
  for (const auto& f : a.findings) ++sum.findings_by_code[std::string(f.name())];
}

// The per-file rules around reading one whole file, for every --jobs:
// --max-games counts every game, whichever shard takes it (the shards
// together read the whole run's games); the file's own findings belong to
// the shard of (path, 0); a file truncated while it was read is an I/O error.
struct WholeFile {
  const BatchOptions& opt;
  ReadOptions in_walk;
  const std::string* path = nullptr;
  std::size_t games = 0;  // of the current file

  explicit WholeFile(const BatchOptions& o) : opt(o), in_walk(o.read) { in_walk.records_only = true; }
  // For the builder's callback: whether this shard takes the game (`take`),
  // and whether reading goes on.
  Control on_game(const BuiltGame& g, bool& take) {
    const bool last = opt.max_games && ++games >= opt.max_games;
    take = opt.shard.takes(*path, g.index);
    return last ? Control::Stop : Control::Continue;
  }
  // Reads the file into `builder`; `done` holds the path and the error of
  // opening it, and gets the file's report.
  void read(const InputFile& input, FileBytes& bytes, GameBuilder& builder, Item& done) {
    done.path = input.path;
    if (!done.io_error.empty()) return;
    path = &input.path;
    games = 0;
    done.report = read_games(bytes, input.path, builder, input.in_walk ? in_walk : opt.read);
    if (opt.max_games && games >= opt.max_games)
      done.report.issues.push_back({Code::MaxGames, Severity::Warning, {}, "",
                                    "read stopped after " + std::to_string(opt.max_games) +
                                        " games (--max-games): the rest of the file is not audited"});
    if (bytes.truncated()) done.io_error = FileBytes::kTruncatedMessage;
    if (!opt.shard.takes(input.path, 0)) done.report.issues.clear();  // another shard's
  }
};

// Reads the files in order, calling on_game(BuiltGame&, path) for each game
// (it may move the record out) and on_file(Item&&) after each file; but a
// file that on_large(input, bytes, read options, bytes before) takes (it
// may move the bytes out), or a file below kSmallBytes (or not opened) that
// on_small(input, bytes, open error) takes, is left to it, games and end.
// `bytes_read` follows the reading, for the progress line: the sizes of the
// files done and the offset of the last game started.
template <class OnGame, class OnFile, class OnLarge, class OnSmall>
void read_all(const std::vector<InputFile>& files, const BatchOptions& opt, std::atomic<std::uint64_t>& bytes_read,
              OnGame&& on_game, OnFile&& on_file, OnLarge&& on_large, OnSmall&& on_small) {
  // One builder for all files: a folder of one-game files reuses its storage.
  WholeFile whole(opt);
  std::uint64_t files_bytes = 0;
  GameBuilder builder([&](BuiltGame& g) {
    bytes_read.store(files_bytes + g.where.offset, std::memory_order_relaxed);
    bool take = false;
    const Control c = whole.on_game(g, take);
    if (take) on_game(g, *whole.path);
    return c;
  });
  for (const auto& input : files) {
    auto bytes = std::make_unique<FileBytes>();
    Item done;
    done.io_error = bytes->open(input);
    const bool opened = done.io_error.empty();
    const std::uint64_t size = opened ? bytes->bytes().size() : 0;
    if (opened && on_large(input, bytes, input.in_walk ? whole.in_walk : opt.read, files_bytes)) {
      files_bytes += size;
      bytes_read.store(files_bytes, std::memory_order_relaxed);
      continue;
    }
    if (size < kSmallBytes && on_small(input, bytes, done.io_error)) {
      files_bytes += opened ? size : size_of(input);
      bytes_read.store(files_bytes, std::memory_order_relaxed);
      continue;
    }
    whole.read(input, *bytes, builder, done);
    // What the total counted for it, read or not.
    files_bytes += opened ? bytes->bytes().size() : size_of(input);
    bytes_read.store(files_bytes, std::memory_order_relaxed);
    on_file(std::move(done));
  }
}

// Into `audit`, whose storage serves again.
void audit_built(const BuiltGame& game, const std::string& path, const BatchOptions& opt, GameAudit& audit) {
  audit_game(game.record, game.issues, opt.audit, audit);
  audit.file = path;
  audit.game = game.index;
}

// On the thread that audited it: the game's lines and counts into its
// batch, after those of the games before.
void write_game(const GameAudit& a, const GameLines& lines, Batch& batch, Item& item) {
  if (lines.jsonl) append_audit_json(batch.jsonl, a);
  if (lines.text) append_audit_text(batch.text, a);
  item.jsonl_end = batch.jsonl.size();
  item.text_end = batch.text.size();
  batch.tally.add(a);
}

// A worker's reader of the parts of large files: one builder, whose
// storage serves every game of every part it reads. The audits stay in the
// items until the part is numbered (write_part).
class PartReader {
 public:
  explicit PartReader(const BatchOptions& opt)
      : opt_(opt), builder_([this](BuiltGame& g) {
          Item& item = batch_->items.emplace_back();
          item.is_game = true;
          if (!spare_.empty()) {  // its storage serves again
            item.audit = std::move(spare_.back().audit);
            spare_bytes_ -= spare_.back().held;
            spare_.pop_back();
          }
          audit_built(g, batch_->file->path, opt_, item.audit);
          item.held = held_bytes(item.audit);
          held_ += sizeof(Item) + item.held;
          if (held_ <= kPartHeldBytes || g.where.offset < long_from_) return Control::Continue;
          over_ = true;
          return Control::Stop;
        }) {}
  // Reads the batch's part and audits its games into its items.
  void read(Batch& batch) {
    PartedFile& f = *batch.file;
    if (f.passed_over.load(std::memory_order_relaxed)) return;  // its games are delivered by the reading again
    batch_ = &batch;
    // The part's own pages go back as it is read, a megabyte at a time
    // (the main thread gives back those before each part it delivers): a
    // part of gigabytes without a tag line is read through a window too.
    ReadOptions read = f.read;
    const std::size_t begin = f.parts.begin[batch.part];
    std::size_t released = begin;
    read.done_before = [&](std::size_t offset) {
      // The check of the part's UTF-8 went to its end, then its parse
      // starts over (read_pgn_part): its pages go back as it goes too.
      if (offset < released) released = begin;
      if (offset < released + (std::size_t(1) << 20)) return;
      f.bytes->release_range(released, offset);
      released = offset;
    };
    held_ = 0;
    over_ = false;
    // As many items as the most games a part held (not grown a game at a
    // time: an item is some 900 bytes, moved at each growth).
    batch.items.reserve(most_games_);
    const bool last = batch.part + 1 == f.parts.count();
    long_from_ = f.parts.begin[batch.part] + kPartBytes + (last ? kPartBytes / 2 : 0);
    batch.part_read = read_pgn_part(f.bytes->bytes(), f.parts, batch.part, builder_, read);
    batch_ = nullptr;
    if (over_) {
      // Its games are read again by the main thread (deliver_part), and so
      // are the later parts': theirs would be let go unread.
      f.passed_over.store(true, std::memory_order_relaxed);
      batch.items = {};
      batch.part_read = PgnPartRead{};
      return;
    }
    batch.part_whole = true;
    most_games_ = std::min(std::max(most_games_, batch.items.size()), kMostGamesReserved);
  }

  // A part's games, once the games before it in the file are counted:
  // their numbers in the file, their lines; their audits, unless
  // delivered, kept for the games this reader reads next (a fresh audit
  // a game cost 23 M more instructions on the 10,329 real games, 1.2 % of
  // the audit, in malloc and free), up to kSpareAudits and
  // kSpareAuditBytes, those holding less than kSpareAuditHeld each.
  void write_part(Batch& batch, const BatchOptions& opt, bool keep_audits) {
    for (Item& item : batch.items) {
      item.audit.game += batch.games_before;
      write_game(item.audit, opt.lines, batch, item);
      if (keep_audits) continue;
      if (spare_.size() < kSpareAudits && item.held <= kSpareAuditHeld &&
          spare_bytes_ + item.held <= kSpareAuditBytes) {
        spare_bytes_ += item.held;
        spare_.push_back({std::move(item.audit), item.held});
      }
      item.audit = GameAudit{};
      item.held = 0;
    }
  }

 private:
  const BatchOptions& opt_;
  Batch* batch_ = nullptr;
  std::size_t held_ = 0;  // by the part's audits so far (kPartHeldBytes)
  // Its longest planned length (plan_pgn_cuts: a part is at most
  // kPartBytes, the last half as long again): a game that starts past it
  // is one the planning could not start a part at: a game without tags,
  // or a tagged one whose tag line part_may_begin refuses (after a line of
  // over 4 KiB, such as a movetext written on one line, after a game of
  // tags only, or after a long run of blanks). Only a part with such games stops, once its audits pass
  // kPartHeldBytes; the file is then read on by the main thread alone:
  // exact, and bounded, but on one thread. Parts of tagged games whose
  // lines are short read on, as they always did.
  std::uint64_t long_from_ = 0;
  bool over_ = false;
  static constexpr std::size_t kMostGamesReserved = 4096;
  std::size_t most_games_ = 0;
  // Audits done with, whose storage serves the next games (write_part).
  struct SpareAudit {
    GameAudit audit;
    std::size_t held = 0;
  };
  static constexpr std::size_t kSpareAudits = 1024;
  static constexpr std::size_t kSpareAuditHeld = std::size_t(16) << 10;
  static constexpr std::size_t kSpareAuditBytes = std::size_t(512) << 10;
  std::vector<SpareAudit> spare_;
  std::size_t spare_bytes_ = 0;
  GameBuilder builder_;
};

// A worker's reader of runs of small files: the per-file rules of
// WholeFile, one builder whose storage serves every game it reads, and one
// audit, unless the audits are delivered.
class SmallFileReader {
 public:
  SmallFileReader(const BatchOptions& opt, bool keep_audits)
      : opt_(opt), keep_audits_(keep_audits), whole_(opt), builder_([this](BuiltGame& g) {
          bool take = false;
          const Control c = whole_.on_game(g, take);
          if (take) {
            Item& item = batch_->items.emplace_back();
            item.is_game = true;
            GameAudit& audit = keep_audits_ ? item.audit : audit_;
            audit_built(g, *whole_.path, opt_, audit);
            if (keep_audits_) item.held = held_bytes(audit);
            write_game(audit, opt_.lines, *batch_, item);
          }
          return c;
        }) {}
  // Reads the batch's files, in order, into its items: each file's games'
  // audits, then its end.
  void read(Batch& batch) {
    batch_ = &batch;
    for (SmallFile& f : batch.small) {
      Item done;
      done.io_error = std::move(f.open_error);
      whole_.read(f.input, *f.bytes, builder_, done);
      batch.items.push_back(std::move(done));
      f.bytes.reset();  // its bytes are no longer needed
    }
    batch_ = nullptr;
  }

 private:
  const BatchOptions& opt_;
  bool keep_audits_;
  WholeFile whole_;
  Batch* batch_ = nullptr;
  GameBuilder builder_;
  GameAudit audit_;
};

// Audits a batch into `audit` (whose storage serves again) or, when the
// audits are delivered, into the items; the records, no longer needed, go
// to `spent` (to be filled again by the reader rather than freed and
// allocated anew).
void audit_batch(Batch& batch, const BatchOptions& opt, bool keep_audits, GameAudit& audit,
                 std::vector<BuiltGame>& spent) {
  for (Item& item : batch.items)
    if (item.is_game) {
      GameAudit& a = keep_audits ? item.audit : audit;
      audit_built(*item.game, item.path, opt, a);
      if (keep_audits) item.held = held_bytes(a);
      write_game(a, opt.lines, batch, item);
      spent.push_back(std::move(*item.game));
      item.game.reset();
    }
}

}  // namespace

GameAudit file_level_audit(const std::string& path, const FileReport& report) {
  GameAudit file_level;
  file_level.file = path;
  file_level.game = 0;
  file_level.final_state = "unknown";
  for (const auto& i : report.issues) {
    Issue& f = file_level.findings.emplace_back();
    f.code = i.code;
    f.severity = i.severity;
    f.text = i.text;
    f.message = i.message;
    if (i.where.line || i.where.offset) f.where = i.where;
  }
  return file_level;
}

BatchSummary audit_files(const std::vector<InputFile>& files, const BatchOptions& opt, const BatchSink& sink) {
  BatchSummary sum;
  Progress progress(opt.progress, files.size(), opt.progress ? total_size(files) : 0);
  std::atomic<std::uint64_t> bytes_read{0};
  std::size_t files_done = 0;
  const bool keep_audits = bool(sink.game);
  const bool any_lines = opt.lines.jsonl || opt.lines.text;
  // A game audited on this thread (one job, or a file read again whole).
  std::string jsonl, text;
  auto deliver_game = [&](const GameAudit& a) {
    account(sum, a);
    if (sink.game) sink.game(a);
    if (any_lines) {
      // Into the same strings game after game: their storage serves again.
      if (opt.lines.jsonl) jsonl.clear(), append_audit_json(jsonl, a);
      if (opt.lines.text) text.clear(), append_audit_text(text, a);
      if (sink.lines) sink.lines(jsonl, text);
    }
    progress.update(files_done, sum.games, bytes_read.load(std::memory_order_relaxed));
  };
  auto deliver_file = [&](const Item& item) {
    ++sum.files;
    ++files_done;
    if (!item.io_error.empty()) ++sum.io_errors;
    for (const auto& i : item.report.issues) ++sum.findings_by_code[std::string(i.name())];
    if (sink.file) sink.file(item.path, item.report, item.io_error);
    progress.update(files_done, sum.games, bytes_read.load(std::memory_order_relaxed));
  };
  // A batch audited and written by a worker: its counts, then its items,
  // the lines of each run of games between two ends of files at once.
  auto deliver_batch = [&](const Batch& batch) {
    batch.tally.into(sum);
    std::size_t jsonl_done = 0, text_done = 0, jsonl_end = 0, text_end = 0;
    const auto flush = [&] {
      if (sink.lines && any_lines && (jsonl_end > jsonl_done || text_end > text_done))
        sink.lines(std::string_view(batch.jsonl).substr(jsonl_done, jsonl_end - jsonl_done),
                   std::string_view(batch.text).substr(text_done, text_end - text_done));
      jsonl_done = jsonl_end;
      text_done = text_end;
    };
    for (const Item& item : batch.items) {
      if (item.is_game) {
        if (sink.game) sink.game(item.audit);
        jsonl_end = item.jsonl_end;
        text_end = item.text_end;
      } else {
        flush();
        deliver_file(item);
      }
    }
    flush();
    progress.update(files_done, sum.games, bytes_read.load(std::memory_order_relaxed));
  };

  // A part of a large file, in order: its games when PgnPartChain accepts
  // it (renumbered in the file), the file's end with its last part. When it
  // refuses one, the file is read again whole here, its games from the
  // first not delivered on, and its later parts are passed over: what is
  // delivered is always what one reading of the whole file gives.
  auto deliver_part = [&](Batch& batch) {
    PartedFile& f = *batch.file;
    if (f.read_again) return;
    const bool last = batch.part + 1 == f.parts.count();
    Item done;
    done.path = f.path;
    // A part not read whole (passed over, or stopped at kPartHeldBytes) is
    // refused: the file is read again from its first game not delivered.
    if (batch.part_whole && f.chain.accept(f.parts, batch.part, batch.part_read)) {
      deliver_batch(batch);  // numbered by the workers (write_part)
      f.games_before += batch.part_read.report.games;
      if (!last) {
        f.bytes->release_before(f.parts.begin[batch.part + 1]);
        return;
      }
      done.report = f.chain.finish(f.bytes->bytes());
    } else {
      f.read_again = true;
      f.passed_over.store(true, std::memory_order_relaxed);
      GameAudit audit;
      GameBuilder builder([&](BuiltGame& g) {
        if (g.index > f.games_before) {
          audit_built(g, f.path, opt, audit);
          deliver_game(audit);
        }
        return Control::Continue;
      });
      done.report = read_games(*f.bytes, f.path, builder, f.read);
    }
    if (f.bytes->truncated()) done.io_error = FileBytes::kTruncatedMessage;
    deliver_file(done);
  };

  unsigned jobs = opt.jobs ? opt.jobs : usable_cpus();
  if (jobs == 1) {
    // One job: each game is audited where the builder holds it, whose
    // storage then serves the next game.
    GameAudit audit;
    read_all(
        files, opt, bytes_read,
        [&](const BuiltGame& g, const std::string& path) {
          audit_built(g, path, opt, audit);
          deliver_game(audit);
        },
        [&](Item&& done) { deliver_file(done); },
        [](const InputFile&, std::unique_ptr<FileBytes>&, const ReadOptions&, std::uint64_t) { return false; },
        [](const InputFile&, std::unique_ptr<FileBytes>&, std::string&) { return false; });
    progress.update(files_done, sum.games, bytes_read.load(std::memory_order_relaxed), true);
    progress.finish();
    return sum;
  }

  // Bounded queues: the reader blocks when the workers fall behind, and the
  // workers block when the oldest result has not been delivered yet.
  const std::size_t window = std::min<std::size_t>(jobs, kPartsInFlight) * 4;
  std::mutex mu;
  std::condition_variable cv;
  std::deque<Batch> todo;
  std::map<std::size_t, Batch> finished;
  std::size_t next_out = 0, in_flight = 0;
  std::size_t parts_in_flight = 0;  // taken and not yet numbered (kPartsInFlight)
  std::size_t parts_queued = 0;     // handed out and not yet taken (kPartsQueued)
  std::size_t unaudited_bytes = 0;  // in the batches sent and not yet audited
  std::size_t held_total = 0;       // in the batches audited and not delivered, and the parts waiting (kHeldBytes)
  // What the batches done last held at most: the estimate for each batch
  // being audited. Before any is done, half the bound: two batches at
  // first, however many workers (the first parts of a damaged archive held
  // 7.5 MB each, six of them taken at once).
  std::array<std::size_t, kRecentBatches> recent_held{};
  std::size_t noted = 0;
  auto note_held = [&](std::size_t held) { recent_held[noted++ % kRecentBatches] = held; };
  // Whether a worker may take the next batch (under the lock).
  auto may_take = [&] {
    const Batch& next = todo.front();
    if (next.seq == next_out) return true;  // delivery waits for it: every batch before it is delivered
    if (next.file && parts_in_flight >= kPartsInFlight) return false;
    const std::size_t each =
        noted ? *std::max_element(recent_held.begin(), recent_held.end()) : kHeldBytes / 2;
    return held_total + (in_flight + 1) * each <= kHeldBytes;
  };
  std::size_t spare_bytes = 0;
  // The items of parts delivered, emptied, for the parts read next: at
  // most kPartsInFlight, each of at most kSpareItems.
  std::vector<std::vector<Item>> spare_items;
  bool reading_done = false;
  // Records the workers are done with, for the reader's builder to fill
  // again: a game's storage (nodes, tags) is then allocated once per record
  // in flight, not once per game. Taken and given back a batch at a time.
  std::vector<BuiltGame> spare;
  const std::size_t max_spare = (window + 2 * std::size_t(jobs)) * kBatchItems;

  std::thread reader([&] {
    std::size_t seq = 0;
    Batch batch;
    batch.items.reserve(kBatchItems);
    std::vector<BuiltGame> mine;  // spare records taken for this thread
    auto send = [&] {
      if (batch.items.empty() && !batch.file && batch.small.empty()) return;
      batch.seq = seq++;
      std::unique_lock lock(mu);
      cv.wait(lock, [&] {
        return batch.seq < next_out + window &&
               (unaudited_bytes == 0 || unaudited_bytes + batch.bytes <= kInFlightBytes) &&
               (!batch.file || parts_queued < kPartsQueued);
      });
      unaudited_bytes += batch.bytes;
      if (batch.file) ++parts_queued;
      todo.push_back(std::move(batch));
      if (mine.empty()) std::swap(mine, spare), spare_bytes = 0;
      batch = Batch{};
      cv.notify_all();
      lock.unlock();
      batch.items.reserve(kBatchItems);
    };
    read_all(
        files, opt, bytes_read,
        [&](BuiltGame& g, const std::string& path) {
          if (!batch.small.empty()) send();  // a batch is small files or games
          Item& item = batch.items.emplace_back();
          item.is_game = true;
          item.path = path;
          item.game.emplace(std::move(g));
          batch.bytes += held_bytes(*item.game);
          if (!mine.empty()) {  // the builder fills a used record again
            g = std::move(mine.back());
            mine.pop_back();
          }
          if (batch.items.size() >= kBatchItems || batch.bytes >= kBatchBytes) send();
        },
        [&](Item&& done) {
          if (!batch.small.empty()) send();
          batch.items.push_back(std::move(done));
          if (batch.items.size() >= kBatchItems) send();
        },
        [&](const InputFile& input, std::unique_ptr<FileBytes>& bytes, const ReadOptions& read,
            std::uint64_t bytes_before) {
          // --max-games and --shard count a file's games in order: such a
          // file is read whole, by this thread.
          if (opt.max_games || !opt.shard.whole()) return false;
          const std::string_view b = bytes->bytes();
          if (b.size() < 2 * kPartBytes || !reads_as_pgn(b, input.path, read)) return false;
          ReadOptions planning = read;
          FileBytes& planned = *bytes;
          planning.done_before = [&](std::size_t offset) { planned.release_before(offset); };
          std::optional<PgnParts> parts = plan_pgn_cuts(b, planning, kPartBytes);
          if (!parts) return false;
          send();  // the games read before go first
          auto file = std::make_shared<PartedFile>();
          file->path = input.path;
          file->read = read;
          file->bytes = std::move(bytes);
          file->parts = std::move(*parts);
          // Each part's first line is counted here, just before the part is
          // handed out, while the workers read the parts before it (counted
          // all before the first part, they were 0.3 % of the audit's
          // instructions on the real games, with the workers waiting). The
          // pages of a long part go back as the count goes (release_before
          // is the main thread's); those of the others stay for the worker
          // that reads them next, as the count runs at most kPartsQueued
          // parts ahead of the workers (giving them back after the count
          // cost more memory through a pipe: 20 -> 26-34 MB for 300 MB at
          // -j2; counting up to the window ahead, 24 parts at -j16, held
          // 5 MB more).
          std::size_t counted = 0;
          ReadOptions counting;
          counting.done_before = [&](std::size_t offset) {
            file->bytes->release_range(counted, offset);
            counted = offset;
          };
          for (std::size_t k = 0; k < file->parts.count(); ++k) {
            if (k > 0) {
              counted = file->parts.begin[k - 1];
              // Past 2^32 lines (no part's line can be told): the parts not
              // read yet are passed over, and the main thread reads the file
              // again from its first game not delivered.
              if (!file->passed_over.load(std::memory_order_relaxed) &&
                  !count_part_lines(b, file->parts, k, counting))
                file->passed_over.store(true, std::memory_order_relaxed);
            }
            bytes_read.store(bytes_before + file->parts.begin[k], std::memory_order_relaxed);
            batch.file = file;
            batch.part = k;
            send();
          }
          return true;
        },
        [&](const InputFile& input, std::unique_ptr<FileBytes>& bytes, std::string& open_error) {
          if (open_error.empty() && !small_file_format(detect_format(bytes->bytes(), input.path))) return false;
          if (!batch.items.empty()) send();  // a batch is small files or games
          const std::size_t size = bytes->bytes().size();
          batch.small.push_back({input, std::move(bytes), std::move(open_error)});
          // Its bytes, as a proxy for what it holds in flight (its records
          // live in the worker only while it reads the file).
          batch.bytes += size;
          if (batch.small.size() >= kBatchItems || batch.bytes >= kBatchBytes) send();
          return true;
        });
    send();
    std::lock_guard lock(mu);
    reading_done = true;
    cv.notify_all();
  });
  // A part read, under the lock: into `numbered` with the parts after it
  // that were waiting for it, each with the count of the file's games
  // before it; or waiting itself, when a part before it is not read yet
  // (that part's worker, still in flight, will number it).
  std::map<std::pair<const PartedFile*, std::size_t>, Batch> waiting;
  auto number_part = [&](Batch&& batch, std::vector<Batch>& numbered) {
    PartedFile& f = *batch.file;
    if (batch.part != f.parts_counted) {
      held_total += batch.held;
      waiting.emplace(std::pair{&f, batch.part}, std::move(batch));
      return;
    }
    for (;;) {
      batch.games_before = f.games_counted;
      f.games_counted += batch.part_read.report.games;
      ++f.parts_counted;
      numbered.push_back(std::move(batch));
      --parts_in_flight;
      const auto next = waiting.find({&f, f.parts_counted});
      if (next == waiting.end()) return;
      batch = std::move(next->second);
      waiting.erase(next);
      held_total -= batch.held;
    }
  };
  std::vector<std::thread> workers;
  // (The malloc arenas are capped at the CPUs, when jobs are more, by the
  // CLI before any thread starts: xqrec audit, tools/cli/cmd_audit.cpp.)
  for (unsigned j = 0; j < jobs; ++j)
    workers.emplace_back([&] {
      // Made on first use, and let go with their storage once the worker
      // has waited kIdleRelease for a batch.
      std::optional<PartReader> parts;
      std::optional<SmallFileReader> small;
      GameAudit audit;  // whose storage serves every game, unless the audits are delivered
      for (;;) {
        Batch batch;
        {
          std::unique_lock lock(mu);
          // A batch waits for room among the bytes held (may_take), and a
          // part for a free place among the parts in flight. The earliest
          // part not yet numbered of every file holds one (parts are taken
          // in order), so one is always being read and frees it; the batch
          // delivery waits for goes whatever they hold.
          const auto ready = [&] { return (!todo.empty() && may_take()) || (reading_done && todo.empty()); };
          if (!ready()) {
            // A worker that waits idle, as most do when they are more than
            // the reader or the CPUs can keep busy, gives back its memo of
            // move texts (300 KB) and its readers' and audit's storage, so
            // that what the workers hold grows with the batches in flight
            // (bounded), not with --jobs. Decided by the wait itself, not by
            // the core count (which ignores taskset and cgroups); a short
            // wait keeps them, as rebuilding them costs time.
            if (!cv.wait_for(lock, kIdleRelease, ready)) {
              lock.unlock();
              notation::release_parse_memo();
              parts.reset();
              small.reset();
              audit = GameAudit{};
              lock.lock();
              cv.wait(lock, ready);
            }
          }
          if (todo.empty()) return;
          batch = std::move(todo.front());
          todo.pop_front();
          ++in_flight;
          if (batch.file) {
            --parts_queued;
            ++parts_in_flight;
            cv.notify_all();  // the reader may count and hand out the next part
            if (!spare_items.empty()) {
              batch.items = std::move(spare_items.back());
              spare_items.pop_back();
            }
          }
        }
        std::vector<BuiltGame> spent;
        std::vector<Batch> done;  // this batch, or the parts it let be numbered
        const std::size_t sent_bytes = batch.bytes;
        if (batch.file) {
          if (!parts) parts.emplace(opt);
          parts->read(batch);
          batch.held = held_of(batch);  // its audits, until it is numbered
          {
            std::lock_guard lock(mu);
            note_held(batch.held);
            number_part(std::move(batch), done);
            if (!done.empty()) cv.notify_all();  // places among the parts in flight are free
          }
          for (Batch& b : done) parts->write_part(b, opt, keep_audits);
        } else {
          if (!batch.small.empty()) {
            if (!small) small.emplace(opt, keep_audits);
            small->read(batch);
          } else {
            spent.reserve(batch.items.size());
            audit_batch(batch, opt, keep_audits, audit, spent);
          }
          done.push_back(std::move(batch));
        }
        for (Batch& b : done) b.held = held_of(b);
        // Sized, and those too large to keep freed, outside the lock.
        std::vector<std::size_t> held(spent.size());
        for (std::size_t i = 0; i < spent.size(); ++i) held[i] = held_bytes(spent[i]);
        std::vector<BuiltGame> freed;
        {
          std::lock_guard lock(mu);
          --in_flight;
          unaudited_bytes -= sent_bytes;
          for (Batch& b : done) {
            held_total += b.held;
            note_held(b.held);
            finished.emplace(b.seq, std::move(b));
          }
          for (std::size_t i = 0; i < spent.size(); ++i) {
            BuiltGame& g = spent[i];
            if (spare.size() >= max_spare || g.record.nodes.capacity() > kSpareNodes ||
                spare_bytes + held[i] > kSpareBytes) {
              freed.push_back(std::move(g));
              continue;
            }
            spare_bytes += held[i];
            spare.push_back(std::move(g));
          }
          cv.notify_all();
        }
        freed.clear();
      }
    });
  for (;;) {
    std::optional<Batch> batch;
    {
      std::unique_lock lock(mu);
      cv.wait(lock, [&] {
        return (!finished.empty() && finished.begin()->first == next_out) ||
               (reading_done && todo.empty() && in_flight == 0 && finished.empty());
      });
      if (finished.empty()) break;
      batch = std::move(finished.begin()->second);
      finished.erase(finished.begin());
      held_total -= batch->held;
      ++next_out;
      cv.notify_all();
    }
    if (batch->file) {
      deliver_part(*batch);
      // Its items' storage serves a part read next: a part's items were
      // new pages every part, each written for the first time.
      batch->items.clear();
      if (batch->items.capacity() <= kSpareItems) {
        std::lock_guard lock(mu);
        if (spare_items.size() < kPartsInFlight) spare_items.push_back(std::move(batch->items));
      }
    } else {
      deliver_batch(*batch);
    }
  }
  reader.join();
  for (auto& w : workers) w.join();
  progress.update(files_done, sum.games, bytes_read.load(std::memory_order_relaxed), true);
  progress.finish();
  return sum;
}

}  // namespace xq::audit
