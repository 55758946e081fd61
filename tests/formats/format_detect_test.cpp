// Format detection: content first (binary magics, closing DhtmlXQ fields,
// XML, JSON), the file name only when the content does not say.
#include <catch2/catch.hpp>

#include <string>

#include "xqrec/formats/reader.h"

using xq::formats::detect_format;
using xq::formats::Format;

TEST_CASE("binary magics decide whatever the file is called", "[format]") {
  CHECK(detect_format(std::string("XQ\x0a", 3) + std::string(1021, '\0'), "game.dat") == Format::Xqf);
  CHECK(detect_format(std::string("CCBridge Record\0", 16) + "xyz", "a.bin") == Format::Cbr);
  CHECK(detect_format(std::string("CCBridgeLibrary\0", 16) + "xyz", "a.bin") == Format::Cbl);
  // The older zlib-compressed library: "CCBridge" and the format number 21.
  CHECK(detect_format(std::string("CCBridge\x15\0\0\0\x01\0\0\0", 16), "library.dat") == Format::Cbl);
  CHECK(detect_format(std::string("CCBridge\x14\0\0\0", 12), "other.dat") == Format::Pgn);
}

TEST_CASE("DhtmlXQ and DHJHtmlXQ pages are found inside HTML", "[format]") {
  CHECK(detect_format("<html><body>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</body>", "p.html") ==
        Format::DhtmlXq);
  CHECK(detect_format("<html>[DHJHtmlXQ][DHJHtmlXQ_34]7747[/DHJHtmlXQ_34][/DHJHtmlXQ]</html>", "dhj.html") ==
        Format::DhtmlXq);
  // A PGN tag named after a DhtmlXQ field does not close: still PGN.
  CHECK(detect_format("[DhtmlXQ_result \"L\"]\n1. h2e2 *\n", "g.txt") == Format::Pgn);
}

TEST_CASE("XML, JSON, extensions and the PGN default", "[format]") {
  CHECK(detect_format("\xEF\xBB\xBF<?xml version=\"1.0\"?><ChineseChessRecord/>", "x") == Format::Cbf);
  CHECK(detect_format("{\"moves\":[]}", "x") == Format::Json);
  CHECK(detect_format("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w\n", "p.fen") ==
        Format::FenLines);
  CHECK(detect_format("anything", "record.mxq") == Format::Unknown);
  CHECK(detect_format("", "empty.pgn") == Format::Unknown);
  CHECK(detect_format("[Game \"Chinese Chess\"]\n1. h2e2 h9g7 *\n", "no-extension") == Format::Pgn);
}
