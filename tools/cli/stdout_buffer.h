// Standard output through a buffer of our own, which keeps the errno of
// the first write that failed: with std::cout's own buffer the reason is
// lost by the time the command ends (a later call overwrites errno), and a
// closed pipe under an ignored SIGPIPE looked like a full disk.
#pragma once

#include <array>
#include <streambuf>

namespace xqcli {

class StdoutBuffer : public std::streambuf {
 public:
  StdoutBuffer();
  ~StdoutBuffer() override;
  // errno of the first failed write, or 0. After a failure nothing more is
  // written (the stream goes bad).
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  int sync() override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;

 private:
  bool drain();  // writes the buffer out; false once a write failed
  std::array<char, 1 << 16> buffer_{};
  int error_ = 0;
};

}  // namespace xqcli
