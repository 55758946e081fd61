// DhtmlXQ reader and writer.
#include <chrono>
#include <map>
#include <regex>

#include "text_formats_support.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/encoding.h"

using namespace xq;
using namespace xq::formats;
using namespace xq::formats::test;

namespace {

Collected read(std::string_view text, FileReport* report = nullptr, const ReadOptions& o = {}) {
  return {xqtest::read_built(text, read_dhtmlxq, report, o)};
}

std::size_t error_count(const BuiltGame& g) {
  std::size_t n = 0;
  for (const auto& i : g.issues) n += i.severity == Severity::Error;
  return n;
}

}  // namespace

TEST_CASE("dhtmlxq: main line, tags, result and move locations", "[dhtmlxq]") {
  const std::string text =
      "[DhtmlXQ]\n[DhtmlXQ_title]Test game[/DhtmlXQ_title]\n[DhtmlXQ_place]Beijing[/DhtmlXQ_place]\n"
      "[DhtmlXQ_result]W[/DhtmlXQ_result]\n[DhtmlXQ_event][/DhtmlXQ_event]\n"
      "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n";
  FileReport rep;
  Collected c = read(text, &rep);
  REQUIRE(rep.games == 1);
  REQUIRE(c.games.size() == 1);
  const GameRecord& r = c.games[0].record;
  REQUIRE(r.tag("Title"));
  CHECK(*r.tag("Title") == "Test game");
  CHECK(*r.tag("Site") == "Beijing");
  CHECK(r.tag("Event") == nullptr);  // empty fields give no tag
  CHECK(r.result == "1-0");
  CHECK(*r.tag("DhtmlXQ_result") == "W");  // not the canonical text: kept
  const auto line = r.main_line();
  REQUIRE(line.size() == 2);
  CHECK(r.node(line[0]).text == "h2e2");
  CHECK(r.node(line[0]).notation == MoveNotation::Coordinates);
  CHECK(r.node(line[1]).move == *parse_iccs("h9g7"));
  // "7747" starts on line 6 after "[DhtmlXQ_movelist]" (18 characters).
  const SourceLocation w = r.where(line[1]);
  CHECK(w.line == 6);
  CHECK(w.column == 23);
  CHECK(text.substr(w.offset, 4) == "7062");
  CHECK(!r.start_setup);
  CHECK(!r.start_fen);
}

TEST_CASE("dhtmlxq: variations, forward parents, comments and escapes", "[dhtmlxq]") {
  // Branch 2 hangs from branch 3, which is defined after it.
  const std::string text =
      "[DhtmlXQ][DhtmlXQ_movelist]7747706279677967[/DhtmlXQ_movelist]"
      "[DhtmlXQ_move_3_4_2]1022[/DhtmlXQ_move_3_4_2]"
      "[DhtmlXQ_move_0_3_3]19271022[/DhtmlXQ_move_0_3_3]"
      "[DhtmlXQ_move_0_1_1]1927[/DhtmlXQ_move_0_1_1]"
      "[DhtmlXQ_comment0]game||comment[/DhtmlXQ_comment0]"
      "[DhtmlXQ_comment2]after h9g7 \\u4E2D[/DhtmlXQ_comment2]"
      "[DhtmlXQ_comment3_4]in branch three[/DhtmlXQ_comment3_4]"
      "[DhtmlXQ_comment2_4]in branch two[/DhtmlXQ_comment2_4]"
      "[/DhtmlXQ]";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const GameRecord& r = c.games[0].record;
  CHECK(error_count(c.games[0]) == 0);
  CHECK(r.node(r.root()).comment_after() == "game\ncomment");
  const auto line = r.main_line();
  REQUIRE(line.size() == 4);
  CHECK(r.node(line[1]).comment_after() == "after h9g7 \xE4\xB8\xAD");
  // Branch 1: an alternative first move.
  REQUIRE(r.node(r.root()).children.size() == 2);
  CHECK(r.node(r.node(r.root()).children[1]).text == "b0c2");
  // Branch 3 replaces ply 3 (h0g2) with b0c2 b9c7.
  const GameNode& ply2 = r.node(line[1]);
  REQUIRE(ply2.children.size() == 2);
  const GameNode& b3 = r.node(ply2.children[1]);
  CHECK(b3.text == "b0c2");
  REQUIRE(b3.children.size() == 2);  // branch 3's ply 4 has branch 2 as alternative
  const GameNode& b3p4 = r.node(b3.children[0]);
  CHECK(b3p4.text == "b9c7");
  CHECK(b3p4.comment_after() == "in branch three");
  const GameNode& b2 = r.node(b3.children[1]);
  CHECK(b2.text == "b9c7");
  CHECK(b2.comment_after() == "in branch two");
}

