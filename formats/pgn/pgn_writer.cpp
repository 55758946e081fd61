// Xiangqi PGN writer.
#include "xqrec/formats/pgn_writer.h"

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "xqrec/core/fen.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/core/position.h"

namespace xq::formats {

namespace {

// Field names of Chinese programs and of our other readers, as PGN tags.
constexpr std::array<std::pair<std::string_view, std::string_view>, 26> kTagNames{{
    {"标题", "Title"},     {"標題", "Title"},     {"赛事", "Event"},    {"賽事", "Event"},
    {"比赛", "Event"},     {"比賽", "Event"},     {"地点", "Site"},     {"地點", "Site"},
    {"日期", "Date"},      {"轮次", "Round"},     {"輪次", "Round"},    {"红方", "Red"},
    {"紅方", "Red"},       {"黑方", "Black"},     {"结果", "Result"},   {"結果", "Result"},
    {"红队", "RedTeam"},   {"紅隊", "RedTeam"},   {"黑队", "BlackTeam"}, {"黑隊", "BlackTeam"},
    {"评注", "Annotator"}, {"評注", "Annotator"}, {"作者", "Author"},   {"开局", "Opening"},
    {"開局", "Opening"},   {"变例", "Variation"},
}};

struct Writer {
  const GameRecord& r;
  const PgnWriteOptions& o;
  LossNotes& losses;
  std::string out;
  std::size_t line_start = 0;
  bool lost_line_noted = false;

  void note(Code code, std::string message) { losses.push_back(loss(code, std::move(message))); }

  void newline() {
    out += o.newline;
    line_start = out.size();
  }

  void put(std::string_view token) {
    if (out.size() > line_start) out += ' ';
    out += token;
  }

  static std::string escape_tag_value(std::string_view v, bool& changed) {
    std::string s;
    for (char c : v) {
      if (c == '\\' || c == '"') s += '\\';
      if (c == '\n' || c == '\r') {
        changed = true;
        c = ' ';
      }
      s += c;
    }
    return s;
  }

  void write_tag(std::string_view name, std::string_view value) {
    bool changed = false;
    const std::string v = escape_tag_value(value, changed);
    if (changed) note(Code::TagNewline, "line breaks in tag " + std::string(name) + " written as spaces");
    out += '[';
    out += name;
    out += " \"";
    out += v;
    out += "\"]";
    newline();
  }

  std::string comment_text(std::string_view c) {
    std::string s;
    bool brace = false;
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (c[i] == '}') {
        s += "\xEF\xBD\x9D";  // ｝
        brace = true;
      } else {
        s += c[i];
      }
    }
    if (brace) note(Code::CommentBrace, "'}' in a comment written as '｝'");
    return s;
  }

  void put_comment(std::string_view c) {
    if (c.empty()) return;
    std::string token(1, '{');
    token += comment_text(c);
    token += '}';
    put(token);
  }

  std::string move_text(const GameNode& node, const Position* pos, bool& legal) {
    legal = pos && !node.move.is_none() && pos->is_legal(node.move);
    if (o.notation == MoveNotation::Iccs && !node.move.is_none()) return to_iccs(node.move, o.iccs_style);
    if (legal) {
      std::string text = o.notation == MoveNotation::Wxf ? notation::write_wxf(*pos, node.move, o.wxf)
                                                         : notation::write_chinese(*pos, node.move, o.chinese);
      if (!text.empty()) return text;
      legal = false;
    }
    // Written as in the source.
    std::string text = node.text.str();
    if (text.empty() && !node.move.is_none()) text = to_iccs(node.move);
    if (text.empty()) text = "--";
    for (char& c : text)
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '{' || c == '}' || c == '(' || c == ')') c = '_';
    if (!lost_line_noted || node.move.is_none()) {
      note(Code::UnresolvedMove, "move '" + escape_bytes(node.text) + "' written as in the source" +
                                  (pos ? std::string() : std::string(" (position unknown)")));
      lost_line_noted = true;
    }
    return text;
  }

