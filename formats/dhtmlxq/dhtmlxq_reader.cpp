// DhtmlXQ reader: the UBB text alone or embedded in HTML pages; also the
// DHJHtmlXQ dialect of 广东象棋网 (打虎将): numbered fields (31 the board as
// 90 characters from the top row, '0' or '*' empty; 32 the side to move,
// 1 = Black; 33 the starting step; 34 the move list with rows counted from
// Red's side), comments [game_comment_B_N]...[/comment_B_N].
//
// The bytes are scanned as they are (ASCII markup, character-aware for
// GBK/GB18030/Big5, whose trail bytes can look like '['), so locations are
// byte offsets into the file. Only UTF-16/32 texts are converted first;
// their offsets then refer to the UTF-8 conversion.
#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <unicode/utf8.h>

#include "record/issue_cap.h"
#include "text/text_decode.h"
#include "text/text_locator.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/record_replay.h"
#include "xqrec/core/iccs.h"

namespace xq::formats {

namespace {

using detail::ByteScheme;

char lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

bool starts_with_ci(std::string_view s, std::size_t pos, std::string_view prefix) {
  if (pos > s.size() || s.size() - pos < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i)
    if (lower(s[pos + i]) != prefix[i]) return false;
  return true;
}

bool iequal(std::string_view a, std::string_view b) { return ascii_iequals(a, b); }

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The text, and how to step through it.
class Scanner {
 public:
  Scanner(std::string_view text, ByteScheme scheme) : text_(text), dbcs_(scheme == ByteScheme::DoubleByte) {}

  // The next '[' at or after pos that starts a character.
  std::size_t find_bracket(std::size_t pos) const {
    if (!dbcs_) return text_.find('[', pos);
    while (pos < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[pos]);
      if (c == '[') return pos;
      pos += (c >= 0x81 && c <= 0xFE) ? 2 : 1;
    }
    return std::string_view::npos;
  }
  // The next markup token at or after pos: "[DhtmlXQ", "[/DhtmlXQ", or a
  // DHJHtmlXQ one ("[DHJHtmlXQ", "[/DHJHtmlXQ", "[game_comment_", "[/comment_").
  std::size_t find_token(std::size_t pos) const {
    for (;;) {
      const std::size_t b = find_bracket(pos);
      if (b == std::string_view::npos) return b;
      for (const std::string_view p : {"[dhtmlxq", "[/dhtmlxq", "[dhjhtmlxq", "[/dhjhtmlxq", "[game_comment_", "[/comment_"})
        if (starts_with_ci(text_, b, p)) return b;
      pos = b + 1;
    }
  }

