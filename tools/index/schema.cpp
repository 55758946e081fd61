#include "xqrec/index/schema.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>  // renameat2, RENAME_NOREPLACE (glibc)
#include <cstring>
#include <filesystem>

#include "xqrec/formats/output_file.h"

namespace xq::archive {

namespace {

// Positions and material are WITHOUT ROWID tables clustered by what a
// search asks for (the position key, the material signature). Positions have
// no second index by game (it would double the largest table): a game's
// keys are also in game_keys, 8 bytes a ply, which is how a file's rows are
// replaced.
constexpr const char* kSchema = R"sql(
CREATE TABLE meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE files(
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL,
  path_key BLOB NOT NULL UNIQUE,
  path_bytes BLOB,
  size INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  format TEXT NOT NULL,
  encoding TEXT NOT NULL);
CREATE TABLE games(
  id INTEGER PRIMARY KEY,
  file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  game INTEGER NOT NULL,
  red TEXT, black TEXT, event TEXT, site TEXT, date TEXT, round TEXT, result TEXT NOT NULL,
  ecco TEXT,
  plies INTEGER NOT NULL,
  start_fen TEXT, final_fen TEXT, final_state TEXT NOT NULL,
  errors INTEGER NOT NULL, warnings INTEGER NOT NULL,
  dup_group INTEGER, dup_relation TEXT,
  date_first INTEGER, date_last INTEGER,
  endings INTEGER NOT NULL,
  deleted INTEGER NOT NULL,
  damage_code TEXT, damage_ply INTEGER, damage_move_number INTEGER, damage_text TEXT, damage_message TEXT,
  damage_line INTEGER, damage_column INTEGER, damage_offset INTEGER,
  line_hash INTEGER, line_prefix INTEGER, line_plies INTEGER, line_mirrored INTEGER, line_oriented INTEGER,
  line_stopped INTEGER, line_main INTEGER, line_stop_code TEXT,
  score_notes INTEGER NOT NULL, score_result INTEGER NOT NULL, score_players INTEGER NOT NULL, score_date INTEGER NOT NULL,
  UNIQUE(file, game));
CREATE INDEX games_damaged ON games(id) WHERE damage_code IS NOT NULL;
CREATE TABLE game_keys(
  game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  keys BLOB NOT NULL);
CREATE TABLE tags(
  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  name TEXT NOT NULL, value TEXT NOT NULL);
CREATE INDEX tags_game ON tags(game);
CREATE TABLE findings(
  game INTEGER REFERENCES games(id) ON DELETE CASCADE,
  file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  code TEXT NOT NULL, severity TEXT NOT NULL,
  ply INTEGER, move_number INTEGER, side TEXT, variation TEXT, text TEXT, message TEXT, fen TEXT,
  line INTEGER, "column" INTEGER, "offset" INTEGER);
CREATE INDEX findings_game ON findings(game);
CREATE INDEX findings_file ON findings(file);
CREATE INDEX findings_code ON findings(code);
CREATE TABLE positions(
  key INTEGER NOT NULL,
  game INTEGER NOT NULL,
  ply INTEGER NOT NULL,
  PRIMARY KEY(key, game, ply)) WITHOUT ROWID;
CREATE TABLE materials(
  signature INTEGER NOT NULL,
  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply INTEGER NOT NULL,
  PRIMARY KEY(signature, game)) WITHOUT ROWID;
CREATE INDEX materials_game ON materials(game);
CREATE TABLE chains(
  game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  chain BLOB NOT NULL);
CREATE TABLE duplicates(
  game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  "group" INTEGER NOT NULL,
  relation TEXT NOT NULL);
)sql";

std::string pragmas(Database& db) {
  // WAL: readers may query while a run writes; each batch is one transaction.
  if (std::string e = db.exec("PRAGMA journal_mode=WAL"); !e.empty()) return e;
  if (std::string e = db.exec("PRAGMA foreign_keys=ON"); !e.empty()) return e;
  // 32 MB of page cache: with SQLite's default 2 MB the positions' pages
  // were written, evicted and read back about once an insert (a million
  // pread and pwrite calls for the shared corpus).
  if (std::string e = db.exec("PRAGMA cache_size=-32768"); !e.empty()) return e;
  return db.exec("PRAGMA synchronous=NORMAL");
}

// 1: ours, 0: empty (no table), -1: something else; `why` says what.
int whose(Database& db, std::string& why) {
  Statement id = db.prepare("PRAGMA application_id");
  if (!id.ok() || !id.step()) {
    why = db.error();
    return -1;
  }
  const auto app = id.integer(0);
  Statement tables = db.prepare("SELECT count(*) FROM sqlite_master");
  if (!tables.ok() || !tables.step()) {
    why = db.error();
    return -1;
  }
  const auto n = tables.integer(0);
  if (app == kApplicationId) {
    Statement v = db.prepare("PRAGMA user_version");
    if (!v.ok() || !v.step()) {
      why = db.error();
      return -1;
    }
    if (v.integer(0) != kSchemaVersion) {
      why = "an xqrec index of schema version " + std::to_string(v.integer(0)) + ", this xqrec reads version " +
            std::to_string(kSchemaVersion) + " (use --rebuild to start it afresh)";
      return -1;
    }
    return 1;
  }
  if (app == 0 && n == 0) return 0;
  why = "not an xqrec index (another application's SQLite database)";
  return -1;
}

// The schema of a new index, or of ours rebuilt (`drop_old`: its tables
// dropped first), in one transaction.
std::string write_schema(Database& db, bool drop_old) {
  std::string sql = "BEGIN IMMEDIATE;";
  if (drop_old) {
    for (const char* t : {"duplicates", "chains", "materials", "positions", "findings", "tags", "game_keys", "games",
                          "files", "meta"})
      sql += std::string("DROP TABLE IF EXISTS ") + t + ";";
  }
  sql += kSchema;
  sql += "PRAGMA application_id=" + std::to_string(kApplicationId) + ";";
  sql += "PRAGMA user_version=" + std::to_string(kSchemaVersion) + ";COMMIT;";
  if (std::string e = db.exec(sql); !e.empty()) {
    db.exec("ROLLBACK");
    return "cannot create the index: " + e;
  }
  return "";
}

// SQLite keeps PATH-wal and PATH-shm beside an index in WAL mode: the
// index's own name must leave room for the suffix within NAME_MAX.
std::string check_name_length(const std::string& path) {
  const std::filesystem::path p(path);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  const long name_max = ::pathconf(dir.c_str(), _PC_NAME_MAX);
  const std::size_t limit = name_max > 0 ? std::size_t(name_max) : std::size_t(NAME_MAX);
  const std::size_t length = p.filename().string().size();
  if (length + 4 <= limit) return "";
  return path + ": a name of " + std::to_string(length) + " bytes leaves no room for SQLite's NAME-wal beside it (at most " +
         std::to_string(limit - 4) + " bytes); nothing was written";
}

// A new index appears whole: its schema is written into a temporary file
// beside it (kTemporaryPrefix: walks skip it) that is then linked into place.
// A run that fails leaves no empty file, the first write (in SQLite's rollback
// journal, PATH-journal, before WAL mode is on) needs no name longer than the
// temporary's, and the file gets the mode of every new output (the umask's).
// `empty_file`: the empty file standing at the path, which the index
// replaces, keeping its mode.
std::string create_index(const std::string& path, const struct stat* empty_file) {
  // Removed with SQLite's companions if a signal ends the run meanwhile.
  formats::NamedTemporary temporary;
  if (std::string e = temporary.create(path, empty_file ? (empty_file->st_mode & 07777) : formats::new_file_mode(),
                                       {"-journal", "-wal", "-shm"});
      !e.empty())
    return e;
  const std::string& temp = temporary.path();
  std::string failed;
  {
    Database db;
    failed = db.open(temp, false);
    if (failed.empty()) failed = pragmas(db);
    if (failed.empty()) failed = write_schema(db, false);
  }  // closed: the WAL is checkpointed into the file and removed
  // link() never replaces a file another process created meanwhile; where
  // the file system has no hard links (FAT, some FUSE), renameat2's
  // RENAME_NOREPLACE gives the same guarantee.
  if (failed.empty()) {
    int rc = empty_file ? ::rename(temp.c_str(), path.c_str()) : ::link(temp.c_str(), path.c_str());
    if (rc != 0 && !empty_file && (errno == EPERM || errno == EOPNOTSUPP || errno == ENOSYS))
      rc = ::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE);
    if (rc != 0) failed = std::string("cannot create it: ") + std::strerror(errno);
  }
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) ::unlink((temp + suffix).c_str());
  return failed.empty() ? "" : path + ": " + failed;
}

}  // namespace

