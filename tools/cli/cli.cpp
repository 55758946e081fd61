#include "cli.h"

#include <charconv>
#include <iostream>
#include <string_view>

#include "xqrec/core/fen.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/setup.h"
#include "xqrec/formats/terminal_text.h"

namespace xqcli {

int parse_options(const char* name, const char* synopsis, const po::options_description& options,
                  const po::positional_options_description& positional, const std::vector<std::string>& args,
                  po::variables_map& vm) {
  po::options_description all;
  all.add_options()("help,h", "show this help");
  all.add(options);
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << "usage: xqrec " << name << " " << synopsis << "\n\n" << all << "\n";
      return kOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    // Boost's message quotes the offending argument as it was typed.
    std::cerr << "xqrec " << name << ": " << xq::formats::printable(e.what()) << "\n"
              << "usage: xqrec " << name << " " << synopsis << "\n"
              << "try 'xqrec " << name << " --help'\n";
    return kUsage;
  }
  return -1;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::optional<xq::Setup> start_from_fen_words(const char* name, const std::vector<std::string>& words,
                                              bool with_code) {
  if (words.empty()) return xq::Setup::start();
  auto parsed = xq::parse_fen(join(words));
  if (!parsed) {
    for (const auto& e : parsed.error()) {
      std::cerr << "xqrec " << name << ": bad FEN: ";
      if (with_code) std::cerr << e.code << " at ";
      std::cerr << "column " << e.column << ": " << xq::formats::printable(e.message) << "\n";
    }
    return std::nullopt;
  }
  for (const xq::Color c : {xq::Color::Red, xq::Color::Black})
    if (const auto issue = xq::too_many_moves(*parsed, c)) {
      std::cerr << "xqrec " << name << ": " << issue->message << "\n";
      return std::nullopt;
    }
  return *parsed;
}

namespace {
std::vector<Subcommand>& registry() {
  static std::vector<Subcommand> list;
  return list;
}
}  // namespace

Registrar::Registrar(Subcommand c) {
  auto& list = registry();
  auto at = list.begin();
  while (at != list.end() && std::string_view(at->name) < c.name) ++at;
  list.insert(at, c);
}

const std::vector<Subcommand>& subcommands() { return registry(); }

bool parse_shard_option(const char* name, const po::variables_map& vm, xq::formats::Shard& shard) {
  if (!vm.count("shard")) return true;
  auto parsed = xq::formats::parse_shard(vm["shard"].as<std::string>());
  if (!parsed) {
    std::cerr << "xqrec " << name << ": " << xq::formats::printable(parsed.error()) << "\n";
    return false;
  }
  shard = *parsed;
  return true;
}

bool parse_max_games_option(const char* name, const po::variables_map& vm, std::size_t& max_games) {
  if (!vm.count("max-games")) return true;
  const std::string& text = vm["max-games"].as<std::string>();
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1) {
    std::cerr << "xqrec " << name << ": --max-games must be a whole number of at least 1 (not '"
              << xq::formats::printable(text) << "')\n";
    return false;
  }
  max_games = n;
  return true;
}

}  // namespace xqcli
