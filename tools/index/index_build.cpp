#include <sys/stat.h>

#include <chrono>
#include <map>
#include <optional>
#include <set>

#include "sha256.h"
#include "xqrec/core/fen.h"
#include "xqrec/duplicates/duplicate_index.h"
#include "xqrec/duplicates/game_score.h"
#include "xqrec/duplicates/line_key.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/record_start.h"
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

std::string pack_keys(const std::vector<std::uint64_t>& keys) {
  std::string out;
  out.reserve(keys.size() * 8);
  for (std::uint64_t h : keys)
    for (int b = 0; b < 8; ++b) out.push_back(char(h >> (8 * b) & 0xFF));
  return out;
}

std::vector<std::uint64_t> unpack_keys(std::string_view bytes) {
  std::vector<std::uint64_t> out;
  for (std::size_t k = 0; k + 8 <= bytes.size(); k += 8) {
    std::uint64_t h = 0;
    for (int b = 0; b < 8; ++b) h |= std::uint64_t(static_cast<unsigned char>(bytes[k + std::size_t(b)])) << (8 * b);
    out.push_back(h);
  }
  return out;
}

// The statements of a run, prepared once.
struct Writer {
  Database& db;
  Statement insert_file, update_stat, delete_file, insert_game, insert_tag, insert_finding, insert_position,
      insert_material, insert_chain;
  explicit Writer(Database& d)
      : db(d),
        insert_file(d.prepare("INSERT INTO files(path, path_bytes, size, mtime_ns, sha256, format, encoding) "
                              "VALUES(?,?,?,?,?,?,?)")),
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
                                 "text, message, fen) VALUES(?,?,?,?,?,?,?,?,?,?,?)")),
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
    return s.run();
  }
};

// Everything stored of one game, from one reading.
bool index_game(Writer& w, std::int64_t file_id, const BuiltGame& g, const IndexOptions& options) {
  const GameRecord& r = g.record;
  const audit::GameAudit a = audit::audit_game(r, g.issues, options.audit);
  std::vector<std::uint64_t> keys;                 // at ply 0, 1, ...
  std::map<std::int64_t, std::uint32_t> materials;  // signature -> first ply
  const select::MainLineReplay line =
      select::replay_main_line(r, g.issues, [&](const Position& pos, std::uint32_t ply, bool capture) {
        keys.push_back(pos.key());
        if (ply == 0 || capture) materials.emplace(std::int64_t(select::material_code(select::material_of(pos))), ply);
      });
  duplicates::KeyedLine keyed = duplicates::key_line(r, options.min_plies);
  if (!duplicates::compared(keyed)) keyed.key.reset();  // as `duplicates` leaves it out
  const std::uint32_t compared = keyed.key ? keyed.key->plies : 0;
  const duplicates::GameScore score = duplicates::score_game(r, compared);

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
  s.bind(next(), result).bind_null(next());  // ecco: filled by the classification
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
  for (std::size_t ply = 0; ply < keys.size(); ++ply)
    if (!w.insert_position.bind(1, std::int64_t(keys[ply])).bind(2, id).bind(3, std::int64_t(ply)).run()) return false;
  for (const auto& [sig, ply] : materials)
    if (!w.insert_material.bind(1, sig).bind(2, id).bind(3, std::int64_t(ply)).run()) return false;
  // The chain of the canonical line from ply min_plies on: what the
  // duplicate groups need to find the games this one embeds.
  if (keyed.key && keyed.key->plies >= options.min_plies) {
    std::vector<std::uint64_t> chain;
    duplicates::walk_chain(r, options.min_plies, keyed.key->mirrored, options.min_plies,
                           [&](std::uint32_t, std::uint64_t h) { chain.push_back(h); });
    if (!w.insert_chain.bind(1, id).bind_blob(2, pack_keys(chain)).run()) return false;
  }
  return true;
}

