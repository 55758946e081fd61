#include <sqlite3.h>

#include <memory>

#include "xqrec/core/mirror.h"
#include "xqrec/core/position.h"
#include "xqrec/index/query.h"
#include "xqrec/select/pattern.h"

namespace xq::archive {

using formats::Issue;
using formats::Severity;

namespace {

// regexp(PATTERN, VALUE): select's Pattern, compiled once per statement
// (SQLite keeps it as the argument's auxiliary data).
void regexp_function(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto* pattern = static_cast<select::Pattern*>(sqlite3_get_auxdata(ctx, 0));
  if (!pattern) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
    auto compiled = select::Pattern::compile(text ? text : "");
    if (!compiled) {
      sqlite3_result_error(ctx, compiled.error().c_str(), -1);
      return;
    }
    pattern = new select::Pattern(std::move(compiled.value()));
    sqlite3_set_auxdata(ctx, 0, pattern, [](void* p) { delete static_cast<select::Pattern*>(p); });
    pattern = static_cast<select::Pattern*>(sqlite3_get_auxdata(ctx, 0));
    if (!pattern) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
  }
  const auto* value = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
  const int n = sqlite3_value_bytes(argv[1]);
  sqlite3_result_int(ctx, value && pattern->search(std::string_view(value, std::size_t(n))) ? 1 : 0);
}

// A WHERE clause and its parameters, built filter by filter.
struct Sql {
  std::string from = " FROM games g JOIN files f ON f.id = g.file";
  std::string ply = "g.plies";
  std::vector<std::int64_t> from_params;  // bound first: FROM comes before WHERE
  std::string where = "1";
  std::vector<std::pair<bool, std::string>> params;  // (is integer, value)
  void text(std::string v) { params.emplace_back(false, std::move(v)); }
  void integer(std::int64_t v) { params.emplace_back(true, std::to_string(v)); }
  void bind(Statement& s) const {
    int n = 1;
    for (const std::int64_t v : from_params) s.bind(n++, v);
    for (const auto& [is_integer, v] : params)
      if (is_integer) s.bind(n++, std::int64_t(std::stoll(v)));
      else s.bind(n++, v);
  }
};

Issue damage_of(const Statement& q, int col) {
  Issue d;
  d.code = formats::Code{};
  d.severity = Severity::Error;
  if (!q.is_null(col + 1)) d.ply = int(q.integer(col + 1));
  if (!q.is_null(col + 2)) d.move_number = int(q.integer(col + 2));
  d.variation = d.ply ? "main" : "";
  d.text = q.text(col + 3);
  d.message = q.text(col + 4);
  if (!q.is_null(col + 5)) d.where.line = std::uint32_t(q.integer(col + 5)), d.where.column = std::uint32_t(q.integer(col + 6));
  if (!q.is_null(col + 7)) d.where.offset = std::uint64_t(q.integer(col + 7));
  return d;
}

}  // namespace

