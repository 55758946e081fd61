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

TEST_CASE("files met in a directory walk are read only when they hold game records", "[format]") {
  using xq::formats::holds_game_record;
  // Signatures and record extensions.
  CHECK(holds_game_record(std::string("XQ\x0a", 3) + std::string(1021, '\0'), "game.dat"));
  CHECK(holds_game_record("garbage", "damaged.xqf"));
  CHECK(holds_game_record("<html>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</html>", "p.html"));
  CHECK(holds_game_record("anything at all", "damaged.PGN"));
  // PGN text by its first lines, in any ASCII-compatible encoding.
  CHECK(holds_game_record("Notes\n[Event \"x\"]\n1. h2e2 *\n", "games.txt"));
  CHECK(holds_game_record("1. h2e2 h9g7 2. h0g2 *\n", "moves.txt"));
  CHECK(holds_game_record("  12... C2.5\n", "wxf.txt"));
  CHECK(holds_game_record("1.\xC5\xDA\xB6\xFE\xC6\xBD\xCE\xE5\n", "gbk.txt"));  // 1.炮二平五 in GBK
  CHECK(holds_game_record("\xFF\xFE[\0E\0", "utf16.txt"));
  // JSON: our game format names its version; an audit report does not.
  CHECK(holds_game_record("{\"xqrec\": 1, \"moves\": []}\n", "g.json"));
  CHECK_FALSE(holds_game_record("{\"file\":\"a.pgn\",\"game\":1,\"tags\":{\"Event\":\"xqrec\"},\"findings\":[]}\n",
                                "a.pgn.expected.jsonl"));
  // Read-me files and manifests.
  CHECK_FALSE(holds_game_record("# Corpus\n\n1. Install the tools\n| file | format |\n", "MANIFEST.md"));
  CHECK_FALSE(holds_game_record("file\tformat\tsource\n[x]\tpgn\t1.5\n", "MANIFEST.tsv"));
  CHECK_FALSE(holds_game_record("", "empty.txt"));
  // A record format xqrec does not read is read, to say so (unsupported-format).
  CHECK(holds_game_record("anything", "record.mxq"));
}
