// The paths a command is given, expanded into the files it reads.
#pragma once

#include <string>
#include <vector>

namespace xq::formats {

// A file to read, and whether it was met while walking a directory (then
// it is read only when it holds game records: ReadOptions::records_only).
struct InputFile {
  std::string path;
  bool in_walk = false;
  InputFile(std::string p, bool walked = false) : path(std::move(p)), in_walk(walked) {}
  friend bool operator==(const InputFile&, const InputFile&) = default;
};

// Files, directories (recursed, in byte order of their names) and "-" for
// standard input, expanded in the order given. Unreadable paths go to
// `errors` as one line each; the rest is still returned.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<std::string>& errors);

}  // namespace xq::formats
