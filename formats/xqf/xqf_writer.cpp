// XQF writer: version 10 (plain) and version 18 (encrypted).
#include <cstring>
#include <string>
#include <vector>

#include "text/binary_text.h"
#include "xqf/xqf_layout.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/record_start.h"
#include "xqrec/formats/xqf.h"

namespace xq::formats {

namespace {

// Tags that XQF holds elsewhere or that say nothing XQF would lose.
bool implied_tag(std::string_view name) {
  for (const std::string_view t : {"Result", "GameType", "FEN", "Game", "Format", "SetUp"})
    if (ascii_iequals(name, t)) return true;
  return false;
}

unsigned result_code(std::string_view r, LossNotes& losses) {
  if (r == "1-0") return 1;
  if (r == "0-1") return 2;
  if (r == "1/2-1/2") return 3;
  if (!r.empty() && r != "*")
    losses.push_back(loss(Code::ResultDropped, "result \"" + std::string(r) + "\" has no XQF code; written as unknown"));
  return 0;
}

struct Writer {
  const GameRecord& record;
  const XqfWriteOptions& options;
  LossNotes& losses;
  std::string out;
  XqfKeys keys;
  bool v18 = true;

  Setup start_setup() {
    auto start = record_start(record);
    if (start) return start.value();
    losses.push_back(loss(Code::BadStart, "start FEN \"" + printable(*record.start_fen) + "\" does not parse (" +
                                       start.error() + "); the standard start was written"));
    return Setup::start();
  }

  void header(const Setup& setup) {
    out.assign(kXqfHeaderSize, '\0');
    auto h = [&](std::size_t i) -> char& { return out[i]; };
    h(0) = 'X', h(1) = 'Q', h(2) = char(v18 ? 18 : 10);
    if (v18) {
      const XqfKeyBytes& k = options.keys;
      h(0x03) = char(k.mask);
      for (std::size_t j = 0; j < 4; ++j) h(0x08 + j) = char(k.key_or[j]);
      h(0x0D) = char(k.xy), h(0x0E) = char(k.xyf), h(0x0F) = char(k.xyt);
      h(0x0C) = char((256u - ((k.xy + k.xyf + k.xyt) & 0xFFu)) & 0xFFu);
    }
    keys = xqf_keys(std::string_view(out.data(), 16));

    // Piece array: each piece into a free entry of its type.
    std::array<unsigned, 32> pos;
    pos.fill(v18 ? 90u : 0xFFu);
    std::array<bool, 32> used{};
    int dropped = 0;
    for (int i = 0; i < kSquares; ++i) {
      const Piece p = setup.board[std::size_t(i)];
      if (p.empty()) continue;
      const unsigned base = p.color() == Color::Red ? 0 : 16;
      bool placed = false;
      for (unsigned j = 0; j < 16 && !placed; ++j)
        if (!used[base + j] && detail::kXqfPieceTypes[j] == p.type()) {
          used[base + j] = placed = true;
          pos[base + j] = unsigned(detail::xqf_square_byte(Square(i)));
        }
      if (!placed) ++dropped;
    }
    if (dropped)
      losses.push_back(loss(Code::TooManyPieces, std::to_string(dropped) +
                                               " pieces beyond XQF's fixed set (2 of each, 1 king, 5 pawns per side) "
                                               "were left out of the start position"));
    for (unsigned i = 0; i < 32; ++i) {
      const unsigned j = v18 ? (keys.xy + 1u + i) % 32u : i;
      h(detail::kXqfPieces + i) = char((pos[j] + keys.xy) & 0xFFu);
    }

    // Header strings.
    std::vector<bool> tag_used(record.tags.size(), false);
    for (const auto& f : detail::kXqfStringFields) {
      for (std::size_t t = 0; t < record.tags.size(); ++t) {
        if (tag_used[t] || !ascii_iequals(record.tags[t].name, f.tag)) continue;
        tag_used[t] = true;
        const auto enc = detail::encode_gb18030(record.tags[t].value, f.size - 1);
        if (enc.truncated)
          losses.push_back(loss(Code::FieldTruncated, std::string(f.tag) + " \"" + record.tags[t].value + "\" is longer than " +
                                                   std::to_string(f.size - 1) + " bytes; cut to \"" +
                                                   detail::decode_gb18030(enc.bytes).utf8 + "\""));
        if (enc.lossy)
          losses.push_back(loss(Code::BadText, std::string(f.tag) + " is not valid UTF-8; bad bytes replaced"));
        h(f.offset) = char(enc.bytes.size());
        std::memcpy(out.data() + f.offset + 1, enc.bytes.data(), enc.bytes.size());
        break;
      }
    }
    for (std::size_t t = 0; t < record.tags.size(); ++t) {
      const Tag& tag = record.tags[t];
      if (tag_used[t]) continue;
      if (ascii_iequals(tag.name, "GameType")) {
        unsigned type = 4;
        for (unsigned i = 0; i < detail::kXqfGameTypes.size(); ++i)
          if (ascii_iequals(tag.value, detail::kXqfGameTypes[i])) type = i;
        if (type < 4) h(detail::kXqfCodeA) = char(type);
        else losses.push_back(loss(Code::TagDropped, "GameType \"" + tag.value + "\" is not an XQF game type"));
        tag_used[t] = true;
      } else if (implied_tag(tag.name)) {
        tag_used[t] = true;
      } else {
        losses.push_back(loss(Code::TagDropped, "tag " + tag.name + " \"" + tag.value + "\" has no XQF field"));
      }
    }
    if (!record.tag("GameType") && !(setup.board == Setup::start().board)) h(detail::kXqfCodeA) = 2;

    // A "*" result gives way to a Result tag that says more.
    std::string result = record_result(record);
    if (result == "*")
      if (const std::string* r = record.tag("Result")) result = *r;
    h(detail::kXqfPlayResult) = char(result_code(result, losses));
    if (setup.halfmove_clock != 0 || setup.fullmove_number != 1)
      losses.push_back(loss(Code::MoveNumber, "XQF keeps no move number or half-move clock (FEN " +
                                           std::to_string(setup.halfmove_clock) + " " +
                                           std::to_string(setup.fullmove_number) + ")"));
  }

