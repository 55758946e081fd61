// Reading the data file (format: docs/ecco.md). Every error is a value with
// its line; nothing here throws on bad data.
#include "xqrec/ecco/book.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

#include "move_key.h"

namespace xq::ecco {

const Name* Book::name(std::string_view code) const {
  if (code.size() != 3 || code[0] < 'A' || code[0] > 'E' || code[1] < '0' || code[1] > '9' || code[2] < '0' ||
      code[2] > '9')
    return nullptr;
  const std::size_t i = std::size_t(code[0] - 'A') * 100 + std::size_t(code[1] - '0') * 10 + std::size_t(code[2] - '0');
  return i < names.size() ? &names[i] : nullptr;
}

namespace {

constexpr std::string_view kIdeographicSpace = "\u3000";
constexpr std::string_view kComma = "，";
constexpr std::string_view kSlash = "／";
constexpr std::string_view kEnumComma = "、";
constexpr std::string_view kAny = "……";
constexpr std::string_view kFullStop = "．";

bool is_code(std::string_view s) {
  return s.size() == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9';
}

std::string code_at(std::size_t i) {
  return std::string{char('A' + i / 100), char('0' + i / 10 % 10), char('0' + i % 10)};
}

std::vector<std::string_view> split(std::string_view s, std::string_view sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto at = s.find(sep);
    out.push_back(s.substr(0, at));
    if (at == std::string_view::npos) return out;
    s.remove_prefix(at + sep.size());
  }
}

// Tokens split at ASCII spaces and ideographic spaces.
std::vector<std::string_view> tokens(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t start = 0, i = 0;
  auto flush = [&](std::size_t end) {
    if (end > start) out.push_back(s.substr(start, end - start));
  };
  while (i < s.size()) {
    if (s[i] == ' ' || s[i] == '\t') {
      flush(i);
      start = ++i;
    } else if (s.substr(i, kIdeographicSpace.size()) == kIdeographicSpace) {
      flush(i);
      i += kIdeographicSpace.size();
      start = i;
    } else {
      ++i;
    }
  }
  flush(s.size());
  return out;
}

bool consume(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

MoveSet set_of(const std::vector<MoveId>& ids) {
  MoveSet set;
  for (MoveId id : ids) set.add(id);
  return set;
}

std::optional<int> number(std::string_view& s) {
  int v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr == s.data()) return std::nullopt;
  s.remove_prefix(std::size_t(r.ptr - s.data()));
  return v;
}

class Parser {
 public:
  explicit Parser(Book& book) : book_(book) {}

  std::optional<BookError> line(std::uint32_t n, std::string_view text);
  std::optional<BookError> finish();

 private:
  BookError error(std::string msg) const { return {line_, std::move(msg)}; }

  // A move of the data: its id, checked to be a move of `side`.
  // The side of a move text, nullopt when it is not one: scanned once, then
  // remembered with its id (the data names each move many times).
  std::optional<Color> side_of(std::string_view text) const;
  std::optional<MoveId> move(std::string_view text, Color side, std::string& why);
  std::optional<std::vector<MoveId>> alternatives(std::string_view text, Color side, std::string& why);
  std::optional<std::vector<MoveId>> set(std::string_view text, std::optional<Color> side, std::string& why,
                                         std::vector<Color>* sides = nullptr);
  std::optional<BookError> name_line(std::string_view text);
  std::optional<BookError> node_line(std::size_t depth, std::string_view text);
  std::optional<BookError> term(std::vector<std::string_view>& toks, std::size_t& i, std::vector<Term>& out);
  std::optional<BookError> source_keys(std::string_view keys);

