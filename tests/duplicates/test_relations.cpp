// One test per relation `duplicates` finds, on files the project's writers
// wrote: identical across formats, mirrored, embedded, both; the opening of
// two games; the kept game; a line that does not replay to its end.
#include <catch2/catch.hpp>

#include <regex>

#include "duplicate_fixtures.h"
#include "xqrec/duplicates/report.h"

using namespace duptest;
using Members = std::vector<std::string>;

TEST_CASE("duplicates: the same game in PGN and XQF and DhtmlXQ is identical", "[duplicates]") {
  Folder d("identical");
  const GameRecord game = record_of(random_line(1, 70));
  d.put("a.pgn", pgn_of(game));
  d.put("b.xqf", formats::write_xqf(game).bytes);
  d.put("c.txt", formats::write_dhtmlxq(game).bytes);
  d.put("d.pgn", pgn_of(record_of(random_line(2, 70)), MoveNotation::Wxf));  // another game
  Run r({d.dir.string()});
  REQUIRE(r.run.games == 4);
  REQUIRE(r.run.groups.size() == 1);
  CHECK(r.members(0) == Members{"a.pgn#1 kept", "b.xqf#1 identical", "c.txt#1 identical"});
}

TEST_CASE("duplicates: a game and its mirror are one game at any length", "[duplicates]") {
  Folder d("mirrored");
  const auto line = random_line(3, 60);
  d.put("a.pgn", pgn_of(record_of(line)));
  d.put("b.pgn", pgn_of(record_of(mirror_line(line)), MoveNotation::Iccs));
  // Five plies, far below --min-plies: identical and mirrored games count at any length.
  const auto short_line = random_line(4, 5);
  d.put("c.pgn", pgn_of(record_of(short_line)));
  d.put("d.pgn", pgn_of(record_of(mirror_line(short_line))));
  Run r({d.dir.string()});
  REQUIRE(r.run.groups.size() == 2);
  CHECK(r.members(0) == Members{"a.pgn#1 kept", "b.pgn#1 mirrored"});
  CHECK(r.members(1) == Members{"c.pgn#1 kept", "d.pgn#1 mirrored"});
}

TEST_CASE("duplicates: an opening of at least --min-plies plies is embedded", "[duplicates]") {
  Folder d("embedded");
  const auto line = random_line(5, 80);
  d.put("full.pgn", pgn_of(record_of(line)));
  d.put("opening40.pgn", pgn_of(record_of(first(line, 40))));
  d.put("opening30.xqf", formats::write_xqf(record_of(first(line, 30))).bytes);
  d.put("opening29.pgn", pgn_of(record_of(first(line, 29))));  // below the limit
  {
    Run r({d.dir.string()});
    REQUIRE(r.run.groups.size() == 1);
    CHECK(r.members(0) == Members{"full.pgn#1 kept", "opening30.xqf#1 embedded", "opening40.pgn#1 embedded"});
  }
  {
    Run r({d.dir.string()}, 20);
    REQUIRE(r.run.groups.size() == 1);
    CHECK(r.members(0).size() == 4);
  }
  {
    Run r({d.dir.string()}, 50);
    CHECK(r.run.groups.empty());
  }
}

TEST_CASE("duplicates: a mirrored opening is mirrored and embedded", "[duplicates]") {
  Folder d("mirrored-embedded");
  const auto line = random_line(6, 90);
  d.put("a.pgn", pgn_of(record_of(first(mirror_line(line), 45))));
  d.put("b.pgn", pgn_of(record_of(line)));
  d.put("c.pgn", pgn_of(record_of(first(line, 35))));
  Run r({d.dir.string()});
  REQUIRE(r.run.groups.size() == 1);
  CHECK(r.members(0) == Members{"b.pgn#1 kept", "a.pgn#1 mirrored+embedded", "c.pgn#1 embedded"});
}

TEST_CASE("duplicates: the opening of two games joins the longer one's group and never merges them",
          "[duplicates]") {
  Folder d("two-games");
  const auto opening = random_line(7, 40);
  const auto longer = random_line(8, 90, opening), shorter = random_line(21, 70, opening);
  REQUIRE(longer[40] != shorter[40]);
  d.put("a-opening.pgn", pgn_of(record_of(opening)));
  d.put("b-shorter.pgn", pgn_of(record_of(shorter)));
  d.put("c-longer.pgn", pgn_of(record_of(longer)));
  d.put("d-shorter-copy.pgn", pgn_of(record_of(shorter)));
  Run r({d.dir.string()});
  for (std::size_t g = 0; g < r.run.groups.size(); ++g)
    for (const auto& m : r.members(g)) UNSCOPED_INFO(g << ": " << m);
  for (const auto& n : r.notices) UNSCOPED_INFO(n.path << " " << n.message);
  for (const auto& e : r.run.index.entries()) UNSCOPED_INFO(e.file << " plies " << e.key.plies << " m " << e.key.mirrored << " pre " << e.key.prefix);
  REQUIRE(r.run.groups.size() == 2);
  CHECK(r.members(0) == Members{"b-shorter.pgn#1 kept", "d-shorter-copy.pgn#1 identical"});
  CHECK(r.members(1) == Members{"c-longer.pgn#1 kept", "a-opening.pgn#1 embedded"});

  // Two continuations of one length: the one whose kept game scores higher.
  Folder e("two-games-tie");
  const auto one = random_line(10, 80, opening), other = random_line(11, 80, opening);
  GameRecord rich = record_of(other);
  rich.set_tag("Red", "somebody");
  e.put("a-opening.pgn", pgn_of(record_of(opening)));
  e.put("b-one.pgn", pgn_of(record_of(one)));
  e.put("c-other.pgn", pgn_of(rich));
  Run t({e.dir.string()});
  REQUIRE(t.run.groups.size() == 1);
  CHECK(t.members(0) == Members{"c-other.pgn#1 kept", "a-opening.pgn#1 embedded"});
}

