// The JSON form of a GameRecord: a small, strict, depth-limited parser of
// our own, then a walk that calls the visitor.
#include <charconv>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "text/text_decode.h"
#include "text/text_locator.h"
#include "xqrec/fen.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/iccs.h"

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

struct ParseError {
  std::size_t offset;
  std::string code;
  std::string message;
};

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  std::size_t pos() const { return i_; }
  void skip_ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool at_end() const { return i_ >= s_.size(); }
  char peek() const { return i_ < s_.size() ? s_[i_] : '\0'; }
  void advance() { ++i_; }

  // One value; nullopt-like via the error member.
  bool value(JValue& out, int depth) {
    skip_ws();
    out.offset = i_;
    if (depth > kMaxDepth) return fail("too-deep", "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels");
    if (i_ >= s_.size()) return fail("bad-json", "the text ends where a value was expected");
    const char c = s_[i_];
    if (c == '{') return object(out, depth);
    if (c == '[') return array(out, depth);
    if (c == '"') {
      out.kind = JValue::String;
      return string(out.str);
    }
    if (c == 't') return literal("true", out, JValue::Bool, true);
    if (c == 'f') return literal("false", out, JValue::Bool, false);
    if (c == 'n') return literal("null", out, JValue::Null, false);
    if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    return fail("bad-json", std::string("unexpected ") + describe(c));
  }

  std::optional<ParseError> error;

 private:
  static std::string describe(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
  }
  bool fail(std::string code, std::string message) {
    if (!error) error = ParseError{i_, std::move(code), std::move(message)};
    return false;
  }
  bool literal(std::string_view word, JValue& out, JValue::Kind kind, bool b) {
    if (s_.substr(i_, word.size()) != word) return fail("bad-json", "unknown literal");
    i_ += word.size();
    out.kind = kind;
    out.boolean = b;
    return true;
  }
  bool number(JValue& out) {
    const std::size_t start = i_;
    if (s_[i_] == '-') ++i_;
    auto digits = [&] {
      const std::size_t d = i_;
      while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      return i_ - d;
    };
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else if (digits() == 0) return fail("bad-json", "a number needs digits");
    bool integral = true;
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_, integral = false;
      if (digits() == 0) return fail("bad-json", "digits expected after '.'");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_, integral = false;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      if (digits() == 0) return fail("bad-json", "digits expected in the exponent");
    }
    out.kind = JValue::Number;
    out.integral = integral;
    const std::string text(s_.substr(start, i_ - start));
    out.number = std::strtod(text.c_str(), nullptr);
    return true;
  }
  static void put_utf8(std::string& out, std::uint32_t c) {
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xC0 | c >> 6), out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += char(0xE0 | c >> 12), out += char(0x80 | (c >> 6 & 0x3F)), out += char(0x80 | (c & 0x3F));
    } else {
      out += char(0xF0 | c >> 18), out += char(0x80 | (c >> 12 & 0x3F)), out += char(0x80 | (c >> 6 & 0x3F));
      out += char(0x80 | (c & 0x3F));
    }
  }
  bool hex4(std::uint32_t& v) {
    if (i_ + 4 > s_.size()) return fail("bad-json", "\\u needs four hex digits");
    v = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s_[i_++];
      int d;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      else return fail("bad-json", "\\u needs four hex digits");
      v = v << 4 | std::uint32_t(d);
    }
    return true;
  }
  bool string(std::string& out) {
    ++i_;  // the quote
    for (;;) {
      if (i_ >= s_.size()) return fail("bad-json", "the text ends inside a string");
      const auto c = static_cast<unsigned char>(s_[i_]);
      if (c == '"') {
        ++i_;
        return true;
      }
      if (c < 0x20) return fail("bad-json", "a control character inside a string must be escaped");
      if (c == '\\') {
        ++i_;
        if (i_ >= s_.size()) return fail("bad-json", "the text ends inside an escape");
        const char e = s_[i_++];
        switch (e) {
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case '/': out += '/'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'n': out += '\n'; break;
          case 'r': out += '\r'; break;
          case 't': out += '\t'; break;
          case 'u': {
            std::uint32_t v;
            if (!hex4(v)) return false;
            if (v >= 0xD800 && v <= 0xDBFF) {
              std::uint32_t low;
              if (s_.substr(i_, 2) == "\\u") {
                i_ += 2;
                if (!hex4(low)) return false;
                if (low >= 0xDC00 && low <= 0xDFFF) {
                  put_utf8(out, 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00));
                  break;
                }
                return fail("bad-json", "a high surrogate must be followed by a low one");
              }
              return fail("bad-json", "a high surrogate must be followed by a low one");
            }
            if (v >= 0xDC80 && v <= 0xDCFF) out += char(v & 0xFF);  // a raw byte (see json_game.h)
            else if (v >= 0xDC00 && v <= 0xDFFF) return fail("bad-json", "a lone low surrogate");
            else put_utf8(out, v);
            break;
          }
          default: return fail("bad-json", std::string("unknown escape \\") + describe(e));
        }
        continue;
      }
      // Raw text: must be valid UTF-8.
      const std::size_t start = i_;
      while (i_ < s_.size() && s_[i_] != '"' && s_[i_] != '\\' && static_cast<unsigned char>(s_[i_]) >= 0x20) ++i_;
      const std::string_view run = s_.substr(start, i_ - start);
      if (!detail::is_valid_utf8(run)) {
        i_ = start;
        return fail("bad-encoding", "a string holds bytes that are not UTF-8");
      }
      out.append(run);
    }
  }
  bool array(JValue& out, int depth) {
    out.kind = JValue::Array;
    ++i_;
    skip_ws();
    if (peek() == ']') return ++i_, true;
    for (;;) {
      out.items.emplace_back();
      if (!value(out.items.back(), depth + 1)) return false;
      skip_ws();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() == ']') return ++i_, true;
      return fail("bad-json", "',' or ']' expected in an array");
    }
  }
  bool object(JValue& out, int depth) {
    out.kind = JValue::Object;
    ++i_;
    skip_ws();
    if (peek() == '}') return ++i_, true;
    for (;;) {
      skip_ws();
      if (peek() != '"') return fail("bad-json", "a member name (a string) expected");
      std::string name;
      if (!string(name)) return false;
      skip_ws();
      if (peek() != ':') return fail("bad-json", "':' expected after a member name");
      ++i_;
      out.members.push_back(JMember{std::move(name), JValue{}});
      if (!value(out.members.back().second, depth + 1)) return false;
      skip_ws();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      if (peek() == '}') return ++i_, true;
      return fail("bad-json", "',' or '}' expected in an object");
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

bool notation_from_name(std::string_view s, MoveNotation& n) {
  for (MoveNotation m : {MoveNotation::Auto, MoveNotation::Iccs, MoveNotation::Wxf, MoveNotation::Chinese,
                         MoveNotation::Coordinates})
    if (notation_name(m) == s) return n = m, true;
  return false;
}

class GameWalker {
 public:
  GameWalker(GameVisitor& v, detail::TextLocator& loc) : v_(v), loc_(loc) {}

  void issue(std::string code, Severity s, const JValue& at, std::string message) {
    v_.issue({std::move(code), s, loc_.at(at.offset), "", std::move(message)});
  }

  // Returns false when the visitor asked to stop.
  bool game(const JValue& g, std::size_t index) {
    const Control c = v_.begin_game(index, loc_.at(g.offset));
    if (c == Control::Stop) return false;
    if (c == Control::SkipGame) return true;
    const JValue* version = g.get("xqrec");
    if (!version || version->kind != JValue::Number || version->number != 1)
      issue("bad-schema", Severity::Warning, version ? *version : g, "\"xqrec\": 1 expected (format version)");
    bool truncated = false;
    for (const auto& [name, val] : g.members) {
      if (name == "xqrec") continue;
      if (name == "tags") tags(val);
      else if (name == "start_fen") {
        if (string_member(val, name)) v_.start_fen(val.str);
      } else if (name == "comment_before" || name == "comment") {
        if (string_member(val, name) && !val.str.empty()) v_.comment(val.str);
      } else if (name == "moves") {
        if (val.kind != JValue::Array) issue("bad-schema", Severity::Error, val, "\"moves\" must be an array");
        else line(val);
      } else if (name == "result") {
        if (string_member(val, name) && !val.str.empty()) v_.result(val.str);
      } else if (name == "truncated") {
        if (val.kind == JValue::Bool) truncated = val.boolean;
        else issue("bad-schema", Severity::Warning, val, "\"truncated\" must be true or false");
      } else {
        issue("unknown-member", Severity::Info, val, "unknown member \"" + name + "\" ignored");
      }
    }
    return v_.end_game(truncated) != Control::Stop;
  }

 private:
  bool string_member(const JValue& v, std::string_view name) {
    if (v.kind == JValue::String) return true;
    std::string message(1, '"');
    message.append(name);
    message += "\" must be a string";
    issue("bad-schema", Severity::Warning, v, std::move(message));
    return false;
  }

  void tags(const JValue& t) {
    if (t.kind != JValue::Array) return issue("bad-schema", Severity::Warning, t, "\"tags\" must be an array");
    for (const JValue& p : t.items) {
      if (p.kind != JValue::Array || p.items.size() != 2 || p.items[0].kind != JValue::String ||
          p.items[1].kind != JValue::String) {
        issue("bad-schema", Severity::Warning, p, "a tag must be [name, value] with two strings");
        continue;
      }
      v_.tag(p.items[0].str, p.items[1].str);
    }
  }

  void line(const JValue& moves) {
    for (const JValue& m : moves.items) {
      if (m.kind != JValue::Object) {
        issue("bad-schema", Severity::Error, m, "a move must be an object; the line ends here");
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
      issue("bad-move", Severity::Error, m, "a move needs \"text\" or \"iccs\" as a string; the line ends here");
      return false;
    }
    MoveNotation n = text ? MoveNotation::Auto : MoveNotation::Iccs;
    if (notation && (notation->kind != JValue::String || !notation_from_name(notation->str, n)))
      issue("bad-schema", Severity::Warning, *notation, "unknown \"notation\"; auto used");
    Move squares;
    if (iccs) {
      auto parsed = parse_iccs(iccs->str);
      if (parsed) squares = parsed.value();
      else issue("bad-move", Severity::Warning, *iccs, "\"iccs\" is not a move: " + parsed.error().message);
    }
    SourceLocation where = loc_.at(m.offset);
    if (const JValue* w = m.get("where")) {
      if (w->kind == JValue::Array && w->items.size() == 3 && w->items[0].kind == JValue::Number &&
          w->items[1].kind == JValue::Number && w->items[2].kind == JValue::Number && w->items[0].number >= 0 &&
          w->items[1].number >= 0 && w->items[2].number >= 0 && w->items[0].number < 1e18 &&
          w->items[1].number < 4e9 && w->items[2].number < 4e9)
        where = {std::uint64_t(w->items[0].number), std::uint32_t(w->items[1].number), std::uint32_t(w->items[2].number)};
      else
        issue("bad-schema", Severity::Warning, *w, "\"where\" must be [offset, line, column]");
    }
    if (const JValue* c = m.get("comment_before"); c && string_member(*c, "comment_before") && !c->str.empty())
      v_.comment(c->str);
    v_.move(text ? text->str : iccs->str, n, where, squares);
    if (const JValue* nags = m.get("nags")) {
      if (nags->kind != JValue::Array) issue("bad-schema", Severity::Warning, *nags, "\"nags\" must be an array");
      else
        for (const JValue& v : nags->items)
          if (v.kind == JValue::Number && v.integral && v.number >= 0 && v.number <= 1e6) v_.nag(int(v.number));
          else issue("bad-schema", Severity::Warning, v, "a NAG must be a whole number from 0");
    }
    if (const JValue* c = m.get("comment"); c && string_member(*c, "comment") && !c->str.empty()) v_.comment(c->str);
    if (const JValue* vars = m.get("variations")) {
      if (vars->kind != JValue::Array) {
        issue("bad-schema", Severity::Warning, *vars, "\"variations\" must be an array of lines");
      } else {
        for (const JValue& l : vars->items) {
          if (l.kind != JValue::Array) {
            issue("bad-schema", Severity::Warning, l, "a variation must be an array of moves");
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
        issue("unknown-member", Severity::Info, v, "unknown member \"" + k + "\" of a move ignored");
    return true;
  }

  GameVisitor& v_;
  detail::TextLocator& loc_;
};

}  // namespace

FileReport read_json(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  (void)options;
  FileReport report;
  report.format = Format::Json;
  report.encoding = "UTF-8";
  std::size_t begin = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  detail::TextLocator locator(bytes, detail::ByteScheme::Utf8);
  Parser p(bytes);
  for (std::size_t i = 0; i < begin; ++i) p.advance();
  GameWalker walker(visitor, locator);
  auto parse_error = [&] {
    const ParseError& e = *p.error;
    report.issues.push_back({e.code, Severity::Error, locator.at(e.offset),
                             detail::escape_invalid_utf8(bytes.substr(e.offset, 40)), e.message + "; reading stops here"});
  };
  bool top_array = false;
  p.skip_ws();
  if (p.peek() == '[') {
    top_array = true;
    p.advance();
    p.skip_ws();
    if (p.peek() == ']') {
      p.advance();
      p.skip_ws();
      if (!p.at_end())
        report.issues.push_back({"bad-json", Severity::Error, locator.at(p.pos()), "", "text after the end of the array"});
      return report;
    }
  }
  for (;;) {
    p.skip_ws();
    if (p.at_end()) {
      if (top_array)
        report.issues.push_back({"bad-json", Severity::Error, locator.at(p.pos()), "", "the text ends inside the array of games"});
      break;
    }
    JValue g;
    if (!p.value(g, top_array ? 1 : 0)) {
      parse_error();
      break;
    }
    if (g.kind != JValue::Object) {
      report.issues.push_back({"bad-schema", Severity::Error, locator.at(g.offset), "", "a game must be a JSON object"});
    } else if (++report.games, !walker.game(g, report.games)) {
      break;
    }
    p.skip_ws();
    if (top_array) {
      if (p.peek() == ',') {
        p.advance();
        continue;
      }
      if (p.peek() == ']') {
        p.advance();
        p.skip_ws();
        if (!p.at_end())
          report.issues.push_back({"bad-json", Severity::Error, locator.at(p.pos()), "", "text after the end of the array"});
        break;
      }
      report.issues.push_back({"bad-json", Severity::Error, locator.at(p.pos()), "", "',' or ']' expected between games"});
      break;
    }
  }
  return report;
}

}  // namespace xq::formats
