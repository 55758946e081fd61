// A file's bytes: mapped when it is a regular file (a multi-gigabyte file
// costs no memory of its own), read into memory otherwise ("-" is standard
// input; pipes and devices are read to their end).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace xq::formats {

class FileBytes {
 public:
  FileBytes() = default;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes();
  // Returns an error message, or "" on success.
  std::string open(const std::string& path);
  std::string_view bytes() const;

 private:
  void* map_ = nullptr;
  std::size_t size_ = 0;
  std::string buffer_;
};

}  // namespace xq::formats
