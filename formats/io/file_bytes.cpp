#include "xqrec/formats/file_bytes.h"

#include "xqrec/formats/output_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <signal.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <cerrno>
#include <cstring>
#include <cstdlib>
#include <string>

namespace xq::formats {

namespace {
constexpr off_t kMapThreshold = 1 << 20;

// A file a walk met may have become a FIFO or a device since it was listed.
// It is looked at through an O_PATH descriptor, which opens nothing (a FIFO
// does not wait for a writer, a device's open does not run), and only a
// regular file is then opened for reading, the same file through
// /proc/self/fd. Without /proc it is opened without waiting (O_NONBLOCK,
// O_NOCTTY) and looked at after. Returns the descriptor, or -1 (errno set,
// or not_regular).
int open_walked(const std::string& path, bool& not_regular) {
  const int at = ::open(path.c_str(), O_PATH | O_CLOEXEC);
  if (at < 0) return -1;
  struct stat st {};
  if (::fstat(at, &st) != 0) {
    const int e = errno;
    ::close(at);
    errno = e;
    return -1;
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(at);
    not_regular = true;
    return -1;
  }
  const std::string same = "/proc/self/fd/" + std::to_string(at);
  int fd = ::open(same.c_str(), O_RDONLY | O_CLOEXEC);
  const int e = errno;
  ::close(at);
  if (fd >= 0) return fd;
  if (e != ENOENT) {  // /proc is there: the file's own error (permissions)
    errno = e;
    return -1;
  }
  fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return -1;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    not_regular = true;
    return -1;
  }
  return fd;
}

// The files mapped now, for the SIGBUS handler: a mapped file that another
// process truncates while it is read faults on the pages past its new end.
// The handler maps zero pages over the rest of that mapping, so the read
// goes on (it sees NUL bytes), and marks the file: open() callers ask
// truncated() afterwards and report an I/O error of that file. Fixed slots
// of plain values and lock-free flags, which a handler may touch.
struct MapSlot {
  std::atomic<bool> used{false};
  std::atomic<bool> truncated{false};
  char* base = nullptr;
  std::size_t size = 0;
};
std::array<MapSlot, 64> map_slots;
struct sigaction previous_sigbus {};

extern "C" void on_sigbus(int sig, siginfo_t* info, void* context) {
  char* at = static_cast<char*>(info->si_addr);
  for (auto& s : map_slots) {
    if (!s.used.load(std::memory_order_acquire) || at < s.base || at >= s.base + s.size) continue;
    const auto page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    char* from = reinterpret_cast<char*>(std::uintptr_t(at) & ~(page - 1));
    if (::mmap(from, std::size_t(s.base + s.size - from), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) !=
        MAP_FAILED) {
      s.truncated.store(true, std::memory_order_release);
      return;  // the faulting read runs again, on zeros
    }
  }
  // Not ours (or no remedy): what would have happened without us.
  if (previous_sigbus.sa_flags & SA_SIGINFO) {
    if (previous_sigbus.sa_sigaction) return previous_sigbus.sa_sigaction(sig, info, context);
  } else if (previous_sigbus.sa_handler != SIG_DFL && previous_sigbus.sa_handler != SIG_IGN) {
    return previous_sigbus.sa_handler(sig);
  }
  ::signal(SIGBUS, SIG_DFL);  // returning faults again, and the default action ends the process
}

int register_map(void* base, std::size_t size) {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa {};
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGBUS, &sa, &previous_sigbus);
  });
  static std::mutex mu;
  std::lock_guard lock(mu);
  for (std::size_t i = 0; i < map_slots.size(); ++i) {
    MapSlot& s = map_slots[i];
    if (s.used.load(std::memory_order_relaxed)) continue;
    s.base = static_cast<char*>(base);
    s.size = size;
    s.truncated.store(false, std::memory_order_relaxed);
    s.used.store(true, std::memory_order_release);
    return int(i);
  }
  return -1;
}

}  // namespace

FileBytes::~FileBytes() {
  if (slot_ >= 0) map_slots[std::size_t(slot_)].used.store(false, std::memory_order_release);
  if (map_) munmap(map_, size_);
}

bool FileBytes::truncated() const {
  return slot_ >= 0 && map_slots[std::size_t(slot_)].truncated.load(std::memory_order_acquire);
}

namespace {

// Reads `fd` to its end into `buffer`, after the `have` bytes already
// there; `size` is what fstat said of a regular file (0: unknown). A
// regular file is asked for one byte more than what is left of its size:
// once the size is reached, a shorter read is its end, so a folder of
// one-game records costs one read per file, not two. Before that, a short
// read (procfs and some FUSE files report a size of 0 or give a page at a
// time; read() stops at 2 GiB) is read on from. `limit` (0: none) stops
// early, for a pipe that goes to a temporary file past it. Error or "".
std::string read_into(int fd, std::size_t size, std::string& buffer, std::size_t& have, std::size_t limit = 0) {
  constexpr std::size_t kMaxRead = std::size_t(1) << 30;
  for (;;) {
    if (limit && have >= limit) return "";
    const std::size_t want = std::min(kMaxRead, have < size ? size - have + 1 : std::size_t(1) << 16);
    if (buffer.size() < have + want) buffer.resize(have + want);
    const ssize_t n = ::read(fd, buffer.data() + have, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      return "cannot read: " + std::string(std::strerror(errno));
    }
    if (n == 0) return "";
    have += std::size_t(n);
    if (size != 0 && have >= size && std::size_t(n) < want) return "";  // the end of a regular file
  }
}

bool write_all(int fd, const char* data, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += w, n -= std::size_t(w);
  }
  return true;
}

