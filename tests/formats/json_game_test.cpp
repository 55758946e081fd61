// The JSON form of game records.
#include "text_formats_support.h"
#include "xqrec/formats/json_game.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::test;

namespace {

Collected read(std::string_view text, FileReport* report = nullptr) {
  return {xqtest::read_built(text, read_json, report)};
}

// Everything a record holds, compared exactly.
void check_same(const GameRecord& a, const GameRecord& b) {
  CHECK(a.tags == b.tags);
  CHECK(a.result == b.result);
  CHECK(a.truncated == b.truncated);
  CHECK(compare_trees(a, b) == "");
  REQUIRE(a.nodes.size() == b.nodes.size());
  // Same shape, so the same depth-first order of nodes.
  std::vector<std::pair<NodeId, NodeId>> todo{{a.root(), b.root()}};
  while (!todo.empty()) {
    auto [x, y] = todo.back();
    todo.pop_back();
    const GameNode& nx = a.node(x);
    const GameNode& ny = b.node(y);
    CHECK(nx.text == ny.text);
    CHECK(nx.notation == ny.notation);
    CHECK(nx.comment_before() == ny.comment_before());
    CHECK(nx.comment_after() == ny.comment_after());
    CHECK(nx.nags() == ny.nags());
    REQUIRE(nx.children.size() == ny.children.size());
    for (std::size_t i = 0; i < nx.children.size(); ++i) todo.push_back({nx.children[i], ny.children[i]});
  }
}

}  // namespace

TEST_CASE("json: strings are escaped, invalid UTF-8 becomes U+FFFD (I-JSON)", "[json]") {
  std::string s;
  append_json_string(s, std::string("a\"b\\c\n\x01\x7F\xE4\xB8\xAD\xFF", 12));
  CHECK(s == "\"a\\\"b\\\\c\\n\\u0001\\u007f\xE4\xB8\xAD\\ufffd\"");
  // Runs of plain bytes around escapes, a sequence cut short at the end.
  CHECK(json_string("x\xFFy\tz \xE4\xB8\xAD") == "\"x\\ufffdy\\tz \xE4\xB8\xAD\"");
  CHECK(json_string("ab\xE4\xB8") == "\"ab\\ufffd\\ufffd\"");
  CHECK(json_string("\xC0\xAF") == "\"\\ufffd\\ufffd\"");  // overlong
  CHECK(json_string("\xED\xA0\x80") == "\"\\ufffd\\ufffd\\ufffd\"");  // an encoded surrogate
  CHECK(json_string("") == "\"\"");
  // Valid text round-trips exactly, NUL included; bytes that are not UTF-8
  // (no reader makes them: they decode to UTF-8) are written as U+FFFD.
  GameRecord g;
  g.tags = {{"Bad\xC3", std::string("nul\0inside", 10)}};
  Collected c = read(write_json(g));
  REQUIRE(c.games.size() == 1);
  REQUIRE(c.games[0].record.tags.size() == 1);
  CHECK(c.games[0].record.tags[0].name == "Bad\xEF\xBF\xBD");
  CHECK(c.games[0].record.tags[0].value == g.tags[0].value);
}

TEST_CASE("json: generated games with deep variations survive write and read exactly", "[json]") {
  std::mt19937 rng(3);
  std::string all;
  std::vector<GameRecord> games;
  for (int i = 0; i < 100; ++i) {
    GameRecord g = random_game(rng, 10 + i, 1 + i % 8);
    g.tags = {{"Event", "E"}, {"Event", "twice"}, {"Red", "红"}};
    if (i % 3 == 0) g.start_fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 w";
    if (i % 4 == 0) {
      g.node(g.main_line()[0]).edit_notes().nags = {1, 14};
      g.node(g.main_line()[1]).edit_notes().comment_before = "before";
      GameNode n;
      n.text = "炮二平五";
      n.notation = MoveNotation::Chinese;
      g.add_child(g.main_line().back(), n);
    }
    g.truncated = i % 7 == 0;
    all += write_json(g);
    games.push_back(std::move(g));
  }
  FileReport rep;
  Collected c = read(all, &rep);
  CHECK(rep.issues.empty());
  REQUIRE(c.games.size() == games.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO(i);
    // A comment before a move in mid-line cannot be told through the
    // visitor; it arrives after the move before it.
    if (i % 4 == 0) {
      GameRecord& g = games[i];
      const NodeId second = g.main_line()[1];
      const NodeId first = g.main_line()[0];
      std::string& after = g.node(first).edit_notes().comment_after;
      after = join_comments({&after, &g.node(second).comment_before()});
      g.node(second).edit_notes().comment_before.clear();
    }
    check_same(games[i], c.games[i].record);
  }
  // An array of games reads the same.
  std::string array = "[";
  for (std::size_t i = 0; i < 3; ++i) array += (i ? "," : "") + write_json(games[i]);
  array += "]";
  CHECK(read(array).games.size() == 3);
}

