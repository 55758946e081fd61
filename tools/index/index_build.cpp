#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <thread>

#include "duplicate_groups.h"
#include "key_blob.h"
#include "sha256.h"
#include "xqrec/core/fen.h"
#include "xqrec/duplicates/duplicate_index.h"
#include "xqrec/duplicates/game_score.h"
#include "xqrec/duplicates/line_key.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/record_start.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/index/index.h"
#include "xqrec/select/filters.h"
#include "xqrec/select/material.h"
#include "xqrec/select/select.h"

namespace xq::archive {

using namespace xq::formats;

namespace {

struct FileStat {
  std::int64_t size = 0, mtime_ns = 0;
};

std::optional<FileStat> stat_of(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileStat{std::int64_t(st.st_size), std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

// The path as TEXT, as the audit's `file` member has it: valid UTF-8, bytes
// that are not replaced by U+FFFD (the exact bytes then go to path_bytes).
std::string text_of(const std::string& path) {
  if (valid_utf8(path)) return path;
  std::string out;
  to_utf8(path, "UTF-8", out);
  return out;
}

std::optional<std::string> tag_or_null(const GameRecord& r, std::string_view name) {
  if (const std::string* v = r.tag(name)) return *v;
  return std::nullopt;
}

// The statements of a run, prepared once.
struct Writer {
  Database& db;
  Statement insert_file, update_stat, delete_file, insert_game, insert_tag, insert_finding, insert_position,
      insert_material, insert_chain;
  explicit Writer(Database& d)
      : db(d),
        insert_file(d.prepare("INSERT INTO files(path, path_bytes, size, mtime_ns, sha256, format, encoding, path_key) "
                              "VALUES(?,?,?,?,?,?,?,?)")),
        update_stat(d.prepare("UPDATE files SET size=?, mtime_ns=? WHERE id=?")),
        delete_file(d.prepare("DELETE FROM files WHERE id=?")),
        insert_game(d.prepare(
            "INSERT INTO games(file, game, red, black, event, site, date, round, result, ecco, plies, start_fen, "
            "final_fen, final_state, errors, warnings, date_first, date_last, endings, deleted, damage_code, "
            "damage_ply, damage_move_number, damage_text, damage_message, damage_line, damage_column, damage_offset, "
            "line_hash, line_prefix, line_plies, line_mirrored, line_oriented, line_stopped, line_main, "
            "score_notes, score_result, score_players, score_date) "
            "VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")),
        insert_tag(d.prepare("INSERT INTO tags(game, name, value) VALUES(?,?,?)")),
        insert_finding(d.prepare("INSERT INTO findings(game, file, code, severity, ply, move_number, side, variation, "
                                 "text, message, fen, line, \"column\", \"offset\") VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)")),
        insert_position(d.prepare("INSERT OR IGNORE INTO positions(key, game, ply) VALUES(?,?,?)")),
        insert_material(d.prepare("INSERT OR IGNORE INTO materials(signature, game, ply) VALUES(?,?,?)")),
        insert_chain(d.prepare("INSERT INTO chains(game, chain) VALUES(?,?)")) {}

  Statement games_of = db.prepare("SELECT g.id, k.keys FROM games g JOIN game_keys k ON k.game = g.id WHERE g.file=?");
  Statement insert_keys = db.prepare("INSERT INTO game_keys(game, keys) VALUES(?,?)");
  Statement delete_position = db.prepare("DELETE FROM positions WHERE key=? AND game=?");

  // A file's rows: its games' positions by their keys, then the rest by
  // cascade.
  bool remove_file(std::int64_t id) {
    std::vector<std::pair<std::int64_t, std::string>> games;
    games_of.bind(1, id);
    while (games_of.step()) games.emplace_back(games_of.integer(0), games_of.text(1));
    games_of.reset();
    for (const auto& [game, keys] : games)
      for (const std::uint64_t key : unpack_keys(keys))
        if (!delete_position.bind(1, std::int64_t(key)).bind(2, game).run()) return false;
    return delete_file.bind(1, id).run();
  }

  bool ready() const {
    return insert_file.ok() && update_stat.ok() && delete_file.ok() && insert_game.ok() && insert_tag.ok() &&
           insert_finding.ok() && insert_position.ok() && insert_material.ok() && insert_chain.ok() && games_of.ok() &&
           delete_position.ok() && insert_keys.ok();
  }

  bool finding(std::optional<std::int64_t> game, std::int64_t file, const Issue& f) {
    Statement& s = insert_finding;
    s.bind(1, game).bind(2, file).bind(3, f.name()).bind(4, severity_name(f.severity));
    if (f.ply) s.bind(5, std::int64_t(f.ply)); else s.bind_null(5);
    if (f.move_number) s.bind(6, std::int64_t(f.move_number)); else s.bind_null(6);
    if (f.side) s.bind(7, color_name(*f.side)); else s.bind_null(7);
    s.bind(8, f.variation).bind(9, f.text).bind(10, f.message).bind(11, f.fen);
    if (f.where.line) s.bind(12, std::int64_t(f.where.line)).bind(13, std::int64_t(f.where.column));
    else s.bind_null(12).bind_null(13);
    if (f.where.line || f.where.offset) s.bind(14, std::int64_t(f.where.offset)); else s.bind_null(14);
    return s.run();
  }
};

// Everything stored of one game, computed apart from the database (in
// parallel with --jobs): the audit, the main line's positions and material,
// the duplicates key, score and chain.
struct GameFacts {
  audit::GameAudit audit;
  std::vector<std::uint64_t> keys;                  // at ply 0, 1, ...
  std::map<std::int64_t, std::uint32_t> materials;  // signature -> first ply
  select::MainLineReplay line;
  duplicates::KeyedLine keyed;
  duplicates::GameScore score;
  std::vector<std::uint64_t> chain;  // from ply min_plies on, when the line is that long
};

GameFacts facts_of(const BuiltGame& g, const IndexOptions& options) {
  const GameRecord& r = g.record;
  GameFacts f;
  f.audit = audit::audit_game(r, g.issues, options.audit);
  f.line = select::replay_main_line(
      r, g.issues,
      [&](const Position& pos, std::uint32_t ply, bool capture) {
        f.keys.push_back(pos.key());
        if (ply == 0 || capture) f.materials.emplace(std::int64_t(select::material_code(select::material_of(pos))), ply);
      },
      true);
  f.keyed = duplicates::key_line(r, options.min_plies);
  if (!duplicates::compared(f.keyed)) f.keyed.key.reset();  // as `duplicates` leaves it out
  f.score = duplicates::score_game(r, f.keyed.key ? f.keyed.key->plies : 0);
  // The chain of the canonical line from ply min_plies on: what the
  // duplicate groups need to find the games this one embeds.
  if (f.keyed.key && f.keyed.key->plies >= options.min_plies)
    duplicates::walk_chain(r, options.min_plies, f.keyed.key->mirrored, options.min_plies,
                           [&](std::uint32_t, std::uint64_t h) { f.chain.push_back(h); });
  return f;
}

// Whether `path` is one of `roots` or lies below one of them.
bool within(const std::string& path, const std::vector<std::string>& roots) {
  for (const auto& r : roots)
    if (path == r || (path.size() > r.size() && path.compare(0, r.size(), r) == 0 && (path[r.size()] == '/' || r == "/")))
      return true;
  return false;
}

// The options an index keeps to (meta): a run with others would mix
// findings, keys and games of two kinds. "" or why not.
std::string check_options(Database& db, const IndexOptions& o) {
  const std::map<std::string, std::string> want = {
      {"min_plies", std::to_string(o.min_plies)},
      {"rules", std::string(rules::rule_set_name(o.audit.rules))},
      {"threshold", std::to_string(o.audit.repetition_threshold)},
      {"natural_limit", std::to_string(o.audit.natural_limit.moves)},
      {"input_encoding", o.read.input_encoding.value_or("")},
      {"shard", std::to_string(o.shard.index) + "/" + std::to_string(o.shard.count)}};
  std::map<std::string, std::string> have;
  Statement q = db.prepare("SELECT name, value FROM meta");
  if (!q.ok()) return db.error();
  while (q.step()) have[q.text(0)] = q.text(1);
  if (have.empty()) {
    Statement put = db.prepare("INSERT INTO meta(name, value) VALUES(?,?)");
    for (const auto& [k, v] : want)
      if (!put.bind(1, k).bind(2, v).run()) return db.error();
    return "";
  }
  for (const auto& [k, v] : want) {
    const auto at = have.find(k);
    if (at == have.end() || at->second != v)
      return "the index was built with " + k + " " + (at == have.end() ? std::string("(none)") : at->second) +
             ", this run asks for " + (v.empty() ? std::string("(none)") : v) +
             ": give the same options, or --rebuild (nothing was written)";
  }
  return "";
}

// A position row, written after the chunk's games in key order: inserts in
// order touch each page of the positions' B-tree once, not once a row.
struct PositionRow {
  std::int64_t key, game, ply;
  bool operator<(const PositionRow& o) const { return key < o.key || (key == o.key && game < o.game); }
};

bool write_game(Writer& w, std::int64_t file_id, const BuiltGame& g, const GameFacts& facts,
                std::vector<PositionRow>& positions) {
  const GameRecord& r = g.record;
  const audit::GameAudit& a = facts.audit;
  const auto& keys = facts.keys;
  const auto& line = facts.line;
  const auto& keyed = facts.keyed;
  const auto& score = facts.score;
  int errors = 0, warnings = 0;
  for (const Issue& f : a.findings) {
    errors += f.severity == Severity::Error;
    warnings += f.severity == Severity::Warning;
  }
  std::string result = record_result(r);
  if (result.empty()) result = "*";
  const std::string* date = r.tag("Date");
  const auto span = date ? select::parse_record_date(*date) : std::nullopt;
  const auto start = record_start(r);

  Statement& s = w.insert_game;
  int i = 1;
  auto next = [&i] { return i++; };  // the next column
  s.bind(next(), file_id).bind(next(), std::int64_t(g.index));
  for (const char* t : {"Red", "Black", "Event", "Site", "Date", "Round"}) s.bind(next(), tag_or_null(r, t));
  s.bind(next(), result);
  if (line.ecco) s.bind(next(), line.ecco->code); else s.bind_null(next());
  s.bind(next(), std::int64_t(line.plies));
  if (start) s.bind(next(), to_fen(start.value())); else s.bind_null(next());
  s.bind(next(), a.final_fen).bind(next(), a.final_state).bind(next(), std::int64_t(errors)).bind(next(), std::int64_t(warnings));
  if (span) s.bind(next(), std::int64_t(span->first)).bind(next(), std::int64_t(span->last));
  else s.bind_null(next()).bind_null(next());
  s.bind(next(), std::int64_t(select::endings_of(a))).bind(next(), std::int64_t(marked_deleted(r)));
  if (line.damage) {
    const Issue& d = *line.damage;
    s.bind(next(), d.name());
    if (d.ply) s.bind(next(), std::int64_t(d.ply)); else s.bind_null(next());
    if (d.move_number) s.bind(next(), std::int64_t(d.move_number)); else s.bind_null(next());
    s.bind(next(), d.text).bind(next(), d.message);
    if (d.where.line) s.bind(next(), std::int64_t(d.where.line)).bind(next(), std::int64_t(d.where.column));
    else s.bind_null(next()).bind_null(next());
    if (d.where.line || d.where.offset) s.bind(next(), std::int64_t(d.where.offset)); else s.bind_null(next());
  } else {
    for (int k = 0; k < 8; ++k) s.bind_null(next());
  }
  if (keyed.key) {
    const auto& k = *keyed.key;
    s.bind(next(), std::int64_t(k.line)).bind(next(), std::int64_t(k.prefix)).bind(next(), std::int64_t(k.plies));
    s.bind(next(), std::int64_t(k.mirrored)).bind(next(), std::int64_t(k.oriented)).bind(next(), std::int64_t(bool(keyed.stop)));
    s.bind(next(), std::int64_t(keyed.stop ? keyed.stop->main_line : 0));
  } else {
    for (int k = 0; k < 7; ++k) s.bind_null(next());
  }
  s.bind(next(), std::int64_t(score.notes)).bind(next(), std::int64_t(score.result)).bind(next(), std::int64_t(score.players));
  s.bind(next(), std::int64_t(score.date));
  if (!s.run()) return false;
  const std::int64_t id = w.db.last_rowid();

  for (const Tag& t : r.tags)
    if (!w.insert_tag.bind(1, id).bind(2, t.name).bind(3, t.value).run()) return false;
  for (const Issue& f : a.findings)
    if (!w.finding(id, file_id, f)) return false;
  if (!w.insert_keys.bind(1, id).bind_blob(2, pack_keys(keys)).run()) return false;
  for (std::size_t ply = 0; ply < keys.size(); ++ply) positions.push_back({std::int64_t(keys[ply]), id, std::int64_t(ply)});
  for (const auto& [sig, ply] : facts.materials)
    if (!w.insert_material.bind(1, sig).bind(2, id).bind(3, std::int64_t(ply)).run()) return false;
  if (!facts.chain.empty() && !w.insert_chain.bind(1, id).bind_blob(2, pack_keys(facts.chain)).run()) return false;
  return true;
}

// The facts of many games on `jobs` threads, each game's in its own slot.
std::vector<GameFacts> facts_in_parallel(const std::vector<const BuiltGame*>& games, const IndexOptions& options) {
  std::vector<GameFacts> out(games.size());
  const unsigned jobs = std::max(1u, std::min<unsigned>(options.jobs, unsigned(games.size())));
  if (jobs <= 1) {
    for (std::size_t i = 0; i < games.size(); ++i) out[i] = facts_of(*games[i], options);
    return out;
  }
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < jobs; ++j)
    threads.emplace_back([&] {
      for (std::size_t i; (i = next.fetch_add(1)) < games.size();) out[i] = facts_of(*games[i], options);
    });
  for (auto& t : threads) t.join();
  return out;
}

}  // namespace

IndexSummary build_index(Database& db, const std::vector<InputFile>& files, const IndexOptions& options,
                         const std::vector<std::string>& inputs,
                         const std::function<void(const std::string&)>& notice) {
  IndexSummary sum;
  // The paths given that exist now: the scope in which a file gone from
  // disk is dropped.
  std::vector<std::string> roots;
  for (const auto& in : inputs) {
    std::error_code ec;
    if (!std::filesystem::exists(in, ec)) continue;
    std::string r = in;
    while (r.size() > 1 && r.back() == '/') r.pop_back();
    roots.push_back(std::move(r));
  }
  sum.files = files.size();
  Writer w(db);
  auto failed = [&](const std::string& what) {
    sum.failed = what + ": " + db.error();
    db.exec("ROLLBACK");
    return sum;
  };
  if (!w.ready()) return failed("cannot prepare the index's statements");

  // What the index holds of each file.
  struct Known {
    std::int64_t id, size, mtime_ns;
    std::string sha256;
  };
  std::map<std::string, Known> known;  // by the path's exact bytes
  {
    Statement q = db.prepare("SELECT id, path_key, size, mtime_ns, sha256 FROM files");
    if (!q.ok()) return failed("cannot read the index");
    while (q.step()) known[q.text(1)] = {q.integer(0), q.integer(2), q.integer(3), q.text(4)};
  }
  if (std::string e = check_options(db, options); !e.empty()) {
    sum.failed = e;
    return sum;
  }

  ReadOptions in_walk = options.read;
  in_walk.records_only = true;
  bool open = false;
  std::size_t games_in_batch = 0;
  std::chrono::steady_clock::time_point began;
  auto begin = [&] {
    if (open) return true;
    if (!db.exec("BEGIN IMMEDIATE").empty()) return false;
    open = true;
    games_in_batch = 0;
    began = std::chrono::steady_clock::now();
    return true;
  };
  auto commit = [&] {
    if (!open) return true;
    open = false;
    if (!db.exec("COMMIT").empty()) return false;
    ++sum.batches;
    return true;
  };
  std::set<std::string> seen;
  // Files are read a chunk at a time: read in order (a file that cannot be
  // read, or shrinks while it is read, keeps its old rows), the facts of the
  // chunk's games computed on --jobs threads, then written in order.
  struct Pending {
    const InputFile* input;
    std::string path, sha;
    FileStat st;
    std::optional<std::int64_t> old_id;
    FileReport report;
    std::vector<BuiltGame> games;
  };
  std::vector<Pending> chunk;
  std::size_t chunk_games = 0;
  auto flush = [&]() -> bool {
    std::vector<const BuiltGame*> all;
    all.reserve(chunk_games);
    for (const auto& p : chunk)
      for (const auto& g : p.games) all.push_back(&g);
    const std::vector<GameFacts> facts = facts_in_parallel(all, options);
    std::size_t k = 0;
    std::vector<PositionRow> positions;
    // The chunk is one transaction's part: a file with its positions, whole.
    if (!chunk.empty() && !begin()) return failed("cannot begin a transaction"), false;
    for (const Pending& p : chunk) {
      if (p.old_id && !w.remove_file(*p.old_id)) return failed("cannot replace " + p.path), false;
      w.insert_file.bind(1, p.path);
      if (p.path != p.input->path) w.insert_file.bind_blob(2, p.input->path); else w.insert_file.bind_null(2);
      w.insert_file.bind(3, p.st.size).bind(4, p.st.mtime_ns).bind(5, p.sha).bind(6, format_name(p.report.format));
      w.insert_file.bind(7, p.report.encoding).bind_blob(8, p.input->path);
      if (!w.insert_file.run()) return failed("cannot add " + p.path), false;
      const std::int64_t file_id = db.last_rowid();
      if (options.shard.takes(p.input->path, 0))  // else another shard's
        for (const Issue& i : p.report.issues) {
          Issue f = i;
          f.ply = f.move_number = 0;
          f.variation.clear();
          if (!w.finding(std::nullopt, file_id, f)) return failed("cannot add the findings of " + p.path), false;
        }
      for (const BuiltGame& g : p.games)
        if (!write_game(w, file_id, g, facts[k++], positions)) return failed("cannot add a game of " + p.path), false;
      ++sum.files_read;
      sum.games_read += p.games.size();
      games_in_batch += p.games.size();
    }
    std::sort(positions.begin(), positions.end());
    for (const PositionRow& r : positions)
      if (!w.insert_position.bind(1, r.key).bind(2, r.game).bind(3, r.ply).run())
        return failed("cannot add the positions"), false;
    const double seconds = open ? std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() : 0;
    if ((games_in_batch >= options.batch_games || seconds >= options.batch_seconds) && !commit())
      return failed("cannot commit"), false;
    chunk.clear();
    chunk_games = 0;
    return true;
  };
  for (const auto& input : files) {
    const std::string path = text_of(input.path);
    if (!seen.insert(input.path).second) continue;  // given twice
    const auto st = stat_of(input.path);
    const auto at = known.find(input.path);
    // Before the unchanged shortcut: an index built by an older xqrec may
    // hold a row for such an entry (the hash of no bytes), which then goes.
    if (!input.not_opened.empty()) {
      notice(input.path + ": not read: met in a directory walk, it is " + input.not_opened +
             (at != known.end() ? "; its earlier rows are dropped" : ""));
      if (at != known.end() && (!begin() || !w.remove_file(at->second.id))) return failed("cannot drop " + path);
      ++sum.files_not_regular;
      continue;
    }
    if (st && at != known.end() && at->second.size == st->size && at->second.mtime_ns == st->mtime_ns) {
      ++sum.files_unchanged;
      continue;
    }
    FileBytes bytes;
    if (const std::string e = bytes.open(input); !e.empty() || !st) {
      notice(input.path + ": " + (e.empty() ? std::string("cannot stat the file") : e) +
             (at != known.end() ? "; its rows are left as they were" : ""));
      sum.io_error = true;
      continue;
    }
    if (!bytes.not_opened().empty()) {
      // A FIFO, a socket, a device or a link to a directory met in the walk
      // holds no record: named, neither hashed nor indexed (no files row).
      notice(input.path + ": not read: met in a directory walk, it is " + bytes.not_opened() +
             " (it was not when the walk listed it)" + (at != known.end() ? "; its rows are left as they were" : ""));
      ++sum.files_not_regular;
      continue;
    }
    const std::string sha = sha256_hex(bytes.bytes());
    if (at != known.end() && at->second.sha256 == sha) {
      // Touched, not changed: the new size and mtime only.
      if (!begin()) return failed("cannot begin a transaction");
      if (!w.update_stat.bind(1, st->size).bind(2, st->mtime_ns).bind(3, at->second.id).run())
        return failed("cannot update " + path);
      ++sum.files_unchanged;
      continue;
    }
    Pending p{&input, path, sha, *st, std::nullopt, {}, {}};
    if (at != known.end()) p.old_id = at->second.id;
    GameBuilder builder([&](BuiltGame& g) {
      if (!options.shard.takes(input.path, g.index)) return Control::Continue;
      p.games.push_back(std::move(g));
      return Control::Continue;
    });
    p.report = read_games(bytes, input.path, builder, input.in_walk ? in_walk : options.read);
    if (bytes.truncated()) {
      notice(input.path + ": " + FileBytes::kTruncatedMessage + "; it is not indexed" +
             (at != known.end() ? " (its rows are left as they were)" : ""));
      sum.io_error = true;
      continue;
    }
    chunk_games += p.games.size();
    chunk.push_back(std::move(p));
    if ((chunk_games >= 1024 || chunk.size() >= 512) && !flush()) return sum;
  }
  if (!flush()) return sum;
  // Files the index holds that are gone from disk, among the paths this run
  // was given: a file or what lies below a folder named (and found) now. An
  // index of other paths, or given relative paths from another directory,
  // or a folder that is offline, keeps its rows.
  for (const auto& [raw, k] : known) {
    if (seen.count(raw) || !within(raw, roots)) continue;
    if (stat_of(raw)) continue;
    if (!begin() || !w.remove_file(k.id)) return failed("cannot drop " + text_of(raw));
    ++sum.files_dropped;
  }
  // The groups in the last transaction: a run stopped before its end
  // leaves the groups of the last one that ended, over the games it had.
  if (!begin()) return failed("cannot begin a transaction");
  if (std::string e = regroup(db, options.min_plies, sum.groups); !e.empty()) {
    db.exec("ROLLBACK");
    sum.failed = "cannot group the duplicates: " + e;
    return sum;
  }
  if (!commit()) return failed("cannot commit");
  Statement count = db.prepare("SELECT count(*) FROM games");
  if (count.ok() && count.step()) sum.games = std::size_t(count.integer(0));
  return sum;
}

}  // namespace xq::archive
