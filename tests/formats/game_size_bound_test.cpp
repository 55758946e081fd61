// The largest game a reader builds (kMaxGameMoves, kMaxGameCommentBytes):
// past the bounds the rest is not kept, with one finding, and the next
// game of the file is read whole.
#include <catch2/catch.hpp>

#include <string>

#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/pgn_reader.h"

using namespace xq;
using namespace xq::formats;

namespace {

std::size_t count(const std::vector<Issue>& issues, Code code) {
  std::size_t n = 0;
  for (const auto& i : issues) n += i.code == code;
  return n;
}

// The games of a text (PGN unless said), each moved out of the builder.
using Reader = FileReport (*)(std::string_view, GameVisitor&, const ReadOptions&);
std::vector<BuiltGame> games_of(const std::string& text, Reader read = read_pgn) {
  std::vector<BuiltGame> games;
  GameBuilder builder([&](BuiltGame& g) {
    games.push_back(std::move(g));
    return Control::Continue;
  });
  (void)read(text, builder, ReadOptions{});
  return games;
}

}  // namespace

TEST_CASE("game size: moves past 2^20 are not kept, with one too-large error", "[builder]") {
  // Two knights going back and forth: one game of 2^20 + 1000 moves, then a
  // short game that must be read whole.
  const std::size_t moves = kMaxGameMoves + 1000;
  std::string text = "[Event \"long\"]\n\n";
  text.reserve(moves * 6 + 200);
  const char* cycle[] = {"h0g2", "h9g7", "g2h0", "g7h9"};
  for (std::size_t i = 0; i < moves; ++i) {
    text += cycle[i % 4];
    text += i % 10 == 9 ? '\n' : ' ';
  }
  text += "{after the cut} $1 (h2e2) *\n\n[Event \"short\"]\n\n1. h2e2 h9g7 *\n";
  const std::vector<BuiltGame> games = games_of(text);
  REQUIRE(games.size() == 2);
  const BuiltGame& big = games[0];
  CHECK(big.record.nodes.size() == kMaxGameMoves + 1);  // the root and the moves kept
  REQUIRE(count(big.issues, Code::TooLarge) == 1);
  for (const auto& i : big.issues)
    if (i.code == Code::TooLarge) {
      CHECK(i.severity == Severity::Error);
      CHECK(i.text == cycle[kMaxGameMoves % 4]);
      CHECK(i.message.find("the 1001 after them") != std::string::npos);  // 1000 moves and the variation's
      CHECK(i.where.offset > 0);
    }
  // Nothing after the cut is kept: not the comment, the NAG or the variation.
  const GameNode& last = big.record.nodes.back();
  CHECK(last.comment_after().empty());
  CHECK(last.nags().empty());
  const BuiltGame& small = games[1];
  CHECK(small.record.nodes.size() == 3);
  CHECK(count(small.issues, Code::TooLarge) == 0);
}

TEST_CASE("game size: comments past 8 MiB in a game are not kept, with one warning", "[builder]") {
  const std::string comment(1000 * 1000, 'x');  // under PGN's 1 MiB per comment
  std::string text = "1. h2e2 ";
  const std::size_t comments = kMaxGameCommentBytes / comment.size() + 3;  // 11 comments
  for (std::size_t i = 0; i < comments; ++i) text += "{" + comment + "} h9g7 h0g2 ";
  text += "*\n\n1. h2e2 {short} *\n";
  const std::vector<BuiltGame> games = games_of(text);
  REQUIRE(games.size() == 2);
  std::size_t kept = 0;
  for (const auto& n : games[0].record.nodes) kept += n.comment_after().size();
  CHECK(kept == (kMaxGameCommentBytes / comment.size()) * comment.size());
  CHECK(games[0].record.nodes.size() == 2 + 2 * comments);  // the moves are all kept
  REQUIRE(count(games[0].issues, Code::CommentTooLong) == 1);
  CHECK(games[1].record.nodes[1].comment_after() == "short");
  CHECK(count(games[1].issues, Code::CommentTooLong) == 0);
}

TEST_CASE("game size: a DhtmlXQ move list past 2^20 moves is cut, with one too-large error", "[builder]") {
  // The reader splits the move lists itself before it builds the game: the
  // bound applies there, across the main line and its branches.
  std::string text = "[DhtmlXQ][DhtmlXQ_movelist]";
  for (std::size_t i = 0; i < kMaxGameMoves + 7; ++i) text += i % 2 ? "7062" : "7747";
  text += "[/DhtmlXQ_movelist][/DhtmlXQ]";
  const std::vector<BuiltGame> games = games_of(text, read_dhtmlxq);
  REQUIRE(games.size() == 1);
  CHECK(games[0].record.nodes.size() == kMaxGameMoves + 1);
  REQUIRE(count(games[0].issues, Code::TooLarge) == 1);
  for (const auto& i : games[0].issues)
    if (i.code == Code::TooLarge) CHECK(i.message.find("the 7 after them") != std::string::npos);
}

