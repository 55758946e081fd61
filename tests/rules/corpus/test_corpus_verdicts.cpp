// Regression test of the repetition verdicts on real archives: every game of
// ../shared/corpus (beside the clone) is audited as `xqrec audit` does it
// (xq::audit::audit_files, default options: cxa2020, threshold 3), and the
// verdict of every `repetition` finding — cycle, outcome, who must change,
// the classes of both sides and the articles — must equal the stored set
// tests/data/rules/corpus-verdicts.tsv (format and regeneration described at
// its top). Without the shared corpus: skipped with a warning, or failed
// under CI=true (tests/shared_corpus.h).
//
// On a mismatch the test lists the rows that changed, disappeared or
// appeared (on stderr), and writes the whole set it found to
// $TMPDIR/xqrec-corpus-verdicts.actual.tsv, for `diff`.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "shared_corpus.h"
#include "xqrec/audit/batch.h"
#include "xqrec/core/rules/classify.h"
#include "xqrec/core/rules/verdict.h"

namespace {

namespace fs = std::filesystem;
namespace xf = xq::formats;
namespace xa = xq::audit;

const char* const kExpected = XQREC_TEST_DATA "/rules/corpus-verdicts.tsv";

// ---- rows -------------------------------------------------------------------

// The columns of corpus-verdicts.tsv, tab-separated.
constexpr std::string_view kColumns =
    "file\tgame\tvariation\tply\tcycle\toutcome\tmust_change\tred\tblack\tarticles";

// The words joined by sep, "-" when there are none.
std::string joined(const std::vector<std::string>& words, std::string_view sep) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += sep;
    out += w;
  }
  return out.empty() ? "-" : out;
}

// One row per repetition finding: the keys (file relative to the corpus,
// game, variation, ply), then our verdict — never the explanation prose nor
// anything of the game's own text.
std::string verdict_row(const std::string& rel, const xa::GameAudit& a, const xa::Issue& f) {
  std::vector<std::string> cols{rel, std::to_string(a.game), f.variation, std::to_string(f.ply)};
  if (!f.verdict) {
    cols.push_back("no-verdict");
  } else {
    const xq::rules::Verdict& v = *f.verdict;
    std::vector<std::string> red, black;
    for (const auto& m : v.moves) (m.side == xq::Color::Red ? red : black).emplace_back(xq::rules::class_name_zh(m.cls));
    cols.push_back(std::to_string(v.first_ply) + '-' + std::to_string(v.last_ply));
    cols.emplace_back(outcome_name(v.outcome));
    cols.push_back(v.must_change ? std::string(xq::color_name(*v.must_change)) : "-");
    cols.push_back(joined(red, " "));
    cols.push_back(joined(black, " "));
    cols.push_back(joined(v.articles, ","));
  }
  std::string row;
  for (std::size_t i = 0; i < cols.size(); ++i) {
    if (i) row += '\t';
    row += cols[i];
  }
  return row;
}

// The key of a row: its first four columns (file, game, variation, ply),
// ordered with the numbers as numbers.
using RowKey = std::tuple<std::string, long, std::string, long>;
using Rows = std::map<RowKey, std::string>;

RowKey row_key(const std::string& row) {
  std::vector<std::string> cols;
  std::size_t start = 0;
  while (cols.size() < 4) {
    const std::size_t tab = row.find('\t', start);
    cols.push_back(row.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  cols.resize(4);
  auto number = [](const std::string& s) { return std::strtol(s.c_str(), nullptr, 10); };
  return {cols[0], number(cols[1]), cols[2], number(cols[3])};
}

std::string key_text(const RowKey& k) {
  return std::get<0>(k) + " game " + std::to_string(std::get<1>(k)) + " (" + std::get<2>(k) + ") ply " +
         std::to_string(std::get<3>(k));
}

std::string relative_to(const std::string& path, const std::string& root) {
  if (path.size() > root.size() && path.compare(0, root.size(), root) == 0 && path[root.size()] == '/')
    return path.substr(root.size() + 1);
  return path;
}

struct Audited {
  Rows rows;
  std::size_t files = 0, games = 0, io_errors = 0;
  std::vector<std::string> errors;  // unreadable files, duplicate rows
};

Audited audit_corpus(const std::string& root) {
  Audited out;
  std::vector<std::string> errors;
  const auto files = xf::expand_inputs({root}, errors);
  out.errors = errors;
  xa::BatchOptions options;  // what `xqrec audit` uses without options
  options.jobs = 0;          // all cores: the output does not depend on it
  xa::BatchSink sink;
  sink.game = [&](const xa::GameAudit& a) {
    for (const auto& f : a.findings) {
      if (f.code != xf::Code::Repetition) continue;
      const std::string rel = relative_to(a.file, root);
      std::string row = verdict_row(rel, a, f);
      const RowKey key = row_key(row);
      if (!out.rows.emplace(key, row).second) out.errors.push_back("two repetition findings at " + key_text(key));
    }
  };
  sink.file = [&](const std::string& path, const xf::FileReport&, const std::string& io) {
    if (!io.empty()) out.errors.push_back(relative_to(path, root) + ": " + io);
  };
  const auto sum = xa::audit_files(files, options, sink);
  out.files = sum.files;
  out.games = sum.games;
  out.io_errors = sum.io_errors;
  return out;
}

struct Expected {
  std::vector<std::string> header;  // the leading comment lines
  Rows rows;
  std::vector<std::string> errors;
};

Expected read_expected(const std::string& path) {
  Expected out;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out.errors.push_back("cannot read " + path);
    return out;
  }
  bool in_header = true;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] == '#') {
      if (in_header) out.header.push_back(line);
      continue;
    }
    in_header = false;
    if (line.empty() || line == kColumns) continue;
    const RowKey key = row_key(line);
    if (!out.rows.emplace(key, line).second)
      out.errors.push_back(path + ":" + std::to_string(n) + ": a second row for " + key_text(key));
  }
  return out;
}

