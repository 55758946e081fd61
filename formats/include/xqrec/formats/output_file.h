// Writing an output file safely: a regular file is written to a temporary
// file beside it and renamed into place on commit, so readers never see a
// half-written file; "-" is standard output and special files (pipes,
// devices) are written directly.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace xq::formats {

class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // without commit(), a temporary file is removed

  // Returns an error message, or "" on success.
  std::string open(const std::string& path);
  bool write(std::string_view bytes);
  // Flushes, and renames the temporary file into place. Error or "".
  std::string commit();

 private:
  std::FILE* file_ = nullptr;
  std::string path_, temp_;
  bool direct_ = false;
  bool failed_ = false;
};

}  // namespace xq::formats