TEST_CASE("dhtmlxq: comments on a chain of 3,000 branches, each hanging from the one before", "[dhtmlxq]") {
  // Branch b (b >= 2) starts at ply b and replaces the second move of
  // branch b - 1. A comment names a branch and a ply; the node is in the
  // first branch up the chain that reaches that ply (found by jump pointers
  // since fuzzing showed a climb per comment to be quadratic).
  constexpr int kBranches = 3000;
  std::string text = "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]";
  for (int b = 1; b <= kBranches; ++b) {
    const std::string key = std::to_string(b - 1) + "_" + std::to_string(b) + "_" + std::to_string(b);
    text += "[DhtmlXQ_move_" + key + "]77477062[/DhtmlXQ_move_" + key + "]";
    const std::string ck = std::to_string(b) + "_" + std::to_string(b + 1);
    text += "[DhtmlXQ_comment" + ck + "]b" + std::to_string(b) + "[/DhtmlXQ_comment" + ck + "]";
  }
  for (int ply : {1, 2, 1500, kBranches}) {
    const std::string ck = std::to_string(kBranches) + "_" + std::to_string(ply);
    text += "[DhtmlXQ_comment" + ck + "]deep" + std::to_string(ply) + "[/DhtmlXQ_comment" + ck + "]";
  }
  text += "[/DhtmlXQ]";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const GameRecord& r = c.games[0].record;
  CHECK(error_count(c.games[0]) == 0);
  // Where a node stands: its ply, and how many times its path from the root
  // leaves a main line (the branch depth).
  const auto place = [&](NodeId id) {
    int ply = 0, hops = 0;
    for (NodeId n = id; r.node(n).parent != kNoNode; n = r.node(n).parent) {
      ++ply;
      hops += r.node(r.node(n).parent).children[0] != n;
    }
    return std::pair{ply, hops};
  };
  std::map<std::string, std::pair<int, int>> at;
  for (NodeId id = 0; id < NodeId(r.nodes.size()); ++id)
    if (!r.node(id).comment_after().empty()) at[r.node(id).comment_after()] = place(id);
  REQUIRE(at.size() == std::size_t(kBranches) + 4);
  std::size_t misplaced = 0;
  for (int b = 1; b <= kBranches; ++b) {
    const std::string name = std::string("b").append(std::to_string(b));  // (GCC 12 warns on "b" + to_string)
    misplaced += at[name] != std::pair{b + 1, b};
  }
  CHECK(misplaced == 0);
  for (int ply : {1, 2, 1500, kBranches}) CHECK(at["deep" + std::to_string(ply)] == std::pair{ply, ply});
}

TEST_CASE("dhtmlxq: bad data is reported with its location and read around", "[dhtmlxq]") {
  const std::string text =
      "[DhtmlXQ][DhtmlXQ_movelist]7747706x7967[/DhtmlXQ_movelist]"
      "[DhtmlXQ_move_9_3_1]1927[/DhtmlXQ_move_9_3_1]"
      "[DhtmlXQ_move_0_30_2]1927[/DhtmlXQ_move_0_30_2]"
      "[DhtmlXQ_blacktime]5[/DhtmlXQ_time]"
      "[DhtmlXQ_comment7]nowhere[/DhtmlXQ_comment7]"
      "[/DhtmlXQ]";
  Collected c = read(text);
  REQUIRE(c.games.size() == 1);
  const BuiltGame& g = c.games[0];
  CHECK(g.record.main_line().size() == 1);
  CHECK(xqtest::has_issue(g, Code::BadMove));
  CHECK(xqtest::has_issue(g, Code::OrphanVariation));
  CHECK(xqtest::has_issue(g, Code::BadVariation));
  CHECK(xqtest::has_issue(g, Code::MismatchedClose));
  CHECK(xqtest::has_issue(g, Code::BadComment));
  CHECK(*g.record.tag("BlackTime") == "5");
  for (const auto& i : g.issues)
    if (i.code == Code::BadMove) CHECK(text[i.where.offset] == 'x');
}

