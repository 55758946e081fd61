#include "xqrec/index/database.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace xq::archive {

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &stmt_, nullptr) != SQLITE_OK) stmt_ = nullptr;
}

Statement::Statement(Statement&& o) noexcept : db_(o.db_), stmt_(o.stmt_), last_(o.last_) { o.stmt_ = nullptr; }

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(stmt_);
    db_ = o.db_;
    stmt_ = o.stmt_;
    last_ = o.last_;
    o.stmt_ = nullptr;
  }
  return *this;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind(int i, std::int64_t v) {
  sqlite3_bind_int64(stmt_, i, v);
  return *this;
}
Statement& Statement::bind(int i, std::string_view text) {
  sqlite3_bind_text(stmt_, i, text.data(), int(text.size()), SQLITE_TRANSIENT);
  return *this;
}
Statement& Statement::bind_blob(int i, std::string_view bytes) {
  sqlite3_bind_blob(stmt_, i, bytes.data(), int(bytes.size()), SQLITE_TRANSIENT);
  return *this;
}
Statement& Statement::bind_null(int i) {
  sqlite3_bind_null(stmt_, i);
  return *this;
}

bool Statement::step() {
  last_ = sqlite3_step(stmt_);
  return last_ == SQLITE_ROW;
}

bool Statement::run() {
  while (step()) {
  }
  const bool ok = last_ == SQLITE_DONE;
  reset();
  return ok;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::integer(int col) const { return sqlite3_column_int64(stmt_, col); }

std::string Statement::text(int col) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_blob(stmt_, col));
  return p ? std::string(p, std::size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
}

bool Statement::is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

Database::~Database() {
  sqlite3_close_v2(db_);
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

std::string Database::lock_exclusive() {
  lock_fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (lock_fd_ < 0) return std::string("cannot open it to lock it: ") + std::strerror(errno);
  if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0)
    return errno == EWOULDBLOCK ? "locked: another xqrec index (or merge) is writing it"
                                : std::string("cannot lock it: ") + std::strerror(errno);
  return "";
}

std::string Database::open(const std::string& path, bool create, bool read_only) {
  path_ = path;
  const int flags = (read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | (create && !read_only ? SQLITE_OPEN_CREATE : 0) |
                    SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    std::string e = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close_v2(db_);
    db_ = nullptr;
    return "cannot open " + path + ": " + e;
  }
  sqlite3_extended_result_codes(db_, 1);
  // Another writer, or a reader checkpointing: wait a while, then say so.
  sqlite3_busy_timeout(db_, 5000);
  return "";
}

std::string Database::exec(std::string_view sql) {
  char* err = nullptr;
  const std::string text(sql);
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &err) == SQLITE_OK) return "";
  std::string e = err ? err : sqlite3_errmsg(db_);
  sqlite3_free(err);
  return e;
}

std::string Database::error() const { return db_ ? sqlite3_errmsg(db_) : "no database"; }

std::int64_t Database::last_rowid() const { return sqlite3_last_insert_rowid(db_); }

}  // namespace xq::archive