std::string open_for_writing(Database& db, const std::string& path, bool rebuild) {
  if (std::string e = check_name_length(path); !e.empty()) return e;
  std::error_code ec;
  bool exists = std::filesystem::exists(path, ec);
  if (exists && !std::filesystem::is_regular_file(path, ec)) return path + " is not a regular file";
  // An empty file (made by hand, or left by an older xqrec that failed) holds
  // no index: it is replaced by a new one, made whole as above. A symbolic
  // link to one is left to SQLite, which writes through it.
  struct stat st {};
  if (exists && ::lstat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0) {
    if (std::string e = create_index(path, &st); !e.empty()) return e;
    rebuild = false;  // the schema is in, the index is new
  }
  int kind = 0;
  std::string why;
  if (exists) {
    // Whose it is, asked read-only: a connection that may write would
    // checkpoint another application's WAL when it closes.
    Database look;
    if (std::string e = look.open(path, false, true); !e.empty()) return e;
    kind = whose(look, why);
    if (kind < 0 && !(rebuild && why.find("schema version") != std::string::npos))
      return path + ": " + why + "; nothing was written";
  } else {
    if (std::string e = create_index(path, nullptr); !e.empty()) return e;
    kind = 1, rebuild = false;
  }
  if (std::string e = db.open(path, false); !e.empty()) return e;
  // One writer at a time for a whole run (SQLite's lock is per transaction,
  // and a run is many): a second run is refused at once.
  if (std::string e = db.lock_exclusive(); !e.empty()) return path + ": " + e;
  if (std::string e = pragmas(db); !e.empty()) return path + ": " + e;
  if (kind == 1 && !rebuild) return "";
  if (std::string e = write_schema(db, kind != 0); !e.empty()) return path + ": " + e;
  return "";
}

std::string open_for_reading(Database& db, const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return path + ": no such index";
  if (std::string e = db.open(path, false, true); !e.empty()) return e;
  std::string why;
  const int kind = whose(db, why);
  if (kind == 0) return path + ": an empty database, not an xqrec index";
  if (kind < 0) return path + ": " + why;
  return db.exec("PRAGMA foreign_keys=ON");
}

}  // namespace xq::archive
