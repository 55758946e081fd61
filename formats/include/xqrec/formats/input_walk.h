// The paths a command is given, expanded into the files it reads.
#pragma once

#include <string>
#include <vector>

namespace xq::formats {

// A file to read, and whether it was met while walking a directory (then
// it is read only when it holds game records: ReadOptions::records_only).
// `not_opened` names what a walk met that is no regular file ("a FIFO", "a
// symbolic link to a directory", …): it is listed, so that its batch says
// it was not read (not-a-regular-file), but never opened (opening a FIFO
// waits for a writer; a device may do anything).
struct InputFile {
  std::string path;
  bool in_walk = false;
  std::string not_opened;
  InputFile(std::string p, bool walked = false, std::string not_opened_as = "")
      : path(std::move(p)), in_walk(walked), not_opened(std::move(not_opened_as)) {}
  friend bool operator==(const InputFile&, const InputFile&) = default;
};

// Files, directories (recursed, in byte order of their names) and "-" for
// standard input, expanded in the order given. Unreadable paths go to
// `errors` as one line each; the rest is still returned. What a walk meets
// that is neither a directory nor a regular file is listed with
// `not_opened` set; a symbolic link is followed to a file, not to a
// directory (no cycles), and a dangling one is listed (opening it fails: an
// I/O error of that file).
std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<std::string>& errors);

}  // namespace xq::formats