  void put_u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out += char((v >> (8 * i)) & 0xFFu);
  }

  // One record: squares (or the root's "XQ"), flags, comment.
  void put_record(unsigned src, unsigned dst, bool child, bool sibling, std::string_view comment_utf8) {
    std::string comment;
    if (!comment_utf8.empty()) {
      auto enc = detail::encode_gb18030(comment_utf8);
      if (enc.lossy) losses.push_back(loss(Code::BadText, "a comment is not valid UTF-8; bad bytes replaced"));
      comment = std::move(enc.bytes);
    }
    if (v18) {
      out += char((src + 0x18u + keys.xyf) & 0xFFu);
      out += char((dst + 0x20u + keys.xyt) & 0xFFu);
      out += char((child ? 0x80 : 0) | (sibling ? 0x40 : 0) | (comment.empty() ? 0 : 0x20));
      out += '\0';
      if (!comment.empty()) put_u32(std::uint32_t(comment.size() + keys.comment_size_key));
    } else {
      out += char((src + 0x18u) & 0xFFu);
      out += char((dst + 0x20u) & 0xFFu);
      out += char((child ? 0xF0 : 0) | (sibling ? 0x0F : 0));
      out += '\0';
      put_u32(std::uint32_t(comment.size()));
    }
    out += comment;
  }

  static std::string node_comment(const GameNode& n) {
    if (n.comment_before().empty()) return n.comment_after();
    if (n.comment_after().empty()) return n.comment_before();
    return n.comment_before() + "\n" + n.comment_after();
  }

