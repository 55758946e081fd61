#include "xqrec/formats/output_guard.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

namespace xq::formats {

void OutputGuard::add_input(const std::string& path) {
  struct stat st {};
  if (path != "-" && ::stat(path.c_str(), &st) == 0) inputs_.insert({st.st_dev, st.st_ino});
}

std::string OutputGuard::claim_stdout(std::string_view what) {
  // `>> input` from the shell: the run would append to a file it reads.
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode) && inputs_.count({st.st_dev, st.st_ino}))
    return std::string(what) + ": standard output is an input: refusing to write into it";
  return "";
}

std::string OutputGuard::claim(const std::string& path, std::string_view what) {
  if (path == "-") return claim_stdout(std::string(what) + " -");
  if (path.empty()) return "";
  const std::string named = std::string(what) + " " + path;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    // Special files (a terminal, /dev/null, a pipe) are written, not replaced.
    if (!S_ISREG(st.st_mode)) return "";
    if (inputs_.count({st.st_dev, st.st_ino})) return named + " is an input: refusing to overwrite it";
    // `--html r.html > r.html`: the shell's file would be both.
    struct stat out {};
    if (::fstat(STDOUT_FILENO, &out) == 0 && S_ISREG(out.st_mode) && out.st_dev == st.st_dev && out.st_ino == st.st_ino)
      return named + " is standard output too: refusing to write both into it";
    if (!outputs_.insert({st.st_dev, st.st_ino}).second) return named + " is already an output of this run";
  }
  // Not there yet (or there): two names of one new file are told by their
  // absolute path with symbolic links resolved where they exist.
  std::error_code ec;
  std::string key = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec).string();
  if (ec) key = path;
  if (!output_paths_.insert(key).second) return named + " is already an output of this run";
  return "";
}

}  // namespace xq::formats
