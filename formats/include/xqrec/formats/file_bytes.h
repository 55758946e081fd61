// A file's bytes: mapped when it is a regular file (a multi-gigabyte file
// costs no memory of its own), read into memory otherwise ("-" is standard
// input; pipes and devices are read to their end). A mapped file that
// shrinks while it is read does not end the process (truncated()).
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
  // Whether the mapped file was truncated by another process while it was
  // read: the bytes past its new end read as NUL (instead of SIGBUS ending
  // the process), and the caller reports the file as an I/O error.
  bool truncated() const;
  static constexpr const char* kTruncatedMessage =
      "the file was truncated by another process while it was read: what follows its new end read as NUL bytes";

 private:
  void* map_ = nullptr;
  std::size_t size_ = 0;
  int slot_ = -1;  // in the SIGBUS handler's table of mappings
  std::string buffer_;
};

}  // namespace xq::formats
