#include "xqrec/formats/file_bytes.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <iterator>

namespace xq::formats {

namespace {
constexpr off_t kMapThreshold = 1 << 20;
}  // namespace

FileBytes::~FileBytes() {
  if (map_) munmap(map_, size_);
}

std::string FileBytes::open(const std::string& path) {
  if (path == "-") {
    buffer_.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return std::cin.bad() ? "cannot read standard input" : "";
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "cannot open: " + std::string(std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const std::string e = std::strerror(errno);
    ::close(fd);
    return "cannot stat: " + e;
  }
  // Large files are mapped; small ones (a folder of one-game records) are
  // cheaper to read than to map and unmap.
  if (S_ISREG(st.st_mode) && st.st_size >= kMapThreshold) {
    void* m = mmap(nullptr, std::size_t(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (m != MAP_FAILED) {
      map_ = m;
      size_ = std::size_t(st.st_size);
      madvise(map_, size_, MADV_SEQUENTIAL);
      ::close(fd);
      return "";
    }
  }
  // Small files, special files (pipes, devices) and empty ones: read what
  // is there, straight into the buffer. A regular file is asked for one
  // byte more than what is left of its size: once the size is reached, a
  // shorter read is its end, so a folder of one-game records costs one read
  // per file, not two. Before that, a short read (procfs and some FUSE files
  // report a size of 0 or give a page at a time; read() stops at 2 GiB) is
  // read on from.
  constexpr std::size_t kMaxRead = std::size_t(1) << 30;
  const std::size_t size = S_ISREG(st.st_mode) && st.st_size > 0 ? std::size_t(st.st_size) : 0;
  std::size_t have = 0;
  for (;;) {
    const std::size_t want = std::min(kMaxRead, have < size ? size - have + 1 : std::size_t(1) << 16);
    if (buffer_.size() < have + want) buffer_.resize(have + want);
    const ssize_t n = ::read(fd, buffer_.data() + have, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string e = std::strerror(errno);
      ::close(fd);
      buffer_.clear();
      return "cannot read: " + e;
    }
    if (n == 0) break;
    have += std::size_t(n);
    if (size != 0 && have >= size && std::size_t(n) < want) break;  // the end of a regular file
  }
  buffer_.resize(have);
  ::close(fd);
  return "";
}

std::string_view FileBytes::bytes() const {
  return map_ ? std::string_view(static_cast<const char*>(map_), size_) : std::string_view(buffer_);
}

}  // namespace xq::formats
