// Expanding the paths a command is given into the files it reads.
#include "xqrec/formats/input_walk.h"

#include <algorithm>
#include <filesystem>

namespace xq::formats {

namespace fs = std::filesystem;

namespace {

// What a walk does not open, by what the entry is; "" for a file to read
// (a regular file, or a dangling link, whose opening reports the error).
std::string not_opened(const fs::file_status& target, bool link) {
  switch (target.type()) {
    case fs::file_type::regular:
    case fs::file_type::not_found:
    case fs::file_type::none: return "";  // cannot tell: opening it says why
    case fs::file_type::directory: return "a symbolic link to a directory (links to directories are not followed)";
    case fs::file_type::fifo: return "a FIFO (named pipe)";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::character: return "a character device";
    case fs::file_type::block: return "a block device";
    default: return link ? "a symbolic link to a file of unknown type" : "a file of unknown type";
  }
}

}  // namespace

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
    std::vector<InputFile> found;
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
        // Errors of either (a link that cannot be followed) leave the type
        // unknown: the entry is opened, and the opening reports why not.
        std::error_code link_ec, target_ec;
        const bool link = it->is_symlink(link_ec);
        const fs::file_status target = it->status(target_ec);  // followed through links
        if (fs::is_directory(target) && !link) dirs.push_back(it->path());
        else found.emplace_back(it->path().string(), true, not_opened(target, link));
      }
      if (ec) errors.push_back(dir.string() + ": cannot read the directory: " + ec.message());
    }
    std::sort(found.begin(), found.end(), [](const InputFile& a, const InputFile& b) { return a.path < b.path; });
    for (auto& f : found) out.push_back(std::move(f));
  }
  return out;
}

}  // namespace xq::formats
