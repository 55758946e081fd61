// Test helper: CBR (version 2) and CBL bytes built from GameRecords, to
// test the readers on records with known content, and to seed the fuzzers.
// Not a writer for users: only the fields the tests need.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xqrec/core/game.h"

namespace xq::formats::testing {

namespace cbr_detail {

inline void put_u32(std::string& s, std::size_t o, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) s[o + std::size_t(i)] = char((v >> (8 * i)) & 0xFF);
}

// ASCII and BMP text only (UTF-8 decoded by hand for the test strings).
inline std::u16string to_u16(const std::string& utf8) {
  std::u16string out;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    if (c < 0x80) out += char16_t(c), i += 1;
    else if (c < 0xE0) out += char16_t((c & 0x1F) << 6 | (utf8[i + 1] & 0x3F)), i += 2;
    else out += char16_t((c & 0x0F) << 12 | (utf8[i + 1] & 0x3F) << 6 | (utf8[i + 2] & 0x3F)), i += 3;
  }
  return out;
}

inline void put_text(std::string& s, std::size_t o, std::size_t size, const std::string& utf8) {
  const std::u16string u = to_u16(utf8);
  for (std::size_t i = 0; i < u.size() && 2 * i + 2 < size; ++i) {
    s[o + 2 * i] = char(u[i] & 0xFF);
    s[o + 2 * i + 1] = char(u[i] >> 8);
  }
}

inline std::string comment_bytes(const std::string& utf8) {
  std::string b;
  for (const char16_t c : to_u16(utf8)) b += char(c & 0xFF), b += char(c >> 8);
  return b;
}

inline int cbr_square(Square s) { return (9 - s.rank()) * 9 + s.file(); }

}  // namespace cbr_detail

inline std::string cbr_bytes(const GameRecord& g) {
  using namespace cbr_detail;
  std::string s(2214, '\0');
  s.replace(0, 16, std::string("CCBridge Record\0", 16));
  s[19] = 2;
  const auto text = [&](const char* tag, std::size_t o, std::size_t size) {
    if (const std::string* v = g.tag(tag)) put_text(s, o, size, *v);
  };
  text("Title", 180, 128);
  text("Event", 692, 64);
  text("Date", 884, 64);
  text("Red", 1076, 64);
  text("Black", 1300, 64);
  s[2076] = char(g.result == "1-0" ? 1 : g.result == "0-1" ? 2 : g.result == "1/2-1/2" ? 3 : 0);
  const Setup setup = g.start_setup ? *g.start_setup : Setup::start();
  s[2112] = char(setup.side_to_move == Color::Red ? 1 : 2);
  s[2116] = 1;
  static const unsigned char kCodes[8] = {0, 5, 4, 3, 2, 1, 6, 7};  // by PieceType: K A B N R C P
  for (int i = 0; i < kSquares; ++i) {
    const Piece p = setup.board[std::size_t(i)];
    if (p.empty()) continue;
    const unsigned type = kCodes[int(p.type())];
    s[2120 + std::size_t(cbr_square(Square(i)))] = char((p.color() == Color::Red ? 0x10 : 0x20) | type);
  }
  put_u32(s, 2210, 0xFFFFFFFFu);
  // Pre-order records: flags 1 = no child, 2 = a sibling follows, 4 = comment.
  const auto record = [&](unsigned flags, int from, int to, const std::string& comment) {
    std::string c = comment_bytes(comment);
    if (!c.empty()) flags |= 4;
    s += char(flags), s += '\0', s += char(from), s += char(to);
    if (!c.empty()) {
      std::string len(4, '\0');
      put_u32(len, 0, std::uint32_t(c.size()));
      s += len + c;
    }
  };
  record(g.nodes[0].children.empty() ? 1 : 0, 0, 0, g.nodes[0].comment_after());
  struct Item {
    NodeId id;
    bool sibling;
  };
  std::vector<Item> stack;
  const auto push = [&](const NodeChildren& kids) {
    for (std::size_t i = kids.size(); i-- > 0;) stack.push_back({kids[i], i + 1 < kids.size()});
  };
  push(g.nodes[0].children);
  while (!stack.empty()) {
    const Item it = stack.back();
    stack.pop_back();
    const GameNode& n = g.node(it.id);
    record((n.children.empty() ? 1u : 0u) | (it.sibling ? 2u : 0u), cbr_square(n.move.from()),
           cbr_square(n.move.to()), n.comment_after());
    push(n.children);
  }
  return s;
}

// A library of the given records, with an index of `capacity` entries;
// `deleted` marks entries (by position) as deleted.
inline std::string cbl_bytes(const std::vector<std::string>& records, const std::string& name,
                             std::uint32_t capacity = 128, const std::vector<bool>& deleted = {}) {
  using namespace cbr_detail;
  std::string s(66624 + std::size_t(capacity) * 276, '\0');
  s.replace(0, 16, std::string("CCBridgeLibrary\0", 16));
  put_u32(s, 52, 0x7FFFFFFFu);
  put_u32(s, 60, capacity);
  put_text(s, 64, 512, name);
  for (std::size_t k = 0; k < records.size() && k < capacity; ++k) {
    const std::size_t e = 66624 + k * 276;
    const std::uint32_t slots = std::uint32_t((records[k].size() + 4095) / 4096);
    put_u32(s, e, k < deleted.size() && deleted[k] ? 5 : 7);
    put_u32(s, e + 4, std::uint32_t(k));
    put_u32(s, e + 8, slots);
    put_u32(s, e + 12, std::uint32_t(records[k].size()));
    std::string slot = records[k];
    slot.resize(std::size_t(slots) * 4096, '\0');
    s += slot;
  }
  return s;
}

}  // namespace xq::formats::testing
