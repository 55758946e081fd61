// xqrec: one command, many subcommands.
#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#ifdef __GLIBC__  // defined by the C library's headers, included above
#include <malloc.h>
#endif

#include "cli.h"
#include "stdout_buffer.h"
#include "xqrec/formats/terminal_text.h"
#include "version.h"

namespace {

// Never destroyed: std::cout may still flush into it while statics go at
// exit; every way out of main flushes it first.
xqcli::StdoutBuffer& stdout_buffer = *new xqcli::StdoutBuffer;

void print_usage(std::ostream& out) {
  out << "usage: xqrec <command> [options]\n"
         "       xqrec --version | --help\n\ncommands:\n";
  for (const auto& c : xqcli::subcommands()) out << "  " << c.name << std::string(12 - std::string(c.name).size(), ' ') << c.summary << "\n";
  out << "\n'xqrec <command> --help' describes each command.\n"
         "Exit status: 0 success, 1 problems found in the input, 2 usage or I/O error.\n";
}

// What a command printed must have reached standard output: a full disk or
// a closed file is an error (exit 2, said on stderr). A reader that went
// away (EPIPE, `| head`) ends the command quietly, as SIGPIPE would have.
int checked_stdout(const std::string& cmd, int status) {
  std::cout.flush();
  const int e = stdout_buffer.error();
  if (std::cout && !e) return status;
  if (e == EPIPE) return status;
  std::cerr << "xqrec " << cmd << ": cannot write standard output" << (e ? ": " + std::string(std::strerror(e)) : "")
            << "\n";
  return xqcli::kUsage;
}

}  // namespace

int main(int argc, char** argv) {
  // Blocks of 1 MB and more (a long game's nodes) are mapped and given
  // back when freed. glibc would otherwise raise this threshold to the
  // largest block freed, and the nodes of long games, freed by another
  // thread than the reader's, would stay in the heap: about 26 MB more at
  // --jobs 2 on one large PGN of real games (the speed issue's 64 MB bound).
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 1024 * 1024);
#endif
  std::ios::sync_with_stdio(false);
  std::cout.rdbuf(&stdout_buffer);
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_usage(std::cerr);
    return xqcli::kUsage;
  }
  const std::string& cmd = args[0];
  if (cmd == "--version" || cmd == "-V") {
    std::cout << "xqrec " << XQREC_VERSION << "\n";
    return checked_stdout(cmd, xqcli::kOk);
  }
  if (cmd == "--help" || cmd == "-h" || cmd == "help") {
    if (args.size() > 1) {
      for (const auto& c : xqcli::subcommands())
        if (args[1] == c.name) return checked_stdout(cmd, c.run({"--help"}));
    }
    print_usage(std::cout);
    return checked_stdout(cmd, xqcli::kOk);
  }
  for (const auto& c : xqcli::subcommands()) {
    if (cmd == c.name) {
      try {
        return checked_stdout(cmd, c.run(std::vector<std::string>(args.begin() + 1, args.end())));
      } catch (const std::bad_alloc&) {
        std::cerr << "xqrec " << cmd << ": out of memory\n";
        return xqcli::kUsage;
      } catch (const std::exception& e) {
        // Data errors are values; an exception here is an I/O or system failure.
        std::cerr << "xqrec " << cmd << ": " << xq::formats::printable(e.what()) << "\n";
        return xqcli::kUsage;
      }
    }
  }
  std::cerr << "xqrec: unknown command '" << xq::formats::printable(cmd) << "'\n";
  print_usage(std::cerr);
  return xqcli::kUsage;
}