 private:
  std::string_view text_;
  bool dbcs_;
};

// Which markup a field is written in.
enum class Dialect : std::uint8_t {
  DhtmlXq,     // [DhtmlXQ_name]
  Dhj,         // [DHJHtmlXQ_number]
  DhjComment,  // [game_comment_B_N] ... [/comment_B_N]; name is "B_N"
};

struct Token {
  std::size_t begin = 0, end = 0;  // [begin, end) covers "[...]"
  bool close = false;
  bool wrapper = false;            // [DhtmlXQ], [DhtmlXQiFrame], [/DhtmlXQ], [DHJHtmlXQ] ...
  Dialect dialect = Dialect::DhtmlXq;
  std::string_view name;           // field name without "DhtmlXQ_" (fields only)
};

// Reads the token at b (which find_token returned); nullopt when the text
// there is not a well-formed tag.
std::optional<Token> read_token(std::string_view text, std::size_t b) {
  Token t;
  t.begin = b;
  t.close = text[b + 1] == '/';
  std::size_t i = b + (t.close ? 9 : 8);
  if (starts_with_ci(text, b, t.close ? "[/dhjhtmlxq" : "[dhjhtmlxq")) {
    t.dialect = Dialect::Dhj;
    i += 2;
  } else if (starts_with_ci(text, b, t.close ? "[/comment_" : "[game_comment_")) {
    t.dialect = Dialect::DhjComment;
    i = b + (t.close ? 10 : 14);
  }
  const std::size_t name_start = i;
  while (i < text.size() && is_name_char(text[i])) ++i;
  if (i >= text.size() || text[i] != ']') return std::nullopt;
  const std::string_view name = text.substr(name_start, i - name_start);
  t.end = i + 1;
  if (t.dialect == Dialect::DhjComment) {
    if (name.empty()) return std::nullopt;
    t.name = name;
  } else if (!name.empty() && name[0] == '_') {
    t.name = name.substr(1);
    if (t.name.empty()) return std::nullopt;
  } else {
    t.wrapper = true;
  }
  return t;
}

struct Field {
  std::string_view name;
  std::string_view value;
  std::size_t tag_pos = 0;
  std::size_t value_pos = 0;
  Dialect dialect = Dialect::DhtmlXq;
};

// Fields kept per record: real records hold a few dozen (one per
// commented ply at most); a hostile one of millions would otherwise hold
// 56 bytes a field before any is read.
constexpr std::size_t kMaxRecordFields = std::size_t(1) << 16;

struct RecordText {
  std::size_t start = 0;
  std::vector<Field> fields;
  std::size_t fields_not_kept = 0;  // beyond kMaxRecordFields (one too-large issue)
  bool truncated = false;
  std::vector<std::pair<std::size_t, Issue>> issues;  // offset -> issue (location filled later)
  std::size_t issues_not_kept = 0;  // beyond kMaxGameIssues: counted only
};

// Unescapes a decoded (UTF-8) value: "||" is a new line, \uXXXX a character.
std::string unescape_value(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto put = [&](std::uint32_t c) {  // as UTF-8 (ICU's encoder; a lone surrogate as its 3 bytes, as given)
    char buf[U8_MAX_LENGTH];
    std::int32_t n = 0;
    U8_APPEND_UNSAFE(buf, n, static_cast<UChar32>(c));
    out.append(buf, std::size_t(n));
  };
  auto hex4 = [&](std::size_t i, std::uint32_t& v) {
    if (i + 6 > s.size() || s[i] != '\\' || (s[i + 1] != 'u' && s[i + 1] != 'U')) return false;
    v = 0;
    for (std::size_t k = i + 2; k < i + 6; ++k) {
      const char c = s[k];
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      else return false;
      v = v << 4 | std::uint32_t(d);
    }
    return true;
  };
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '|' && i + 1 < s.size() && s[i + 1] == '|') {
      out += '\n';
      i += 2;
      continue;
    }
    std::uint32_t v;
    if (s[i] == '\\' && hex4(i, v)) {
      i += 6;
      if (v >= 0xD800 && v <= 0xDBFF) {
        std::uint32_t low;
        if (hex4(i, low) && low >= 0xDC00 && low <= 0xDFFF) {
          i += 6;
          put(0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00));
        } else {
          put(0xFFFD);
        }
      } else if (v >= 0xDC00 && v <= 0xDFFF) {
        put(0xFFFD);
      } else {
        put(v);
      }
      continue;
    }
    out += s[i++];
  }
  return out;
}

// Four digits of a move as written, with where they were.
struct Quad {
  std::array<std::uint8_t, 4> d;
  std::size_t offset;
};

struct MoveText {
  std::vector<Quad> quads;
  std::optional<std::pair<std::size_t, std::string>> error;  // offset, message
};

