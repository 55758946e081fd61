// Helpers every test program shares: a whole file read or written, a
// scratch directory, the shared corpus's place. The standard library only,
// so that the tests of every module can use it (the games read from bytes,
// which need the formats, are in test_games.h).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include <unistd.h>

namespace xqtest {

// The whole file, or nullopt when it cannot be opened.
inline std::optional<std::string> try_read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The whole file ("" when it cannot be opened).
inline std::string read_file(const std::filesystem::path& p) { return try_read_file(p).value_or(std::string()); }

// Writes bytes to p, replacing what was there.
inline void write_file(const std::filesystem::path& p, std::string_view bytes) {
  std::ofstream(p, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

// A directory of this process for scratch files, created:
// <temp>/xqrec-<stem>-<pid>. The test removes it when done.
inline std::filesystem::path scratch_dir(std::string_view stem) {
  const auto d = std::filesystem::temp_directory_path() /
                 ("xqrec-" + std::string(stem) + "-" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d;
}

#ifdef XQREC_SHARED_CORPUS
// The shared corpus beside the clone, or XQREC_SHARED_CORPUS from the
// environment. A test that reads it asks xq::test::need_shared_corpus()
// (shared_corpus.h) first: missing, it fails under CI=true, else skips.
inline std::filesystem::path shared_corpus() {
  if (const char* env = std::getenv("XQREC_SHARED_CORPUS"); env && *env) return env;
  return std::filesystem::path(XQREC_SHARED_CORPUS);
}
#endif

}  // namespace xqtest
