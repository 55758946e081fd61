#include "xqrec/formats/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace xq::formats {

OutputFile::~OutputFile() {
  if (file_ && file_ != stdout) std::fclose(file_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

std::string OutputFile::open(const std::string& path) {
  path_ = path;
  if (path == "-") {
    file_ = stdout;
    direct_ = true;
    return "";
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    // A pipe or device: there is nothing to replace atomically.
    file_ = std::fopen(path.c_str(), "wb");
    direct_ = true;
    return file_ ? "" : "cannot open " + path + ": " + std::strerror(errno);
  }
  temp_ = path + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp_.data());
  if (fd < 0) {
    const std::string e = std::strerror(errno);
    temp_.clear();
    return "cannot create a temporary file beside " + path + ": " + e;
  }
  ::fchmod(fd, 0644);
  file_ = ::fdopen(fd, "wb");
  return file_ ? "" : "cannot open " + temp_ + ": " + std::strerror(errno);
}

bool OutputFile::write(std::string_view bytes) {
  if (!file_ || failed_) return false;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) failed_ = true;
  return !failed_;
}

std::string OutputFile::commit() {
  if (!file_) return "no file is open";
  const bool flushed = std::fflush(file_) == 0;
  if (failed_ || !flushed) return "cannot write " + path_ + ": " + std::strerror(errno);
  if (direct_) return "";
  if (std::fclose(file_) != 0) {
    file_ = nullptr;
    return "cannot write " + path_ + ": " + std::strerror(errno);
  }
  file_ = nullptr;
  if (::rename(temp_.c_str(), path_.c_str()) != 0) return "cannot rename into " + path_ + ": " + std::strerror(errno);
  temp_.clear();
  return "";
}

}  // namespace xq::formats
