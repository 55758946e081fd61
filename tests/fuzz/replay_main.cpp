// Without libFuzzer, a fuzz target runs each file named on the command line
// (or every file in a named directory) once: CTest uses this to replay the
// seed corpus, and to keep the targets building everywhere.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "test_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

int run_file(const std::filesystem::path& p) {
  const auto bytes = xqtest::try_read_file(p);
  if (!bytes) {
    std::cerr << "cannot read " << p << "\n";
    return 1;
  }
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int failures = 0, runs = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path p(argv[i]);
    if (std::filesystem::is_directory(p)) {
      std::vector<std::filesystem::path> files;
      for (const auto& e : std::filesystem::recursive_directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& f : files) failures += run_file(f), ++runs;
    } else {
      failures += run_file(p), ++runs;
    }
  }
  std::cout << runs << " inputs replayed\n";
  return failures ? 1 : 0;
}
