// Test helper: files of the shared corpus and their MANIFEST.tsv rows.
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "shared_corpus.h"
#include "test_support.h"

namespace xq::formats::testing {

using xqtest::read_file;
// Tests check xq::test::need_shared_corpus() first (shared_corpus.h).
inline std::filesystem::path shared_corpus() { return xq::test::shared_corpus_dir(); }

struct ManifestRow {
  std::string file, format;
  int games = 0, plies = 0;
  std::string errors, warnings, notes;
  // A "key=N" count from the notes (XQF: nodes, var, cmt), or -1.
  int note_count(const std::string& key) const {
    const auto k = notes.find(key + "=");
    if (k == std::string::npos) return -1;
    return std::atoi(notes.c_str() + k + key.size() + 1);
  }
};

// The rows of one format (column 2), keyed by path relative to the corpus.
inline std::map<std::string, ManifestRow> manifest_rows(const std::string& format) {
  std::map<std::string, ManifestRow> rows;
  std::ifstream in(shared_corpus() / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, '\t')) f.push_back(cell);
    f.resize(17);
    if (f[1] != format) continue;
    ManifestRow r{f[0], f[1], std::atoi(f[12].c_str()), std::atoi(f[13].c_str()), f[14], f[15], f[16]};
    rows.emplace(f[0], r);
  }
  return rows;
}

}  // namespace xq::formats::testing
