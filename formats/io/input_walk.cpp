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
    if (ec || !fs::exists(status)) {
      errors.push_back(p + ": no such file or directory");
      continue;
    }
    if (!fs::is_directory(status)) {
      out.push_back(p);
      continue;
    }
    std::vector<std::string> found;
    fs::recursive_directory_iterator it(p, fs::directory_options::skip_permission_denied, ec), end;
    if (ec) {
      errors.push_back(p + ": " + ec.message());
      continue;
    }
    for (; it != end; it.increment(ec)) {
      if (ec) {
        errors.push_back(p + ": " + ec.message());
        break;
      }
      std::error_code fec;
      if (it->is_regular_file(fec)) found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    for (auto& f : found) out.emplace_back(std::move(f), true);
  }
  return out;
}

}  // namespace xq::formats