void write_rows(const std::string& path, const std::vector<std::string>& header,
                const Rows& rows) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  for (const auto& h : header) out << h << "\n";
  out << kColumns << "\n";
  for (const auto& [key, row] : rows) out << row << "\n";
}

std::vector<std::string> columns(const std::string& row) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t tab = row.find('\t', start);
    out.push_back(row.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) return out;
    start = tab + 1;
  }
}

// What changed in a row whose key is the same: "outcome: draw -> red-loses; ...".
std::string changed_fields(const std::string& expected, const std::string& actual) {
  static const std::vector<std::string> names = columns(std::string(kColumns));
  const auto e = columns(expected), a = columns(actual);
  std::string out;
  for (std::size_t i = 4; i < std::max(e.size(), a.size()); ++i) {
    const std::string& x = i < e.size() ? e[i] : "(none)";
    const std::string& y = i < a.size() ? a[i] : "(none)";
    if (x == y) continue;
    if (!out.empty()) out += "; ";
    out += (i < names.size() ? names[i] : "column " + std::to_string(i + 1)) + ": " + x + " -> " + y;
  }
  return out;
}

// A readable account of the differences, at most `limit` rows of each kind;
// returns the counts as one line.
std::string describe_diff(std::ostream& out, const Rows& expected, const Rows& actual, std::size_t limit = 50) {
  std::ostringstream changed, missing, added;
  std::size_t n_changed = 0, n_missing = 0, n_added = 0;
  for (const auto& [key, row] : expected) {
    auto it = actual.find(key);
    if (it == actual.end()) {
      if (n_missing++ < limit) missing << "  - " << row << "\n";
    } else if (it->second != row) {
      if (n_changed++ < limit)
        changed << "  " << key_text(key) << ": " << changed_fields(row, it->second) << "\n";
    }
  }
  for (const auto& [key, row] : actual)
    if (!expected.count(key) && n_added++ < limit) added << "  + " << row << "\n";
  std::ostringstream counts;
  counts << n_changed << " changed, " << n_missing << " no longer found, " << n_added << " new";
  out << "repetition verdicts differ from " << kExpected << ": " << counts.str() << "\n";
  auto section = [&](const std::string& title, std::size_t n, const std::ostringstream& text) {
    if (!n) return;
    out << title << (n > limit ? " (the first " + std::to_string(limit) + " of " + std::to_string(n) + ")" : "")
        << ":\n" << text.str();
  };
  section("changed (expected -> found)", n_changed, changed);
  section("no longer found", n_missing, missing);
  section("new (columns: " + std::string(kColumns) + ")", n_added, added);
  return counts.str();
}

}  // namespace

TEST_CASE("repetition verdicts of the shared corpus are unchanged", "[rules][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const std::string root = xq::test::shared_corpus_dir().lexically_normal().string();
  const Audited actual = audit_corpus(root);
  INFO("audited " << actual.files << " files, " << actual.games << " games, " << actual.rows.size()
                  << " repetition findings");
  for (const auto& e : actual.errors) FAIL_CHECK(e);
  REQUIRE(actual.games > 0);

  Expected expected = read_expected(kExpected);
  if (const char* update = std::getenv("XQREC_UPDATE_CORPUS_VERDICTS"); update && *update) {
    // Regeneration (tests/rules/corpus/update-corpus-verdicts.sh): only
    // after a reviewed rule change, see the top of the file; never from a
    // run that could not read every file.
    REQUIRE(actual.errors.empty());
    write_rows(kExpected, expected.header, actual.rows);
    WARN("rewrote " << kExpected << " with " << actual.rows.size() << " rows; review the diff");
    return;
  }
  for (const auto& e : expected.errors) FAIL_CHECK(e);
  if (expected.rows != actual.rows) {
    // The rows go to stderr unwrapped (tabs kept), the summary to Catch.
    const std::string written = (fs::temp_directory_path() / "xqrec-corpus-verdicts.actual.tsv").string();
    write_rows(written, {"# found by test_rules_corpus; compare with " + std::string(kExpected)}, actual.rows);
    const std::string counts = describe_diff(std::cerr, expected.rows, actual.rows);
    std::cerr << "the whole set found: " << written << "\n  diff " << kExpected << " " << written << "\n";
    FAIL("repetition verdicts of the shared corpus differ from the stored set: " << counts
         << " (rows listed above; the whole set found is in " << written << ")");
  }
  SUCCEED(actual.rows.size() << " repetition verdicts as expected");
}