// The duplicate groups over the whole index, from the keys it holds.
std::string regroup(Database& db, std::uint32_t min_plies, std::size_t& groups) {
  duplicates::DuplicateIndex index(min_plies);
  std::vector<std::int64_t> ids;  // per entry
  {
    Statement q = db.prepare(
        "SELECT g.id, f.path, g.game, g.line_hash, g.line_prefix, g.line_plies, g.line_mirrored, g.line_oriented, "
        "g.line_stopped, g.line_main, g.score_notes, g.score_result, g.score_players, g.score_date "
        "FROM games g JOIN files f ON g.file = f.id WHERE g.line_plies IS NOT NULL ORDER BY f.path, g.game");
    if (!q.ok()) return db.error();
    std::string last_path;
    std::uint32_t file = 0;
    bool first = true;
    while (q.step()) {
      const std::string path = q.text(1);
      if (!first && path != last_path) ++file;
      first = false;
      last_path = path;
      duplicates::GameEntry e;
      e.key.line = std::uint64_t(q.integer(3));
      e.key.prefix = std::uint64_t(q.integer(4));
      e.key.plies = std::uint32_t(q.integer(5));
      e.key.mirrored = q.integer(6) != 0;
      e.key.oriented = q.integer(7) != 0;
      e.stopped = q.integer(8) != 0;
      e.main_line = std::uint32_t(q.integer(9));
      e.score.plies = e.key.plies;
      e.score.notes = std::uint32_t(q.integer(10));
      e.score.result = q.integer(11) != 0;
      e.score.players = q.integer(12) != 0;
      e.score.date = q.integer(13) != 0;
      e.file = file;
      e.game = std::uint32_t(q.integer(2));
      index.add(e);
      ids.push_back(q.integer(0));
    }
  }
  Statement chain = db.prepare("SELECT chain FROM chains WHERE game=?");
  if (!chain.ok()) return db.error();
  for (std::uint32_t entry : index.embedding_candidates()) {
    chain.bind(1, ids[entry]);
    if (chain.step()) {
      const auto hashes = unpack_keys(chain.text(0));
      for (std::size_t k = 0; k < hashes.size(); ++k) index.prefix_seen(entry, min_plies + std::uint32_t(k), hashes[k]);
    }
    chain.reset();
  }
  const auto found = index.groups();
  groups = found.size();
  if (std::string e = db.exec("BEGIN IMMEDIATE; DELETE FROM duplicates;"); !e.empty()) return e;
  Statement put = db.prepare("INSERT INTO duplicates(game, \"group\", relation) VALUES(?,?,?)");
  Statement mark = db.prepare(
      "UPDATE games SET dup_group=?2, dup_relation=?3 WHERE id=?1 AND (dup_group IS NOT ?2 OR dup_relation IS NOT ?3)");
  Statement clear = db.prepare(
      "UPDATE games SET dup_group=NULL, dup_relation=NULL WHERE dup_group IS NOT NULL AND id NOT IN (SELECT game FROM duplicates)");
  if (!put.ok() || !mark.ok() || !clear.ok()) return db.error();
  for (std::size_t g = 0; g < found.size(); ++g)
    for (const auto& m : found[g].members) {
      const std::string relation(duplicates::relation_name(m.relation));
      if (!put.bind(1, ids[m.entry]).bind(2, std::int64_t(g + 1)).bind(3, relation).run()) return db.error();
      if (!mark.bind(1, ids[m.entry]).bind(2, std::int64_t(g + 1)).bind(3, relation).run()) return db.error();
    }
  if (!clear.run()) return db.error();
  return db.exec("COMMIT");
}

}  // namespace