TEST_CASE("dhtmlxq: HTML pages, several records, GBK text and truncation", "[dhtmlxq]") {
  // 中炮 and 红胜 in GBK.
  const std::string gbk_title = "\xD6\xD0\xC5\xDA";
  const std::string page = "<html><body><div>[DhtmlXQ][DhtmlXQ_title]" + gbk_title +
                           "[/DhtmlXQ_title][DhtmlXQ_result]\xBA\xEC\xCA\xA4[/DhtmlXQ_result]"
                           "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</div><p>[b]x[/b]</p>"
                           "<div>[DhtmlXQ][DhtmlXQ_movelist]1927[/DhtmlXQ_movelist][/DhtmlXQ]</div>"
                           "<div>[DhtmlXQ][DhtmlXQ_movelist]77477062";
  FileReport rep;
  Collected c = read(page, &rep);
  CHECK(rep.encoding == "GB18030");
  REQUIRE(c.games.size() == 3);
  CHECK(*c.games[0].record.tag("Title") == "\xE4\xB8\xAD\xE7\x82\xAE");
  CHECK(c.games[0].record.result == "1-0");
  CHECK(c.games[0].record.tag("DhtmlXQ_result") == nullptr);
  CHECK(c.games[1].record.main_line().size() == 1);
  CHECK(c.games[2].record.truncated);
  CHECK(xqtest::has_issue(c.games[2], Code::Truncated));
  CHECK(c.games[2].record.main_line().size() == 2);

  Collected none = read("<html>nothing here</html>", &rep);
  CHECK(none.games.empty());
  REQUIRE(!rep.issues.empty());
  CHECK(rep.issues[0].code == Code::NoRecord);
}

TEST_CASE("dhtmlxq: binit, flipped rows and the side to move", "[dhtmlxq]") {
  // Kings and one rook each; Black's rook moves first.
  auto binit = [](std::string red_rook, std::string red_king, std::string black_rook, std::string black_king) {
    const std::string rest(22, '9');
    std::string s = red_rook + "999999" + red_king + rest;
    s += black_rook + "999999" + black_king + rest;
    return s;
  };
  // Red rook a0 (file 0, row 9), Red king d0 (3,9); Black rook a9 (0,0), king f9 (5,0).
  const std::string normal = binit("09", "39", "00", "50");
  Collected c = read("[DhtmlXQ][DhtmlXQ_binit]" + normal + "[/DhtmlXQ_binit][DhtmlXQ_movelist]0001[/DhtmlXQ_movelist][/DhtmlXQ]");
  REQUIRE(c.games.size() == 1);
  const GameRecord& r = c.games[0].record;
  REQUIRE(r.start_setup);
  CHECK(r.start_setup->side_to_move == Color::Black);
  CHECK(r.start_setup->at(Square(0, 9)) == Piece(Color::Black, PieceType::Rook));
  CHECK(r.start_setup->at(Square(3, 0)) == Piece(Color::Red, PieceType::King));
  CHECK(replay_main_line(r).error == MoveError::None);

  // The same with rows counted from Red's side.
  const std::string flipped = binit("00", "30", "09", "59");
  Collected f = read("[DhtmlXQ][DhtmlXQ_binit]" + flipped + "[/DhtmlXQ_binit][DhtmlXQ_movelist]0908[/DhtmlXQ_movelist][/DhtmlXQ]");
  REQUIRE(f.games.size() == 1);
  CHECK(xqtest::has_issue(f.games[0], Code::RowsFlipped));
  REQUIRE(f.games[0].record.start_setup);
  CHECK(*f.games[0].record.start_setup == *r.start_setup);
  CHECK(f.games[0].record.node(f.games[0].record.main_line()[0]).move == r.node(r.main_line()[0]).move);
}