// Moves past `room` (the game's kMaxGameMoves, shared by its branches) are
// counted in `cut`, not kept; `first_cut` is where the first one stands.
MoveText split_moves(const Field& f, std::size_t& room, std::size_t& cut, std::size_t& first_cut) {
  MoveText m;
  std::array<std::uint8_t, 4> cur{};
  int n = 0;
  std::size_t first = 0;
  for (std::size_t i = 0; i < f.value.size(); ++i) {
    const char c = f.value[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    if (c < '0' || c > '9') {
      m.error = {{f.value_pos + i, "not a digit in a move list: '" + printable(f.value.substr(i, 1)) + "'"}};
      return m;
    }
    if (n == 0) first = f.value_pos + i;
    cur[std::size_t(n++)] = std::uint8_t(c - '0');
    if (n == 4) {
      if (room > 0) {
        --room;
        m.quads.push_back({cur, first});
      } else if (cut++ == 0) {
        first_cut = first;
      }
      n = 0;
    }
  }
  if (n != 0) m.error = {{first, "incomplete move: " + std::to_string(n) + " digit(s) instead of 4"}};
  return m;
}

Square square_of(std::uint8_t file, std::uint8_t row, bool flipped) {
  if (file > 8) return Square::none();
  const int rank = flipped ? row : 9 - row;
  return Square(file, rank);
}

struct Branch {
  long parent = -1;
  long ply = 1;  // the absolute ply of its first move
  MoveText moves;
  std::size_t tag_pos = 0;
  std::vector<NodeId> nodes;
  bool attached = false;
  // Jump pointers up the chain of attached branches, so that a move of an
  // ancestor branch is found in a logarithmic number of steps: up[k] is the
  // branch 2^k steps up, low[k] the lowest start ply among this branch and
  // the 2^k - 1 branches above it (those that the jump skips).
  std::vector<const Branch*> up;
  std::vector<long> low;
};

class RecordReader {
 public:
  RecordReader(std::string_view text, detail::Decoder& decoder, detail::TextLocator& locator,
               detail::IssueBudget& budget)
      : text_(text), decoder_(decoder), locator_(locator), cap_(issues_, detail::kMaxGameIssues, &budget) {}

  // Builds the record and its issues from the fields (at most
  // kMaxGameIssues, then one too-many-issues issue with the count).
  void read(const RecordText& rt) {
    for (const auto& [offset, issue] : rt.issues) add_issue(offset, issue);
    for (std::size_t k = 0; k < rt.issues_not_kept; ++k) cap_.room();
    read_fields(rt);
    if (Issue more; cap_.too_many(more, locator_.at(rt.start), "issues of this game")) issues_.push_back(std::move(more));
  }

 private:
  void read_fields(const RecordText& rt) {
    const Field* movelist = nullptr;
    const Field* binit = nullptr;
    const Field* fen = nullptr;
    for (const Field& f : rt.fields) {
      const std::string_view name = f.name;
      if (f.dialect == Dialect::DhjComment) {
        comment(f, name);
      } else if (f.dialect == Dialect::Dhj) {
        if (name == "34") {
          if (movelist) duplicate(f);
          else movelist = &f, branches_[0].moves = split_moves(f, quad_room_, quads_cut_, first_cut_), branches_[0].tag_pos = f.tag_pos;
        } else {
          dhj_field(f);
        }
      } else if (iequal(name, "movelist")) {
        if (movelist) duplicate(f);
        else movelist = &f, branches_[0].moves = split_moves(f, quad_room_, quads_cut_, first_cut_), branches_[0].tag_pos = f.tag_pos;
      } else if (iequal(name, "binit")) {
        if (binit) duplicate(f);
        else binit = &f;
      } else if (iequal(name, "fen")) {
        if (fen) duplicate(f);
        else fen = &f;
      } else if (starts_with_ci(name, 0, "move_")) {
        variation(f);
      } else if (starts_with_ci(name, 0, "comment")) {
        comment(f);
      } else if (iequal(name, "result")) {
        result(f);
      } else {
        info(f);
      }
    }
    if (!branches_.count(0)) branches_[0].tag_pos = rt.start;
    start_position(binit, fen);
    if (dhj_board_ && !fen && !binit) dhj_start();
    // DHJHtmlXQ counts rows from Red's side, like a flipped binit.
    if (movelist && movelist->dialect == Dialect::Dhj) flipped_ = true;
    build_tree();
    if (quads_cut_)
      add_issue(first_cut_, Code::TooLarge, Severity::Error, "",
                "the game holds more than " + std::to_string(kMaxGameMoves) + " moves (variations included): the " +
                    std::to_string(quads_cut_) + " after them are not kept");
    attach_comments();
    side_to_move(fen != nullptr);
    record_.truncated = rt.truncated;
  }


 public:
  GameRecord& record() { return record_; }
  std::vector<Issue>& issues() { return issues_; }

 private:
  void add_issue(std::size_t offset, Issue issue) {
    if (!cap_.room()) return;
    issue.where = locator_.at(offset);
    bound_excerpt(issue.text);
    issues_.push_back(std::move(issue));
  }
  void add_issue(std::size_t offset, Code code, Severity sev, std::string_view text, std::string message) {
    add_issue(offset, Issue{code, sev, {}, detail::escape_invalid_utf8(text.substr(0, 120)),
                                std::move(message)});
  }
  void duplicate(const Field& f) {
    add_issue(f.tag_pos, Code::DuplicateField, Severity::Warning, f.name,
              "field DhtmlXQ_" + std::string(f.name) + " appears again; the first one is used");
  }

  std::string text_value(const Field& f) {
    bool bad = false;
    std::string s = decoder_.to_utf8(f.value, &bad);
    if (bad)
      add_issue(f.value_pos, Code::BadEncoding, Severity::Warning, f.value,
                "field DhtmlXQ_" + std::string(f.name) + " is not valid " + decoder_.encoding() +
                    "; bad bytes replaced");
    return unescape_value(s);
  }

  void info(const Field& f) {
    std::string value = text_value(f);
    if (value.empty()) return;
    record_.tags.push_back({dhtmlxq_tag_for_field(f.name), std::move(value)});
  }

  void result(const Field& f) {
    std::string value = text_value(f);
    if (value.empty()) return;
    const std::string_view pgn = dhtmlxq_result_to_pgn(value);
    record_.tags.push_back({"Result", std::string(pgn)});
    record_.result = std::string(pgn);
    static constexpr std::string_view canonical[] = {"红胜", "红负", "和棋", "未知"};
    const std::string_view expect = pgn == "1-0" ? canonical[0] : pgn == "0-1" ? canonical[1]
                                  : pgn == "*" ? canonical[3] : canonical[2];
    if (value != expect) record_.tags.push_back({"DhtmlXQ_result", std::move(value)});
  }

  static bool parse_number(std::string_view s, long& out) {
    if (s.empty() || s.size() > 9) return false;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
  }

  void variation(const Field& f) {
    // move_P_S_B
    const std::string_view rest = f.name.substr(5);
    const std::size_t a = rest.find('_');
    const std::size_t b = a == std::string_view::npos ? a : rest.find('_', a + 1);
    long p = 0, s = 0, id = 0;
    if (b == std::string_view::npos || !parse_number(rest.substr(0, a), p) ||
        !parse_number(rest.substr(a + 1, b - a - 1), s) || !parse_number(rest.substr(b + 1), id) || id <= 0 ||
        s <= 0 || p == id) {
      add_issue(f.tag_pos, Code::BadVariation, Severity::Error, f.name,
                "variation field name is not move_PARENT_PLY_BRANCH with BRANCH > 0 and PLY > 0");
      return;
    }
    if (branches_.count(id)) {
      add_issue(f.tag_pos, Code::BadVariation, Severity::Error, f.name,
                "branch " + std::to_string(id) + " is defined twice; the first definition is used");
      return;
    }
    Branch& br = branches_[id];
    br.parent = p;
    br.ply = s;
    br.tag_pos = f.tag_pos;
    br.moves = split_moves(f, quad_room_, quads_cut_, first_cut_);
  }

  struct PendingComment {
    long branch;
    long ply;
    std::string text;
    std::size_t tag_pos;
    std::string name;
  };

  void comment(const Field& f) { comment(f, f.name.substr(7)); }

  // `rest` is "N" or "B_N": ply N of branch B (0 = the main line).
  void comment(const Field& f, std::string_view rest) {
    long branch = 0, ply = 0;
    const std::size_t u = rest.find('_');
    bool ok;
    if (u == std::string_view::npos) ok = parse_number(rest, ply);
    else ok = parse_number(rest.substr(0, u), branch) && parse_number(rest.substr(u + 1), ply);
    if (!ok || ply < 0 || branch < 0) {
      // Not a move comment: keep it as a tag rather than lose it.
      info(f);
      return;
    }
    std::string text = text_value(f);
    if (text.empty()) return;
    comments_.push_back({branch, ply, std::move(text), f.tag_pos, std::string(f.name)});
  }

  // A numbered DHJHtmlXQ field other than the move list.
  void dhj_field(const Field& f) {
    struct Numbered {
      std::string_view number, field;  // the DhtmlXQ field of the same meaning
    };
    static constexpr Numbered kNumbered[] = {
        {"10", "title"},      {"11", "event"},       {"13", "date"},        {"14", "place"},
        {"15", "round"},      {"16", "table"},       {"17", "red"},         {"18", "redname"},
        {"19", "redlevel"},   {"20", "redrating"},   {"21", "black"},       {"22", "blackname"},
        {"23", "blacklevel"}, {"24", "blackrating"}, {"29", "redtime"},     {"30", "blacktime"},
        {"36", "open"},       {"37", "variation"},   {"40", "remark"},      {"41", "author"},
        {"42", "record"}};
    if (f.name == "28") return result(f);
    if (f.name == "31") {
      if (dhj_board_) duplicate(f);
      else dhj_board_ = &f;
      return;
    }
    if (f.name == "32") {
      const std::string v = text_value(f);
      if (v != "0" && v != "1")
        add_issue(f.value_pos, Code::BadFen, Severity::Warning, v,
                  "DHJHtmlXQ_32 (the side to move) is neither 0 (Red) nor 1 (Black); Red assumed");
      dhj_black_ = v == "1";
      return;
    }
    std::string value = text_value(f);
    if (value.empty()) return;
    for (const Numbered& n : kNumbered)
      if (f.name == n.number) {
        record_.tags.push_back({dhtmlxq_tag_for_field(n.field), std::move(value)});
        return;
      }
    // 33 (the starting step) and unknown numbers: kept under their own name.
    std::string tag("DHJHtmlXQ_");
    tag.append(f.name);
    record_.tags.push_back({std::move(tag), std::move(value)});
  }

  // DHJHtmlXQ_31: 90 characters, a9..i9 first; letters as in FEN (H and E
  // for horse and elephant too), '0' or '*' for an empty point.
  void dhj_start() {
    const Field& f = *dhj_board_;
    Setup s;
    s.board.fill(Piece());
    std::size_t points = 0;
    for (std::size_t i = 0; i < f.value.size(); ++i) {
      const char c = f.value[i];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
      if (points == 90) {
        add_issue(f.value_pos + i, Code::BadFen, Severity::Error, f.value.substr(i),
                  "DHJHtmlXQ_31 has more than 90 points; the rest is ignored");
        break;
      }
      const Square sq(int(points % 9), int(9 - points / 9));
      ++points;
      if (c == '0' || c == '*') continue;
      const char lc = lower(c);
      PieceType t = PieceType::None;
      switch (lc) {
        case 'k': t = PieceType::King; break;
        case 'a': t = PieceType::Advisor; break;
        case 'b': case 'e': t = PieceType::Elephant; break;
        case 'n': case 'h': t = PieceType::Horse; break;
        case 'r': t = PieceType::Rook; break;
        case 'c': t = PieceType::Cannon; break;
        case 'p': t = PieceType::Pawn; break;
        default: break;
      }
      const Piece p = t == PieceType::None ? Piece() : Piece(c == lc ? Color::Black : Color::Red, t);
      if (p.empty()) {
        add_issue(f.value_pos + i, Code::BadFen, Severity::Error, f.value.substr(i, 1),
                  "DHJHtmlXQ_31 holds a character that is no piece; that point is left empty");
        continue;
      }
      s.put(sq, p);
    }
    if (points < 90)
      add_issue(f.value_pos, Code::BadFen, Severity::Error, f.value,
                "DHJHtmlXQ_31 has " + std::to_string(points) + " points instead of 90; the others are empty");
    s.side_to_move = dhj_black_ ? Color::Black : Color::Red;
    setup_ = s;
    have_setup_ = true;
    from_binit_ = true;  // no move: the side is checked like binit's
  }

  void start_position(const Field* binit, const Field* fen) {
    if (fen) {
      const std::string value = text_value(*fen);
      auto parsed = parse_fen(value);
      if (parsed) {
        fen_text_ = value;
        setup_ = parsed.value();
        have_setup_ = true;
        return;
      }
      add_issue(fen->value_pos + std::min<std::size_t>(parsed.error().front().column - 1, fen->value.size()),
                Code::BadFen, Severity::Error, value,
                "DhtmlXQ_fen: " + parsed.error().front().message + "; using binit instead");
    }
    if (!binit) return;
    std::string_view v = binit->value;
    Setup s;
    s.board.fill(Piece());
    static constexpr PieceType order[16] = {
        PieceType::Rook, PieceType::Horse, PieceType::Elephant, PieceType::Advisor, PieceType::King,
        PieceType::Advisor, PieceType::Elephant, PieceType::Horse, PieceType::Rook, PieceType::Cannon,
        PieceType::Cannon, PieceType::Pawn, PieceType::Pawn, PieceType::Pawn, PieceType::Pawn, PieceType::Pawn};
    // Digits only; white space ignored.
    std::string digits;
    std::vector<std::size_t> where;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (v[i] >= '0' && v[i] <= '9') digits += v[i], where.push_back(binit->value_pos + i);
      else if (v[i] != ' ' && v[i] != '\t' && v[i] != '\r' && v[i] != '\n') {
        add_issue(binit->value_pos + i, Code::BadBinit, Severity::Error, v.substr(i, 1),
                  "binit holds something other than digits; the rest is ignored");
        break;
      }
    }
    if (digits.size() != 64)
      add_issue(binit->value_pos, Code::BadBinit, Severity::Warning, v,
                "binit has " + std::to_string(digits.size()) + " digits instead of 64; missing pieces are absent");
    // Rows flipped (y' = 9 - y): some writers count rows from Red's side.
    // Seen when the Red king stands in the upper palace and the Black one
    // in the lower.
    struct Placed {
      int file, row;
      Piece piece;
      std::size_t offset;
    };
    std::vector<Placed> placed;
    int red_king_row = -1, black_king_row = -1;
    for (std::size_t k = 0; k < 32 && 2 * k + 1 < digits.size(); ++k) {
      const int f = digits[2 * k] - '0', y = digits[2 * k + 1] - '0';
      if (f == 9 && y == 9) continue;
      const Color c = k < 16 ? Color::Red : Color::Black;
      const Piece p(c, order[k % 16]);
      if (f > 8) {
        add_issue(where[2 * k], Code::BadBinit, Severity::Error, digits.substr(2 * k, 2),
                  "binit places a piece on file " + std::to_string(f) + "; the piece is left out");
        continue;
      }
      if (p.type() == PieceType::King) (c == Color::Red ? red_king_row : black_king_row) = y;
      placed.push_back({f, y, p, where[2 * k]});
    }
    flipped_ = red_king_row >= 0 && red_king_row <= 2 && black_king_row >= 7;
    if (flipped_)
      add_issue(binit->value_pos, Code::RowsFlipped, Severity::Warning, v,
                "binit counts rows from Red's side (Red king at the top); rows and moves read flipped");
    for (const Placed& pl : placed) {
      const Square sq = square_of(std::uint8_t(pl.file), std::uint8_t(pl.row), flipped_);
      if (s.at(sq)) {
        add_issue(pl.offset, Code::BadBinit, Severity::Error, std::string(1, char('0' + pl.file)) + char('0' + pl.row),
                  "binit places two pieces on " + sq.name() + "; the second is left out");
        continue;
      }
      s.put(sq, pl.piece);
    }
    setup_ = s;
    have_setup_ = true;
    from_binit_ = true;
  }

  // The node at `ply` on the line of `branch`: in that branch, or in the
  // first branch up its chain that starts at or before `ply`.
  NodeId node_at(long branch, long ply) const {
    if (ply == 0) return record_.root();
    const auto it = branches_.find(branch);
    if (it == branches_.end() || !it->second.attached) return kNoNode;
    const Branch* b = &it->second;
    for (std::size_t k = b->up.size(); k-- > 0;)
      if (k < b->up.size() && b->low[k] > ply) b = b->up[k];
    if (ply < b->ply) return kNoNode;
    const std::size_t i = std::size_t(ply - b->ply);
    return i < b->nodes.size() ? b->nodes[i] : kNoNode;
  }

  // Fills the jump pointers of a branch just attached below `parent`.
  static void link(Branch& br, const Branch& parent) {
    br.up.assign(1, &parent);
    br.low.assign(1, br.ply);
    for (std::size_t k = 0; k < br.up[k]->up.size(); ++k) {
      const Branch& mid = *br.up[k];
      br.up.push_back(mid.up[k]);
      br.low.push_back(std::min(br.low[k], mid.low[k]));
    }
  }

  void add_moves(Branch& br, NodeId parent) {
    for (const Quad& q : br.moves.quads) {
      const Square from = square_of(q.d[0], q.d[1], flipped_), to = square_of(q.d[2], q.d[3], flipped_);
      const std::string written{char('0' + q.d[0]), char('0' + q.d[1]), char('0' + q.d[2]), char('0' + q.d[3])};
      if (!from.valid() || !to.valid()) {
        add_issue(q.offset, Code::BadMove, Severity::Error, written,
                  "move " + written + " names file 9, which is off the board; the line ends here");
        return;
      }
      const Move m(from, to);
      if (m.is_none()) {
        add_issue(q.offset, Code::BadMove, Severity::Error, written,
                  "move " + written + " goes nowhere (a0 to a0); the line ends here");
        return;
      }
      GameNode n;
      n.text = to_iccs(m);
      n.notation = MoveNotation::Coordinates;
      n.move = m;
      parent = record_.add_child(parent, std::move(n), locations_.at(q.offset));
      br.nodes.push_back(parent);
    }
    if (br.moves.error)
      add_issue(br.moves.error->first, Code::BadMove, Severity::Error, "", br.moves.error->second + "; the line ends here");
  }

  void build_tree() {
    // Locations of every move, looked up in source order first.
    std::vector<std::size_t> offsets;
    for (const auto& [id, br] : branches_)
      for (const Quad& q : br.moves.quads) offsets.push_back(q.offset);
    std::sort(offsets.begin(), offsets.end());
    for (std::size_t o : offsets) locations_[o] = locator_.at(o);

    Branch& main = branches_[0];
    main.attached = true;
    main.ply = 1;
    add_moves(main, record_.root());
    // Attach branches breadth first from the main line, children of a
    // branch in increasing id order; a parent may be defined later.
    std::map<long, std::vector<long>> children;
    for (const auto& [id, br] : branches_)
      if (id != 0) children[br.parent].push_back(id);
    std::vector<long> queue{0};
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
      const auto it = children.find(queue[qi]);
      if (it == children.end()) continue;
      for (long id : it->second) {
        Branch& br = branches_[id];
        const NodeId at = node_at(br.parent, br.ply - 1);
        if (at == kNoNode) {
          add_issue(br.tag_pos, Code::BadVariation, Severity::Error, "move_" + std::to_string(br.parent) + "_" +
                    std::to_string(br.ply) + "_" + std::to_string(id),
                    "branch " + std::to_string(id) + " leaves branch " + std::to_string(br.parent) + " at ply " +
                        std::to_string(br.ply) + ", which that branch does not reach; branch ignored");
          continue;
        }
        br.attached = true;
        link(br, branches_.at(br.parent));
        add_moves(br, at);
        queue.push_back(id);
      }
    }
    for (const auto& [id, br] : branches_)
      if (!br.attached && id != 0 && children.count(br.parent) &&
          std::find(queue.begin(), queue.end(), br.parent) == queue.end())
        add_issue(br.tag_pos, Code::OrphanVariation, Severity::Error, "",
                  "branch " + std::to_string(id) + " hangs from branch " + std::to_string(br.parent) +
                      ", which is not defined or not reachable; branch ignored");
  }

  void attach_comments() {
    for (PendingComment& c : comments_) {
      const NodeId n = node_at(c.branch, c.ply);
      if (n == kNoNode) {
        add_issue(c.tag_pos, Code::BadComment, Severity::Warning, c.text,
                  "DhtmlXQ_" + c.name + " refers to a move that does not exist; comment not attached");
        continue;
      }
      std::string& to = record_.node(n).edit_notes().comment_after;
      if (!to.empty()) {
        add_issue(c.tag_pos, Code::DuplicateField, Severity::Info, c.name,
                  "a second comment for the same move; appended on a new line");
        to += '\n';
      }
      to += c.text;
    }
  }

  void side_to_move(bool from_fen) {
    const GameNode& root = record_.node(record_.root());
    Setup s = have_setup_ ? setup_ : Setup::start();
    if (!root.children.empty()) {
      const NodeId first_id = root.children.front();
      const GameNode& first = record_.node(first_id);
      const Piece p = s.at(first.move.from());
      if (p && p.color() != s.side_to_move) {
        if (from_fen)
          add_issue(record_.where(first_id).offset, Code::SideToMove, Severity::Warning, first.text,
                    "DhtmlXQ_fen gives the other side to move than the first move's piece; following the piece");
        s.side_to_move = p.color();
        have_setup_ = true;
        fen_text_.clear();
      }
    } else if (from_binit_) {
      // No move: Black moves when Red to move would leave Black in check.
      for (const PositionIssue& i : check_setup(s))
        if (i.problem == PositionProblem::SideNotToMoveInCheck) {
          s.side_to_move = Color::Black;
          break;
        }
    }
    if (!have_setup_) return;
    if (!fen_text_.empty()) record_.start_fen = fen_text_;
    else record_.start_setup = s;
  }

  std::string_view text_;
  detail::Decoder& decoder_;
  detail::TextLocator& locator_;
  GameRecord record_;
  std::vector<Issue> issues_;
  detail::IssueCap cap_;  // counts only: add_issue keeps
  std::map<long, Branch> branches_;
  std::vector<PendingComment> comments_;
  std::map<std::size_t, SourceLocation> locations_;
  // The game's bound on moves (kMaxGameMoves), shared by its branches.
  std::size_t quad_room_ = kMaxGameMoves, quads_cut_ = 0, first_cut_ = 0;
  Setup setup_;
  bool have_setup_ = false;
  bool from_binit_ = false;
  bool flipped_ = false;
  std::string fen_text_;
  const Field* dhj_board_ = nullptr;
  bool dhj_black_ = false;
};

