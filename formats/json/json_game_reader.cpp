// The JSON form of a GameRecord. nlohmann::json's SAX parser reads the text
// (tokens, escapes, UTF-8 validation, numbers); the handler here builds one
// game at a time as a small tree that keeps member order, repeated members
// and the byte offset of every value (for issue locations and a move's
// default "where"), then a walk calls the visitor.
#include <nlohmann/json.hpp>

#include <bitset>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "record/issue_cap.h"
#include "text/text_decode.h"
#include "text/text_locator.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/core/iccs.h"

namespace xq::formats {

namespace {

constexpr int kMaxDepth = 600;

struct JMember;

struct JValue {
  enum Kind : std::uint8_t { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  double number = 0;
  bool integral = false;
  std::string str;
  std::vector<JValue> items;                             // Array
  std::vector<JMember> members;                          // Object
  std::size_t offset = 0;

  const JValue* get(std::string_view name) const;
};

struct JMember {
  std::string first;  // the name
  JValue second;      // the value
};

const JValue* JValue::get(std::string_view name) const {
  for (const auto& [k, v] : members)
    if (k == name) return &v;
  return nullptr;
}

bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The value of the escape "\uXXXX" at s[i], or -1.
long u_escape(std::string_view s, std::size_t i) {
  if (i + 6 > s.size() || s[i] != '\\' || s[i + 1] != 'u') return -1;
  long v = 0;
  for (std::size_t k = i + 2; k < i + 6; ++k) {
    const int d = hex_digit(s[k]);
    if (d < 0) return -1;
    v = v << 4 | d;
  }
  return v;
}

// Our writer keeps a byte that is not UTF-8 as "\udcXX" (a lone low
// surrogate, see json_game.h), which the library, like the JSON standard,
// refuses. Before parsing, each such escape is rewritten, in a copy of the
// same length, to a character of a block of 128 code points that the text
// does not hold (neither raw nor escaped); after parsing, those characters
// in the decoded strings become the bytes again.
class RawBytes {
 public:
  // The text to parse: the bytes themselves, or the rewritten copy.
  std::string_view prepare(std::string_view bytes) {
    if (bytes.find("\\u") == std::string_view::npos) return bytes;
    std::vector<std::size_t> lone;  // offsets of the escapes
    std::bitset<512> used;          // blocks (code point >> 7) of three-byte characters
    for (std::size_t i = 0; i < bytes.size();) {
      const auto c = static_cast<unsigned char>(bytes[i]);
      if (c == '\\') {
        const long v = u_escape(bytes, i);
        if (v < 0) {
          i += 2;  // another escape (or an error the parser reports)
          continue;
        }
        if (v >= 0xD800 && v <= 0xDBFF) {
          const long low = u_escape(bytes, i + 6);
          if (low >= 0xDC00 && low <= 0xDFFF) {
            i += 12;  // a pair: a character beyond the BMP
            continue;
          }
        }
        if (v >= 0xDC80 && v <= 0xDCFF) lone.push_back(i);
        else if (v >= 0x800) used.set(std::size_t(v) >> 7);
        i += 6;
        continue;
      }
      if (c >= 0xE0 && c <= 0xEF && i + 2 < bytes.size()) {
        const std::uint32_t cp = (c & 0x0Fu) << 12 | (static_cast<unsigned char>(bytes[i + 1]) & 0x3Fu) << 6 |
                                 (static_cast<unsigned char>(bytes[i + 2]) & 0x3Fu);
        used.set(cp >> 7);
        i += 3;
        continue;
      }
      ++i;
    }
    if (lone.empty()) return bytes;
    // Private use first, then any block of the BMP outside the surrogates.
    auto pick = [&](std::uint32_t from, std::uint32_t to) {
      for (std::uint32_t b = from >> 7; b <= to >> 7; ++b)
        if (!used.test(b)) return base_ = b << 7, true;
      return false;
    };
    if (!pick(0xE000, 0xF8FF) && !pick(0x0800, 0xD7FF) && !pick(0xF900, 0xFFFF))
      return bytes;  // no block free: the parser reports the escapes
    copy_.assign(bytes);
    static const char* hex = "0123456789abcdef";
    for (const std::size_t at : lone) {
      const std::uint32_t cp = base_ | (std::uint32_t(u_escape(bytes, at)) & 0x7F);
      for (int k = 0; k < 4; ++k) copy_[at + 2 + std::size_t(k)] = hex[cp >> (12 - 4 * k) & 15];
    }
    return copy_;
  }

