// The check every command makes before it writes anything: no output may
// be one of the inputs (the same file by device and inode, so hard links
// and symlinks count), and no two outputs of one run may be the same file.
#pragma once

#include <sys/types.h>

#include <set>
#include <string>
#include <string_view>
#include <utility>

namespace xq::formats {

class OutputGuard {
 public:
  // An input ("-" and paths that do not exist are ignored).
  void add_input(const std::string& path);
  // Takes `path` as an output of this run. Returns "" or why it may not be
  // written; `what` names the option in the message ("--jsonl", "-o" ...).
  // "" is always allowed; "-" is standard output, as claim_stdout.
  std::string claim(const std::string& path, std::string_view what);
  // Standard output, which every command writing text to it claims: refused
  // when it is one of the inputs (a shell's `>> input`).
  std::string claim_stdout(std::string_view what);

 private:
  std::set<std::pair<dev_t, ino_t>> inputs_, outputs_;
  std::set<std::string> output_paths_;  // outputs that do not exist yet, by absolute path
};

}  // namespace xq::formats