TEST_CASE("game size: variations nested past 65,536 are not kept, with one too-large error", "[builder]") {
  // 70,000 variations one in another, a move in the innermost; then the
  // main line goes on, and a second game follows.
  std::string text = "1. h2e2 ";
  for (int i = 0; i < 70000; ++i) text += "(";
  text += "h0g2 {deep} $1";
  for (int i = 0; i < 70000; ++i) text += ")";
  text += " h9g7 *\n\n1. c3c4 (g3g4) c6c5 *\n";
  const std::vector<BuiltGame> games = games_of(text);
  REQUIRE(games.size() == 2);
  const GameRecord& r = games[0].record;
  REQUIRE(r.nodes.size() == 3);  // the root, h2e2 and h9g7: the deep move is not kept
  CHECK(r.nodes[2].text == "h9g7");
  CHECK(r.node(r.root()).children.size() == 1);
  for (const auto& n : r.nodes) CHECK(n.comment_after().empty());
  REQUIRE(count(games[0].issues, Code::TooLarge) == 1);
  for (const auto& i : games[0].issues)
    if (i.code == Code::TooLarge) {
      CHECK(i.message.find("nested more than 65536 deep") != std::string::npos);
      CHECK(i.message.find("(1 moves") != std::string::npos);
      CHECK(i.where.offset == text.find("h0g2"));
    }
  CHECK(games[1].record.nodes.size() == 4);  // read whole, its variation too
  CHECK(count(games[1].issues, Code::TooLarge) == 0);
  // At the bound itself everything is kept.
  std::string at = "1. h2e2 ";
  for (std::size_t i = 0; i < kMaxVariationDepth; ++i) at += "(";
  at += "h0g2";
  for (std::size_t i = 0; i < kMaxVariationDepth; ++i) at += ")";
  at += " *\n";
  const std::vector<BuiltGame> deep = games_of(at);
  REQUIRE(deep.size() == 1);
  CHECK(deep[0].record.nodes.size() == 3);
  CHECK(count(deep[0].issues, Code::TooLarge) == 0);
}

TEST_CASE("game size: tags past 1,024 or 32 KiB and NAGs past 2^20 are not kept, with one too-large error each",
          "[builder]") {
  std::string many;
  for (int i = 0; i < 2000; ++i) many += "[T" + std::to_string(i) + " \"v\"]\n";
  many += "\n1. h2e2 *\n\n[Event \"next\"]\n\n1. h2e2 *\n";
  std::vector<BuiltGame> games = games_of(many);
  REQUIRE(games.size() == 2);
  CHECK(games[0].record.tags.size() == kMaxGameTags);
  CHECK(games[0].record.tags.back().name == "T1023");
  REQUIRE(count(games[0].issues, Code::TooLarge) == 1);
  CHECK(games[0].issues.back().message.find("the 976 after that") != std::string::npos);
  CHECK(games[1].record.tags.size() == 1);

  const std::string value(2000, 'v');
  std::string large;
  for (int i = 0; i < 20; ++i) large += "[L" + std::to_string(i % 10) + " \"" + value + "\"]\n";
  large += "\n1. h2e2 *\n";
  games = games_of(large);
  REQUIRE(games.size() == 1);
  CHECK(games[0].record.tags.size() == 16);  // 16 × 2,002 bytes fit in 32 KiB, 17 do not
  REQUIRE(count(games[0].issues, Code::TooLarge) == 1);
  CHECK(games[0].issues.back().message.find("32 KiB") != std::string::npos);

  std::string nags = "1. h2e2 ";
  for (std::size_t i = 0; i < kMaxGameNags + 5; ++i) nags += "$1 ";
  nags += "h9g7 $2 *\n";
  games = games_of(nags);
  REQUIRE(games.size() == 1);
  std::size_t kept = 0;
  for (const auto& n : games[0].record.nodes) kept += n.nags().size();
  CHECK(kept == kMaxGameNags);
  CHECK(games[0].record.nodes.size() == 3);
  REQUIRE(count(games[0].issues, Code::TooLarge) == 1);
  CHECK(games[0].issues.back().message.find("the 6 after them") != std::string::npos);
}