  // In a decoded string, the block's characters back to bytes.
  void restore(std::string& s) const {
    if (base_ == 0) return;
    const char lead = char(0xE0 | base_ >> 12);
    std::size_t i = s.find(lead);
    if (i == std::string::npos) return;
    std::size_t o = i;
    for (; i < s.size(); ++i) {
      if (s[i] == lead && i + 2 < s.size()) {
        const std::uint32_t cp = (static_cast<unsigned char>(s[i]) & 0x0Fu) << 12 |
                                 (static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6 |
                                 (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
        if ((cp >> 7) == (base_ >> 7)) {
          s[o++] = char(0x80 | (cp & 0x7F));
          i += 2;
          continue;
        }
      }
      s[o++] = s[i];
    }
    s.resize(o);
  }

 private:
  std::uint32_t base_ = 0;  // 0: nothing rewritten
  std::string copy_;
};

// The parser reads through this iterator, so that the handler can tell how
// far it has read: copies share one cursor.
class SharedCursor {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  SharedCursor(const char** cursor, const char* end) : cursor_(cursor), end_(end) {}
  reference operator*() const { return **cursor_; }
  SharedCursor& operator++() {
    ++*cursor_;
    return *this;
  }
  SharedCursor operator++(int) {
    SharedCursor old = *this;
    ++*cursor_;
    return old;
  }
  bool operator==(const SharedCursor& o) const { return at() == o.at(); }
  bool operator!=(const SharedCursor& o) const { return at() != o.at(); }

 private:
  const char* at() const { return cursor_ ? *cursor_ : end_; }
  const char** cursor_;  // null for the end
  const char* end_;
};

bool notation_from_name(std::string_view s, MoveNotation& n) {
  for (MoveNotation m : {MoveNotation::Auto, MoveNotation::Iccs, MoveNotation::Wxf, MoveNotation::Chinese,
                         MoveNotation::Coordinates})
    if (notation_name(m) == s) return n = m, true;
  return false;
}
class GameWalker {
 public:
  GameWalker(GameVisitor& v, detail::TextLocator& loc, detail::IssueBudget& budget)
      : v_(v), loc_(loc), cap_(detail::kMaxGameIssues, &budget) {}

  // A game's issue: at most kMaxGameIssues a game, kMaxFileIssues a file
  // (issue_cap.h); the others are counted.
  void issue(Code code, Severity s, const JValue& at, std::string message) {
    if (!cap_.room()) {
      if (cap_.suppressed() == 1) first_suppressed_ = at.offset;
      return;
    }
    v_.issue({code, s, loc_.at(at.offset), "", std::move(message)});
  }

  // Returns false when the visitor asked to stop.
  bool game(const JValue& g, std::size_t index) {
    const Control c = v_.begin_game(index, loc_.at(g.offset));
    if (c == Control::Stop) return false;
    if (c == Control::SkipGame) return true;
    cap_.reset();
    const JValue* version = g.get("xqrec");
    if (!version || version->kind != JValue::Number || version->number != 1)
      issue(Code::BadSchema, Severity::Warning, version ? *version : g, "\"xqrec\": 1 expected (format version)");
    bool truncated = false;
    for (const auto& [name, val] : g.members) {
      if (name == "xqrec") continue;
      if (name == "tags") tags(val);
      else if (name == "start_fen") {
        if (string_member(val, name)) v_.start_fen(val.str);
      } else if (name == "comment_before" || name == "comment") {
        if (string_member(val, name) && !val.str.empty()) v_.comment(val.str);
      } else if (name == "moves") {
        if (val.kind != JValue::Array) issue(Code::BadSchema, Severity::Error, val, "\"moves\" must be an array");
        else line(val);
      } else if (name == "result") {
        if (string_member(val, name) && !val.str.empty()) v_.result(val.str);
      } else if (name == "truncated") {
        if (val.kind == JValue::Bool) truncated = val.boolean;
        else issue(Code::BadSchema, Severity::Warning, val, "\"truncated\" must be true or false");
      } else {
        issue(Code::UnknownMember, Severity::Info, val, "unknown member \"" + bounded_excerpt(name) + "\" ignored");
      }
    }
    if (Issue more; cap_.too_many(more, loc_.at(first_suppressed_), "issues of this game")) v_.issue(more);
    return v_.end_game(truncated) != Control::Stop;
  }

 private:
  bool string_member(const JValue& v, std::string_view name) {
    if (v.kind == JValue::String) return true;
    std::string message(1, '"');
    message.append(bounded_excerpt(name));
    message += "\" must be a string";
    issue(Code::BadSchema, Severity::Warning, v, std::move(message));
    return false;
  }

  void tags(const JValue& t) {
    if (t.kind != JValue::Array) return issue(Code::BadSchema, Severity::Warning, t, "\"tags\" must be an array");
    for (const JValue& p : t.items) {
      if (p.kind != JValue::Array || p.items.size() != 2 || p.items[0].kind != JValue::String ||
          p.items[1].kind != JValue::String) {
        issue(Code::BadSchema, Severity::Warning, p, "a tag must be [name, value] with two strings");
        continue;
      }
      v_.tag(p.items[0].str, p.items[1].str);
    }
  }

  void line(const JValue& moves) {
    for (const JValue& m : moves.items) {
      if (m.kind != JValue::Object) {
        issue(Code::BadSchema, Severity::Error, m, "a move must be an object; the line ends here");
        return;
      }
      if (!move(m)) return;
    }
  }

  bool move(const JValue& m) {
    const JValue* text = m.get("text");
    const JValue* iccs = m.get("iccs");
    const JValue* notation = m.get("notation");
    if ((text && text->kind != JValue::String) || (iccs && iccs->kind != JValue::String) || (!text && !iccs)) {
      issue(Code::BadMove, Severity::Error, m, "a move needs \"text\" or \"iccs\" as a string; the line ends here");
      return false;
    }
    MoveNotation n = text ? MoveNotation::Auto : MoveNotation::Iccs;
    if (notation && (notation->kind != JValue::String || !notation_from_name(notation->str, n)))
      issue(Code::BadSchema, Severity::Warning, *notation, "unknown \"notation\"; auto used");
    Move squares;
    if (iccs) {
      auto parsed = parse_iccs(iccs->str);
      if (parsed) squares = parsed.value();
      else issue(Code::BadMove, Severity::Warning, *iccs, "\"iccs\" is not a move: " + parsed.error().message);
    }
    SourceLocation where = loc_.at(m.offset);
    if (const JValue* w = m.get("where")) {
      if (w->kind == JValue::Array && w->items.size() == 3 && w->items[0].kind == JValue::Number &&
          w->items[1].kind == JValue::Number && w->items[2].kind == JValue::Number && w->items[0].number >= 0 &&
          w->items[1].number >= 0 && w->items[2].number >= 0 && w->items[0].number < 1e18 &&
          w->items[1].number < 4e9 && w->items[2].number < 4e9)
        where = {std::uint64_t(w->items[0].number), std::uint32_t(w->items[1].number), std::uint32_t(w->items[2].number)};
      else
        issue(Code::BadSchema, Severity::Warning, *w, "\"where\" must be [offset, line, column]");
    }
    if (const JValue* c = m.get("comment_before"); c && string_member(*c, "comment_before") && !c->str.empty())
      v_.comment(c->str);
    v_.move(text ? text->str : iccs->str, n, where, squares);
    if (const JValue* nags = m.get("nags")) {
      if (nags->kind != JValue::Array) issue(Code::BadSchema, Severity::Warning, *nags, "\"nags\" must be an array");
      else
        for (const JValue& v : nags->items)
          if (v.kind == JValue::Number && v.integral && v.number >= 0 && v.number <= 1e6) v_.nag(int(v.number));
          else issue(Code::BadSchema, Severity::Warning, v, "a NAG must be a whole number from 0");
    }
    if (const JValue* c = m.get("comment"); c && string_member(*c, "comment") && !c->str.empty()) v_.comment(c->str);
    if (const JValue* vars = m.get("variations")) {
      if (vars->kind != JValue::Array) {
        issue(Code::BadSchema, Severity::Warning, *vars, "\"variations\" must be an array of lines");
      } else {
        for (const JValue& l : vars->items) {
          if (l.kind != JValue::Array) {
            issue(Code::BadSchema, Severity::Warning, l, "a variation must be an array of moves");
            continue;
          }
          v_.begin_variation();
          line(l);
          v_.end_variation();
        }
      }
    }
    for (const auto& [k, v] : m.members)
      if (k != "text" && k != "iccs" && k != "notation" && k != "where" && k != "comment_before" && k != "comment" &&
          k != "nags" && k != "variations")
        issue(Code::UnknownMember, Severity::Info, v, "unknown member \"" + bounded_excerpt(k) + "\" of a move ignored");
    return true;
  }

  GameVisitor& v_;
  detail::TextLocator& loc_;
  detail::IssueCap cap_;  // this game's issues
  std::size_t first_suppressed_ = 0;
};

// nlohmann::json's SAX interface: builds each game's tree and walks it as
// soon as it is complete. The text is parsed one top-level value at a time
// (a file of JSON Lines), or as one array whose elements are the games.
class Handler {
 public:
  using number_integer_t = nlohmann::json::number_integer_t;
  using number_unsigned_t = nlohmann::json::number_unsigned_t;
  using number_float_t = nlohmann::json::number_float_t;
  using string_t = std::string;
  using binary_t = nlohmann::json::binary_t;

  Handler(std::string_view text, std::string_view bytes, const RawBytes& raw, FileReport& report, GameWalker& walker,
          detail::TextLocator& locator, detail::IssueBudget& budget)
      : text_(text), bytes_(bytes), raw_(raw), report_(report), walker_(walker), locator_(locator), budget_(budget) {}

  // File-level issues: at most kMaxGameIssues kept (issue_cap.h).
  void file_issue(Issue i) {
    const SourceLocation where = i.where;
    if (!file_cap_.keep(std::move(i)) && file_cap_.suppressed() == 1) first_suppressed_ = where;
  }
  void finish_issues() {
    if (Issue more; file_cap_.too_many(more, first_suppressed_, "file-level issues"))
      report_.issues.push_back(std::move(more));
  }

  // Parses one value from `pos`, a game or the array of games. Returns
  // false when reading stops: an error (reported) or the visitor's Stop.
  bool parse(std::size_t pos, bool games_array) {
    games_array_ = games_array;
    start_ = scan_from_ = pos;
    cursor_ = text_.data() + pos;
    const SharedCursor first(&cursor_, nullptr), last(nullptr, text_.data() + text_.size());
    bool ok = false;
    try {
      ok = nlohmann::json::sax_parse(first, last, this, nlohmann::json::input_format_t::json, /*strict=*/false);
    } catch (const nlohmann::json::exception& e) {  // not expected from the SAX parser; kept as data
      fail(Code::BadJson, consumed(), e.what());
    }
    if (error_) {
      const ParseError& e = *error_;
      report_.issues.push_back({e.code, Severity::Error, locator_.at(e.offset),
                                detail::escape_invalid_utf8(bytes_.substr(e.offset, 40)),
                                e.message + "; reading stops here"});
      return false;
    }
    return ok && !stopped_;
  }

  // Where the value parsed last ends. The parser reads one byte past a
  // number (never a digit) before it knows the number has ended.
  std::size_t end() const {
    const std::size_t at = consumed();
    if (!games_array_ && game_kind_ == JValue::Number && at > 0 && !(text_[at - 1] >= '0' && text_[at - 1] <= '9'))
      return at - 1;
    return at;
  }

  bool null() { return scalar(JValue::Null); }
  bool boolean(bool b) {
    JValue* v = add(JValue::Bool);
    if (v) v->boolean = b;
    return done_scalar(v);
  }
  bool number_integer(number_integer_t n) { return number(double(n), true); }
  bool number_unsigned(number_unsigned_t n) { return number(double(n), true); }
  bool number_float(number_float_t n, const string_t& s) {
    // An integer too large for 64 bits comes here too.
    return number(n, s.find_first_of(".eE") == std::string::npos);
  }
  bool string(string_t& s) {
    JValue* v = add(JValue::String);
    if (v) {
      raw_.restore(s);
      v->str = std::move(s);
    }
    return done_scalar(v);
  }
  bool binary(binary_t&) { return false; }  // not produced by the JSON parser
  bool key(string_t& s) {
    raw_.restore(s);
    key_ = std::move(s);
    scan_from_ = consumed();
    return true;
  }
  bool start_object(std::size_t) { return open(JValue::Object); }
  bool start_array(std::size_t) {
    if (games_array_ && !array_open_ && stack_.empty()) {
      array_open_ = true;  // the array of games itself: not kept
      scan_from_ = consumed();
      return true;
    }
    return open(JValue::Array);
  }
  bool end_object() { return close(); }
  bool end_array() {
    if (stack_.empty()) {
      array_open_ = false;
      return true;
    }
    return close();
  }

  // The kind of error is told from the library's message (nlohmann::json
  // 3.11, detail/input/lexer.hpp); tests/formats/json_game_test.cpp pins
  // the codes and offsets that follow from it.
  bool parse_error(std::size_t position, const std::string&, const nlohmann::json::exception& e) {
    // `position` counts the bytes read, the one the parser stopped at
    // included (the end of the text counts as one).
    const std::size_t stop = std::min(start_ + position - (position ? 1 : 0), text_.size());
    const std::string_view what = e.what();
    if (what.find("ill-formed UTF-8") != std::string_view::npos) {
      fail(Code::BadEncoding, utf8_run_start(stop), "a string holds bytes that are not UTF-8");
      return false;
    }
    std::string message(what.substr(std::min(what.find("] ") + 2, what.size())));
    if (const std::size_t s = message.find("syntax error"); s != std::string::npos) message.erase(0, s);
    if (const std::size_t l = message.find("; last read:"); l != std::string::npos) message.erase(l);
    std::size_t at;
    if (what.find("invalid string") != std::string_view::npos) {
      // Inside a string: the byte at fault; past a malformed escape.
      const bool escape = what.find("after backslash") != std::string_view::npos ||
                          what.find("must follow U+D800") != std::string_view::npos ||
                          what.find("4 hex digits") != std::string_view::npos;
      at = escape && stop < text_.size() ? stop + 1 : stop;
      if (what.find("must be followed by U+DC00") != std::string_view::npos) {
        // "\ud800\n": at the backslash; "\ud800\ud800": past the second escape.
        if (text_[stop - 1] == '\\') at = stop - 1;
        else if (stop >= 5 && text_.substr(stop - 5, 2) == "\\u") at = stop + 1;
      }
    } else if (what.find("invalid number") != std::string_view::npos) {
      at = stop;  // the byte where a digit was expected
    } else {
      // Else the start of the token that does not fit.
      at = std::min(stop, token_start());
      if (const std::size_t l = message.find("invalid literal"); l != std::string::npos && at < text_.size())
        message.replace(l, 15, "unexpected " + describe(text_[at]));
    }
    fail(Code::BadJson, at, detail::escape_invalid_utf8(message));
    return false;
  }

 private:
  struct ParseError {
    std::size_t offset;
    Code code;
    std::string message;
  };

  std::size_t consumed() const { return std::size_t(cursor_ - text_.data()); }
  // The first byte of the next token after the last one handled.
  std::size_t token_start() const {
    std::size_t i = scan_from_;
    while (i < text_.size() && (json_space(text_[i]) || text_[i] == ',' || text_[i] == ':')) ++i;
    return i;
  }
  // The start of the run of raw text (after the opening quote or the last
  // escape) that holds the bytes at `stop` which are not UTF-8.
  std::size_t utf8_run_start(std::size_t stop) const {
    std::size_t i = token_start(), run = i + 1;
    for (++i; i < stop;) {
      if (text_[i] == '\\') {
        i += i + 1 < text_.size() && text_[i + 1] == 'u' ? 6 : 2;
        run = i;
      } else {
        ++i;
      }
    }
    return std::min(run, stop);
  }
  static std::string describe(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
  }
  void fail(Code code, std::size_t offset, std::string message) {
    if (!error_) error_ = ParseError{offset, code, std::move(message)};
  }

  // A new value in the innermost open container, or the game itself.
  JValue* add(JValue::Kind kind) {
    const std::size_t offset = token_start();
    if (stack_.size() + (array_open_ ? 1 : 0) > std::size_t(kMaxDepth)) {
      fail(Code::TooDeep, offset, "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels");
      return nullptr;
    }
    JValue* v;
    if (stack_.empty()) {
      game_ = JValue{};
      v = &game_;
    } else if (JValue& parent = *stack_.back(); parent.kind == JValue::Array) {
      v = &parent.items.emplace_back();
    } else {
      v = &parent.members.emplace_back(JMember{std::move(key_), JValue{}}).second;
    }
    v->kind = kind;
    v->offset = offset;
    return v;
  }
  bool scalar(JValue::Kind kind) { return done_scalar(add(kind)); }
  bool number(double n, bool integral) {
    JValue* v = add(JValue::Number);
    if (v) v->number = n, v->integral = integral;
    return done_scalar(v);
  }
  bool done_scalar(JValue* v) {
    if (!v) return false;
    scan_from_ = consumed();
    return stack_.empty() ? game_done() : true;
  }
  bool open(JValue::Kind kind) {
    JValue* v = add(kind);
    if (!v) return false;
    stack_.push_back(v);
    scan_from_ = consumed();
    return true;
  }
  bool close() {
    stack_.pop_back();
    scan_from_ = consumed();
    return stack_.empty() ? game_done() : true;
  }
  // A value at the level of games is complete.
  bool game_done() {
    game_kind_ = game_.kind;
    if (game_.kind != JValue::Object) {
      file_issue({Code::BadSchema, Severity::Error, locator_.at(game_.offset), "", "a game must be a JSON object"});
    } else if (++report_.games, !walker_.game(game_, report_.games)) {
      stopped_ = true;
    }
    game_ = JValue{};
    return !stopped_;
  }

  std::string_view text_;   // what is parsed (raw bytes rewritten)
  std::string_view bytes_;  // the file as it is, for the text of issues
  const RawBytes& raw_;
  FileReport& report_;
  GameWalker& walker_;
  detail::TextLocator& locator_;
  detail::IssueBudget& budget_;

  const char* cursor_ = nullptr;
  std::size_t start_ = 0;      // where this parse began
  std::size_t scan_from_ = 0;  // the end of the last token handled
  bool games_array_ = false;
  bool array_open_ = false;
  std::vector<JValue*> stack_;  // the open containers of the game
  JValue game_;
  JValue::Kind game_kind_ = JValue::Null;
  std::string key_;
  std::optional<ParseError> error_;
  bool stopped_ = false;
  detail::IssueCap file_cap_{report_.issues, detail::kMaxGameIssues, &budget_};
  SourceLocation first_suppressed_;
};

}  // namespace

FileReport read_json(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  (void)options;
  FileReport report;
  report.format = Format::Json;
  report.encoding = "UTF-8";
  const std::size_t begin = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  detail::TextLocator locator(bytes, detail::ByteScheme::Utf8);
  RawBytes raw;
  const std::string_view text = raw.prepare(bytes);
  detail::IssueBudget budget;  // the file's kMaxFileIssues
  GameWalker walker(visitor, locator, budget);
  Handler handler(text, bytes, raw, report, walker, locator, budget);
  auto skip_space = [&](std::size_t i) {
    while (i < text.size() && json_space(text[i])) ++i;
    return i;
  };
  std::size_t pos = skip_space(begin);
  if (pos < text.size() && text[pos] == '[') {
    if (handler.parse(pos, true) && (pos = skip_space(handler.end())) < text.size())
      report.issues.push_back({Code::BadJson, Severity::Error, locator.at(pos), "", "text after the end of the array"});
    handler.finish_issues();
    return report;
  }
  for (; (pos = skip_space(pos)) < text.size(); pos = handler.end()) {
    if (text[pos] == '\xEF') {  // the parser would take a byte-order mark here too
      report.issues.push_back({Code::BadJson, Severity::Error, locator.at(pos),
                               detail::escape_invalid_utf8(bytes.substr(pos, 40)),
                               "unexpected byte 0xef; reading stops here"});
      break;
    }
    if (!handler.parse(pos, false)) break;
  }
  handler.finish_issues();
  return report;
}

}  // namespace xq::formats
