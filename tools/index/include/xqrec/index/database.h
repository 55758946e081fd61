// A thin RAII layer over the SQLite C API: a connection and prepared
// statements, errors as messages (never exceptions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace xq::archive {

class Statement {
 public:
  Statement() = default;
  Statement(sqlite3* db, std::string_view sql);  // check ok()
  Statement(Statement&& o) noexcept;
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  bool ok() const { return stmt_ != nullptr; }
  // Binds are 1-based, as in SQLite.
  Statement& bind(int i, std::int64_t v);
  Statement& bind(int i, std::string_view text);  // TEXT
  Statement& bind_blob(int i, std::string_view bytes);
  Statement& bind_null(int i);
  template <class T>
  Statement& bind(int i, const std::optional<T>& v) {
    return v ? bind(i, *v) : bind_null(i);
  }
  // true: a row is ready; false: done (or an error: see Database::error()).
  bool step();
  // Runs to the end; false on an error.
  bool run();
  void reset();

  std::int64_t integer(int col) const;
  std::string text(int col) const;
  bool is_null(int col) const;

 private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  int last_ = 0;
};

class Database {
 public:
  Database() = default;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  // "" or why not.
  std::string open(const std::string& path, bool create, bool read_only = false);
  // An exclusive advisory lock (flock) on the database file for as long as
  // this connection lives: "" or why not (another run holds it).
  std::string lock_exclusive();
  std::string exec(std::string_view sql);  // "" or the error
  Statement prepare(std::string_view sql) { return Statement(db_, sql); }
  std::string error() const;  // the connection's last error message
  sqlite3* handle() const { return db_; }
  std::int64_t last_rowid() const;

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  int lock_fd_ = -1;
};

}  // namespace xq::archive