  Book& book_;
  std::uint32_t line_ = 0;
  std::vector<std::uint32_t> stack_{0};  // the open node at each depth
  MoveId next_id_ = 2;
  std::array<Color, kMaxMoveIds> side_of_id_{};
};

std::optional<Color> Parser::side_of(std::string_view text) const {
  if (const auto it = book_.ids.find(std::string(text)); it != book_.ids.end()) return side_of_id_[it->second];
  const auto key = key_of_text(text);
  if (!key) return std::nullopt;
  return key->side;
}

std::optional<MoveId> Parser::move(std::string_view text, Color side, std::string& why) {
  const auto own = side_of(text);
  if (!own) {
    // Appended, not a chain of `+`: GCC 12 warns falsely there (-Wrestrict, its bug 105329).
    why.assign(1, '\'').append(text).append("' is not a move as the data writes them (炮二平五, 马８进７)");
    return std::nullopt;
  }
  if (*own != side) {
    why.assign(1, '\'').append(text).append("' is a move of ").append(color_name(*own));
    why.append(", ").append(color_name(side)).append(" expected");
    return std::nullopt;
  }
  auto [it, fresh] = book_.ids.try_emplace(std::string(text), next_id_);
  if (fresh && ++next_id_ > kMaxMoveIds) {
    book_.ids.erase(it);
    why = "the data names more than " + std::to_string(kMaxMoveIds - 2) + " distinct moves";
    return std::nullopt;
  }
  if (fresh) side_of_id_[it->second] = *own;
  return it->second;
}

std::optional<std::vector<MoveId>> Parser::alternatives(std::string_view text, Color side, std::string& why) {
  std::vector<MoveId> out;
  for (auto alt : split(text, kSlash)) {
    const auto id = move(alt, side, why);
    if (!id) return std::nullopt;
    out.push_back(*id);
  }
  return out;
}

// "{A、B、C}"; with no side given, each move's side is its own (returned in
// `sides`).
std::optional<std::vector<MoveId>> Parser::set(std::string_view text, std::optional<Color> side, std::string& why,
                                               std::vector<Color>* sides) {
  if (text.size() < 2 || text.front() != '{' || text.back() != '}') {
    why = "a set is written {A、B、C}";
    return std::nullopt;
  }
  text = text.substr(1, text.size() - 2);
  std::vector<MoveId> out;
  if (text.empty()) return out;
  for (auto m : split(text, kEnumComma)) {
    Color s = side.value_or(Color::Red);
    if (!side) {
      const auto own = side_of(m);
      if (!own) {
        why = "'" + std::string(m) + "' is not a move as the data writes them (炮二平五, 马８进７)";
        return std::nullopt;
      }
      s = *own;
    }
    const auto id = move(m, s, why);
    if (!id) return std::nullopt;
    out.push_back(*id);
    if (sides) sides->push_back(s);
  }
  return out;
}

std::optional<BookError> Parser::source_keys(std::string_view keys) {
  for (auto k : split(keys, ","))
    if (!book_.sources.contains(std::string(k))) return error("source '" + std::string(k) + "' is not declared");
  return std::nullopt;
}

// "A01．上仕局 @ECCO-A"
std::optional<BookError> Parser::name_line(std::string_view text) {
  const std::string code(text.substr(0, 3));
  text.remove_prefix(3 + kFullStop.size());
  const auto at = text.rfind(" @");
  if (at == std::string_view::npos) return error("the name of " + code + " cites no source (' @KEY')");
  const auto name = text.substr(0, at);
  if (name.empty() || name.find(' ') != std::string_view::npos) return error("the name of " + code + " is empty or has spaces");
  if (auto e = source_keys(text.substr(at + 2))) return e;
  const std::string expected = code_at(book_.names.size());
  if (book_.names.size() >= 500 || code != expected)
    return error("names come once each in order A00..E99: " + code + " where " + expected + " was expected");
  book_.names.push_back({code, std::string(name), std::string(text.substr(at + 2))});
  return std::nullopt;
}

std::optional<BookError> Parser::term(std::vector<std::string_view>& toks, std::size_t& i, std::vector<Term>& out) {
  std::string why;
  std::string_view tok = toks[i++];
  // "N." then "X，Y" / "X" / "……，Y": the moves of round N.
  if (!tok.empty() && tok.back() == '.') {
    std::string_view digits = tok.substr(0, tok.size() - 1);
    const auto round = number(digits);
    if (!round || !digits.empty() || *round < 1 || *round > kHorizon / 2) return error("bad round '" + std::string(tok) + "'");
    if (i >= toks.size()) return error("round " + std::to_string(*round) + " names no move");
    const auto halves = split(toks[i++], kComma);
    if (halves.size() > 2) return error("a round has two moves at most");
    Term t;
    t.kind = TermKind::Plies;
    for (std::size_t h = 0; h < halves.size(); ++h) {
      if (halves[h] == kAny) continue;
      const auto moves = alternatives(halves[h], Color(h), why);
      if (!moves) return error(why);
      t.plies.push_back({std::uint8_t((*round - 1) * 2 + int(h)), set_of(*moves)});
    }
    if (t.plies.empty()) return std::nullopt;  // "5. ……，……": no test
    out.push_back(std::move(t));
    return std::nullopt;
  }
  if (consume(tok, "不分先后")) {
    std::vector<Color> sides;
    const auto moves = set(tok, std::nullopt, why, &sides);
    if (!moves) return error(why);
    Term t;
    t.kind = TermKind::AnyOrder;
    for (std::size_t k = 0; k < moves->size(); ++k) (sides[k] == Color::Red ? t.red : t.black).push_back((*moves)[k]);
    if (t.red.size() > kHorizon / 2 || t.black.size() > kHorizon / 2) return error("不分先后 over more than 10 moves a side");
    std::sort(t.red.begin(), t.red.end());
    std::sort(t.black.begin(), t.black.end());
    out.push_back(std::move(t));
    return std::nullopt;
  }
  // "红2~10可走{…}然后X", "…然后*", "…含X", "…不含X", "红2~5只走{…}".
  Term t;
  t.kind = TermKind::Scan;
  if (consume(tok, "红")) t.side = Color::Red;
  else if (consume(tok, "黑")) t.side = Color::Black;
  else return error("unknown term '" + std::string(tok) + "'");
  const auto a = number(tok);
  if (!a || !consume(tok, "~")) return error("a scan names its rounds: 红2~10");
  const auto b = number(tok);
  if (!b || *a < 1 || *b > kHorizon / 2 || *a > *b) return error("a scan's rounds lie within 1~10");
  t.from_round = std::uint8_t(*a);
  t.to_round = std::uint8_t(*b);
  bool only = false;
  if (consume(tok, "只走")) only = true;
  else if (!consume(tok, "可走")) return error("a scan says 可走{…} or 只走{…}");
  const auto close = tok.find('}');
  if (close == std::string_view::npos) return error("a scan's set has no '}'");
  const auto allowed = set(tok.substr(0, close + 1), t.side, why);
  if (!allowed) return error(why);
  t.allowed = set_of(*allowed);
  tok.remove_prefix(close + 1);
  if (only) {
    if (!tok.empty()) return error("只走{…} takes nothing after the set");
    t.test = ScanTest::Only;
    out.push_back(std::move(t));
    return std::nullopt;
  }
  if (consume(tok, "然后")) {
    if (tok == "*") {
      t.test = ScanTest::ThenAny;
    } else {
      t.test = ScanTest::Then;
      const auto what = alternatives(tok, t.side, why);
      if (!what) return error(why);
      t.what = set_of(*what);
    }
  } else if (const bool lacks = consume(tok, "不含"); lacks || consume(tok, "含")) {
    t.test = lacks ? ScanTest::Lacks : ScanTest::Has;
    const auto what = alternatives(tok, t.side, why);
    if (!what) return error(why);
    for (MoveId w : *what)
      if (!t.allowed.has(w)) return error("含/不含 names a move outside the scan's set");
    t.what = set_of(*what);
  } else {
    return error("a scan ends with 然后X, 然后*, 含X or 不含X");
  }
  out.push_back(std::move(t));
  return std::nullopt;
}

// "  C21: 从… @ECCO-C" — indentation two spaces a level.
std::optional<BookError> Parser::node_line(std::size_t depth, std::string_view text) {
  const std::string code(text.substr(0, 3));
  const Name* name = book_.name(code);
  if (!name) return error(code + ": a node's code is named first (names come before the tree)");
  if (name->name == "空") return error(code + " is an unused code (空)");
  if (depth + 1 > stack_.size()) return error("indented more than one level below its parent");
  stack_.resize(depth + 1);
  text.remove_prefix(4);
  const auto at = text.rfind(" @");
  if (at == std::string_view::npos) return error(code + ": the node cites no source (' @KEY')");
  if (auto e = source_keys(text.substr(at + 2))) return e;
  Node node;
  node.code = code;
  node.source = std::string(text.substr(at + 2));
  node.line = line_;
  for (auto alt : split(text.substr(0, at), " | ")) {
    auto toks = tokens(alt);
    if (toks.empty()) return error(code + ": an empty pattern");
    std::vector<Term> terms;
    for (std::size_t i = 0; i < toks.size();)
      if (auto e = term(toks, i, terms)) return e;
    node.alternatives.push_back(std::move(terms));
  }
  const auto index = std::uint32_t(book_.nodes.size());
  book_.nodes[stack_.back()].children.push_back(index);
  book_.nodes.push_back(std::move(node));
  stack_.push_back(index);
  return std::nullopt;
}

std::optional<BookError> Parser::line(std::uint32_t n, std::string_view text) {
  line_ = n;
  while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.remove_suffix(1);
  std::size_t indent = 0;
  while (indent < text.size() && text[indent] == ' ') ++indent;
  text.remove_prefix(indent);
  if (text.empty() || text.front() == '#') return std::nullopt;
  if (consume(text, "source ")) {
    const auto sp = text.find(' ');
    if (indent || sp == std::string_view::npos || sp == 0) return error("source KEY CITATION");
    book_.sources[std::string(text.substr(0, sp))] = std::string(text.substr(sp + 1));
    return std::nullopt;
  }
  if (text.size() > 3 && is_code(text.substr(0, 3)) && text.substr(3, kFullStop.size()) == kFullStop) {
    if (indent) return error("a name line is not indented");
    if (book_.nodes.size() > 1) return error("names come before the tree");
    return name_line(text);
  }
  if (text.size() > 4 && is_code(text.substr(0, 3)) && text[3] == ':') {
    if (indent % 2) return error("indentation is two spaces a level");
    if (book_.names.size() != 500) return error("the tree comes after all 500 names");
    return node_line(indent / 2, text);
  }
  return error("neither a source, a name (A01．…) nor a node (A01: …)");
}

std::optional<BookError> Parser::finish() {
  line_ = 0;
  if (book_.names.size() != 500) return error("the names stop at " + code_at(book_.names.size()));
  if (book_.nodes.size() < 2) return error("no tree");
  return std::nullopt;
}

}  // namespace

Result<Book, BookError> parse_book(std::string_view text) {
  Book book;
  book.nodes.push_back(Node{});  // the root: A00 when nothing below it matches
  book.nodes[0].code = "A00";
  Parser parser(book);
  std::uint32_t n = 0;
  for (auto line : split(text, "\n"))
    if (auto e = parser.line(++n, line)) return fail(*e);
  if (auto e = parser.finish()) return fail(*e);
  return book;
}

}  // namespace xq::ecco