QuerySummary query_index(Database& db, const select::Filters& f, const std::function<void(const IndexedGame&)>& selected,
                         const std::function<void(const IndexedGame&)>& damaged) {
  QuerySummary sum;
  sqlite3* h = db.handle();
  if (sqlite3_create_function(h, "regexp", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, regexp_function, nullptr,
                              nullptr) != SQLITE_OK) {
    sum.failed = db.error();
    return sum;
  }
  Sql sql;
  for (const auto& t : f.tags) {
    sql.where += " AND EXISTS (SELECT 1 FROM tags t WHERE t.game = g.id AND t.name = ? COLLATE NOCASE AND regexp(?, t.value))";
    sql.text(t.name);
    sql.text(t.pattern.text());
  }
  for (const auto& p : f.players) {
    sql.where += " AND EXISTS (SELECT 1 FROM tags t WHERE t.game = g.id AND (t.name = 'Red' COLLATE NOCASE OR "
                 "t.name = 'Black' COLLATE NOCASE) AND regexp(?, t.value))";
    sql.text(p.text());
  }
  if (f.date) {
    sql.where += " AND g.date_first >= ? AND g.date_last <= ?";
    sql.integer(f.date->first);
    sql.integer(f.date->last);
  }
  if (!f.results.empty()) {
    sql.where += " AND g.result IN (";
    for (std::size_t i = 0; i < f.results.size(); ++i) sql.where += i ? ",?" : "?", sql.text(f.results[i]);
    sql.where += ")";
  }
  if (f.plies) {
    sql.where += " AND g.plies BETWEEN ? AND ?";
    sql.integer(f.plies->min);
    sql.integer(std::min<std::uint32_t>(f.plies->max, INT32_MAX));
  }
  std::vector<std::int64_t> keys;
  if (f.position) {
    keys.push_back(std::int64_t(Position(*f.position).key()));
    if (f.mirror) keys.push_back(std::int64_t(Position(mirrored(*f.position)).key()));
    // Driven from the positions' primary key: the games that reach it, each
    // with the first ply it occurs at.
    sql.from = std::string(" FROM (SELECT game, min(ply) AS ply FROM positions WHERE key ") +
               (keys.size() == 1 ? "= ?" : "IN (?, ?)") +
               " GROUP BY game) hit JOIN games g ON g.id = hit.game JOIN files f ON f.id = g.file";
    sql.ply = "hit.ply";
    sql.from_params = keys;
  }
  if (f.material) {
    sql.where += " AND EXISTS (SELECT 1 FROM materials m WHERE m.signature = ? AND m.game = g.id)";
    sql.integer(std::int64_t(select::material_code(*f.material)));
  }
  if (f.endings) {
    sql.where += " AND (g.endings & ?) != 0";
    sql.integer(f.endings);
  }
  for (const auto& group : f.findings) {
    sql.where += " AND EXISTS (SELECT 1 FROM findings x WHERE x.game = g.id AND x.code IN (";
    for (std::size_t i = 0; i < group.size(); ++i)
      sql.where += i ? ",?" : "?", sql.text(std::string(formats::code_name(group[i])));
    sql.where += "))";
  }
  if (f.no_errors) sql.where += " AND g.errors = 0";
  if (f.ecco) {
    sql.where += " AND g.ecco IS NOT NULL AND (";
    for (std::size_t i = 0; i < f.ecco->ranges.size(); ++i) {
      sql.where += std::string(i ? " OR " : "") +
                   "((unicode(substr(g.ecco, 1, 1)) - 65) * 100 + CAST(substr(g.ecco, 2) AS INTEGER)) BETWEEN ? AND ?";
      sql.integer(f.ecco->ranges[i].first);
      sql.integer(f.ecco->ranges[i].second);
    }
    sql.where += ")";
  }
  const std::string base = " FROM games g JOIN files f ON f.id = g.file";
  auto count = [&](const std::string& cond) -> std::size_t {
    Statement c = db.prepare("SELECT count(*)" + base + " WHERE " + cond);
    return c.ok() && c.step() ? std::size_t(c.integer(0)) : 0;
  };
  sum.games = count("1");
  // What --skip-deleted and --unique leave out of what the other filters select.
  std::string where = sql.where;
  if (f.skip_deleted) {
    Statement c = db.prepare("SELECT count(*)" + base + " WHERE g.deleted != 0");
    sum.deleted_skipped = c.ok() && c.step() ? std::size_t(c.integer(0)) : 0;
    where += " AND g.deleted = 0";
  }
  if (f.unique) {
    Statement c = db.prepare("SELECT count(*)" + sql.from + " WHERE " + where +
                             " AND g.dup_relation IS NOT NULL AND g.dup_relation != 'kept'");
    if (!c.ok()) return sum.failed = db.error(), sum;
    sql.bind(c);
    sum.copies_dropped = c.step() ? std::size_t(c.integer(0)) : 0;
    where += " AND (g.dup_relation IS NULL OR g.dup_relation = 'kept')";
  }
  Statement q = db.prepare("SELECT g.id, f.path, f.path_bytes, g.game, " + sql.ply + ", f.size, f.mtime_ns" + sql.from +
                           " WHERE " + where + " ORDER BY f.path_key, g.game");
  if (!q.ok()) return sum.failed = db.error(), sum;
  sql.bind(q);
  while (q.step()) {
    IndexedGame g;
    g.path = q.text(1);
    if (!q.is_null(2)) g.path_bytes = q.text(2);
    g.game = std::uint32_t(q.integer(3));
    g.ply = std::uint32_t(q.integer(4));
    g.size = q.integer(5);
    g.mtime_ns = q.integer(6);
    ++sum.selected;
    selected(g);
  }
  Statement d = db.prepare("SELECT f.path, f.path_bytes, g.game, g.plies, g.damage_code, g.damage_ply, "
                           "g.damage_move_number, g.damage_text, g.damage_message, g.damage_line, g.damage_column, "
                           "g.damage_offset" + base + " WHERE g.damage_code IS NOT NULL ORDER BY f.path_key, g.game");
  Statement file_level = db.prepare(
      "SELECT f.path, f.path_bytes, x.code, x.severity, x.text, x.message, x.line, x.\"column\", x.\"offset\" "
      "FROM findings x JOIN files f ON f.id = x.file "
      "WHERE x.game IS NULL ORDER BY f.path_key, x.rowid");
  if (!d.ok() || !file_level.ok()) return sum.failed = db.error(), sum;
  // The codes the index stored by name, back to the registry's.
  auto code_of = [](const std::string& name) { return formats::code_named(name).value_or(formats::Code{}); };
  while (d.step()) {
    IndexedGame g;
    g.path = d.text(0);
    if (!d.is_null(1)) g.path_bytes = d.text(1);
    g.game = std::uint32_t(d.integer(2));
    g.ply = std::uint32_t(d.integer(3));
    g.damage = damage_of(d, 4);
    g.damage->code = code_of(d.text(4));
    ++sum.damaged;
    damaged(g);
  }
  while (file_level.step()) {
    IndexedGame g;
    g.path = file_level.text(0);
    if (!file_level.is_null(1)) g.path_bytes = file_level.text(1);
    Issue i;
    i.code = code_of(file_level.text(2));
    const std::string severity = file_level.text(3);
    i.severity = severity == "error" ? Severity::Error : severity == "warning" ? Severity::Warning : Severity::Info;
    i.text = file_level.text(4);
    i.message = file_level.text(5);
    i.variation.clear();  // about no line, as select over the files says
    if (!file_level.is_null(6)) i.where.line = std::uint32_t(file_level.integer(6)), i.where.column = std::uint32_t(file_level.integer(7));
    if (!file_level.is_null(8)) i.where.offset = std::uint64_t(file_level.integer(8));
    if (i.severity == Severity::Error) ++sum.file_errors;
    g.damage = std::move(i);
    damaged(g);
  }
  return sum;
}

}  // namespace xq::archive

