// XQF reader: header, piece array, decryption, record stream.
#include <cstring>
#include <string>
#include <vector>

#include "text/binary_text.h"
#include "record/binary_tree.h"
#include "record/offset_issue.h"
#include "xqf/xqf_layout.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/xqf.h"

namespace xq::formats {

namespace {

using detail::make_issue;
using detail::RecordNode;
using detail::RecordTree;

std::string hex_bytes(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    if (!out.empty()) out += ' ';
    out += kHex[static_cast<unsigned char>(c) >> 4];
    out += kHex[static_cast<unsigned char>(c) & 15];
  }
  return out;
}

std::string_view cut_at_nul(std::string_view s) {
  const auto nul = s.find('\0');
  return nul == std::string_view::npos ? s : s.substr(0, nul);
}

std::string_view result_text(unsigned code) {
  switch (code) {
    case 1: return "1-0";
    case 2: return "0-1";
    case 3:
    case 4: return "1/2-1/2";
    default: return "*";
  }
}

struct Reader {
  std::string_view bytes;
  GameVisitor& visitor;
  std::array<unsigned char, kXqfHeaderSize> h{};
  unsigned version = 0;
  XqfKeys keys;
  RecordTree& tree;
  std::vector<unsigned char>& plain;  // the record area, decrypted
  bool truncated = false;

  void issue(Issue i) { tree.add_issue(detail::kNoRecord, std::move(i)); }

  std::string header_string(const detail::XqfStringField& f) {
    const unsigned capacity = unsigned(f.size - 1);
    unsigned length = h[f.offset];
    if (length > capacity) {
      issue(make_issue(Code::BadFieldLength, Severity::Warning, f.offset,
                       "length byte " + std::to_string(length) + " of the " + std::string(f.tag) +
                           " field exceeds its capacity " + std::to_string(capacity) + "; clamped"));
      length = capacity;
    }
    const std::string_view raw(reinterpret_cast<const char*>(h.data()) + f.offset + 1, length);
    detail::DecodedText text = detail::decode_gb18030(cut_at_nul(raw));
    if (text.cut_character)
      issue(make_issue(Code::CutCharacter, Severity::Info, f.offset,
                       "the " + std::string(f.tag) + " field ends inside a double-byte character; dropped it",
                       hex_bytes(raw.substr(raw.size() - std::min<std::size_t>(raw.size(), 2)))));
    if (text.had_errors)
      issue(make_issue(Code::BadEncoding, Severity::Warning, f.offset,
                       "the " + std::string(f.tag) + " field is not valid GB18030; bad bytes replaced",
                       printable(raw)));
    return std::move(text.utf8);
  }

  Setup piece_array() {
    std::array<unsigned, 32> pos{};
    for (unsigned i = 0; i < 32; ++i) {
      const unsigned j = version >= 12 ? (keys.xy + 1u + i) % 32u : i;
      pos[j] = (h[detail::kXqfPieces + i] - keys.xy) & 0xFFu;
    }
    Setup setup;
    for (unsigned j = 0; j < 32; ++j) {
      if (pos[j] >= 90) continue;  // absent
      const Square s(int(pos[j] / 10), int(pos[j] % 10));
      const Piece p(j < 16 ? Color::Red : Color::Black, detail::kXqfPieceTypes[j % 16]);
      if (!setup.at(s).empty()) {
        issue(make_issue(Code::BadSetup, Severity::Error, detail::kXqfPieces,
                         "piece array: entry " + std::to_string(j) + " (" + std::string(1, p.fen_char()) +
                             ") is on " + s.name() + ", already taken by " + std::string(1, setup.at(s).fen_char()) +
                             "; left out"));
        continue;
      }
      setup.put(s, p);
    }
    return setup;
  }

  unsigned char at(std::size_t offset) const { return plain[offset - kXqfHeaderSize]; }

