// DhtmlXQ writer: one record as UBB text, UTF-8.
#include <array>
#include <string>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/record_start.h"

namespace xq::formats {

namespace {

// The inverse of the reader's unescaping: new lines as "||", and the
// characters that would end or confuse a field as \uXXXX.
std::string escape_value(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    switch (c) {
      case '\n': out += "||"; break;
      case '\r': out += "\\u000D"; break;
      case '|': out += "\\u007C"; break;
      case '[': out += "\\u005B"; break;
      case ']': out += "\\u005D"; break;
      case '\\':
        if (i + 1 < s.size() && (s[i + 1] == 'u' || s[i + 1] == 'U')) out += "\\u005C";
        else out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

void square_digits(std::string& out, Square s) {
  out += char('0' + s.file());
  out += char('0' + (9 - s.rank()));
}

std::string_view canonical_result(std::string_view pgn) {
  if (pgn == "1-0") return "红胜";
  if (pgn == "0-1") return "红负";
  if (pgn == "1/2-1/2") return "和棋";
  return "未知";
}

// binit: 32 pairs in the order RNBAKABNRCCPPPPP rnbakabnrccppppp.
bool make_binit(const Setup& s, std::string& out) {
  static constexpr PieceType order[16] = {
      PieceType::Rook, PieceType::Horse, PieceType::Elephant, PieceType::Advisor, PieceType::King,
      PieceType::Advisor, PieceType::Elephant, PieceType::Horse, PieceType::Rook, PieceType::Cannon,
      PieceType::Cannon, PieceType::Pawn, PieceType::Pawn, PieceType::Pawn, PieceType::Pawn, PieceType::Pawn};
  std::array<Square, 32> slot;
  slot.fill(Square::none());
  bool complete = true;
  for (int i = 0; i < kSquares; ++i) {
    const Piece p = s.board[std::size_t(i)];
    if (!p) continue;
    const std::size_t base = p.color() == Color::Red ? 0 : 16;
    bool placed = false;
    for (std::size_t k = 0; k < 16; ++k)
      if (order[k] == p.type() && !slot[base + k].valid()) {
        slot[base + k] = Square(i);
        placed = true;
        break;
      }
    if (!placed) complete = false;
  }
  out.clear();
  for (const Square sq : slot) {
    if (sq.valid()) square_digits(out, sq);
    else out += "99";
  }
  return complete;
}

class Writer {
 public:
  Writer(const GameRecord& r, const DhtmlXqWriteOptions& o) : r_(r), o_(o) {}

  DhtmlXqWriteResult run() {
    out_.bytes += "[DhtmlXQ]";
    nl();
    write_tags();
    write_start();
    write_moves();
    out_.bytes += "[/DhtmlXQ]";
    nl();
    return std::move(out_);
  }

 private:
  void nl() {
    if (o_.one_field_per_line) out_.bytes += '\n';
  }
  void field(std::string_view name, std::string_view raw_value) {
    out_.bytes += "[DhtmlXQ_";
    out_.bytes += name;
    out_.bytes += ']';
    out_.bytes += raw_value;
    out_.bytes += "[/DhtmlXQ_";
    out_.bytes += name;
    out_.bytes += ']';
    nl();
  }
  void note(Code code, std::string message) { out_.losses.push_back(loss(code, std::move(message))); }

  void write_tags() {
    const std::string* raw_result = r_.tag("DhtmlXQ_result");
    const std::string result = record_result(r_);
    bool result_written = false;
    auto write_result = [&] {
      if (result_written) return;
      result_written = true;
      if (raw_result) field("result", escape_value(*raw_result));
      else field("result", canonical_result(result));
    };
    for (const Tag& t : r_.tags) {
      if (ascii_iequals(t.name, "Result") || ascii_iequals(t.name, "DhtmlXQ_result")) {
        write_result();
        continue;
      }
      // Structural PGN tags: the start position and notation are written
      // in their own form, and the game is always Xiangqi.
      if (is_structural_tag(t)) continue;
      const std::string field_name = dhtmlxq_field_for_tag(t.name);
      if (field_name.empty() || ascii_iequals(field_name, "movelist") || ascii_iequals(field_name, "binit") ||
          ascii_iequals(field_name, "fen")) {
        note(Code::TagDropped, "tag " + t.name + " has no DhtmlXQ field");
        continue;
      }
      field(field_name, escape_value(t.value));
    }
    if (!result.empty()) write_result();
  }

  void write_start() {
    auto start = record_start(r_);
    if (!start) {
      note(Code::StartNotRepresentable, start.error() + "; written as the standard start");
      setup_ = Setup::start();
      return;
    }
    setup_ = start.value();
    std::string binit;
    const bool complete = make_binit(setup_, binit);
    const bool standard_board = setup_.board == Setup::start().board;
    if (!standard_board) field("binit", binit);
    // The reader infers the side to move from the first move's piece (or,
    // with no move, from which side could be in check): write a FEN as
    // well when that would give another answer, when binit cannot hold the
    // pieces, or when the clocks are not the usual ones.
    Color inferred = Color::Red;
    const GameNode& root = r_.node(r_.root());
    bool have_first = false;
    if (!root.children.empty()) {
      const Move m = node_move(r_.node(root.children.front()));
      if (!m.is_none() && setup_.at(m.from())) inferred = setup_.at(m.from()).color(), have_first = true;
    }
    if (!have_first && !standard_board) {
      Setup red = setup_;
      red.side_to_move = Color::Red;
      for (const PositionIssue& i : check_setup(red))
        if (i.problem == PositionProblem::SideNotToMoveInCheck) inferred = Color::Black;
    }
    if (!complete)
      note(Code::StartNotRepresentable, "binit cannot hold this set-up (more pieces of a kind than the game starts "
                                      "with); it is written in DhtmlXQ_fen");
    if (!complete || inferred != setup_.side_to_move || setup_.halfmove_clock != 0 || setup_.fullmove_number != 1)
      field("fen", to_fen(setup_));
  }

  struct Line {
    long id;
    long parent;
    long start_ply;
    NodeId first;
  };

  void write_moves() {
    const GameNode& root = r_.node(r_.root());
    // Everything before the first move is the game comment.
    std::string comment0;
    for (const std::string* c : {&root.comment_before(), &root.comment_after(),
                                 root.children.empty() ? nullptr : &r_.node(root.children.front()).comment_before()}) {
      if (!c || c->empty()) continue;
      if (!comment0.empty()) comment0 += '\n';
      comment0 += *c;
    }
    if (root.children.empty()) {
      field("movelist", "");
      if (!comment0.empty()) field("comment0", escape_value(comment0));
      return;
    }
    // Lines depth first: a line, then each variation branching from it
    // (with its own variations) in order. Ids are given in that order.
    std::vector<std::string> move_fields;
    std::string comments;
    if (!comment0.empty()) comments_field(comments, 0, 0, comment0);
    struct Frame {
      Line line;
      std::vector<NodeId> nodes;  // the line's moves as written
      std::size_t next_node = 0;  // whose variations come next
      std::size_t next_alt = 1;
    };
    long next_id = 1;
    std::vector<Frame> stack;
    auto open_line = [&](Line line) {
      Frame f;
      f.line = line;
      std::string digits;
      long ply = line.start_ply;
      for (NodeId id = line.first;;) {
        const GameNode& n = r_.node(id);
        const Move m = node_move(n);
        if (m.is_none()) {
          note(Code::UnresolvedMove, "move '" + printable(n.text) + "' at ply " + std::to_string(ply) +
                                      " is not resolved; its line ends before it");
          break;
        }
        square_digits(digits, m.from());
        square_digits(digits, m.to());
        f.nodes.push_back(id);
        std::string text = n.comment_after();
        if (!n.comment_before().empty() && !(id == line.first && line.id == 0)) {
          note(Code::CommentMoved, "a comment before the move at ply " + std::to_string(ply) +
                                    " is written after it (DhtmlXQ has comments after moves only)");
          text = n.comment_before() + (text.empty() ? "" : "\n" + text);
        }
        if (!text.empty()) comments_field(comments, line.id, ply, text);
        if (!n.nags().empty()) note(Code::NagDropped, "NAGs at ply " + std::to_string(ply) + " have no DhtmlXQ form");
        ++ply;
        if (n.children.empty()) break;
        id = n.children.front();
      }
      if (line.id == 0) {
        field("movelist", digits);
      } else if (!digits.empty()) {
        move_fields.push_back("[DhtmlXQ_move_" + std::to_string(line.parent) + "_" + std::to_string(line.start_ply) +
                              "_" + std::to_string(line.id) + "]" + digits + "[/DhtmlXQ_move_" +
                              std::to_string(line.parent) + "_" + std::to_string(line.start_ply) + "_" +
                              std::to_string(line.id) + "]");
      }
      stack.push_back(std::move(f));
    };
    open_line({0, 0, 1, root.children.front()});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next_node >= f.nodes.size()) {
        stack.pop_back();
        continue;
      }
      const NodeId id = f.nodes[f.next_node];
      const GameNode& parent = r_.node(r_.node(id).parent);
      // Only the main continuation carries the alternatives of its parent.
      if (parent.children.front() != id || f.next_alt >= parent.children.size()) {
        ++f.next_node;
        f.next_alt = 1;
        continue;
      }
      const NodeId alt = parent.children[f.next_alt++];
      const Line line{next_id++, f.line.id, f.line.start_ply + long(f.next_node), alt};
      open_line(line);  // may reallocate the stack: f is not used after this
    }
    for (const std::string& m : move_fields) {
      out_.bytes += m;
      nl();
    }
    out_.bytes += comments;
  }

  void comments_field(std::string& to, long branch, long ply, std::string_view text) {
    const std::string name = branch == 0 ? "comment" + std::to_string(ply)
                                         : "comment" + std::to_string(branch) + "_" + std::to_string(ply);
    to += "[DhtmlXQ_" + name + "]" + escape_value(text) + "[/DhtmlXQ_" + name + "]";
    if (o_.one_field_per_line) to += '\n';
  }

  const GameRecord& r_;
  const DhtmlXqWriteOptions& o_;
  DhtmlXqWriteResult out_;
  Setup setup_;
};

}  // namespace

DhtmlXqWriteResult write_dhtmlxq(const GameRecord& record, const DhtmlXqWriteOptions& options) {
  DhtmlXqWriteResult res = Writer(record, options).run();
  if (options.encoding == OutputEncoding::Utf8) return res;
  const std::string name(encoding_name(options.encoding));
  std::string encoded, lost;
  std::size_t unmappable = 0;
  if (!from_utf8(res.bytes, name, encoded, &unmappable, &lost)) {
    res.ok = false;
    res.bytes.clear();
    std::string m("ICU cannot open the encoding ");
    m.append(name);
    res.losses.push_back(loss(Code::EncoderUnavailable, m, Severity::Error));
    return res;
  }
  res.bytes = std::move(encoded);
  if (unmappable > 0) {
    std::string m(std::to_string(unmappable));
    m.append(" character(s) not in ");
    m.append(name);
    m.append(" substituted: ");
    m.append(escape_bytes(lost, 60));
    res.losses.push_back(loss(Code::UnencodableCharacters, m));
  }
  return res;
}

}  // namespace xq::formats