#include <sys/stat.h>

#include "xqrec/formats/file_bytes.h"

namespace xq::archive {

void read_indexed_games(const std::vector<IndexedGame>& games, const formats::ReadOptions& options,
                        const std::function<void(const IndexedGame&, formats::BuiltGame&)>& on_game,
                        const std::function<void(const std::string&)>& io_error) {
  for (std::size_t i = 0; i < games.size();) {
    std::size_t end = i;
    while (end < games.size() && games[end].path == games[i].path) ++end;
    const std::string& path = games[i].path_bytes.empty() ? games[i].path : games[i].path_bytes;
    // The file must be the one indexed: another file now at that name would
    // give other games under the same numbers.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || std::int64_t(st.st_size) != games[i].size ||
        std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec != games[i].mtime_ns) {
      io_error(games[i].path + ": changed since it was indexed (size or mtime): run xqrec index again; its games are not written");
      i = end;
      continue;
    }
    formats::FileBytes bytes;
    if (const std::string e = bytes.open(path); !e.empty()) {
      io_error(games[i].path + ": " + e);
      i = end;
      continue;
    }
    std::size_t next = i;  // the next selected game of this file (games are in game order)
    formats::GameBuilder builder([&](formats::BuiltGame& g) {
      while (next < end && games[next].game < g.index) ++next;
      if (next < end && games[next].game == g.index) on_game(games[next++], g);
      return next < end ? formats::Control::Continue : formats::Control::Stop;
    });
    formats::ReadOptions walked = options;
    walked.records_only = false;
    (void)formats::read_games(bytes, path, builder, walked);
    if (next < end)
      io_error(games[i].path + ": game " + std::to_string(games[next].game) +
               " is no longer in the file (it changed since it was indexed: run xqrec index again)");
    i = end;
  }
}

}  // namespace xq::archive