TEST_CASE("dhtmlxq: the corpus reads like the manifest says", "[dhtmlxq][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto files = corpus_files("dhtmlxq");
  REQUIRE(!files.empty());
  const auto manifest = read_manifest();
  const std::regex bad_re(R"(illegal move (\d{4}) \((\w{4})\) at ply (\d+))");
  const std::regex var_re(R"((\d+) variation branches)");
  std::size_t games = 0, plies = 0, mismatches = 0, known_bad = 0;
  double seconds = 0;
  std::size_t bytes_total = 0;
  for (const auto& path : files) {
    const std::string rel = std::filesystem::relative(path, shared_corpus()).generic_string();
    INFO(rel);
    const std::string bytes = read_file(path);
    bytes_total += bytes.size();
    FileReport rep;
    const auto t0 = std::chrono::steady_clock::now();
    const Collected c = read(bytes, &rep);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto it = manifest.find(rel);
    REQUIRE(it != manifest.end());
    const ManifestRow& row = it->second;
    CHECK(rep.games == std::size_t(row.games));
    REQUIRE(c.games.size() == std::size_t(row.games));
    games += c.games.size();
    const GameRecord& r = c.games[0].record;
    const Replay rp = replay_main_line(r);
    plies += std::size_t(rp.legal);
    if (rp.legal != row.plies) ++mismatches;
    CHECK(rp.legal == row.plies);
    std::smatch m;
    if (std::regex_search(row.errors, m, bad_re)) {
      ++known_bad;
      CHECK(rp.error != MoveError::None);
      CHECK(to_iccs(rp.bad) == m[2].str());
      CHECK(rp.legal + 1 == std::stoi(m[3].str()));
    } else {
      CHECK(rp.error == MoveError::None);
      CHECK(error_count(c.games[0]) == 0);
      CHECK(std::size_t(rp.legal) == r.main_line().size());
    }
    if (std::regex_search(row.notes, m, var_re)) CHECK(count_variations(r) == std::stoul(m[1].str()));
  }
  CHECK(games == files.size());
  CHECK(known_bad == 3);
  CHECK(mismatches == 0);
  WARN("dhtmlxq corpus: " << files.size() << " files, " << games << " games, " << plies << " plies, "
                          << bytes_total / 1024 << " KiB read in " << seconds << " s ("
                          << (seconds > 0 ? double(games) / seconds : 0.0) << " games/s)");
}

TEST_CASE("dhtmlxq: corpus games survive write and read", "[dhtmlxq][corpus]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto files = corpus_files("dhtmlxq");
  REQUIRE(!files.empty());
  std::size_t checked = 0;
  for (const auto& path : files) {
    INFO(path.generic_string());
    Collected c = read(read_file(path));
    for (const BuiltGame& g : c.games) {
      const DhtmlXqWriteResult w = write_dhtmlxq(g.record);
      for (const auto& l : w.losses) CHECK(l.code != Code::TagDropped);
      Collected back = read(w.bytes);
      REQUIRE(back.games.size() == 1);
      CHECK(compare_trees(g.record, back.games[0].record) == "");
      CHECK(back.games[0].record.tags == g.record.tags);
      CHECK(back.games[0].record.result == g.record.result);
      CHECK(error_count(back.games[0]) == 0);
      ++checked;
    }
  }
  CHECK(checked == files.size());
}

TEST_CASE("dhtmlxq: generated games with deep variations survive write and read", "[dhtmlxq]") {
  std::mt19937 rng(20240611);
  for (int i = 0; i < 200; ++i) {
    GameRecord g = random_game(rng, 10 + i % 60, 1 + i % 7);
    if (i % 5 == 0) {
      // A set-up start with Black to move.
      MoveList l;
      Position p;
      p.generate_legal(l);
      Undo u;
      p.make(l[0], u);
      g = random_game(rng, 0, 0);
      Setup s = p.setup();
      g.start_setup = s;
      Position q(s);
      MoveList ql;
      q.generate_legal(ql);
      GameNode n;
      n.move = ql[0];
      n.text = to_iccs(ql[0]);
      g.add_child(g.root(), n);
    }
    g.tags = {{"Event", "Test [cup] | 2024"}, {"Red", "红方"}, {"Black", "黑方"}, {"DhtmlXQ_ver", "www_dpxq_com"}};
    if (i % 2) g.tags.push_back({"Result", g.result});
    else g.result.clear();
    const DhtmlXqWriteResult w = write_dhtmlxq(g);
    CHECK(w.losses.empty());
    Collected back = read(w.bytes);
    REQUIRE(back.games.size() == 1);
    INFO(w.bytes);
    CHECK(compare_trees(g, back.games[0].record) == "");
    CHECK(back.games[0].record.tags == g.tags);
    CHECK(error_count(back.games[0]) == 0);
  }
}

