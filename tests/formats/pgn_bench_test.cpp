// PGN reading speed on a large generated PGN held in memory (hidden: run
// with `test_formats "[bench][pgn]"`).
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>

#include "pgn_test_util.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/pgn_writer.h"

using namespace xq;
using namespace xq::formats;

namespace {

struct Counter : GameVisitor {
  std::size_t moves = 0;
  void move(std::string_view, MoveNotation, SourceLocation, Move) override { ++moves; }
};

template <class F>
double seconds(F&& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE("PGN reading speed", "[.][bench][pgn]") {
  const std::size_t kGames = 20000;
  pgntest::GenOptions go;
  go.main_plies = 90;
  go.variation_percent = 0;
  go.comment_percent = 3;
  go.nag_percent = 0;
  std::vector<GameRecord> games;
  for (std::size_t i = 0; i < kGames; ++i) games.push_back(pgntest::random_game(i + 1, go));
  for (MoveNotation notation : {MoveNotation::Iccs, MoveNotation::Chinese}) {
    PgnWriteOptions o;
    o.notation = notation;
    LossNotes losses;
    std::string text;
    for (const auto& g : games) text += write_pgn_text(g, o, losses) + "\n";
    std::string gbk;
    REQUIRE(from_utf8(text, "GBK", gbk));
    for (const std::string* input : {&text, &gbk}) {
      const char* enc = input == &text ? "UTF-8" : "GBK";
      Counter counter;
      FileReport r1;
      const double t_tok = seconds([&] { r1 = read_pgn(*input, counter); });
      REQUIRE(r1.games == kGames);
      std::size_t built = 0;
      GameBuilder builder([&](BuiltGame&) {
        ++built;
        return Control::Continue;
      });
      const double t_build = seconds([&] { (void)read_pgn(*input, builder); });
      REQUIRE(built == kGames);
      std::size_t unresolved = 0;
      GameBuilder resolver([&](BuiltGame& g) {
        unresolved += pgntest::resolve_tree(g.record);
        return Control::Continue;
      });
      const double t_resolve = seconds([&] { (void)read_pgn(*input, resolver); });
      CHECK(unresolved == 0);
      std::cout << notation_name(notation) << " " << enc << ": " << input->size() / 1e6 << " MB, "
                << counter.moves / kGames << " plies/game; tokenize " << kGames / t_tok << " games/s ("
                << input->size() / 1e6 / t_tok << " MB/s), build " << kGames / t_build << " games/s, build+resolve "
                << kGames / t_resolve << " games/s\n";
    }
  }
}
