// Shared pieces of the xqrec subcommands: exit codes and option parsing.
#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "xqrec/core/setup.h"
#include "xqrec/formats/shard.h"

namespace xqcli {

namespace po = boost::program_options;

enum Exit : int {
  kOk = 0,        // success, nothing found
  kFindings = 1,  // the input has problems (reported)
  kUsage = 2,     // command-line misuse or an I/O error
};

struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

// All subcommands, sorted by name. Each cmd_*.cpp registers its own with
// XQCLI_SUBCOMMAND, so adding a command touches no shared file.
const std::vector<Subcommand>& subcommands();

struct Registrar {
  explicit Registrar(Subcommand c);
};
#define XQCLI_SUBCOMMAND(NAME, SUMMARY, FN) \
  static const ::xqcli::Registrar xqcli_registrar_##FN{::xqcli::Subcommand{NAME, SUMMARY, FN}}

// Parses args against the options; prints help (and returns kOk) when asked,
// or an error (returns kUsage). Returns -1 when the command should go on.
int parse_options(const char* name, const char* synopsis, const po::options_description& options,
                  const po::positional_options_description& positional, const std::vector<std::string>& args,
                  po::variables_map& vm);

// Joins positional words with single spaces (an unquoted FEN arrives split).
std::string join(const std::vector<std::string>& words);

// The start position of a --fen option's words (joined, as an unquoted FEN
// arrives split), or the standard start when there are none. A bad FEN:
// each error on stderr as "xqrec NAME: bad FEN: [CODE at ]column N: MESSAGE"
// (the code with `with_code`), and nullopt (the command exits kUsage).
std::optional<xq::Setup> start_from_fen_words(const char* name, const std::vector<std::string>& words,
                                              bool with_code = false);

// --shard I/N, the same for every command that reads games: adds the
// option, and parses it (a bad value: "xqrec NAME: ..." on stderr, false).
inline constexpr const char* kShardHelp =
    "I/N: only the games of shard I of N (a partition by path as given and game number, the same on "
    "every machine: give the same paths); the N shards together give the whole run's games, each once";
bool parse_shard_option(const char* name, const po::variables_map& vm, xq::formats::Shard& shard);

// --max-games N (audit, convert), declared as a string: a whole number of at
// least 1. Parsed as an unsigned number, -1 would wrap to no limit and 0 read
// as none. Sets max_games when given; a bad value: "xqrec NAME: ..." on
// stderr, false.
bool parse_max_games_option(const char* name, const po::variables_map& vm, std::size_t& max_games);

}  // namespace xqcli