IndexSummary build_index(Database& db, const std::vector<InputFile>& files, const IndexOptions& options,
                         const std::function<void(const std::string&)>& notice) {
  IndexSummary sum;
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
  std::map<std::string, Known> known;
  {
    Statement q = db.prepare("SELECT id, path, size, mtime_ns, sha256 FROM files");
    if (!q.ok()) return failed("cannot read the index");
    while (q.step()) known[q.text(1)] = {q.integer(0), q.integer(2), q.integer(3), q.text(4)};
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
  for (const auto& input : files) {
    const std::string path = text_of(input.path);
    if (!seen.insert(path).second) continue;  // given twice
    const auto st = stat_of(input.path);
    const auto at = known.find(path);
    if (st && at != known.end() && at->second.size == st->size && at->second.mtime_ns == st->mtime_ns) {
      ++sum.files_unchanged;
      continue;
    }
    FileBytes bytes;
    if (const std::string e = bytes.open(input.path); !e.empty() || !st) {
      notice(input.path + ": " + (e.empty() ? std::string("cannot stat the file") : e) +
             (at != known.end() ? "; its rows are left as they were" : ""));
      sum.io_error = true;
      continue;
    }
    const std::string sha = sha256_hex(bytes.bytes());
    if (!begin()) return failed("cannot begin a transaction");
    if (at != known.end() && at->second.sha256 == sha) {
      // Touched, not changed: the new size and mtime only.
      if (!w.update_stat.bind(1, st->size).bind(2, st->mtime_ns).bind(3, at->second.id).run())
        return failed("cannot update " + path);
      ++sum.files_unchanged;
      continue;
    }
    if (at != known.end() && !w.remove_file(at->second.id)) return failed("cannot replace " + path);
    // Read first, written after: a file that shrinks while it is read keeps its old rows.
    std::vector<BuiltGame> games;
    GameBuilder builder([&](BuiltGame& g) {
      games.push_back(std::move(g));
      return Control::Continue;
    });
    const FileReport report = read_games(bytes.bytes(), input.path, builder, input.in_walk ? in_walk : options.read);
    if (bytes.truncated()) {
      notice(input.path + ": " + FileBytes::kTruncatedMessage + "; it is not indexed");
      sum.io_error = true;
      db.exec("ROLLBACK");
      open = false;
      return failed("stopped");  // the rows deleted above are restored by the rollback
    }
    w.insert_file.bind(1, path);
    if (path != input.path) w.insert_file.bind_blob(2, input.path); else w.insert_file.bind_null(2);
    w.insert_file.bind(3, st->size).bind(4, st->mtime_ns).bind(5, sha).bind(6, format_name(report.format)).bind(7, report.encoding);
    if (!w.insert_file.run()) return failed("cannot add " + path);
    const std::int64_t file_id = db.last_rowid();
    for (const Issue& i : report.issues) {
      Issue f = i;
      f.ply = f.move_number = 0;
      f.variation.clear();
      if (!w.finding(std::nullopt, file_id, f)) return failed("cannot add the findings of " + path);
    }
    for (const BuiltGame& g : games)
      if (!index_game(w, file_id, g, options)) return failed("cannot add a game of " + path);
    ++sum.files_read;
    sum.games_read += games.size();
    games_in_batch += games.size();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if ((games_in_batch >= options.batch_games || seconds >= options.batch_seconds) && !commit())
      return failed("cannot commit");
  }
  // Files the index holds that are gone from disk.
  for (const auto& [path, k] : known) {
    std::error_code ec;
    if (seen.count(path)) continue;
    Statement bytes = db.prepare("SELECT path_bytes FROM files WHERE id=?");
    bytes.bind(1, k.id);
    const std::string real = bytes.step() && !bytes.is_null(0) ? bytes.text(0) : path;
    if (stat_of(real)) continue;
    if (!begin() || !w.remove_file(k.id)) return failed("cannot drop " + path);
    ++sum.files_dropped;
  }
  if (!commit()) return failed("cannot commit");
  if (std::string e = regroup(db, options.min_plies, sum.groups); !e.empty()) {
    db.exec("ROLLBACK");
    sum.failed = "cannot group the duplicates: " + e;
    return sum;
  }
  Statement count = db.prepare("SELECT count(*) FROM games");
  if (count.ok() && count.step()) sum.games = std::size_t(count.integer(0));
  return sum;
}

}  // namespace xq::archive
