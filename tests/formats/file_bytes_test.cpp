// Reading whole files: regular files of every size around the read and map
// thresholds, empty files, pipes, and missing files.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include "test_support.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/input_walk.h"

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

TEST_CASE("file bytes: a walk's FIFO, socket-like or linked directory is never opened", "[files]") {
  const fs::path dir = xqtest::scratch_dir("file-bytes-walk");
  fs::create_directories(dir / "w" / "sub");
  xqtest::write_file(dir / "w" / "a.pgn", "1. h2e2 h9g7 *\n");
  REQUIRE(::mkfifo((dir / "w" / "fifo").c_str(), 0644) == 0);
  fs::create_directory_symlink("sub", dir / "w" / "link");
  fs::create_symlink("missing", dir / "w" / "dangling");
  std::vector<std::string> errors;
  const auto files = expand_inputs({(dir / "w").string()}, errors);
  CHECK(errors.empty());
  std::map<std::string, std::string> kinds;
  for (const auto& f : files) kinds[fs::path(f.path).filename().string()] = f.not_opened;
  CHECK(kinds == std::map<std::string, std::string>{
                     {"a.pgn", ""},
                     {"dangling", ""},  // opened, and the opening reports it
                     {"fifo", "a FIFO (named pipe)"},
                     {"link", "a symbolic link to a directory (links to directories are not followed)"}});
  for (const auto& f : files) {
    FileBytes bytes;
    const std::string e = bytes.open(f);
    CHECK(e.empty() == (kinds[fs::path(f.path).filename().string()] != "" || f.path.ends_with("a.pgn")));
    CHECK(bytes.not_opened() == f.not_opened);
  }
  // Listed as a file and a FIFO by the time it is opened: opened without
  // waiting for a writer (this would block forever otherwise), not read.
  FileBytes swapped;
  CHECK(swapped.open(InputFile((dir / "w" / "fifo").string(), true)).empty());
  CHECK(swapped.not_opened() == "no regular file when it was opened");
  CHECK(swapped.bytes().empty());
  fs::remove_all(dir);
}

TEST_CASE("file bytes: a walk's file that became a FIFO is looked at, not opened", "[files]") {
  // Opening a FIFO for reading, even without waiting, is an act: it releases
  // a writer blocked in open(). A file listed as regular and a FIFO by the
  // time it is read must not be opened at all (nor a device, whose open may
  // rewind a tape); a writer waiting on it goes on waiting.
  const fs::path dir = xqtest::scratch_dir("file-bytes-became-fifo");
  const fs::path fifo = dir / "became.pgn";
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  std::atomic<bool> writer_released{false};
  std::atomic<pid_t> writer_tid{0};
  std::thread writer([&] {
    writer_tid = ::gettid();
    const int fd = ::open(fifo.c_str(), O_WRONLY | O_CLOEXEC);  // blocks until a reader opens
    writer_released = true;
    if (fd >= 0) ::close(fd);
  });
  // Until the writer sleeps in open() (its state in /proc is S): on a busy
  // machine a fixed pause could end first, and the old code would pass.
  for (int i = 0; i < 400; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (!writer_tid) continue;
    std::ifstream stat("/proc/self/task/" + std::to_string(writer_tid.load()) + "/stat");
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    if (close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'S') break;
  }
  FileBytes bytes;
  CHECK(bytes.open(InputFile(fifo.string(), true)).empty());
  CHECK(bytes.not_opened() == "no regular file when it was opened");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK_FALSE(writer_released.load());
  // Release the writer: open for reading here, and wait for it.
  const int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  writer.join();
  if (fd >= 0) ::close(fd);
  CHECK(writer_released.load());
  fs::remove_all(dir);
}