// Splits the text into records of fields, handing each to on_record as it
// ends (one record in memory at a time, whatever the file holds); stops
// when on_record returns false. Returns how many records were found.
template <class OnRecord>
std::size_t split_records(std::string_view text, std::size_t begin, const Scanner& sc, OnRecord&& on_record) {
  std::size_t records = 0;
  bool stopped = false;
  std::optional<RecordText> cur;
  bool explicit_wrapper = false;
  auto finish = [&](bool truncated) {
    if (!cur) return;
    cur->truncated = cur->truncated || truncated;
    // First, so that the cap on a game's issues never drops it.
    if (cur->fields_not_kept)
      cur->issues.insert(cur->issues.begin(), {cur->start, Issue{Code::TooLarge, Severity::Error, {}, "",
                                               "the record holds more than " + std::to_string(kMaxRecordFields) +
                                                   " fields: the " + std::to_string(cur->fields_not_kept) +
                                                   " after them are not kept"}});
    ++records;
    stopped = !on_record(std::move(*cur));
    cur.reset();
  };
  auto note = [&](std::size_t offset, Code code, Severity sev, std::string_view t, std::string msg) {
    if (!cur) return;
    if (cur->issues.size() >= detail::kMaxGameIssues) {
      ++cur->issues_not_kept;
      return;
    }
    cur->issues.push_back({offset, Issue{code, sev, {}, bounded_excerpt(printable(t)), std::move(msg)}});
  };
  std::size_t pos = begin;
  while (!stopped) {
    const std::size_t b = sc.find_token(pos);
    if (b == std::string_view::npos) break;
    const auto tok = read_token(text, b);
    if (!tok) {
      pos = b + 1;
      continue;
    }
    if (tok->wrapper) {
      if (!tok->close) {
        if (cur) {
          if (explicit_wrapper)
            note(b, Code::Truncated, Severity::Error, text.substr(b, tok->end - b),
                 "a record starts before the previous one was closed");
          finish(explicit_wrapper);
        }
        cur = RecordText{};
        cur->start = b;
        explicit_wrapper = true;
      } else if (cur) {
        finish(false);
      }
      pos = tok->end;
      continue;
    }
    if (tok->close) {  // a stray field close
      if (cur)
        note(b, Code::MismatchedClose, Severity::Info, text.substr(b, tok->end - b), "a closing tag with no field open");
      pos = tok->end;
      continue;
    }
    if (!cur) {
      cur = RecordText{};
      cur->start = b;
      explicit_wrapper = false;
    }
    Field f;
    f.name = tok->name;
    f.tag_pos = b;
    f.value_pos = tok->end;
    f.dialect = tok->dialect;
    const std::size_t nb = sc.find_token(tok->end);
    const std::size_t value_end = nb == std::string_view::npos ? text.size() : nb;
    f.value = text.substr(f.value_pos, value_end - f.value_pos);
    if (cur->fields.size() < kMaxRecordFields) cur->fields.push_back(f);
    else ++cur->fields_not_kept;
    if (nb == std::string_view::npos) {
      note(b, Code::Truncated, Severity::Error, text.substr(b, tok->end - b),
           "the text ends inside field DhtmlXQ_" + std::string(f.name));
      cur->truncated = true;
      pos = text.size();
      break;
    }
    const auto close = read_token(text, nb);
    if (close && close->close && !close->wrapper) {
      if (!iequal(close->name, f.name) || close->dialect != f.dialect)
        note(nb, Code::MismatchedClose, Severity::Info, text.substr(nb, close->end - nb),
             "field DhtmlXQ_" + std::string(f.name) + " is closed by " +
                 bounded_excerpt(text.substr(nb, close->end - nb)));
      pos = close->end;
    } else {
      note(b, Code::BadTag, Severity::Warning, text.substr(b, tok->end - b),
           "field DhtmlXQ_" + std::string(f.name) + " is not closed");
      pos = nb;
    }
  }
  if (cur && !stopped) {
    if (explicit_wrapper && !cur->truncated)
      note(text.size(), Code::Truncated, Severity::Error, "", "the text ends inside a [DhtmlXQ] record");
    finish(explicit_wrapper);
  }
  return records;
}

}  // namespace