TEST_CASE("dhtmlxq: the writer names what it cannot write", "[dhtmlxq]") {
  GameRecord g;
  g.tags = {{"Event", "E"}, {"WhiteElo", "2000"}, {"Game", "Chinese Chess"}};
  GameNode n;
  n.move = *parse_iccs("h2e2");
  n.text = "h2e2";
  n.edit_notes().nags = {1};
  g.add_child(g.root(), n);
  GameNode u;
  u.text = "炮8平5";
  u.notation = MoveNotation::Chinese;
  g.add_child(1, u);
  const DhtmlXqWriteResult w = write_dhtmlxq(g);
  std::vector<Code> codes;
  for (const auto& l : w.losses) codes.push_back(l.code);
  CHECK(std::count(codes.begin(), codes.end(), Code::TagDropped) == 1);
  CHECK(std::count(codes.begin(), codes.end(), Code::NagDropped) == 1);
  CHECK(std::count(codes.begin(), codes.end(), Code::UnresolvedMove) == 1);
  CHECK(w.bytes.find("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]") != std::string::npos);
  CHECK(w.bytes.find("[DhtmlXQ_event]E[/DhtmlXQ_event]") != std::string::npos);
}

TEST_CASE("dhtmlxq: truncated and corrupted input never crashes", "[dhtmlxq]") {
  std::mt19937 rng(7);
  GameRecord g = random_game(rng, 40, 4);
  g.tags = {{"Title", "标题"}};
  const std::string text = write_dhtmlxq(g).bytes;
  std::size_t truncated_reported = 0, cuts = 0;
  for (std::size_t n = 0; n + 1 < text.size(); n += 3) {
    FileReport rep;
    Collected c = read(text.substr(0, n), &rep);
    ++cuts;
    if (c.games.empty() ? !rep.issues.empty() : c.games[0].record.truncated || !c.games[0].issues.empty())
      ++truncated_reported;
  }
  CHECK(truncated_reported == cuts);
  for (int i = 0; i < 300; ++i) {
    std::string bad = text;
    for (int k = 0; k < 4; ++k) bad[rng() % bad.size()] = char(rng() % 256);
    Collected c = read(bad);
    (void)c;
  }
}

TEST_CASE("dhtmlxq: written in GBK on request, read back the same", "[dhtmlxq][encoding]") {
  std::mt19937 rng(99);
  GameRecord g = random_game(rng, 30, 3);
  g.tags = {{"Event", "全国象棋个人赛"}, {"Red", "红方"}, {"Black", "黑方"}, {"Result", "1-0"}};
  g.result = "1-0";
  DhtmlXqWriteOptions o;
  o.encoding = OutputEncoding::Gbk;
  const DhtmlXqWriteResult w = write_dhtmlxq(g, o);
  CHECK(w.ok);
  CHECK(w.losses.empty());
  CHECK_FALSE(valid_utf8(w.bytes));
  // 红胜 in GBK: BA EC CA A4.
  CHECK(w.bytes.find("[DhtmlXQ_result]\xBA\xEC\xCA\xA4[/DhtmlXQ_result]") != std::string::npos);
  FileReport rep;
  Collected back = read(w.bytes, &rep);
  CHECK(rep.encoding == "GB18030");
  REQUIRE(back.games.size() == 1);
  CHECK(compare_trees(g, back.games[0].record) == "");
  CHECK(back.games[0].record.tags == g.tags);
  CHECK(error_count(back.games[0]) == 0);
}

