// Test helper: an older zlib-compressed CCBridge library built from
// GameRecords (layout in formats/ccbridge/cbl_compressed.h), so the reader is
// tested without the shared corpus. Not a writer for users.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <zlib.h>

#include "xqrec/formats/encoding.h"
#include "xqrec/core/game.h"

namespace xq::formats::testing {

namespace cblz_detail {

inline void add_u32(std::string& s, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) s.push_back(char((v >> (8 * i)) & 0xFF));
}

inline std::string gbk(const std::string& utf8) {
  std::string out;
  from_utf8(utf8, "GBK", out);
  return out;
}

inline void add_string(std::string& s, const std::string& utf8) {
  const std::string b = gbk(utf8);
  add_u32(s, std::uint32_t(b.size()));
  s.append(b);
}

inline void add_date(std::string& s, std::string text) {
  text.resize(19, ' ');
  s.append(text);
}

inline const std::string& tag_or_empty(const GameRecord& g, const char* name) {
  static const std::string kEmpty;
  const std::string* v = g.tag(name);
  return v ? *v : kEmpty;
}

// A move square: file << 4 | row from the top. Board: both plus one.
inline int square_byte(Square s) { return s.file() << 4 | (9 - s.rank()); }

// The piece array order: R N B A K A B N R C C P P P P P, Red then Black.
inline std::string board_bytes(const Setup& setup) {
  static const PieceType kOrder[16] = {PieceType::Rook,   PieceType::Horse,  PieceType::Elephant, PieceType::Advisor,
                                       PieceType::King,   PieceType::Advisor, PieceType::Elephant, PieceType::Horse,
                                       PieceType::Rook,   PieceType::Cannon, PieceType::Cannon,   PieceType::Pawn,
                                       PieceType::Pawn,   PieceType::Pawn,   PieceType::Pawn,     PieceType::Pawn};
  std::string b(32, '\0');
  std::vector<bool> used(kSquares, false);
  for (int i = 0; i < 32; ++i) {
    const Piece want(i < 16 ? Color::Red : Color::Black, kOrder[i % 16]);
    for (int sq = 0; sq < kSquares; ++sq) {
      if (used[std::size_t(sq)] || setup.board[std::size_t(sq)] != want) continue;
      used[std::size_t(sq)] = true;
      b[std::size_t(i)] = char(square_byte(Square(sq)) + 0x11);
      break;
    }
  }
  return b;
}

}  // namespace cblz_detail

// One game's bytes, size field included.
inline std::string cblz_game_bytes(const GameRecord& g) {
  using namespace cblz_detail;
  const Setup setup = g.start_setup ? *g.start_setup : Setup::start();
  std::string s = board_bytes(setup);
  add_u32(s, 1);  // full game
  add_u32(s, 0);
  add_u32(s, 1);
  add_string(s, tag_or_empty(g, "Title"));
  for (int i = 0; i < 6; ++i) add_string(s, "");
  add_u32(s, g.result == "1-0" ? 1 : g.result == "0-1" ? 2 : g.result == "1/2-1/2" ? 3 : 0);
  add_string(s, tag_or_empty(g, "Annotator"));
  add_string(s, "");
  add_string(s, tag_or_empty(g, "Author"));
  add_string(s, "");
  add_string(s, g.nodes[0].comment_after());
  s.push_back(setup.side_to_move == Color::Red ? 1 : 0);
  add_date(s, "2024-01-02 03:04:05");
  add_date(s, "2024-01-02 03:04:06");
  // Depth-first pre-order, first child first; the ply is the depth.
  std::string records, comments;
  std::uint32_t count = 0;
  struct Item {
    NodeId id;
    unsigned ply;
  };
  std::vector<Item> stack;
  const auto push = [&](NodeId parent, unsigned ply) {
    const NodeChildren& kids = g.node(parent).children;
    for (std::size_t i = kids.size(); i-- > 0;) stack.push_back({kids[i], ply});
  };
  push(g.root(), 1);
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const GameNode& n = g.node(it.id);
    records.push_back(char(it.ply & 0xFF));
    records.push_back(char(it.ply >> 8));
    records.push_back(char(square_byte(n.move.from())));
    records.push_back(char(square_byte(n.move.to())));
    records.append(2, '\0');  // the notation bytes: the reader does not need them
    std::string c = n.comment_after();
    for (std::size_t k = 0; (k = c.find('\n', k)) != std::string::npos;) c.replace(k, 1, "||");
    comments.append(gbk(c));
    comments.append("\r\n");
    ++count;
    push(it.id, it.ply + 1);
  }
  add_u32(s, count);
  s.append(records);
  s.append(comments);
  std::string out;
  add_u32(out, std::uint32_t(s.size() + 4));
  out.append(s);
  return out;
}

// The whole file: the 20-byte header and the zlib stream of the payload.
inline std::string cblz_library_bytes(const std::vector<std::string>& games, const std::string& name,
                                      std::uint32_t variant = 1, std::uint32_t count_override = 0xFFFFFFFFu) {
  using namespace cblz_detail;
  std::string p;
  add_string(p, name);
  add_string(p, "");
  add_string(p, "");
  add_string(p, "测试者");
  add_string(p, "");
  add_date(p, "2024-01-01 00:00:00");
  add_date(p, "2024-01-01 00:00:01");
  add_u32(p, count_override != 0xFFFFFFFFu ? count_override : std::uint32_t(games.size()));
  add_u32(p, 0);
  for (const std::string& g : games) p.append(g);
  uLongf size = compressBound(uLong(p.size()));
  std::string z(size, '\0');
  compress(reinterpret_cast<Bytef*>(z.data()), &size, reinterpret_cast<const Bytef*>(p.data()), uLong(p.size()));
  z.resize(size);
  std::string out("CCBridge", 8);
  add_u32(out, 21);
  add_u32(out, variant);
  add_u32(out, std::uint32_t(p.size()));
  out.append(z);
  return out;
}

}  // namespace xq::formats::testing