FileReport read_dhtmlxq(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  FileReport report;
  report.format = Format::DhtmlXq;
  report.encoding = detail::choose_encoding(bytes, options);
  detail::Decoder decoder(report.encoding);
  if (!decoder.ok()) {
    report.issues.push_back({Code::BadEncoding, Severity::Error, {}, report.encoding,
                             "unknown text encoding " + report.encoding + "; reading as UTF-8"});
    report.encoding = "UTF-8";
  }
  ByteScheme scheme = detail::byte_scheme(report.encoding);
  std::string converted;
  std::string_view text = bytes;
  std::size_t begin = detail::bom_length(bytes, report.encoding);
  std::optional<detail::Decoder> utf8;
  detail::Decoder* values = &decoder;
  if (scheme == ByteScheme::Wide) {
    bool bad = false;
    converted = decoder.to_utf8(bytes.substr(begin), &bad);
    if (bad)
      report.issues.push_back({Code::BadEncoding, Severity::Warning, {}, "",
                               "the text is not valid " + report.encoding + "; bad bytes replaced"});
    text = converted;
    begin = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    scheme = ByteScheme::Utf8;
    utf8.emplace("UTF-8");
    values = &*utf8;
  }
  const Scanner sc(text, scheme);
  detail::TextLocator locator(text, scheme);
  std::size_t index = 0;
  detail::IssueBudget budget;  // the file's kMaxFileIssues
  const std::size_t records = split_records(text, begin, sc, [&](RecordText&& rt) {
    RecordReader rr(text, *values, locator, budget);
    const SourceLocation where = locator.at(rt.start);
    rr.read(rt);
    ++index;
    ++report.games;
    const Control c = visitor.begin_game(index, where);
    if (c == Control::Stop) return false;
    if (c == Control::SkipGame) return true;
    for (const Issue& i : rr.issues()) visitor.issue(i);
    replay_record_body(rr.record(), visitor);
    return visitor.end_game(rr.record().truncated) != Control::Stop;
  });
  if (records == 0) report.issues.push_back({Code::NoRecord, Severity::Error, {}, "", "no [DhtmlXQ] record found"});
  return report;
}

}  // namespace xq::formats
