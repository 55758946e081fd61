// A file's bytes: mapped when it is a regular file (a multi-gigabyte file
// costs no memory of its own), read into memory otherwise (pipes and
// devices are read to their end). "-" is standard input: mapped when it is
// a regular file (`< big.pgn`; what is left of it from its offset), and a
// pipe is copied as it comes to an unnamed temporary file (O_TMPFILE in
// $TMPDIR, else /tmp), which is then mapped: memory stays bounded whatever
// the size, at the cost of that much space in $TMPDIR for the run (memory
// after all where that is a tmpfs). Without a temporary file to be had, a
// pipe is read into memory. A mapped file that shrinks while it is read does not
// end the process (truncated()).
//
// Mapped pages count in the process's resident memory once read; a reader
// going through a large file in order gives back what it has done with
// (release_before), so that resident memory stays a window, not the file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "xqrec/formats/input_walk.h"

namespace xq::formats {

class FileBytes {
 public:
  FileBytes() = default;
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;
  ~FileBytes();
  // Returns an error message, or "" on success.
  std::string open(const std::string& path) { return open(path, false); }
  // A file of a command's inputs: one a directory walk met that is no
  // regular file (InputFile::not_opened, or found so when opened) is not
  // read; it opens to no bytes, and not_opened() says what it is.
  std::string open(const InputFile& input);
  // What the file was found to be, when it was not read; "" otherwise.
  const std::string& not_opened() const { return not_opened_; }
  std::string_view bytes() const;
  // The bytes before `offset` will not be read again soon: their mapped
  // pages leave resident memory (read again, they come back from the file,
  // the same bytes). Does nothing for bytes held in memory.
  void release_before(std::size_t offset);
  // The whole pages within [from, to) leave resident memory: for readers
  // of different parts of one file at once, each giving back its own part
  // (release_before keeps one position for the file). Does nothing for
  // bytes held in memory.
  void release_range(std::size_t from, std::size_t to) const;
  // Whether the mapped file was truncated by another process while it was
  // read: the bytes past its new end read as NUL (instead of SIGBUS ending
  // the process), and the caller reports the file as an I/O error.
  bool truncated() const;
  static constexpr const char* kTruncatedMessage =
      "the file was truncated by another process while it was read: what follows its new end read as NUL bytes";

 private:
  std::string open(const std::string& path, bool walked);
  std::string map_fd(int fd, std::size_t size);
  std::string copy_to_temporary(int fd);

  void* map_ = nullptr;
  std::size_t size_ = 0;
  std::size_t released_ = 0;  // bytes given back, from the start of the mapping (page-aligned)
  std::size_t begin_ = 0;     // where bytes() starts in the mapping: standard input's offset when opened
  int slot_ = -1;  // in the SIGBUS handler's table of mappings
  std::string buffer_;
  std::string not_opened_;
};

}  // namespace xq::formats