  void record_stream() {
    const std::size_t end = bytes.size();
    if (end > kXqfHeaderSize) {
      plain.resize(end - kXqfHeaderSize);
      const auto* raw = reinterpret_cast<const unsigned char*>(bytes.data());
      if (keys.encrypted) {
        // The key repeats every 32 bytes from offset 0 and the record area
        // starts on a multiple of 32: whole blocks subtract the same 32 key
        // bytes, which the compiler turns into vector operations.
        static_assert(kXqfHeaderSize % 32 == 0);
        const unsigned char* in = raw + kXqfHeaderSize;
        unsigned char* out = plain.data();
        const std::size_t n = end - kXqfHeaderSize;
        std::size_t i = 0;
        for (; i + 32 <= n; i += 32)
          for (std::size_t k = 0; k < 32; ++k) out[i + k] = std::uint8_t(in[i + k] - keys.f32_keys[k]);
        for (; i < n; ++i) out[i] = std::uint8_t(in[i] - keys.f32_keys[i % 32]);
      } else {
        std::memcpy(plain.data(), raw + kXqfHeaderSize, end - kXqfHeaderSize);
      }
    }
    const bool v10 = version <= 10;
    const std::size_t record_size = v10 ? 8 : 4;
    std::size_t o = kXqfHeaderSize;
    while (!tree.complete()) {
      if (o + 4 > end) {
        truncated = true;
        issue(make_issue(Code::Truncated, Severity::Error, o,
                         tree.started() ? "the file ends where another move record was promised"
                                        : "the file has no record area (no root record)"));
        break;
      }
      const std::size_t start = o;
      const unsigned src = at(o), dst = at(o + 1), tag = at(o + 2);
      o += 4;
      bool has_child, has_sibling, has_comment;
      if (v10) {
        has_child = tag & 0xF0, has_sibling = tag & 0x0F, has_comment = true;
      } else {
        has_child = tag & 0x80, has_sibling = tag & 0x40, has_comment = tag & 0x20;
      }
      RecordNode node;
      node.offset = start;
      std::vector<Issue> pending;
      bool stop = false;
      if (has_comment) {
        if (o + 4 > end) {
          pending.push_back(make_issue(Code::Truncated, Severity::Error, o, "the file ends inside a comment length"));
          truncated = stop = true;
          o = end;
        } else {
          const std::uint32_t stored = std::uint32_t(at(o)) | std::uint32_t(at(o + 1)) << 8 |
                                       std::uint32_t(at(o + 2)) << 16 | std::uint32_t(at(o + 3)) << 24;
          const auto length = std::int64_t(std::int32_t(stored)) - std::int64_t(keys.comment_size_key);
          const std::size_t at_text = o + 4;
          o = at_text;
          if (length < 0) {
            pending.push_back(make_issue(Code::BadCommentLength, Severity::Error, at_text - 4,
                                         "comment length " + std::to_string(length) + " is negative; ignored"));
          } else if (std::uint64_t(length) > end - at_text) {
            pending.push_back(make_issue(Code::Truncated, Severity::Error, at_text,
                                         "comment of " + std::to_string(length) + " bytes, but only " +
                                             std::to_string(end - at_text) + " remain"));
            truncated = stop = true;
            o = end;
          } else {
            o = at_text + std::size_t(length);
          }
          if (o > at_text) {
            const std::string_view text(reinterpret_cast<const char*>(plain.data()) + (at_text - kXqfHeaderSize),
                                        o - at_text);
            detail::DecodedText decoded = detail::decode_gb18030(cut_at_nul(text));
            if (decoded.had_errors)
              pending.push_back(make_issue(Code::BadEncoding, Severity::Warning, at_text,
                                           "comment is not valid GB18030; bad bytes replaced"));
            tree.set_comment(node, decoded.utf8);
          }
        }
      }
      if (v10 && !stop) o = std::max(o, start + record_size);
      if (tree.started()) {
        const unsigned from = (src - 0x18u - keys.xyf) & 0xFFu;
        const unsigned to = (dst - 0x20u - keys.xyt) & 0xFFu;
        if (from >= 90 || to >= 90 || from == to) {
          node.dropped = true;
          pending.push_back(make_issue(Code::BadMove, Severity::Error, start,
                                       "move record with squares " + std::to_string(from) + " -> " +
                                           std::to_string(to) + " is not a move; left out with its continuation",
                                       hex_bytes(std::string_view(reinterpret_cast<const char*>(&plain[start - kXqfHeaderSize]), 4))));
        } else {
          node.move = Move(Square(int(from / 10), int(from % 10)), Square(int(to / 10), int(to % 10)));
        }
      }
      const std::uint32_t id = tree.add(node, has_child, has_sibling);
      for (auto& p : pending) tree.add_issue(id, std::move(p));
      if (stop) break;
    }
    if (tree.complete() && o < end) {
      issue(make_issue(Code::TrailingData, Severity::Info, o,
                       std::to_string(end - o) + " bytes after the last move record; ignored"));
    }
  }
};

}  // namespace

