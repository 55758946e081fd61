// Writes the fuzz seed corpora of the DhtmlXQ, CBF and JSON readers from
// generated games, with our own writers. Hidden: run it on purpose with
//   test_formats "[.write-seeds]"
#include "text_formats_support.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/json_game.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::test;

TEST_CASE("write the fuzz seeds of the text formats", "[.write-seeds]") {
  const std::filesystem::path seeds = std::filesystem::path(XQREC_SOURCE_DIR) / "tests" / "fuzz" / "seeds";
  std::mt19937 rng(424242);
  std::vector<GameRecord> games;
  for (int i = 0; i < 6; ++i) {
    GameRecord g = random_game(rng, 4 + i * 6, i);
    g.tags = {{"Title", "种子 " + std::to_string(i)}, {"Event", "Seed [x]"}, {"Result", g.result}};
    games.push_back(std::move(g));
  }
  {
    GameRecord g;  // a set-up start, Black to move, no moves
    g.start_fen = "3k5/4a4/9/9/9/9/9/9/4R4/4K4 b - - 3 12";
    games.push_back(g);
  }
  for (const char* name : {"dhtmlxq", "cbf", "json"}) std::filesystem::create_directories(seeds / name);
  const auto put = xqtest::write_file;
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
