// Reading whole files: regular files of every size around the read and map
// thresholds, empty files, pipes, and missing files.
#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <random>
#include <thread>

#include "test_support.h"
#include "xqrec/formats/file_bytes.h"

using namespace xq::formats;
namespace fs = std::filesystem;

namespace {

std::string random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::string s(n, '\0');
  for (auto& c : s) c = char(rng());
  return s;
}

}  // namespace

TEST_CASE("file bytes: regular files are read whole, whatever their size", "[files]") {
  const fs::path dir = xqtest::scratch_dir("file-bytes");
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(4095), std::size_t(65535), std::size_t(65536),
                        std::size_t(65537), std::size_t(200000), std::size_t(1) << 20, (std::size_t(1) << 20) + 3}) {
    const std::string content = random_bytes(n, unsigned(n));
    const fs::path p = dir / std::to_string(n);
    xqtest::write_file(p, content);
    FileBytes f;
    REQUIRE(f.open(p.string()).empty());
    CHECK(f.bytes().size() == n);
    CHECK(f.bytes() == content);
  }
  fs::remove_all(dir);
}

TEST_CASE("file bytes: a pipe is read to its end, a missing file is an error", "[files]") {
  const fs::path dir = xqtest::scratch_dir("file-bytes");
  const fs::path fifo = dir / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string content = random_bytes(300000, 7);  // more than one read of a pipe
  std::thread writer([&] { xqtest::write_file(fifo, content); });
  FileBytes f;
  const std::string error = f.open(fifo.string());
  writer.join();
  CHECK(error.empty());
  CHECK(f.bytes() == content);
  FileBytes missing;
  CHECK(missing.open((dir / "no such file").string()).rfind("cannot open", 0) == 0);
  fs::remove_all(dir);
}

// procfs files report a size of 0 and give about a page per read: a short
// read there is no end (this cut them after the first page once).
TEST_CASE("file bytes: a file whose size is not known is read to its end", "[files]") {
  const char* path = "/proc/kallsyms";
  const std::string expected = xqtest::read_file(path);
  if (expected.size() <= 8192) {
    WARN("no procfs file of several pages to read here; skipped");
    return;
  }
  FileBytes f;
  REQUIRE(f.open(path).empty());
  CHECK(f.bytes().size() == expected.size());
  CHECK(f.bytes() == expected);
}
