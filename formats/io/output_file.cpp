#include "xqrec/formats/output_file.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>

namespace xq::formats {

namespace {

// The temporary files being written, for the signal handler to remove.
// Fixed slots of plain bytes and lock-free flags, because a handler may
// only touch such things; an output opened while all slots are taken is
// still written, just not removed on a signal.
struct TempSlot {
  std::atomic<bool> used{false};
  char path[4096];
};
std::array<TempSlot, 64> temp_slots;

extern "C" void remove_temporaries_and_die(int sig) {
  for (auto& s : temp_slots)
    if (s.used.load(std::memory_order_acquire)) ::unlink(s.path);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

void end_as_by_signal(int sig) {
  for (auto& s : temp_slots)
    if (s.used.load(std::memory_order_acquire)) ::unlink(s.path);
  std::signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  std::raise(sig);
  std::_Exit(128 + sig);  // not reached: the default action ends the process
}

namespace {

void install_cleanup_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;  // ignored or handled: leave it
      struct sigaction sa {};
      sa.sa_handler = remove_temporaries_and_die;
      sigemptyset(&sa.sa_mask);
      ::sigaction(sig, &sa, nullptr);
    }
  });
}

int register_temporary(const std::string& path) {
  if (path.size() >= sizeof(TempSlot::path)) return -1;
  static std::mutex mu;  // between threads; the handler only reads
  std::lock_guard lock(mu);
  for (std::size_t i = 0; i < temp_slots.size(); ++i) {
    TempSlot& s = temp_slots[i];
    if (s.used.load(std::memory_order_relaxed)) continue;
    std::memcpy(s.path, path.c_str(), path.size() + 1);
    s.used.store(true, std::memory_order_release);
    return int(i);
  }
  return -1;
}

void release_temporary(int slot) {
  if (slot >= 0) temp_slots[std::size_t(slot)].used.store(false, std::memory_order_release);
}

// The process umask, read once before any thread starts (reading it means
// setting it, which is not safe while other threads create files).
const mode_t process_umask = [] {
  const mode_t m = ::umask(022);
  ::umask(m);
  return m;
}();

std::string directory_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Creates the temporary file beside `target` (kTemporaryPrefix) into `path`
// and registers it, and `path` + each of `suffixes`, for removal on a
// signal (slots in `slots`). Signals are held off from the creation to the
// registration: one arriving in between would end the process and leave
// the file behind. The descriptor, or -1 with errno set.
int create_registered_temporary(const std::string& target, std::string& path,
                                std::initializer_list<const char*> suffixes, std::vector<int>& slots) {
  install_cleanup_handlers();
  path = directory_of(target) + "/" + std::string(kTemporaryPrefix) + "XXXXXX";
  sigset_t all, before;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &before);
  const int fd = ::mkostemp(path.data(), O_CLOEXEC);
  const int created_errno = errno;
  if (fd >= 0) {
    slots.push_back(register_temporary(path));
    for (const char* suffix : suffixes) slots.push_back(register_temporary(path + suffix));
  }
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  errno = created_errno;
  return fd;
}

// A descriptor this process already has (/dev/stdout, /dev/stderr,
// /dev/fd/N, /proc/self/fd/N) is written through a copy of it, sharing its
// offset, so that what goes there stays in order with the rest; any other
// special file is opened for appending (never truncated).
// 1 or 2 when the path names standard output or standard error (only
// those: another descriptor number could be one of our own files), else -1.
int standard_descriptor(const std::string& path) {
  for (std::string_view dir : {"/dev/fd/", "/proc/self/fd/"})
    if (path.size() == dir.size() + 1 && path.rfind(dir, 0) == 0 && (path.back() == '1' || path.back() == '2'))
      return path.back() - '0';
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  return -1;
}

int open_direct(const std::string& path) {
  if (const int fd = standard_descriptor(path); fd >= 0) return ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  return ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
}

}  // namespace

unsigned new_file_mode() { return 0666 & ~process_umask; }

bool is_temporary_output_name(std::string_view path) {
  const auto slash = path.find_last_of('/');
  const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  return name.substr(0, kTemporaryPrefix.size()) == kTemporaryPrefix;
}

int open_unnamed_temporary(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0) {
    std::string name = dir + "/" + std::string(kTemporaryPrefix) + "XXXXXX";
    fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(name.c_str());
  }
  return fd;
}

OutputFile::~OutputFile() { discard(); }

