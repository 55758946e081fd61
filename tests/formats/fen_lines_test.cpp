// FEN lines.
#include "text_formats_support.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/fen_lines.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::test;

TEST_CASE("fen lines: one game per line, bad lines reported by number", "[fen-lines]") {
  const std::string text = std::string(kStartFen) + "\r\n# a comment\n\n  4k4/9/9/9/9/9/9/9/4R4/3K5 b\nnot a fen\n"
                           "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w";
  FileReport rep;
  const auto games = xqtest::read_built(text, read_fen_lines, &rep);
  REQUIRE(games.size() == 2);
  CHECK(rep.games == 2);
  CHECK(*games[0].record.start_fen == kStartFen);
  CHECK(games[1].record.start_fen == std::string("4k4/9/9/9/9/9/9/9/4R4/3K5 b"));
  CHECK(games[1].where.line == 4);
  REQUIRE(rep.issues.size() == 2);
  CHECK(rep.issues[0].code == Code::BadFen);
  CHECK(rep.issues[0].where.line == 5);
  CHECK(rep.issues[1].where.line == 6);
  CHECK(write_fen_line(games[1].record) == "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1\n");
}