  // Writes one move (number, text, NAGs, comment after); returns whether it
  // was legal in `pos` (so that the caller can play it).
  bool write_node(NodeId id, const Position* pos, int depth, int number, Color side, bool force_number) {
    const GameNode& node = r.node(id);
    // The comment before a move stands between its number and the move
    // ("12. {text} h2e2", "12... {text} h9g7"): there the reader gives it
    // to this move, not as a comment after the move before.
    if (!node.comment_before().empty()) force_number = true;
    if (side == Color::Red) {
      if (depth == 0 && out.size() > line_start) newline();
      std::string token = std::to_string(number);
      token += '.';
      put(token);
    } else if (force_number) {
      std::string token = std::to_string(number);
      token += "...";
      put(token);
    }
    put_comment(node.comment_before());
    bool legal = false;
    put(move_text(node, pos, legal));
    for (int nag : node.nags()) {
      std::string token(1, '$');
      token += std::to_string(nag);
      put(token);
    }
    put_comment(node.comment_after());
    return legal;
  }

  // The line that continues after `from` (not written), main line first,
  // variations after the move they replace. Depth first with a stack of
  // open lines, not by recursion: variations nested tens of thousands deep
  // (a few hundred KB of "(h2e2 h9g7 ") must not overflow the call stack.
  struct Frame {
    NodeId cur;                   // the last move written in this line
    std::optional<Position> pos;  // the position after `cur`, when known
    int depth = 0;
    int number = 1;
    Color side = Color::Red;
    bool force_number = false;
    std::size_t next_alt = 0;  // 0: the next move is not written yet
    bool legal = false;        // whether that move was legal in `pos`
    bool variation = false;    // closed with ')' when it ends
    bool saved_lost = false;   // lost_line_noted of the enclosing line
  };

  void write_line(NodeId from, std::optional<Position> pos, int depth, int number, Color side, bool force_number) {
    std::vector<Frame> stack;
    stack.push_back(Frame{from, std::move(pos), depth, number, side, force_number});
    while (!stack.empty()) {
      Frame& f = stack.back();
      const auto& kids = r.node(f.cur).children;
      if (f.next_alt == 0) {
        if (kids.empty()) {  // the line ends
          const bool variation = f.variation, saved = f.saved_lost;
          stack.pop_back();
          if (variation) {
            out += ')';
            lost_line_noted = saved;
            stack.back().force_number = true;
          }
          continue;
        }
        f.legal = write_node(kids[0], f.pos ? &*f.pos : nullptr, f.depth, f.number, f.side, f.force_number);
        f.force_number = !r.node(kids[0]).comment_after().empty();
        f.next_alt = 1;
      }
      if (f.next_alt < kids.size()) {
        // The next alternative to kids[0], from the position before it.
        const NodeId first = kids[f.next_alt++];
        put("(");
        Frame v{first, f.pos, f.depth + 1, f.number, f.side, true};
        v.variation = true;
        v.saved_lost = lost_line_noted;
        lost_line_noted = false;
        const bool legal = write_node(first, v.pos ? &*v.pos : nullptr, v.depth, v.number, v.side, true);
        play(v.pos, first, legal);
        if (v.side == Color::Black) ++v.number;
        v.side = ~v.side;
        v.force_number = !r.node(first).comment_after().empty();
        stack.push_back(std::move(v));  // f is not used after this
        continue;
      }
      // Every alternative written: play kids[0] and go on along the line.
      const NodeId m = kids[0];
      play(f.pos, m, f.legal);
      if (f.side == Color::Black) ++f.number;
      f.side = ~f.side;
      f.cur = m;
      f.next_alt = 0;
    }
  }

  void play(std::optional<Position>& pos, NodeId id, bool legal) {
    if (!pos) return;
    if (legal) {
      Undo u;
      pos->make(r.node(id).move, u);
    } else {
      pos.reset();
    }
  }

