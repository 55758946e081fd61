#include "xqrec/formats/file_bytes.h"

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
#include <iostream>
#include <iterator>

namespace xq::formats {

namespace {
constexpr off_t kMapThreshold = 1 << 20;

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
      slot_ = register_map(map_, size_);
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
