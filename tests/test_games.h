// Games read from bytes, for the tests of the formats and above: every game
// a reader finds, as the GameBuilder builds it (record and issues), or the
// records alone.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

#include "test_support.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/reader.h"

namespace xqtest {

using Reader = xq::formats::FileReport (*)(std::string_view, xq::formats::GameVisitor&,
                                           const xq::formats::ReadOptions&);

namespace detail {
// The games built while read(visitor) runs.
template <typename Read>
std::vector<xq::formats::BuiltGame> built_games(Read read) {
  std::vector<xq::formats::BuiltGame> games;
  xq::formats::GameBuilder builder([&](xq::formats::BuiltGame& g) {
    games.push_back(std::move(g));
    return xq::formats::Control::Continue;
  });
  read(builder);
  return games;
}

inline std::vector<xq::GameRecord> records_of(std::vector<xq::formats::BuiltGame> games) {
  std::vector<xq::GameRecord> out;
  out.reserve(games.size());
  for (auto& g : games) out.push_back(std::move(g.record));
  return out;
}
}  // namespace detail

// The games `reader` (read_pgn, read_cbf, ...) reads from bytes; its report
// in *report when asked.
inline std::vector<xq::formats::BuiltGame> read_built(std::string_view bytes, Reader reader,
                                                      xq::formats::FileReport* report = nullptr,
                                                      const xq::formats::ReadOptions& options = {}) {
  return detail::built_games([&](xq::formats::GameVisitor& v) {
    xq::formats::FileReport r = reader(bytes, v, options);
    if (report) *report = std::move(r);
  });
}

// The same, the format detected from the bytes and the path (read_games).
inline std::vector<xq::formats::BuiltGame> read_built(std::string_view bytes, std::string_view path) {
  return detail::built_games([&](xq::formats::GameVisitor& v) { (void)xq::formats::read_games(bytes, path, v); });
}

// The records alone, in the order read.
inline std::vector<xq::GameRecord> read_records(std::string_view bytes, Reader reader) {
  return detail::records_of(read_built(bytes, reader));
}
inline std::vector<xq::GameRecord> read_records(std::string_view bytes, std::string_view path) {
  return detail::records_of(read_built(bytes, path));
}

// Whether an issue of that code is among the issues (of a report, a game).
inline bool has_code(const std::vector<xq::formats::Issue>& issues, xq::formats::Code code) {
  for (const auto& i : issues)
    if (i.code == code) return true;
  return false;
}
inline bool has_issue(const xq::formats::BuiltGame& g, xq::formats::Code code) { return has_code(g.issues, code); }

}  // namespace xqtest
