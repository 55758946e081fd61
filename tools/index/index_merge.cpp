#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>

#include "duplicate_groups.h"
#include "xqrec/index/index.h"
#include "xqrec/formats/shard.h"
#include "xqrec/index/schema.h"

namespace xq::archive {

namespace fs = std::filesystem;

namespace {

// A table's columns but the first (its rowid), comma-separated.
std::string columns_after_id(Database& db, const std::string& table) {
  Statement q = db.prepare("PRAGMA main.table_info(" + table + ")");
  std::string out;
  bool first = true;
  while (q.step()) {
    if (first) {
      first = false;
      continue;
    }
    out += (out.empty() ? "" : ", ") + std::string("\"") + q.text(1) + "\"";
  }
  return out;
}

std::int64_t count(Database& db, const std::string& sql) {
  Statement q = db.prepare(sql);
  return q.ok() && q.step() ? q.integer(0) : -1;
}

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

}  // namespace

namespace {

// The shards' options (meta) must agree but for the shard, and their shards
// must be 1..N of one N, each once. "" or why not; `options` gets theirs.
std::string check_shards(const std::vector<std::string>& shards, std::map<std::string, std::string>& options) {
  std::set<std::uint32_t> seen;
  std::uint32_t count_of = 0;
  for (const std::string& path : shards) {
    Database d;
    if (std::string e = open_for_reading(d, path); !e.empty()) return e;
    std::map<std::string, std::string> meta;
    Statement q = d.prepare("SELECT name, value FROM meta");
    while (q.step()) meta[q.text(0)] = q.text(1);
    const auto shard = formats::parse_shard(meta.count("shard") ? meta["shard"] : "");
    if (!shard) return path + ": the index does not say which shard it holds";
    meta.erase("shard");
    if (options.empty()) options = meta, count_of = shard->count;
    else if (meta != options) return path + ": built with other options than " + shards.front() + " (see its meta table)";
    if (shard->count != count_of)
      return path + ": shard " + std::to_string(shard->index) + " of " + std::to_string(shard->count) + ", the others are of " +
             std::to_string(count_of);
    if (!seen.insert(shard->index).second)
      return path + ": shard " + std::to_string(shard->index) + "/" + std::to_string(shard->count) +
             " is given twice (a game would be in two shards)";
  }
  if (seen.size() != count_of) {
    std::string missing;
    for (std::uint32_t i = 1; i <= count_of; ++i)
      if (!seen.count(i)) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
    return "shards " + missing + " of " + std::to_string(count_of) + " are missing: the merge would not be the whole run";
  }
  return "";
}

MergeSummary merge_into(Database& db, const std::vector<std::string>& shards, std::uint32_t min_plies) {
  MergeSummary sum;
  std::map<std::string, std::string> options;
  if (std::string e = check_shards(shards, options); !e.empty()) return sum.failed = e, sum;
  if (options.count("min_plies")) min_plies = std::uint32_t(std::stoul(options["min_plies"]));
  {
    options["shard"] = "1/1";
    Statement put = db.prepare("INSERT INTO meta(name, value) VALUES(?,?)");
    for (const auto& [k, v] : options)
      if (!put.bind(1, k).bind(2, v).run()) return sum.failed = db.error(), sum;
  }
  // games minus id and file: the columns copied as they are.
  std::string game_cols = columns_after_id(db, "games");
  game_cols = game_cols.substr(game_cols.find(',') + 2);
  const std::string file_cols = columns_after_id(db, "files");
  auto fail_with = [&](const std::string& why) {
    db.exec("ROLLBACK");
    db.exec("DETACH DATABASE shard");
    sum.failed = why;
    return sum;
  };
  for (const std::string& path : shards) {
    {
      Database check;  // ours, of this schema, before it is attached
      if (std::string e = open_for_reading(check, path); !e.empty()) return fail_with(e);
    }
    // One transaction a shard (SQLite attaches outside transactions); the
    // whole merge is atomic through the temporary file.
    if (std::string e = db.exec("ATTACH DATABASE " + quoted(path) + " AS shard"); !e.empty())
      return fail_with(path + ": " + e);
    if (std::string e = db.exec("BEGIN IMMEDIATE"); !e.empty()) return fail_with(e);
    if (count(db, "SELECT count(*) FROM shard.files s JOIN main.files m USING(path_key) WHERE s.sha256 != m.sha256") != 0)
      return fail_with(path + ": a file has other contents than in an earlier shard (index all shards from the same files)");
    const char* steps[] = {
        "CREATE TEMP TABLE fmap(old INTEGER PRIMARY KEY, new INTEGER NOT NULL)",
        "CREATE TEMP TABLE gmap(old INTEGER PRIMARY KEY, new INTEGER NOT NULL)",
    };
    for (const char* s : steps)
      if (std::string e = db.exec(s); !e.empty()) return fail_with(e);
    const std::string sql =
        "INSERT OR IGNORE INTO main.files(" + file_cols + ") SELECT " + file_cols + " FROM shard.files ORDER BY id;"
        "INSERT INTO temp.fmap SELECT s.id, m.id FROM shard.files s JOIN main.files m USING(path_key);"
        "INSERT INTO main.games(file, " + game_cols + ") SELECT fmap.new, " + game_cols +
        " FROM shard.games g JOIN temp.fmap ON fmap.old = g.file ORDER BY g.id;"
        "INSERT INTO temp.gmap SELECT g.id, m.id FROM shard.games g JOIN temp.fmap ON fmap.old = g.file "
        "JOIN main.games m ON m.file = fmap.new AND m.game = g.game;"
        "INSERT INTO main.tags(game, name, value) SELECT gmap.new, t.name, t.value FROM shard.tags t "
        "JOIN temp.gmap ON gmap.old = t.game ORDER BY t.rowid;"
        "INSERT INTO main.findings(game, file, code, severity, ply, move_number, side, variation, text, message, fen, "
        "line, \"column\", \"offset\") "
        "SELECT gmap.new, fmap.new, x.code, x.severity, x.ply, x.move_number, x.side, x.variation, x.text, x.message, "
        "x.fen, x.line, x.\"column\", x.\"offset\" FROM shard.findings x LEFT JOIN temp.gmap ON gmap.old = x.game JOIN temp.fmap ON fmap.old = x.file "
        "ORDER BY x.rowid;"
        "INSERT INTO main.positions(key, game, ply) SELECT p.key, gmap.new, p.ply FROM shard.positions p "
        "JOIN temp.gmap ON gmap.old = p.game;"
        "INSERT INTO main.materials(signature, game, ply) SELECT m.signature, gmap.new, m.ply FROM shard.materials m "
        "JOIN temp.gmap ON gmap.old = m.game;"
        "INSERT INTO main.chains(game, chain) SELECT gmap.new, c.chain FROM shard.chains c JOIN temp.gmap ON gmap.old = c.game;"
        "INSERT INTO main.game_keys(game, keys) SELECT gmap.new, k.keys FROM shard.game_keys k "
        "JOIN temp.gmap ON gmap.old = k.game;"
        "DROP TABLE temp.fmap; DROP TABLE temp.gmap;";
    if (std::string e = db.exec(sql); !e.empty()) {
      const bool twice = e.find("UNIQUE") != std::string::npos;
      return fail_with(path + ": " + (twice ? "a game is in two shards (give each shard's index once)" : e));
    }
    if (std::string e = db.exec("COMMIT"); !e.empty()) return fail_with(e);
    if (std::string e = db.exec("DETACH DATABASE shard"); !e.empty()) return fail_with(e);
    ++sum.shards;
  }
  if (std::string e = db.exec("BEGIN IMMEDIATE"); !e.empty()) return fail_with(e);
  if (std::string e = regroup(db, min_plies, sum.groups); !e.empty()) return fail_with("cannot group the duplicates: " + e);
  if (std::string e = db.exec("COMMIT"); !e.empty()) return fail_with(e);
  sum.files = std::size_t(count(db, "SELECT count(*) FROM files"));
  sum.games = std::size_t(count(db, "SELECT count(*) FROM games"));
  return sum;
}

}  // namespace

MergeSummary merge_indexes(const std::string& out, const std::vector<std::string>& shards, std::uint32_t min_plies) {
  const fs::path target(out);
  const fs::path temp = target.parent_path() / (".xqrec-tmp-merge-" + std::to_string(::getpid()) + ".sqlite");
  auto remove_temp = [&] {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(temp.string() + suffix, ec);
  };
  remove_temp();
  MergeSummary sum;
  {
    Database db;
    if (std::string e = open_for_writing(db, temp.string(), false); !e.empty()) {
      sum.failed = e;
      remove_temp();
      return sum;
    }
    sum = merge_into(db, shards, min_plies);
    // Everything into the main file before it is renamed: no -wal to follow it.
    if (sum.failed.empty()) {
      if (std::string e = db.exec("PRAGMA wal_checkpoint(TRUNCATE)"); !e.empty()) sum.failed = e;
      else if (std::string e2 = db.exec("PRAGMA journal_mode=DELETE"); !e2.empty()) sum.failed = e2;
    }
  }
  if (sum.failed.empty()) {
    std::error_code ec;
    for (const char* suffix : {"-wal", "-shm"}) fs::remove(out + suffix, ec);
    fs::rename(temp, target, ec);
    if (ec) sum.failed = "cannot rename the merged index into " + out + ": " + ec.message();
  }
  remove_temp();
  return sum;
}

}  // namespace xq::archive