TEST_CASE("duplicates: the kept game is the richest copy and a tie goes to the first in reading order",
          "[duplicates]") {
  Folder d("kept");
  const auto line = random_line(12, 60);
  GameRecord plain = record_of(line), dated = record_of(line), commented = record_of(line);
  dated.set_tag("Date", "2001.01.01");
  dated.set_tag("Red", "A");
  dated.result = "1-0";
  commented.node(1).edit_notes().comment_after = "a comment";  // one note beats a result, players and a date
  // Named out of order: reading order is sorted paths.
  const std::string z = d.put("z.pgn", pgn_of(plain)), y = d.put("y.pgn", pgn_of(plain));
  {
    Run r({z, y});
    REQUIRE(r.run.groups.size() == 1);
    CHECK(r.members(0) == Members{"y.pgn#1 kept", "z.pgn#1 identical"});
  }
  const std::string x = d.put("x.pgn", pgn_of(dated));
  {
    Run r({z, y, x});
    REQUIRE(r.run.groups.size() == 1);
    CHECK(r.members(0).front() == "x.pgn#1 kept");
    const auto& kept = r.run.index.entries()[r.run.groups[0].members[0].entry].score;
    CHECK((kept.result && kept.players && kept.date && kept.notes == 0 && kept.plies == 60));
  }
  const std::string w = d.put("w.pgn", pgn_of(commented) + pgn_of(commented));  // games 1 and 2
  {
    Run r({z, w, y, x});
    REQUIRE(r.run.groups.size() == 1);
    CHECK(r.members(0) == Members{"w.pgn#1 kept", "w.pgn#2 identical", "x.pgn#1 identical", "y.pgn#1 identical",
                                  "z.pgn#1 identical"});
    const std::string json = duplicates::group_to_json(r.run, r.run.groups[0], 1);
    CHECK(json.find("\"keep\":{\"file\":\"" + w + "\",\"game\":1}}") != std::string::npos);
    CHECK(json.find("\"score\":{\"plies\":60,\"notes\":1,\"result\":false,\"players\":false,\"date\":false}") !=
          std::string::npos);
  }
}

TEST_CASE("duplicates: a game that does not replay is compared on the plies that do and said so",
          "[duplicates]") {
  Folder d("partial");
  const auto line = random_line(13, 80);
  d.put("full.pgn", pgn_of(record_of(line)));
  // Ply 41 made illegal: the rook on a0 cannot jump its own pawn.
  std::string pgn = pgn_of(record_of(line), MoveNotation::Iccs);
  const std::regex move("[A-I][0-9]-[A-I][0-9]");
  auto it = std::sregex_iterator(pgn.begin(), pgn.end(), move);
  std::advance(it, 40);
  pgn.replace(std::size_t(it->position()), 5, "A0-A9");
  d.put("broken.pgn", pgn);
  Run r({d.dir.string()});
  REQUIRE(r.run.groups.size() == 1);
  CHECK(r.members(0) == Members{"full.pgn#1 kept", "broken.pgn#1 embedded"});
  CHECK(r.run.partial == 1);
  const auto& e = r.run.index.entries()[r.run.groups[0].members[1].entry];
  CHECK((e.stopped && e.key.plies == 40 && e.main_line == 80));
  const std::string text = duplicates::group_to_text(r.run, r.run.groups[0], 1);
  CHECK(text.find("compared on these plies only: ply 41 of 80 does not replay") != std::string::npos);
  const std::string json = duplicates::group_to_json(r.run, r.run.groups[0], 1);
  CHECK(json.find("\"partial\":{\"main_line\":80,\"failed_ply\":41,\"code\":\"") != std::string::npos);
  REQUIRE(r.notices.size() == 1);
  CHECK(r.notices[0].message.find("compared on its first 40 plies of 80") != std::string::npos);
}

TEST_CASE("duplicates: unreadable inputs are reported and the run goes on", "[duplicates]") {
  Folder d("unreadable");
  const auto line = random_line(14, 40);
  d.put("a.pgn", pgn_of(record_of(line)));
  d.put("b.pgn", pgn_of(record_of(line)));
  Run r({(d.dir / "a.pgn").string(), (d.dir / "missing.pgn").string(), (d.dir / "b.pgn").string()});
  CHECK(r.run.groups.size() == 1);
}
