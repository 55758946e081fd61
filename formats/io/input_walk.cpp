// Expanding the paths a command is given into the files it reads.
#include "xqrec/formats/input_walk.h"

#include <algorithm>
#include <filesystem>

namespace xq::formats {

namespace fs = std::filesystem;

std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<std::string>& errors) {
  std::vector<InputFile> out;
  for (const auto& p : paths) {
    if (p == "-") {
      out.push_back(p);
      continue;
    }
    std::error_code ec;
    const auto status = fs::status(p, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) {
      errors.push_back(p + ": " + ec.message());
      continue;
    }
    if (!fs::exists(status)) {
      errors.push_back(p + ": no such file or directory");
      continue;
    }
    if (!fs::is_directory(status)) {
      out.push_back(p);
      continue;
    }
    // Every directory of the tree, each listed on its own: one that cannot
    // be read is an error of its own, and the walk goes on with the rest.
    // Symbolic links to directories are not followed (no cycles); to files, they are.
    std::vector<std::string> found;
    std::vector<fs::path> dirs{p};
    while (!dirs.empty()) {
      const fs::path dir = std::move(dirs.back());
      dirs.pop_back();
      fs::directory_iterator it(dir, ec), end;
      if (ec) {
        errors.push_back(dir.string() + ": cannot read the directory: " + ec.message());
        continue;
      }
      for (; it != end; it.increment(ec)) {
        std::error_code fec;
        if (it->is_directory(fec) && !it->is_symlink(fec)) dirs.push_back(it->path());
        else if (it->is_regular_file(fec)) found.push_back(it->path().string());
      }
      if (ec) errors.push_back(dir.string() + ": cannot read the directory: " + ec.message());
    }
    std::sort(found.begin(), found.end());
    for (auto& f : found) out.emplace_back(std::move(f), true);
  }
  return out;
}

}  // namespace xq::formats
