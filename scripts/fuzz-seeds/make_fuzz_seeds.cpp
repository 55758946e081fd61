// make_fuzz_seeds SEEDS_DIR: writes the generated fuzz seeds under SEEDS_DIR
// (tests/fuzz/seeds): the DhtmlXQ, CBF and JSON seeds and the compressed CBL
// library, from generated games, with our own writers. Not a test: run it
// through scripts/make-fuzz-seeds.sh. The other seeds (PGN, XQF, CBR, the
// other CBL and DhtmlXQ files) have no generator here and are left alone.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "cbl_compressed_bytes.h"
#include "random_game.h"
#include "text_formats_random_game.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/json_game.h"

using namespace xq;
using namespace xq::formats;

namespace {

void put(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
  if (!out) {
    std::fprintf(stderr, "make_fuzz_seeds: cannot write %s\n", p.string().c_str());
    std::exit(1);
  }
}

// Six games with variations and comments, and a set-up start with no moves.
void text_formats(const std::filesystem::path& seeds) {
  std::mt19937 rng(424242);
  std::vector<GameRecord> games;
  for (int i = 0; i < 6; ++i) {
    GameRecord g = test::random_game(rng, 4 + i * 6, i);
    g.tags = {{"Title", "种子 " + std::to_string(i)}, {"Event", "Seed [x]"}, {"Result", g.result}};
    games.push_back(std::move(g));
  }
  {
    GameRecord g;  // a set-up start, Black to move, no moves
    g.start_fen = "3k5/4a4/9/9/9/9/9/9/4R4/4K4 b - - 3 12";
    games.push_back(g);
  }
  for (const char* name : {"dhtmlxq", "cbf", "json"}) std::filesystem::create_directories(seeds / name);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string n = "gen" + std::to_string(i);
    put(seeds / "dhtmlxq" / (n + ".ubb"), write_dhtmlxq(games[i]).bytes);
    put(seeds / "cbf" / (n + ".cbf"), write_cbf(games[i]).bytes);
    put(seeds / "json" / (n + ".json"), write_json(games[i], {true}));
  }
  // Two records in one HTML page.
  put(seeds / "dhtmlxq" / "page.html",
      "<html><body><div>" + write_dhtmlxq(games[1], {false}).bytes + "</div><div>" +
          write_dhtmlxq(games[2], {false}).bytes + "</div></body></html>\n");
  std::string lines;
  for (const auto& g : games) lines += write_json(g);
  put(seeds / "json" / "many.jsonl", lines);
}

// Games 1 and 2 of the binary formats' generator, with variations, as an
// older zlib-compressed CCBridge library.
void compressed_cbl(const std::filesystem::path& seeds) {
  testing::GenOptions o;
  o.max_nodes = 60, o.variation_percent = 30;
  std::vector<std::string> games;
  for (const GameRecord& g : testing::random_games(2, o)) games.push_back(testing::cblz_game_bytes(g));
  std::filesystem::create_directories(seeds / "cbl");
  put(seeds / "cbl" / "compressed.cbl", testing::cblz_library_bytes(games, "种子"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_fuzz_seeds SEEDS_DIR\n");
    return 2;
  }
  const std::filesystem::path seeds = argv[1];
  text_formats(seeds);
  compressed_cbl(seeds);
  return 0;
}