TEST_CASE("json: strict parsing with locations, depth limited", "[json]") {
  const char* bad[] = {"{\"xqrec\":1,}", "{\"xqrec\":01}", "{\"xqrec\":1, \"tags\":[[\"a\",\"b\"]]", "[{\"xqrec\":1}",
                       "{\"a\":\"\x01\"}", "{\"a\":\"\\x\"}", "{\"a\":\"\\ud800\"}", "{\"a\":tru}", "{'a':1}"};
  for (const char* text : bad) {
    INFO(text);
    FileReport rep;
    Collected c = read(text, &rep);
    REQUIRE(!rep.issues.empty());
    CHECK((rep.issues[0].code == Code::BadJson || rep.issues[0].code == Code::BadEncoding));
    CHECK(rep.issues[0].where.line == 1);
  }
  std::string deep(100000, '[');
  FileReport rep;
  Collected c = read(deep, &rep);
  REQUIRE(!rep.issues.empty());
  CHECK(rep.issues[0].code == Code::TooDeep);
  // Schema problems are reported, and the rest is read.
  Collected s = read("{\"xqrec\":1,\"tags\":[[\"a\"]],\"moves\":[{\"iccs\":\"h2e2\"},{\"text\":5}],\"x\":1}\n", &rep);
  REQUIRE(s.games.size() == 1);
  CHECK(s.games[0].record.main_line().size() == 1);
  std::vector<Code> codes;
  for (const auto& i : s.games[0].issues) codes.push_back(i.code);
  CHECK(std::count(codes.begin(), codes.end(), Code::BadSchema) == 1);
  CHECK(std::count(codes.begin(), codes.end(), Code::BadMove) == 1);
  CHECK(std::count(codes.begin(), codes.end(), Code::UnknownMember) == 1);
}

TEST_CASE("json: truncated and corrupted input never crashes", "[json]") {
  std::mt19937 rng(17);
  const std::string text = write_json(random_game(rng, 30, 3));
  for (std::size_t n = 1; n + 1 < text.size(); n += 5) {
    FileReport rep;
    Collected c = read(text.substr(0, n), &rep);
    CHECK(!rep.issues.empty());
  }
  for (int i = 0; i < 300; ++i) {
    std::string bad = text;
    for (int k = 0; k < 4; ++k) bad[rng() % bad.size()] = char(rng() % 256);
    Collected c = read(bad);
    (void)c;
  }
}

TEST_CASE("json: raw bytes read back beside private-use characters and escaped backslashes", "[json]") {
  // "\udcXX" is a byte (not standard JSON, our own extension); the library
  // is given another character for it, one the text does not hold.
  const std::string text =
      "{\"xqrec\":1,\"tags\":[[\"E\\udcff\\udc80v\",\"x\\uDCC3\"],[\"\xEE\x80\x80\\ue07f\",\"\\\\udc80 \\ud800\\udc80\"]]}";
  FileReport rep;
  Collected c = read(text, &rep);
  CHECK(rep.issues.empty());
  REQUIRE(c.games.size() == 1);
  const auto& tags = c.games[0].record.tags;
  REQUIRE(tags.size() == 2);
  CHECK(tags[0].name == "E\xFF\x80v");
  CHECK(tags[0].value == "x\xC3");
  CHECK(tags[1].name == "\xEE\x80\x80\xEE\x81\xBF");
  CHECK(tags[1].value == "\\udc80 \xF0\x90\x82\x80");
  // A low surrogate that is not a byte (\udc41) or a high one alone stays an error.
  for (const char* bad : {"{\"a\":\"\\udc41\"}", "{\"a\":\"\\udd80\"}", "{\"a\":\"\\ud800x\"}"}) {
    read(bad, &rep);
    REQUIRE(!rep.issues.empty());
    CHECK(rep.issues[0].code == Code::BadJson);
  }
}

TEST_CASE("json: top-level values one after another, error offsets, default move locations", "[json]") {
  FileReport rep;
  // A number right before a game: the byte the parser read past it is not lost.
  Collected c = read("1{\"xqrec\":1} [1]\n{\"xqrec\":1,\"moves\":[{\"text\":\"h2e2\"}]}", &rep);
  CHECK(c.games.size() == 2);
  REQUIRE(rep.issues.size() == 2);
  CHECK(rep.issues[0].code == Code::BadSchema);
  CHECK(rep.issues[0].where.offset == 0);
  CHECK(rep.issues[1].where.offset == 13);
  // A move without "where" is located at its object.
  REQUIRE(c.games[1].record.main_line().size() == 1);
  const SourceLocation w = c.games[1].record.where(c.games[1].record.main_line()[0]);
  CHECK(w.line == 2);
  CHECK(w.column == 21);
  // Syntax errors at the token that does not fit; bytes not UTF-8 at the
  // start of their run of text.
  read("{\"a\":1 \"b\":2}", &rep);
  REQUIRE(rep.issues.size() == 1);
  CHECK(rep.issues[0].code == Code::BadJson);
  CHECK(rep.issues[0].where.offset == 7);
  read("{\"a\":\"x\\ny\xE4\xB8z\"}", &rep);
  REQUIRE(rep.issues.size() == 1);
  CHECK(rep.issues[0].code == Code::BadEncoding);
  CHECK(rep.issues[0].where.offset == 9);
  read("[{\"xqrec\":1}] x", &rep);
  REQUIRE(rep.issues.size() == 1);
  CHECK(rep.issues[0].message == "text after the end of the array");
  CHECK(rep.issues[0].where.offset == 14);
  read("\xEF\xBB\xBF\xEF\xBB\xBF{}", &rep);  // a second byte-order mark
  REQUIRE(rep.issues.size() == 1);
  CHECK(rep.issues[0].code == Code::BadJson);
  CHECK(rep.issues[0].where.offset == 3);
}

