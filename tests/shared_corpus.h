// The shared corpus (../shared/corpus beside the clone: other people's
// records, never copied into the repository) and the one decision of every
// test that reads it: when it is missing, such a test FAILS if the
// environment has CI=true (a CI run must not pass without it) and otherwise
// warns that it is skipped and passes.
//
// XQREC_SHARED_CORPUS in the environment points the tests elsewhere (e.g.
// at a nonexistent folder, to check both ways without rebuilding); the
// default is the path CMake compiled in.
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "test_support.h"

namespace xq::test {

inline std::filesystem::path shared_corpus_dir() { return xqtest::shared_corpus(); }

// The corpus is there when its MANIFEST.tsv is.
inline bool shared_corpus_found() {
  std::error_code ec;
  return std::filesystem::is_regular_file(shared_corpus_dir() / "MANIFEST.tsv", ec);
}

inline bool running_in_ci() {
  const char* ci = std::getenv("CI");
  return ci && (std::string_view(ci) == "true" || std::string_view(ci) == "1");
}

// For a test that reads the corpus: true when it is there. When it is not,
// fails the test under CI=true, else warns "skipped" (or `without`: what the
// test does instead) and returns false; the caller then returns.
inline bool need_shared_corpus(std::string_view without = "skipped") {
  if (shared_corpus_found()) return true;
  const std::string where = shared_corpus_dir().string();
  if (running_in_ci()) FAIL("shared corpus not found at " << where << " (CI=true: a test that needs it fails)");
  WARN("shared corpus not found at " << where << "; " << without);
  return false;
}

}  // namespace xq::test