  void records(const Setup& setup) {
    (void)setup;
    const auto& nodes = record.nodes;
    // Which nodes can be written: resolved moves, below writable parents.
    std::vector<bool> ok(nodes.size(), false);
    std::size_t unresolved = 0, nags = 0, before = 0;
    if (!nodes.empty()) ok[0] = true;
    std::vector<NodeId> order{record.root()};
    for (std::size_t i = 0; i < order.size(); ++i) {
      const NodeId id = order[i];
      for (const NodeId c : nodes[id].children) {
        if (c >= nodes.size()) continue;
        const Move m = nodes[c].move;
        if (m.is_none() || !m.from().valid() || !m.to().valid() || m.from() == m.to()) {
          ++unresolved;
          continue;
        }
        ok[c] = true;
        order.push_back(c);
        nags += nodes[c].nags().size();
        if (!nodes[c].comment_before().empty()) ++before;
      }
    }
    if (unresolved)
      losses.push_back(loss(Code::UnresolvedMove, std::to_string(unresolved) +
                                               " moves were not resolved to squares; left out with what follows them"));
    if (nags) losses.push_back(loss(Code::NagDropped, std::to_string(nags) + " NAGs have no place in XQF"));
    if (before)
      losses.push_back(loss(Code::CommentMerged, std::to_string(before) +
                                              " comments before a move were joined to the comment after it"));
    if (!nodes.empty() && !nodes[0].comment_before().empty())
      losses.push_back(loss(Code::CommentMerged, "the root's comment before was joined to the game comment"));

    // The kept children of a node, in order.
    const auto kept = [&](NodeId id) {
      std::vector<NodeId> k;
      for (const NodeId c : nodes[id].children)
        if (c < nodes.size() && ok[c]) k.push_back(c);
      return k;
    };
    // Pre-order over first child / next sibling, with an explicit stack of
    // (node, has later sibling) pairs.
    struct Item {
      NodeId id;
      NodeId next_sibling;
    };
    std::vector<Item> stack;
    std::vector<NodeId> root_kids = kept(record.root());
    // The root's squares mean nothing: XQStudio writes "XQ", XQF 1.0 zeros.
    put_record(v18 ? 'X' - 0x18u : 0u, v18 ? 'Q' - 0x20u : 0u, !root_kids.empty(), false, node_comment(nodes[0]));
    const auto push_children = [&](const std::vector<NodeId>& kids) {
      for (std::size_t i = kids.size(); i-- > 0;) stack.push_back({kids[i], i + 1 < kids.size() ? kids[i + 1] : kNoNode});
    };
    // Children pushed so that the first pops first; a child's own subtree
    // is pushed on top of its siblings when it pops.
    push_children(root_kids);
    while (!stack.empty()) {
      const Item item = stack.back();
      stack.pop_back();
      const GameNode& n = nodes[item.id];
      const std::vector<NodeId> kids = kept(item.id);
      put_record(unsigned(detail::xqf_square_byte(n.move.from())), unsigned(detail::xqf_square_byte(n.move.to())),
                 !kids.empty(), item.next_sibling != kNoNode, node_comment(n));
      push_children(kids);
    }
  }

  void encrypt() {
    if (!v18) return;
    for (std::size_t o = kXqfHeaderSize; o < out.size(); ++o)
      out[o] = char((static_cast<unsigned char>(out[o]) + keys.f32_keys[o % 32]) & 0xFFu);
  }
};

}  // namespace

XqfWriteResult write_xqf(const GameRecord& record, const XqfWriteOptions& options) {
  XqfWriteResult result;
  Writer w{record, options, result.losses, {}, {}, options.version != 10};
  if (options.version != 10 && options.version != 18)
    result.losses.push_back(loss(Code::BadOption, "XQF version " + std::to_string(options.version) +
                                               " cannot be written; wrote version 18"));
  const Setup setup = w.start_setup();
  w.header(setup);
  w.records(setup);
  w.encrypt();

  // XQF keeps the side to move only through the first move's piece (and
  // WhoPlay, read when there is no move).
  const NodeChildren kids = record.nodes.empty() ? NodeChildren{} : record.nodes[0].children;
  const Piece mover = kids.empty() || record.nodes[kids[0]].move.is_none()
                          ? Piece()
                          : setup.at(record.nodes[kids[0]].move.from());
  if (mover.empty()) {
    if (setup.side_to_move == Color::Black) w.out[detail::kXqfWhoPlay] = 1;
  } else if (mover.color() != setup.side_to_move) {
    result.losses.push_back(loss(Code::StartNotRepresentable, "the start position says " + std::string(color_name(setup.side_to_move)) +
                                                 " to move, but the first move is " +
                                                 std::string(color_name(mover.color())) +
                                                 "'s; XQF readers take the mover's colour"));
  }
  result.bytes = std::move(w.out);
  return result;
}

}  // namespace xq::formats
