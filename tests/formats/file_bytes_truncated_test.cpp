// A mapped input truncated by another process while it is read: the read
// goes on over NUL bytes and the file says so, instead of SIGBUS ending the
// whole batch (the reliability issue, item 8).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "test_support.h"
#include "xqrec/formats/file_bytes.h"

using xq::formats::FileBytes;

TEST_CASE("file bytes: a mapped file truncated while read reads as NUL and is marked", "[file-bytes]") {
  const auto dir = xqtest::scratch_dir("truncated");
  const auto path = dir / "big.pgn";
  xqtest::write_file(path, std::string(std::size_t(4) << 20, 'x'));  // mapped: above the 1 MiB threshold
  {
    FileBytes f;
    REQUIRE(f.open(path.string()).empty());
    const std::string_view bytes = f.bytes();
    REQUIRE(bytes.size() == std::size_t(4) << 20);
    CHECK(bytes[100] == 'x');
    CHECK_FALSE(f.truncated());
    REQUIRE(::truncate(path.c_str(), 4096) == 0);
    // Past the new end: without the handler, SIGBUS here.
    CHECK(bytes[std::size_t(3) << 20] == '\0');
    CHECK(bytes.back() == '\0');
    CHECK(bytes[10] == 'x');
    CHECK(f.truncated());
  }
  // A fresh mapping of another file is not marked.
  xqtest::write_file(path, std::string(std::size_t(2) << 20, 'y'));
  FileBytes g;
  REQUIRE(g.open(path.string()).empty());
  CHECK(g.bytes()[std::size_t(1) << 20] == 'y');
  CHECK_FALSE(g.truncated());
  std::filesystem::remove_all(dir);
}