TEST_CASE("json: a game past its bound is cut with too-large, the next one read", "[json]") {
  // 2^21 values are the most kept of one game: a member of 2.2 M numbers
  // goes past them; the members before it are walked, the game after is read.
  std::string text = "{\"xqrec\":1,\"moves\":[{\"iccs\":\"h2e2\"},{\"iccs\":\"h7e7\"}],\"x\":[";
  for (int i = 0; i < 2200000; ++i) text += "0,";
  text += "0],\"result\":\"1-0\"}\n{\"xqrec\":1,\"moves\":[{\"iccs\":\"b0c2\"}]}\n";
  FileReport rep;
  Collected c = read(text, &rep);
  CHECK(rep.issues.empty());
  REQUIRE(c.games.size() == 2);
  const BuiltGame& cut = c.games[0];
  CHECK(cut.record.main_line().size() == 2);
  CHECK(cut.record.result.empty());  // after the cut: not read
  CHECK(cut.record.truncated);
  REQUIRE(!cut.issues.empty());
  CHECK(cut.issues[0].code == Code::TooLarge);
  CHECK(cut.issues[0].message.find("the game at offset 0 holds more than 2097152 values") != std::string::npos);
  CHECK(cut.issues[0].where.offset > 4000000);
  CHECK(c.games[1].record.main_line().size() == 1);
  CHECK(c.games[1].issues.empty());
  CHECK(c.games[1].where.offset == text.find("{\"xqrec\":1,\"moves\":[{\"iccs\":\"b0c2\"}]}"));

  // Cut inside "moves": the moves complete are kept, the one cut is not;
  // in an array of games the next element is read.
  std::string moves = "[{\"xqrec\":1,\"moves\":[{\"iccs\":\"h2e2\"},{\"iccs\":\"h7e7\",\"x\":[";
  for (int i = 0; i < 2200000; ++i) moves += "0,";
  moves += "0]}]},{\"xqrec\":1}]";
  c = read(moves, &rep);
  CHECK(rep.issues.empty());
  REQUIRE(c.games.size() == 2);
  CHECK(c.games[0].record.main_line().size() == 1);
  REQUIRE(!c.games[0].issues.empty());
  CHECK(c.games[0].issues[0].code == Code::TooLarge);

  // More than 16 MiB of text, in few values: the same cut.
  std::string wide = "{\"xqrec\":1,\"tags\":[";
  for (int i = 0; i < 6; ++i) wide += "[\"a\",\"" + std::string(3 << 20, 'v') + "\"],";
  wide += "[\"b\",\"c\"]]}\n{\"xqrec\":1}";
  c = read(wide, &rep);
  CHECK(rep.issues.empty());
  REQUIRE(c.games.size() == 2);
  REQUIRE(!c.games[0].issues.empty());
  CHECK(c.games[0].issues[0].message.find("holds more than 16777216 bytes (16 MiB) of JSON") != std::string::npos);
  CHECK(c.games[0].record.tags.empty());  // "tags" was open at the cut: not kept

  // A string longer than the parser may hold: the game cut, reading stops.
  std::string lng = "{\"xqrec\":1,\"comment\":\"" + std::string(5 << 20, 'c') + "\"}\n{\"xqrec\":1}";
  c = read(lng, &rep);
  REQUIRE(c.games.size() == 1);
  REQUIRE(rep.issues.size() == 1);
  CHECK(rep.issues[0].code == Code::TooLarge);
  CHECK(rep.issues[0].where.offset == 21);
}

TEST_CASE("json: the pages of the games read are given back, lone escapes need no copy", "[json]") {
  std::string text;
  for (int i = 0; i < 3; ++i) text += "{\"xqrec\":1,\"tags\":[[\"E\",\"\\udcff\xEE\x80\x80\\ue000\\udc80\"]]}\n";
  std::vector<std::size_t> done;
  ReadOptions options;
  options.done_before = [&](std::size_t at) { done.push_back(at); };
  FileReport rep;
  std::vector<BuiltGame> games = xqtest::read_built(text, read_json, &rep, options);
  CHECK(rep.issues.empty());
  REQUIRE(games.size() == 3);
  for (const BuiltGame& g : games) {
    REQUIRE(g.record.tags.size() == 1);
    CHECK(g.record.tags[0].value == "\xFF\xEE\x80\x80\xEE\x80\x80\x80");
  }
  // After each game, its end.
  const std::size_t line = text.size() / 3;
  for (std::size_t k = 1; k <= 3; ++k)
    CHECK(std::find(done.begin(), done.end(), k * line - 1) != done.end());
}