TEST_CASE("dhtmlxq: GBK output names the characters GBK cannot hold", "[dhtmlxq][encoding]") {
  GameRecord g;
  g.tags = {{"Event", "Cup \xF0\x9F\x98\x80 2024"}};  // an emoji: not in GBK
  DhtmlXqWriteOptions o;
  o.encoding = OutputEncoding::Gbk;
  const DhtmlXqWriteResult w = write_dhtmlxq(g, o);
  REQUIRE(w.losses.size() == 1);
  CHECK(w.losses[0].code == Code::UnencodableCharacters);
}

TEST_CASE("dhtmlxq: the DHJHtmlXQ dialect with numbered fields", "[dhtmlxq][dhj]") {
  const std::string text =
      "<p>[DHJHtmlXQ]\n[DHJHtmlXQ_10]测试对局[/DHJHtmlXQ_10]\n[DHJHtmlXQ_17]红方[/DHJHtmlXQ_17]\n"
      "[DHJHtmlXQ_21]黑方[/DHJHtmlXQ_21]\n[DHJHtmlXQ_28]红胜[/DHJHtmlXQ_28]\n"
      "[DHJHtmlXQ_31]rheakaehr0000000000c00000c0p0p0p0p0p000000000000000000P0P0P0P0P0C00000C0000000000RHEAKAEHR"
      "[/DHJHtmlXQ_31]\n[DHJHtmlXQ_32]0[/DHJHtmlXQ_32]\n[DHJHtmlXQ_33]1[/DHJHtmlXQ_33]\n"
      "[DHJHtmlXQ_34]23246665102279672234[/DHJHtmlXQ_34]\n"
      "[game_comment_0_0]开局[/comment_0_0]\n[game_comment_0_2]好棋[/comment_0_2]\n[/DHJHtmlXQ]</p>\n";
  FileReport rep;
  Collected c = read(text, &rep);
  REQUIRE(c.games.size() == 1);
  const BuiltGame& g = c.games[0];
  CHECK(g.issues.empty());
  const GameRecord& r = g.record;
  CHECK(*r.tag("Title") == "测试对局");
  CHECK(*r.tag("Red") == "红方");
  CHECK(*r.tag("Black") == "黑方");
  CHECK(*r.tag("Result") == "1-0");
  CHECK(*r.tag("DHJHtmlXQ_33") == "1");
  REQUIRE(r.start_setup);
  CHECK(to_fen(*r.start_setup) == std::string(kStartFen));
  const auto line = r.main_line();
  REQUIRE(line.size() == 5);
  // Rows counted from Red's side: 2324 is c3c4.
  const char* const want[] = {"c3c4", "g6g5", "b0c2", "h9g7", "c2d4"};
  for (std::size_t i = 0; i < line.size(); ++i) CHECK(r.node(line[i]).text == want[i]);
  CHECK(r.nodes[0].comment_after() == "开局");
  CHECK(r.node(line[1]).comment_after() == "好棋");
}

TEST_CASE("dhtmlxq: DHJHtmlXQ board with Black to move, and a bad point", "[dhtmlxq][dhj]") {
  // Black king e9, Red king d0 and rook a1; Black to move, no moves.
  std::string board(90, '0');
  board[4] = 'k';
  board[81 + 3] = 'K';
  board[72] = 'R';
  Collected c = read("[DHJHtmlXQ][DHJHtmlXQ_31]" + board + "[/DHJHtmlXQ_31][DHJHtmlXQ_32]1[/DHJHtmlXQ_32][/DHJHtmlXQ]");
  REQUIRE(c.games.size() == 1);
  REQUIRE(c.games[0].record.start_setup);
  CHECK(to_fen(*c.games[0].record.start_setup).rfind("4k4/9/9/9/9/9/9/9/R8/3K5 b", 0) == 0);
  CHECK(error_count(c.games[0]) == 0);

  board[10] = 'x';
  Collected bad = read("[DHJHtmlXQ][DHJHtmlXQ_31]" + board.substr(0, 80) + "[/DHJHtmlXQ_31][/DHJHtmlXQ]");
  REQUIRE(bad.games.size() == 1);
  CHECK(xqtest::has_issue(bad.games[0], Code::BadFen));
  CHECK(error_count(bad.games[0]) == 2);  // the bad point, and 80 points instead of 90
}