// The directory for the copy of a pipe: $TMPDIR, else /tmp.
std::string temporary_directory() {
  const char* env = std::getenv("TMPDIR");
  return env && *env ? env : "/tmp";
}

}  // namespace

std::string FileBytes::map_fd(int fd, std::size_t size) {
  void* m = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (m == MAP_FAILED) return "cannot map: " + std::string(std::strerror(errno));
  map_ = m;
  size_ = size;
  slot_ = register_map(map_, size_);
  madvise(map_, size_, MADV_SEQUENTIAL);
  return "";
}

std::string FileBytes::copy_to_temporary(int fd) {
  // A short input stays in memory; past the mapping threshold the rest
  // goes to the temporary file as it comes.
  std::size_t have = 0;
  if (std::string e = read_into(fd, 0, buffer_, have, std::size_t(kMapThreshold)); !e.empty()) return buffer_.clear(), e;
  if (have < std::size_t(kMapThreshold)) {
    buffer_.resize(have);
    return "";
  }
  const int tmp = open_unnamed_temporary(temporary_directory());
  if (tmp < 0) {
    // No temporary file to be had ($TMPDIR not writable): the rest in
    // memory, as before there was a window.
    std::string e = read_into(fd, 0, buffer_, have);
    buffer_.resize(e.empty() ? have : 0);
    return e;
  }
  std::size_t total = 0;
  std::string error;
  for (;;) {
    if (!write_all(tmp, buffer_.data(), have)) {
      error = "cannot copy standard input to a temporary file: " + std::string(std::strerror(errno));
      break;
    }
    total += have;
    have = 0;
    if (std::string e = read_into(fd, 0, buffer_, have, std::size_t(1) << 20); !e.empty()) {
      error = e;
      break;
    }
    if (have == 0) break;
  }
  buffer_.clear();
  buffer_.shrink_to_fit();
  if (error.empty()) error = map_fd(tmp, total);
  ::close(tmp);
  return error;
}

std::string FileBytes::open(const InputFile& input) {
  not_opened_ = input.not_opened;
  if (!not_opened_.empty()) return "";
  return open(input.path, input.in_walk);
}

std::string FileBytes::open(const std::string& path, bool walked) {
  if (path == "-") {
    // Standard input redirected from a regular file is that file, mapped
    // from where its offset stands; a pipe goes through a temporary file.
    struct stat st {};
    if (::fstat(STDIN_FILENO, &st) != 0) return "cannot stat standard input: " + std::string(std::strerror(errno));
    if (S_ISREG(st.st_mode)) {
      const off_t at = ::lseek(STDIN_FILENO, 0, SEEK_CUR);
      if (at >= 0 && at <= st.st_size && st.st_size - at >= kMapThreshold &&
          map_fd(STDIN_FILENO, std::size_t(st.st_size)).empty()) {
        // What is left of it, read as a pipe would be: a second "-" reads nothing.
        begin_ = std::size_t(at);
        ::lseek(STDIN_FILENO, 0, SEEK_END);
        return "";
      }
      std::size_t have = 0;
      std::string e = read_into(STDIN_FILENO, 0, buffer_, have);
      buffer_.resize(e.empty() ? have : 0);
      return e;
    }
    return copy_to_temporary(STDIN_FILENO);
  }
  bool not_regular = false;
  const int fd = walked ? open_walked(path, not_regular) : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (not_regular) {
    not_opened_ = "no regular file when it was opened";
    return "";
  }
  if (fd < 0) return "cannot open: " + std::string(std::strerror(errno));
  struct stat st {};
  if (fstat(fd, &st) != 0) {
    const std::string e = std::strerror(errno);
    ::close(fd);
    return "cannot stat: " + e;
  }
  // Large files are mapped; small ones (a folder of one-game records) are
  // cheaper to read than to map and unmap.
  if (S_ISREG(st.st_mode) && st.st_size >= kMapThreshold && map_fd(fd, std::size_t(st.st_size)).empty()) {
    ::close(fd);
    return "";
  }
  // Small files, special files (pipes, devices) and empty ones: read what
  // is there, straight into the buffer.
  std::size_t have = 0;
  std::string e = read_into(fd, S_ISREG(st.st_mode) && st.st_size > 0 ? std::size_t(st.st_size) : 0, buffer_, have);
  buffer_.resize(e.empty() ? have : 0);
  ::close(fd);
  return e;
}

void FileBytes::release_before(std::size_t offset) {
  if (!map_) return;
  const auto page = std::size_t(::sysconf(_SC_PAGESIZE));
  // A megabyte at a time: one call per game would cost more than it saves.
  const std::size_t upto = std::min(begin_ + offset, size_) & ~(page - 1);
  // Reading started over (a check of the whole input, then the parse): what
  // it read again from the start is back in memory.
  if (upto < released_) released_ = 0;
  if (upto < released_ + (std::size_t(1) << 20)) return;
  ::madvise(static_cast<char*>(map_) + released_, upto - released_, MADV_DONTNEED);
  released_ = upto;
}

void FileBytes::release_range(std::size_t from, std::size_t to) const {
  if (!map_) return;
  const auto page = std::size_t(::sysconf(_SC_PAGESIZE));
  const std::size_t first = (std::min(begin_ + from, size_) + page - 1) & ~(page - 1);
  const std::size_t last = std::min(begin_ + to, size_) & ~(page - 1);
  if (last > first) ::madvise(static_cast<char*>(map_) + first, last - first, MADV_DONTNEED);
}

std::string_view FileBytes::bytes() const {
  return map_ ? std::string_view(static_cast<const char*>(map_) + begin_, size_ - begin_) : std::string_view(buffer_);
}

}  // namespace xq::formats
