// Writing an output file safely: a regular file is written to a temporary
// file beside it and renamed into place on commit, so readers never see a
// half-written file and a run that fails leaves the old file as it was;
// "-" is standard output and special files (pipes, devices) are written
// directly.
//
// The temporary file is named ".xqrec-tmp-XXXXXX" (kTemporaryPrefix) in the
// output's directory: short whatever the output's name (NAME_MAX holds), and
// skipped by directory walks (read_games reports it, it does not read it).
// It is removed when the OutputFile goes without commit(), and on SIGINT,
// SIGTERM, SIGHUP and SIGPIPE; after kill -9 or a crash it stays behind.
#pragma once

#include <cstdio>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace xq::formats {

inline constexpr std::string_view kTemporaryPrefix = ".xqrec-tmp-";

// Removes the temporary files being written and ends the process as the
// signal's default action would: how a write to a pipe whose reader went
// away ends a command when SIGPIPE is ignored (write fails with EPIPE
// instead), so that `| head` stops the work, not only the output.
[[noreturn]] void end_as_by_signal(int sig);

// Whether a path names this process's standard output (/dev/stdout,
// /dev/fd/1, /proc/self/fd/1): the commands treat it as "-".
bool names_standard_output(const std::string& path);

// Whether a file name (the last part of a path) is one of our temporary files.
bool is_temporary_output_name(std::string_view path);

// The mode a new output file gets: what open(2) with 0666 gives under the
// process's umask (read once, before any thread starts).
unsigned new_file_mode();

// An unnamed scratch file in `dir`, read and written, gone with the process
// however it ends: O_TMPFILE, or where the file system has none a
// temporary name (kTemporaryPrefix, which walks skip) unlinked at once.
// A file descriptor (close-on-exec), or -1 with errno set.
int open_unnamed_temporary(const std::string& dir);

// A temporary file beside `target` (kTemporaryPrefix: walks skip it) that
// another library writes by name (an SQLite index), removed with the
// companions named by `suffixes` (its journal, WAL) on SIGINT, SIGTERM,
// SIGHUP and SIGPIPE, as OutputFile's are. The owner removes it otherwise.
class NamedTemporary {
 public:
  NamedTemporary() = default;
  NamedTemporary(const NamedTemporary&) = delete;
  NamedTemporary& operator=(const NamedTemporary&) = delete;
  ~NamedTemporary();  // no longer removed on a signal (the file stays)
  // Creates it with `mode`; an error message, or "".
  std::string create(const std::string& target, unsigned mode, std::initializer_list<const char*> suffixes);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::vector<int> slots_;
};

class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // without commit(), a temporary file is removed

  // Returns an error message, or "" on success. A new file gets the mode
  // the umask gives (0666 & ~umask); a file replaced keeps its mode.
  std::string open(const std::string& path);
  bool write(std::string_view bytes);
  // Flushes, and renames the temporary file into place. Error or "".
  std::string commit();
  // The rule of every command for a run that read nothing (every input
  // missing or unreadable, or none given that holds a game): an existing
  // file stays as it was, and a new one is not created when reading failed;
  // then `kept` is set (the caller says so) and nothing is written.
  // Otherwise as commit().
  std::string commit_unless_nothing_read(bool nothing_read, bool read_failed, bool& kept);
  // Whether a file stood at the path when open() was called.
  bool existed() const { return existed_; }
  // Gives up: the temporary file is removed, an existing file stays as it was.
  void discard();

 private:
  std::FILE* file_ = nullptr;
  std::string path_, temp_;
  int slot_ = -1;  // the signal-cleanup slot of temp_
  bool direct_ = false;
  bool existed_ = false;
  bool failed_ = false;
  int error_ = 0;  // errno of the first failed write
};

}  // namespace xq::formats