FileReport read_xqf(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  (void)options;
  FileReport report;
  report.format = Format::Xqf;
  report.encoding = "GB18030";
  if (bytes.size() < 2 || bytes[0] != 'X' || bytes[1] != 'Q') {
    report.issues.push_back(make_issue(Code::BadHeader, Severity::Error, 0, "not an XQF file: it does not start with \"XQ\"",
                                       printable(bytes.substr(0, 16))));
    return report;
  }
  report.games = 1;
  if (visitor.begin_game(1, SourceLocation{}) != Control::Continue) return report;

  thread_local RecordTree tree;
  thread_local std::vector<unsigned char> plain;
  tree.clear();
  plain.clear();
  Reader r{bytes, visitor, {}, 0, {}, tree, plain};
  std::memcpy(r.h.data(), bytes.data(), std::min(bytes.size(), kXqfHeaderSize));
  r.version = r.h[2];

  if (bytes.size() < detail::kXqfPieces + 32) {
    visitor.issue(make_issue(Code::Truncated, Severity::Error, bytes.size(),
                             "the file ends inside the XQF header, before the piece array ends"));
    visitor.end_game(true);
    return report;
  }
  if (r.version < 10 || r.version > 18)
    r.issue(make_issue(Code::UnsupportedVersion, Severity::Warning, 2,
                       "XQF version " + std::to_string(r.version) + " is outside 10..18; read as " +
                           (r.version < 11 ? "version 10" : "encrypted")));
  if (r.version >= 11 && ((r.h[0x0C] + r.h[0x0D] + r.h[0x0E] + r.h[0x0F]) & 0xFF) != 0)
    r.issue(make_issue(Code::BadChecksum, Severity::Warning, 0x0C,
                       "key bytes 0x0C..0x0F do not sum to 0 mod 256 (XQStudio would refuse the file)"));
  r.keys = xqf_keys(std::string_view(reinterpret_cast<const char*>(r.h.data()), 16));
  if (bytes.size() < kXqfHeaderSize)
    r.issue(make_issue(Code::Truncated, Severity::Error, bytes.size(),
                       "the file ends inside the 1024-byte XQF header"));

  Setup setup = r.piece_array();
  std::vector<std::pair<std::string_view, std::string>> tags;
  for (const auto& f : detail::kXqfStringFields) {
    std::string value = r.header_string(f);
    if (!value.empty()) tags.emplace_back(f.tag, std::move(value));
  }
  const unsigned result_code = r.h[detail::kXqfPlayResult];
  if (result_code > 4)
    r.issue(make_issue(Code::BadResult, Severity::Warning, detail::kXqfPlayResult,
                       "result code " + std::to_string(result_code) + " is unknown; read as \"*\""));
  const unsigned type = r.h[detail::kXqfCodeA];

  if (bytes.size() >= kXqfHeaderSize) r.record_stream();
  else r.truncated = true;

  // Side to move: the colour of the first move's piece.
  const std::uint32_t first = tree.first_main_move();
  const Piece mover = first != detail::kNoRecord ? setup.at(tree.nodes[first].move.from()) : Piece();
  if (!mover.empty()) setup.side_to_move = mover.color();
  else setup.side_to_move = r.h[detail::kXqfWhoPlay] == 1 ? Color::Black : Color::Red;

  for (const auto& i : tree.game_issues) visitor.issue(i);
  for (const auto& [name, value] : tags) visitor.tag(name, value);
  const std::string_view result = result_text(result_code);
  visitor.tag("Result", result);
  if (type != 0)
    visitor.tag("GameType", type < detail::kXqfGameTypes.size() ? std::string(detail::kXqfGameTypes[type])
                                                                 : std::to_string(type));
  visitor.start_setup(setup);
  tree.replay(visitor);
  visitor.result(result);
  visitor.end_game(r.truncated);
  return report;
}

}  // namespace xq::formats