  void write() {
    // The start position.
    std::optional<Setup> setup;
    std::string raw_fen;
    const std::string* fen_text = r.start_fen ? &*r.start_fen : nullptr;
    if (!r.start_setup && !fen_text) fen_text = r.tag("FEN");
    if (r.start_setup) {
      setup = *r.start_setup;
    } else if (fen_text) {
      auto parsed = parse_fen(*fen_text);
      if (parsed) {
        setup = parsed.value();
      } else {
        raw_fen = *fen_text;
        note(Code::BadStart, "start FEN does not parse; written as given and moves written as in the source");
      }
    } else {
      setup = Setup::start();
    }

    // Tags.
    write_tag("Game", "Chinese Chess");
    std::string tag_comment;
    bool has_result_tag = false;
    for (const Tag& t : r.tags) {
      if (ascii_iequals(t.name, "Game") || ascii_iequals(t.name, "Format") || ascii_iequals(t.name, "FEN")) continue;
      const std::string name = pgn_tag_name(t.name);
      if (name.empty()) {
        append(tag_comment, t.name + ": " + t.value);
        note(Code::TagInComment, "tag '" + escape_bytes(t.name) + "' has no PGN name; kept in the game comment");
        continue;
      }
      if (name != t.name) note(Code::TagRenamed, "tag '" + escape_bytes(t.name) + "' written as " + name);
      if (ascii_iequals(name, "Result")) has_result_tag = true;
      write_tag(name, t.value);
    }
    if (!has_result_tag && !r.result.empty()) write_tag("Result", r.result);
    if (o.notation == MoveNotation::Iccs) write_tag("Format", "ICCS");
    if (o.notation == MoveNotation::Wxf) write_tag("Format", "WXF");
    if (setup && !(*setup == Setup::start())) write_tag("FEN", to_fen(*setup));
    if (!setup && !raw_fen.empty()) write_tag("FEN", raw_fen);
    newline();

    // Movetext.
    const GameNode& root = r.node(r.root());
    std::string game_comment = root.comment_after();
    if (!tag_comment.empty()) append(game_comment, tag_comment);
    put_comment(game_comment);
    if (!root.comment_before().empty()) put_comment(root.comment_before());
    if (!root.nags().empty()) note(Code::NagDropped, "NAGs on the start position cannot be written");
    std::optional<Position> pos;
    if (setup) pos.emplace(*setup);
    const int number = setup ? std::max(1, setup->fullmove_number) : 1;
    const Color side = setup ? setup->side_to_move : Color::Red;
    write_line(r.root(), pos, 0, number, side, side == Color::Black || !game_comment.empty());
    if (!r.result.empty()) put(r.result);
    else if (!r.truncated) put("*");
    if (out.size() > line_start) newline();
  }

  static void append(std::string& s, std::string_view t) {
    if (!s.empty()) s += '\n';
    s += t;
  }
};

}  // namespace

std::string pgn_tag_name(std::string_view name) {
  for (const auto& [from, to] : kTagNames)
    if (name == from) return std::string(to);
  std::string s;
  for (char c : name)
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') s += c;
  // Non-ASCII names reduced to a few letters say nothing: keep them whole
  // in the comment instead.
  if (s.size() * 2 < name.size()) return {};
  return s;
}

std::string write_pgn_text(const GameRecord& record, const PgnWriteOptions& options, LossNotes& losses) {
  Writer w{record, options, losses, {}, 0, false};
  w.write();
  return std::move(w.out);
}

PgnWriteResult write_pgn(const GameRecord& record, const PgnWriteOptions& options) {
  PgnWriteResult res;
  std::string text = write_pgn_text(record, options, res.losses);
  if (options.encoding == OutputEncoding::Utf8) {
    res.bytes = std::move(text);
    return res;
  }
  std::size_t unmappable = 0;
  std::string lost;
  const std::string name(encoding_name(options.encoding));
  if (!from_utf8(text, name, res.bytes, &unmappable, &lost)) {
    res.ok = false;
    res.bytes.clear();
    res.losses.push_back(loss(Code::EncoderUnavailable, "ICU cannot open the encoding " + name, Severity::Error));
    return res;
  }
  if (unmappable > 0)
    res.losses.push_back(loss(Code::UnencodableCharacters, std::to_string(unmappable) + " character(s) not in " +
                                                        name + " substituted: " + escape_bytes(lost, 60)));
  return res;
}

}  // namespace xq::formats
