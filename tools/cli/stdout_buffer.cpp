#include "stdout_buffer.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

#include "xqrec/formats/output_file.h"

namespace xqcli {

StdoutBuffer::StdoutBuffer() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

StdoutBuffer::~StdoutBuffer() { drain(); }

bool StdoutBuffer::drain() {
  if (error_) return false;
  const char* p = pbase();
  std::size_t left = std::size_t(pptr() - pbase());
  while (left > 0) {
    const ssize_t n = ::write(STDOUT_FILENO, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? errno : EIO;
      // The reader went away (`| head`) and SIGPIPE is ignored: end as the
      // signal would have, not after all the work.
      if (error_ == EPIPE) xq::formats::end_as_by_signal(SIGPIPE);
      break;
    }
    p += n;
    left -= std::size_t(n);
  }
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return !error_;
}

StdoutBuffer::int_type StdoutBuffer::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

int StdoutBuffer::sync() { return drain() ? 0 : -1; }

std::streamsize StdoutBuffer::xsputn(const char* s, std::streamsize n) {
  std::streamsize done = 0;
  while (done < n) {
    if (pptr() == epptr() && !drain()) return done;
    const std::streamsize room = epptr() - pptr();
    const std::streamsize take = std::min(room, n - done);
    std::memcpy(pptr(), s + done, std::size_t(take));
    pbump(int(take));
    done += take;
  }
  return done;
}

}  // namespace xqcli