void OutputFile::discard() {
  if (file_ && file_ != stdout) std::fclose(file_);
  file_ = nullptr;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  release_temporary(slot_);
  slot_ = -1;
  temp_.clear();
}

std::string OutputFile::open(const std::string& path) {
  path_ = path;
  if (path == "-") {
    file_ = stdout;
    direct_ = true;
    return "";
  }
  struct stat st {}, link {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  existed_ = exists;
  // A symbolic link is followed, dangling or not: its target is replaced
  // (or created), the link stays.
  std::string target = path;
  if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode) && standard_descriptor(path) < 0) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path at = path;
    for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(at, ec)); ++hops) {
      fs::path to = fs::read_symlink(at, ec);
      if (ec) break;
      at = to.is_relative() ? at.parent_path() / to : to;
    }
    if (auto real = fs::weakly_canonical(at, ec); !ec) target = real.string();
  }
  if (exists && (!S_ISREG(st.st_mode) || standard_descriptor(path) >= 0)) {
    // A pipe, a device, or a descriptor such as /dev/stderr (a regular file
    // behind it must be written through, never replaced or truncated):
    // there is nothing to replace atomically.
    const int fd = open_direct(path);
    file_ = fd >= 0 ? ::fdopen(fd, "ab") : nullptr;
    if (fd >= 0 && !file_) ::close(fd);
    direct_ = true;
    return file_ ? "" : "cannot open " + path + ": " + std::strerror(errno);
  }
  path_ = target;
  std::vector<int> slots;
  const int fd = create_registered_temporary(target, temp_, {}, slots);
  if (fd >= 0) slot_ = slots.front();
  if (fd < 0) {
    const std::string e = std::strerror(errno);
    temp_.clear();
    return "cannot create a temporary file beside " + path + ": " + e;
  }
  // mkstemp makes 0600; the output gets what a plain open would give.
  ::fchmod(fd, exists ? (st.st_mode & 07777) : new_file_mode());
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    const std::string e = std::strerror(errno);
    ::close(fd);
    discard();
    return "cannot open a temporary file beside " + path + ": " + e;
  }
  return "";
}

bool OutputFile::write(std::string_view bytes) {
  if (!file_ || failed_) return false;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) failed_ = true, error_ = errno;
  if (failed_ && direct_ && error_ == EPIPE) end_as_by_signal(SIGPIPE);  // the reader went away
  return !failed_;
}

std::string OutputFile::commit_unless_nothing_read(bool nothing_read, bool read_failed, bool& kept) {
  kept = false;
  if (nothing_read && !direct_ && (existed_ || read_failed)) {
    discard();
    kept = true;
    return "";
  }
  return commit();
}

std::string OutputFile::commit() {
  if (!file_) return "no file is open";
  const bool flushed = std::fflush(file_) == 0;
  if (!flushed && !failed_) failed_ = true, error_ = errno;
  if (failed_) {
    const bool reader_gone = direct_ && error_ == EPIPE;
    discard();
    // A reader that went away (`| head`) ends the output quietly, as
    // SIGPIPE would have when it is not ignored.
    return reader_gone ? "" : "cannot write " + path_ + ": " + std::strerror(error_);
  }
  if (direct_) return "";
  // On disk before the rename, so that a crash leaves the old file or the new one.
  if (::fsync(fileno(file_)) != 0 && errno != EINVAL) {
    const int e = errno;
    discard();
    return "cannot write " + path_ + ": " + std::strerror(e);
  }
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0) {
    const int e = errno;
    discard();
    return "cannot write " + path_ + ": " + std::strerror(e);
  }
  if (::rename(temp_.c_str(), path_.c_str()) != 0) {
    const int e = errno;
    discard();
    return "cannot rename into " + path_ + ": " + std::strerror(e);
  }
  release_temporary(slot_);
  slot_ = -1;
  temp_.clear();
  return "";
}

bool names_standard_output(const std::string& path) { return standard_descriptor(path) == 1; }

NamedTemporary::~NamedTemporary() {
  for (int slot : slots_) release_temporary(slot);
}

std::string NamedTemporary::create(const std::string& target, unsigned mode, std::initializer_list<const char*> suffixes) {
  const int fd = create_registered_temporary(target, path_, suffixes, slots_);
  if (fd < 0) {
    path_.clear();
    return "cannot create a temporary file beside " + target + ": " + std::strerror(errno);
  }
  ::fchmod(fd, mode_t(mode));
  ::close(fd);
  return "";
}

}  // namespace xq::formats
