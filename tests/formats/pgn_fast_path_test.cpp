// The PGN reader's fast paths (plain ICCS words and move numbers read in one
// loop, single WXF and Chinese words taken without the splitter, line and
// column counted eight bytes at a time, tag values copied in runs, the
// move-number flag for comments) and the notation memo, against the general
// path and against expectations computed here independently:
//
// - random movetext in random layouts (CRLF, tabs, U+3000 and other
//   multibyte blanks, multibyte comments, numbers in every style, words at
//   the end of the input, very long lines, positions at every alignment to
//   eight bytes), read as UTF-8 and as UTF-16 (the decoded window, refilled
//   many times), against the events the generator knows it wrote, with line
//   and column from a byte-by-byte scan;
// - each fast word alone against the same word read by the splitter;
// - tag values against a byte-by-byte reading of the same rules;
// - parse_move_text with a warm memo against a cold one (a fresh thread);
// - resolve_fast against resolve_move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "random_game.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/description.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/wxf.h"
#include "xqrec/core/position.h"

using namespace xq;
using namespace xq::formats;
using xq::formats::testing::Lcg;

namespace {

using Strings = std::vector<std::string>;

// --- the reader's events ------------------------------------------------------

// A location as the events write it.
std::string at(std::uint32_t line, std::uint32_t col, std::uint64_t offset) {
  return " @" + std::to_string(line) + ":" + std::to_string(col) + "/" + std::to_string(offset);
}

class Recorder : public GameVisitor {
 public:
  Strings events;
  bool with_issues = true;

  Control begin_game(std::size_t index, SourceLocation) override {
    events.push_back("begin " + std::to_string(index));
    return Control::Continue;
  }
  void tag(std::string_view name, std::string_view value) override {
    events.push_back("tag " + std::string(name) + "=" + std::string(value));
  }
  void start_fen(std::string_view fen) override { events.push_back("fen " + std::string(fen)); }
  void comment(std::string_view text) override { events.push_back("comment " + std::string(text)); }
  void comment_before_move(std::string_view text) override { events.push_back("before " + std::string(text)); }
  void move(std::string_view text, MoveNotation notation, SourceLocation where, Move) override {
    events.push_back("move " + std::string(text) + " " + std::string(notation_name(notation)) +
                     at(where.line, where.column, where.offset));
  }
  void nag(int value) override { events.push_back("nag " + std::to_string(value)); }
  void begin_variation() override { events.push_back("("); }
  void end_variation() override { events.push_back(")"); }
  void result(std::string_view text) override { events.push_back("result " + std::string(text)); }
  void issue(const Issue& issue) override {
    if (with_issues) events.push_back("issue " + std::string(issue.name()));
  }
  Control end_game(bool truncated) override {
    events.push_back(truncated ? "end truncated" : "end");
    return Control::Continue;
  }
};

Strings read_events(std::string_view bytes, const ReadOptions& options = {}, FileReport* report = nullptr) {
  Recorder r;
  FileReport rep = read_pgn(bytes, r, options);
  if (report) *report = rep;
  return r.events;
}

// The first difference of two event lists, for the failure message.
std::string first_difference(const Strings& got, const Strings& want) {
  const std::size_t n = std::min(got.size(), want.size());
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != want[i]) return "event " + std::to_string(i) + ": got '" + got[i] + "', want '" + want[i] + "'";
  if (got.size() != want.size())
    return "got " + std::to_string(got.size()) + " events, want " + std::to_string(want.size()) +
           (got.size() > n ? ", extra '" + got[n] + "'" : ", missing '" + want[n] + "'");
  return {};
}

// --- a document whose events are known --------------------------------------

// UTF-8 text built piece by piece; the line, column and offset of any point
// come from a byte-by-byte scan (line feeds start lines; columns count every
// byte but UTF-8 continuation bytes), and its UTF-16 offset from the lead
// bytes seen.
class Doc {
 public:
  struct Point {
    std::uint32_t line = 1, col = 1;
    std::uint64_t offset = 0, utf16 = 0;
  };
  struct Expected {
    std::string text;
    bool located = false;
    Point where;
  };

  std::string text;
  std::vector<Expected> events;

  void put(std::string_view s) {
    for (char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '\n') {
        ++here_.line;
        here_.col = 1;
      } else if ((c & 0xC0) != 0x80) {
        ++here_.col;
      }
      if ((c & 0xC0) != 0x80) here_.utf16 += c >= 0xF0 ? 2 : 1;
      ++here_.offset;
    }
    text += s;
  }
  Point here() const { return here_; }
  void expect(std::string e) { events.push_back({std::move(e), false, {}}); }
  void expect_at(std::string e, Point p) { events.push_back({std::move(e), true, p}); }

  // The expected events with offsets in UTF-8 bytes, or in the UTF-16LE
  // encoding of the text.
  Strings expected(bool utf16 = false) const {
    Strings out;
    for (const auto& e : events)
      out.push_back(e.located ? e.text + at(e.where.line, e.where.col, utf16 ? 2 * e.where.utf16 : e.where.offset)
                              : e.text);
    return out;
  }

 private:
  Point here_;
};

std::string utf8_to_utf16le(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    char32_t cp;
    std::size_t len;
    if (c < 0x80) cp = c, len = 1;
    else if (c < 0xE0) cp = c & 0x1F, len = 2;
    else if (c < 0xF0) cp = c & 0x0F, len = 3;
    else cp = c & 0x07, len = 4;
    for (std::size_t k = 1; k < len; ++k) cp = cp << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    auto unit = [&](char32_t u) {
      out += char(u & 0xFF);
      out += char(u >> 8);
    };
    if (cp >= 0x10000) {
      unit(0xD800 + ((cp - 0x10000) >> 10));
      unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(cp);
    }
  }
  return out;
}

template <class T>
const T& pick(Lcg& rng, const std::vector<T>& v) {
  return v[rng.below(std::uint32_t(v.size()))];
}

// Moves as a PGN writes them, with the notation the reader gives them when
// no [Format] tag says otherwise. The first ones take the fast paths.
struct MoveWord {
  std::string text;
  MoveNotation notation;
};
const std::vector<MoveWord>& move_words() {
  static const std::vector<MoveWord> words = {
      {"h2e2", MoveNotation::Iccs},      {"h9g7", MoveNotation::Iccs},      {"H2E2", MoveNotation::Iccs},
      {"a0a1", MoveNotation::Iccs},      {"i9i8", MoveNotation::Iccs},      {"b0c2", MoveNotation::Iccs},
      {"H2-E2", MoveNotation::Iccs},     {"h0-g2", MoveNotation::Iccs},     {"炮二平五", MoveNotation::Chinese},
      {"马８进７", MoveNotation::Chinese}, {"車九平八", MoveNotation::Chinese}, {"前炮退二", MoveNotation::Chinese},
      {"兵七进一", MoveNotation::Chinese}, {"马8进7", MoveNotation::Chinese},   {"C2.5", MoveNotation::Wxf},
      {"H8+7", MoveNotation::Wxf},       {"R1.2", MoveNotation::Wxf},       {"P7+1", MoveNotation::Wxf},
      {"c2.5", MoveNotation::Wxf},       {"C+.1", MoveNotation::Wxf},       {"Ｃ２＝５", MoveNotation::Wxf},
  };
  return words;
}

// Move numbers: the ones a comment after belongs to the next move of.
const std::vector<std::string>& number_words() {
  static const std::vector<std::string> words = {"1.",   "3.",  "12.",   "3...", "3..",  "...",
                                                 "３．", "3、", "12．", "……",   "3",    "12......"};
  return words;
}

// Blanks between words, ASCII (the fast loop) and multibyte (the main loop).
const std::vector<std::string>& blanks() {
  static const std::vector<std::string> b = {" ",  " ",      " ",          "\t",     "\n",         "\r\n",
                                             "  ", " \r\n ", "\n\n",       "\t \t", "\xE3\x80\x80", "\xC2\xA0",
                                             " \xEF\xBB\xBF", "\xE2\x80\x8B"};
  return b;
}

const std::vector<std::string>& comment_words() {
  static const std::vector<std::string> w = {"好棋", "a", "红方优势", "x y", "1. h2e2", "\r\n", "\n", "€", "𝄞",
                                             "炮二平五", "$3", "(", ")", "1-0", "\t", "1234567", "中"};
  return w;
}

struct LayoutOptions {
  int tokens = 200;
  bool long_blanks = false;  // blanks of 60 to 140 kB (look-ahead and window edges)
  bool long_comments = false;
};

// One game of random movetext; returns the document and its expected events.
Doc random_document(std::uint64_t seed, const LayoutOptions& o = {}) {
  Lcg rng(seed);
  Doc d;
  // Something before the first game, to move everything off alignment.
  const int pad = int(rng.below(12));
  for (int i = 0; i < pad; ++i) d.put(rng.below(2) ? " " : "\xE3\x80\x80");
  if (rng.below(2)) d.put(rng.below(2) ? "\n" : "\r\n");

  bool tags = rng.below(3) == 0;
  std::optional<MoveNotation> hint;
  if (tags) {
    d.expect("begin 1");
    d.put("[Event \"第" + std::to_string(seed) + "局\"]\r\n");
    d.expect("tag Event=第" + std::to_string(seed) + "局");
    switch (rng.below(5)) {
      case 0: d.put("[Format \"ICCS\"]\n"), d.expect("tag Format=ICCS"), hint = MoveNotation::Iccs; break;
      case 1: d.put("[Format \"WXF\"]\n"), d.expect("tag Format=WXF"), hint = MoveNotation::Wxf; break;
      case 2: d.put("[Format \"Chinese\"]\n"), d.expect("tag Format=Chinese"), hint = MoveNotation::Chinese; break;
      case 3:
        d.put("[Format \"Klingon\"]\n");
        d.expect("issue unknown-format");
        d.expect("tag Format=Klingon");
        break;
      default: break;
    }
    d.put(rng.below(2) ? "\n" : "\r\n");
  }

  bool begun = tags;
  auto begin = [&] {
    if (!begun) d.expect("begin 1");
    begun = true;
  };
  enum class Last { Start, Word, Number, Brace, Nag, Paren };
  Last last = Last::Start;
  bool after_number = false;  // a comment now belongs to the next move
  int depth = 0;
  auto blank = [&](bool needed) {
    if (!needed && rng.below(3) == 0) return;
    if (o.long_blanks && rng.below(40) == 0) {
      const std::size_t n = 60000 + rng.below(80000);
      const std::string unit = rng.below(2) ? " " : "\r\n";
      std::string run;
      while (run.size() < n) run += unit;
      d.put(run);
      return;
    }
    d.put(pick(rng, blanks()));
  };

  for (int t = 0; t < o.tokens; ++t) {
    const std::uint32_t kind = rng.below(100);
    if (kind < 45) {  // a move, sometimes with an annotation suffix
      blank(last == Last::Word || last == Last::Number || last == Last::Nag);
      begin();
      const MoveWord& m = pick(rng, move_words());
      d.expect_at("move " + m.text + " " + std::string(notation_name(hint ? *hint : m.notation)), d.here());
      d.put(m.text);
      if (rng.below(10) == 0) {
        static const std::vector<std::pair<std::string, int>> suffixes = {{"!", 1}, {"?", 2}, {"!!", 3},
                                                                          {"??", 4}, {"!?", 5}, {"?!", 6}};
        const auto& s = pick(rng, suffixes);
        d.put(s.first);
        d.expect("nag " + std::to_string(s.second));
      }
      after_number = false;
      last = Last::Word;
    } else if (kind < 65) {  // a move number, sometimes followed by an ellipsis word
      blank(last == Last::Word || last == Last::Number || last == Last::Nag);
      begin();
      std::string w = pick(rng, number_words());
      // A "1." at the start of a line after a result would start a game; no
      // results come before the end here, so any number is fine.
      d.put(w);
      if (rng.below(4) == 0) {
        blank(true);
        d.put(rng.below(2) ? "……" : "...");
      }
      after_number = true;
      last = Last::Number;
    } else if (kind < 77) {  // a comment
      blank(false);
      begin();
      std::string body;
      const int words = int(rng.below(5));
      for (int i = 0; i < words; ++i) body += pick(rng, comment_words());
      if (o.long_comments && rng.below(30) == 0) body += std::string(70000 + rng.below(70000), 'c');
      std::string want;
      for (char c : body)
        if (c != '\r') want += c;
      d.put("{" + body + "}");
      d.expect((after_number ? "before " : "comment ") + want);
      last = Last::Brace;
    } else if (kind < 80) {  // a comment to the end of the line
      blank(false);
      begin();
      std::string body = pick(rng, comment_words());
      body.erase(std::remove(body.begin(), body.end(), '\n'), body.end());
      body.erase(std::remove(body.begin(), body.end(), '\r'), body.end());
      if (o.long_comments && rng.below(20) == 0) body += std::string(70000 + rng.below(70000), 'l');
      d.put(";" + body + (rng.below(2) ? "\n" : "\r\n"));
      d.expect((after_number ? "before " : "comment ") + body);
      last = Last::Brace;
    } else if (kind < 85) {  // a NAG
      blank(last == Last::Word || last == Last::Number || last == Last::Nag);
      begin();
      const int v = int(rng.below(200));
      d.put("$" + std::to_string(v));
      d.expect("nag " + std::to_string(v));
      after_number = false;
      last = Last::Nag;
    } else if (kind < 93) {  // a variation opens
      blank(false);
      begin();
      d.put("(");
      d.expect("(");
      ++depth;
      after_number = false;
      last = Last::Paren;
    } else if (depth > 0) {  // and closes
      blank(false);
      d.put(")");
      d.expect(")");
      --depth;
      after_number = false;
      last = Last::Paren;
    }
  }
  if (!begun) return d;  // nothing written: no game
  while (depth > 0) {
    blank(false);
    d.put(")");
    d.expect(")");
    --depth;
  }
  switch (rng.below(3)) {
    case 0:  // the input ends right after the last word
      d.expect("end truncated");
      break;
    case 1:
      blank(true);
      d.put("1-0");
      d.expect("result 1-0");
      d.expect("end");
      break;
    default:
      blank(true);
      d.put("*");
      if (rng.below(2)) d.put("\r\n");
      d.expect("result *");
      d.expect("end");
      break;
  }
  return d;
}

void check_document(const Doc& d, std::uint64_t seed) {
  INFO("seed " << seed << ", " << d.text.size() << " bytes");
  {
    const Strings got = read_events(d.text);
    const Strings want = d.expected();
    INFO("UTF-8: " << first_difference(got, want));
    CHECK(got == want);
  }
  {
    ReadOptions utf16;
    utf16.input_encoding = "UTF-16LE";
    const Strings got = read_events(utf8_to_utf16le(d.text), utf16);
    const Strings want = d.expected(true);
    INFO("UTF-16LE: " << first_difference(got, want));
    CHECK(got == want);
  }
}

}  // namespace

TEST_CASE("PGN fast paths: random movetext in random layouts reads as written", "[pgn][fast-path]") {
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    LayoutOptions o;
    o.tokens = 1 + int(seed % 97) * 3;
    check_document(random_document(seed, o), seed);
  }
}

TEST_CASE("PGN fast paths: long games, long lines, long blanks and comments across the decoded window",
          "[pgn][fast-path]") {
  for (std::uint64_t seed = 1000; seed < 1004; ++seed) {
    LayoutOptions o;
    o.tokens = 12000;
    o.long_blanks = seed % 2 == 0;
    o.long_comments = seed % 3 == 0;
    check_document(random_document(seed, o), seed);
  }
}

TEST_CASE("PGN fast paths: one long line of plain moves, every alignment, every end", "[pgn][fast-path]") {
  // Moves and numbers separated by single blanks on one line, after a
  // prefix of 0..16 characters of one to four bytes, cut after each word.
  const std::vector<std::string> prefix_chars = {"a", "\xC2\xA9", "中", "𝄞"};
  for (std::size_t width = 0; width < prefix_chars.size(); ++width) {
    for (int pad = 0; pad <= 16; ++pad) {
      Doc d;
      d.expect("begin 1");
      d.put("{");
      for (int i = 0; i < pad; ++i) d.put(prefix_chars[width]);
      d.put("}");
      std::string body;
      for (int i = 0; i < pad; ++i) body += prefix_chars[width];
      d.expect("comment " + body);
      for (int i = 1; i <= 120; ++i) {
        d.put(i % 7 == 0 ? "\t" : " ");
        d.put(std::to_string(i) + ".");
        d.put(" ");
        d.expect_at("move h2e2 iccs", d.here());
        d.put("h2e2");
        d.put(" ");
        d.expect_at("move H9G7 iccs", d.here());
        d.put("H9G7");
        if (i > 24 && i % 8 != 0) continue;
        Doc cut = d;
        cut.expect("end truncated");
        INFO("width " << width << ", pad " << pad << ", cut after move " << i);
        check_document(cut, 0);
      }
    }
  }
}

TEST_CASE("PGN fast paths: a comment after a move number of any style belongs to the next move",
          "[pgn][fast-path]") {
  for (const std::string number :
       {"3.", "3...", "3. ...", "3. ……", "3、", "３．", "3．", "……", "...", "3", "3.\n……\n", "3.;x\n"}) {
    INFO(number);
    for (const std::string comment : {"{c}", ";c\n"}) {
      Doc d;
      d.expect("begin 1");
      d.put("1. ");
      d.expect_at("move h2e2 iccs", d.here());
      d.put("h2e2 ");
      d.expect_at("move h9g7 iccs", d.here());
      d.put("h9g7 " + number);
      if (number.find(';') != std::string::npos) d.expect("before x");
      d.put(" " + comment + " ");
      d.expect("before c");
      d.expect_at("move h0g2 iccs", d.here());
      d.put("h0g2 *");
      d.expect("result *");
      d.expect("end");
      const Strings got = read_events(d.text);
      INFO(first_difference(got, d.expected()));
      CHECK(got == d.expected());
    }
  }
}

TEST_CASE("PGN fast paths: blanks, line comments and skipped lines that end at the edge of the decoded window",
          "[pgn][fast-path]") {
  // The decoded text is held in a window of about 128 k characters with a
  // look-ahead of 64 k; blanks, a ';' comment, a '%' line or ignored text
  // of every length around those sizes put the next word across its end.
  std::vector<std::size_t> lengths;
  for (std::size_t base : {65536u, 131072u, 262144u})
    for (std::size_t k = base - 12; k <= base + 4; ++k) lengths.push_back(k);
  for (std::size_t len : lengths) {
    for (int construct = 0; construct < 4; ++construct) {
      Doc d;
      d.expect("begin 1");
      switch (construct) {
        case 0:
          d.put("{c}");
          d.expect("comment c");
          d.put(std::string(len, ' '));
          break;
        case 1:
          d.put(";" + std::string(len, 'x') + "\n");
          d.expect("comment " + std::string(len, 'x'));
          break;
        case 2:
          d.expect_at("move h2e2 iccs", d.here());
          d.put("h2e2\n%" + std::string(len, 'x') + "\n");
          break;
        default:
          d.expect_at("move h2e2 iccs", d.here());
          d.put("h2e2 1-0 ");
          d.expect("result 1-0");
          d.expect("issue ignored-text");
          d.put(std::string(len, 'x') + " h0g2\n[Event \"b\"]\n");
          d.expect("end");
          d.expect("begin 2");
          d.expect("tag Event=b");
          break;
      }
      d.expect_at("move h9g7 iccs", d.here());
      d.put("h9g7 *");
      d.expect("result *");
      d.expect("end");
      INFO("construct " << construct << ", length " << len);
      for (const char* encoding : {"UTF-16LE", "GB18030"}) {
        ReadOptions o;
        o.input_encoding = encoding;
        const bool utf16 = std::string_view(encoding) == "UTF-16LE";
        const Strings got = read_events(utf16 ? utf8_to_utf16le(d.text) : d.text, o);
        INFO(encoding << ": " << first_difference(got, d.expected(utf16)));
        CHECK(got == d.expected(utf16));
      }
    }
  }
}

// --- each fast word against the splitter -----------------------------------------

namespace {

// The moves of a one-word movetext: text, notation and offset relative to
// `shift`.
Strings word_moves(const std::string& prefix, const std::string& word, const std::string& format) {
  const std::string doc = (format.empty() ? "" : "[Format \"" + format + "\"]\n") + prefix + word + " *";
  const std::size_t base = doc.size() - word.size() - 2;
  Recorder r;
  r.with_issues = false;
  read_pgn(doc, r);
  Strings out;
  for (const auto& e : r.events) {
    if (e.rfind("move ", 0) != 0) continue;
    const std::size_t slash = e.rfind('/');
    const std::uint64_t off = std::stoull(e.substr(slash + 1));
    const std::size_t atpos = e.rfind(" @");
    out.push_back(e.substr(0, atpos) + " +" + std::to_string(off - base));
  }
  return out;
}

void check_word(const std::string& word) {
  // A word of digits and dots is a move number to the word reader and not
  // to the splitter ("3.4"): no fast path there.
  if (word.find_first_not_of("0123456789.") == std::string::npos) return;
  // "…" glued before the word sends it through the splitter, which reads an
  // ellipsis and then the word on its own.
  for (const std::string format : {"", "ICCS", "WXF", "Chinese", "Klingon"}) {
    INFO("word '" << word << "', [Format \"" << format << "\"]");
    CHECK(word_moves("1. ", word, format) == word_moves("1. …", word, format));
  }
}

}  // namespace

TEST_CASE("PGN fast paths: four-character WXF words read as the splitter reads them", "[pgn][fast-path]") {
  const std::string letters = "KAGBEMNHRCPkagbemnhrcpXx";
  const std::string files = "0123456789+-.=";
  const std::string directions = "+-.=1";
  const std::string numbers = "0123456789";
  for (char l : letters)
    for (char f : files)
      for (char dir : directions)
        for (char num : numbers) check_word(std::string{l, f, dir, num});
}

TEST_CASE("PGN fast paths: four-glyph Chinese words read as the splitter reads them", "[pgn][fast-path]") {
  const std::vector<std::string> glyphs = {"车", "马", "炮", "兵", "卒", "帅", "将", "仕", "士", "相", "象", "車",
                                           "馬", "砲", "前", "中", "后", "一", "二", "三", "五", "九", "１", "５",
                                           "９", "进", "退", "平", "進", "好", "棋", "…", "、", "．", "＝", "。"};
  Lcg rng(7);
  for (const std::string& a : glyphs)
    for (const std::string& b : glyphs)
      for (int i = 0; i < 12; ++i) check_word(a + b + pick(rng, glyphs) + pick(rng, glyphs));
}

TEST_CASE("PGN fast paths: ICCS-shaped words and move numbers read as the general path reads them",
          "[pgn][fast-path]") {
  Lcg rng(11);
  const std::string chars = "abhiAIjz0129-.";
  for (int i = 0; i < 4000; ++i) {
    std::string w;
    const int len = 4 + int(rng.below(2));
    for (int k = 0; k < len; ++k) w += chars[rng.below(std::uint32_t(chars.size()))];
    check_word(w);
  }
  // A plain word followed by something that is not a blank: not plain.
  for (const std::string w : {"h2e2!", "h2e2?!", "h2e2中", "h2e2\xC2\xA9", "12.h2e2", "12.中", "12.\xE3\x80\x80"}) {
    const Strings got = read_events("1. " + w + " *");
    const Strings want = read_events("1. " + w + "\xE3\x80\x80*");  // not a fast-path blank after it
    INFO(w);
    CHECK(got.size() == want.size());
  }
}

// --- tag values ----------------------------------------------------------------

namespace {

// The quoted-value rules byte by byte: escapes \" and \\; a quote ends the
// value when only blanks stand between it and `]`; CR dropped; without such
// an end on the line, the raw line less a trailing `"]`, `]` or `"`.
std::string reference_tag_value(std::string_view line) {
  std::string value;
  std::size_t k = 0;
  const std::size_t n = line.size();
  while (k < n) {
    const char c = line[k];
    if (c == '\\' && k + 1 < n && (line[k + 1] == '"' || line[k + 1] == '\\')) {
      value += line[k + 1];
      k += 2;
      continue;
    }
    if (c == '"') {
      std::size_t j = k + 1;
      while (j < n && (line[j] == ' ' || line[j] == '\t')) ++j;
      if (j < n && line[j] == ']') return value;
    }
    if (c != '\r') value += c;
    ++k;
  }
  std::string_view raw = line;
  while (!raw.empty() && (raw.back() == '\r' || raw.back() == ' ' || raw.back() == '\t')) raw.remove_suffix(1);
  if (raw.size() >= 2 && raw.substr(raw.size() - 2) == "\"]") return std::string(raw.substr(0, raw.size() - 2));
  if (!raw.empty() && raw.back() == ']') raw.remove_suffix(1);
  if (!raw.empty() && raw.back() == '"') raw.remove_suffix(1);
  return std::string(raw);
}

}  // namespace

TEST_CASE("PGN fast paths: tag values copied in runs read as byte by byte", "[pgn][fast-path]") {
  const std::vector<std::string> pieces = {"a", "中", "\"", "\\", "\r", "]", " ", "\t", "\\\"", "\\\\", "xyz", "\"]"};
  // Runs of plain bytes of 0 to 40 (ASCII) or of whole CJK characters, so
  // that the runs' stops fall at every place of a sixteen-byte step and
  // past it.
  const std::string ascii = "abcdefghijklmnopqrstuvwxyz0123456789ABCD", cjk = "中文字符象棋残局全集之谱";
  Lcg rng(3);
  for (int i = 0; i < 8000; ++i) {
    std::string line;
    const int n = int(rng.below(10));
    for (int k = 0; k < n; ++k)
      line += i % 2 ? pick(rng, pieces)
                    : (rng.below(2) ? ascii.substr(0, rng.below(41)) : cjk.substr(0, 3 * rng.below(13))) +
                          pick(rng, pieces);
    if (rng.below(2)) line += "\"]";
    const std::string doc = "[Site \"" + line + "\n1. h2e2 *\n";
    Recorder r;
    r.with_issues = false;
    read_pgn(doc, r);
    INFO("line '" << line << "'");
    REQUIRE(r.events.size() >= 2);
    CHECK(r.events[1] == "tag Site=" + reference_tag_value(line));
  }
}

// --- the notation memo ----------------------------------------------------------

namespace {

std::string describe(const Result<notation::MoveDescription, notation::SyntaxError>& r) {
  if (!r) {
    const auto& e = r.error();
    return "error " + std::to_string(e.column) + "/" + std::to_string(e.byte_offset) + " '" + e.found + "' " + e.message;
  }
  const auto& d = *r;
  return "ok " + std::to_string(int(d.notation)) + " p" + std::to_string(int(d.piece)) + " m" +
         std::to_string(int(d.mark)) + " o" + std::to_string(d.ordinal) + " f" + std::to_string(d.file) + " d" +
         std::to_string(int(d.direction)) + " n" + std::to_string(d.number) + " " + to_iccs(d.iccs) + " notes" +
         std::to_string(d.notes.bits()) + " g" + std::to_string(d.glyph_side) + " s" + std::to_string(d.digit_side);
}

// Move texts of every notation and some that are not moves, many of them
// 14 to 18 bytes long (around the memo's limit of 16), with blanks around.
std::vector<std::string> memo_texts() {
  std::vector<std::string> texts;
  Lcg rng(5);
  const Position start(Setup::start());
  std::vector<Position> positions{start};
  {
    Position p = start;
    for (int ply = 0; ply < 60; ++ply) {
      MoveList ml;
      p.generate_legal(ml);
      if (ml.size() == 0) break;
      Undo u;
      p.make(ml[rng.below(std::uint32_t(ml.size()))], u);
      positions.push_back(p);
    }
  }
  for (const Position& p : positions) {
    MoveList ml;
    p.generate_legal(ml);
    for (std::size_t i = 0; i < ml.size(); ++i) {
      const Move m = ml[i];
      texts.push_back(notation::write_chinese(p, m));
      notation::ChineseStyle trad;
      trad.traditional = true;
      trad.black_digits = notation::BlackDigits::Ascii;
      texts.push_back(notation::write_chinese(p, m, trad));
      texts.push_back(notation::write_wxf(p, m));
      notation::WxfStyle official;
      official.convention = notation::WxfConvention::Official;
      texts.push_back(notation::write_wxf(p, m, official));
      texts.push_back(to_iccs(m));
      texts.push_back(to_iccs(m, IccsStyle::UpperDash));
    }
  }
  std::sort(texts.begin(), texts.end());
  texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
  const std::size_t moves = texts.size();
  for (std::size_t i = 0; i < moves; ++i) {
    const std::string& t = texts[i];
    texts.push_back(" " + t);
    texts.push_back(t + " ");
    texts.push_back("  " + t + "\xE3\x80\x80");
    texts.push_back(t + "x");
    texts.push_back(t.substr(0, t.size() - 1));
  }
  for (const char* s : {"", " ", "一", "车车车车车车", "h2e2h2e2h2e2h2e2", "h2e2h2e2h2e2h2e2h", "C2.5C2.5C2.5C2.5",
                        "\xFF\xFE", "炮二平五     ", "炮二平五      ", "炮二平五       "})
    texts.push_back(s);
  texts.push_back(std::string("h2\0e2", 5));
  texts.push_back(std::string("h2e2\0", 5));
  return texts;
}

}  // namespace

TEST_CASE("Notation memo: a warm memo gives what a cold one gives, for every hint", "[notation][fast-path]") {
  const std::vector<std::string> texts = memo_texts();
  const notation::Notation hints[] = {notation::Notation::Auto, notation::Notation::Chinese, notation::Notation::Wxf,
                                      notation::Notation::Iccs};
  // Cold: each text and hint in a thread of its own, whose memo is empty. A
  // few texts per hint do (threads are cheap, but not free).
  std::map<std::pair<std::string, int>, std::string> cold;
  Lcg rng(9);
  std::vector<std::pair<std::string, notation::Notation>> cold_keys;
  for (std::size_t i = 0; i < texts.size(); ++i)
    if (i % 13 == 0 || texts[i].size() <= 2)
      for (auto h : hints) cold_keys.emplace_back(texts[i], h);
  for (const auto& [t, h] : cold_keys) {
    std::string out;
    std::thread th([&] { out = describe(notation::parse_move_text(t, h)); });
    th.join();
    cold[{t, int(h)}] = out;
  }
  // The rest: parsed first in a fresh thread, in one pass, each pair once
  // (the first look-up of a pair cannot hit).
  std::thread th([&] {
    for (const auto& t : texts)
      for (auto h : hints) cold.emplace(std::make_pair(t, int(h)), describe(notation::parse_move_text(t, h)));
  });
  th.join();
  // Warm: every pair many times over in a shuffled order on this thread,
  // with all the others evicting each other's slots in between.
  std::vector<std::pair<std::string, notation::Notation>> order;
  for (const auto& t : texts)
    for (auto h : hints) order.emplace_back(t, h);
  for (int round = 0; round < 3; ++round) {
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(std::uint32_t(i))]);
    std::size_t mismatches = 0;
    for (const auto& [t, h] : order) {
      const std::string warm = describe(notation::parse_move_text(t, h));
      const std::string& want = cold.at({t, int(h)});
      if (warm != want && ++mismatches <= 5) {
        INFO("text '" << t << "' hint " << int(h));
        CHECK(warm == want);
      }
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("Notation memo: resolving the same text in many positions", "[notation][fast-path]") {
  // A text that is legal in one position and not in the next, with a warm
  // memo, gives the answer of a cold one; and every written move resolves
  // back to itself.
  Lcg rng(21);
  std::vector<std::pair<std::string, std::string>> seen;  // text + fen
  Position p{Setup::start()};
  std::vector<std::string> texts;
  std::vector<Position> positions;
  for (int ply = 0; ply < 120; ++ply) {
    MoveList ml;
    p.generate_legal(ml);
    if (ml.size() == 0) break;
    positions.push_back(p);
    for (std::size_t i = 0; i < ml.size(); ++i) {
      const std::string c = notation::write_chinese(p, ml[i]);
      const std::string w = notation::write_wxf(p, ml[i]);
      CHECK(notation::resolve_move(p, c, notation::Notation::Chinese).value().move == ml[i]);
      CHECK(notation::resolve_move(p, w, notation::Notation::Wxf).value().move == ml[i]);
      CHECK(notation::resolve_move(p, c).value().move == ml[i]);
      texts.push_back(c);
      texts.push_back(w);
    }
    Undo u;
    p.make(ml[rng.below(std::uint32_t(ml.size()))], u);
  }
  auto answer = [](const Position& pos, const std::string& t) {
    auto r = notation::resolve_move(pos, t);
    return r ? "ok " + to_iccs(r->move) + " " + std::to_string(r->notes.bits())
             : "error " + std::string(r.error().code()) + " " + r.error().message;
  };
  std::vector<std::string> warm;
  std::vector<std::pair<std::size_t, std::size_t>> probes;
  for (int i = 0; i < 3000; ++i) {
    const std::size_t pi = rng.below(std::uint32_t(positions.size()));
    const std::size_t ti = rng.below(std::uint32_t(texts.size()));
    probes.emplace_back(pi, ti);
    warm.push_back(answer(positions[pi], texts[ti]));
  }
  std::vector<std::string> cold(probes.size());
  for (std::size_t i = 0; i < probes.size(); i += 7) {
    std::thread th([&] { cold[i] = answer(positions[probes[i].first], texts[probes[i].second]); });
    th.join();
    INFO(texts[probes[i].second] << " in " << to_fen(positions[probes[i].first].setup()));
    CHECK(warm[i] == cold[i]);
  }
}

// --- resolve_fast -------------------------------------------------------------------

TEST_CASE("resolve_fast: a plain ICCS text it takes is the move resolve_move reads", "[formats][fast-path]") {
  Lcg rng(33);
  Position p{Setup::start()};
  for (int ply = 0; ply < 80; ++ply) {
    MoveList ml;
    p.generate_legal(ml);
    if (ml.size() == 0) break;
    for (int from = 0; from < 90; ++from) {
      for (int to = 0; to < 90; to += 1 + int(rng.below(3))) {
        const Move m(Square(from % 9, from / 9), Square(to % 9, to / 9));
        for (const std::string& text : {to_iccs(m), to_iccs(m, IccsStyle::UpperDash), [&] {
               std::string s = to_iccs(m);
               s[0] = char(s[0] - 'a' + 'A');
               s[2] = char(s[2] - 'a' + 'A');
               return s;
             }()}) {
          GameNode node;
          node.text = text;
          node.notation = MoveNotation::Iccs;
          const Move fast = resolve_fast(p, node);
          const auto general = notation::resolve_move(p, text, notation::Notation::Iccs);
          INFO(text << " in " << to_fen(p.setup()));
          if (!fast.is_none()) {
            REQUIRE(general);
            CHECK(general->move == fast);
          } else if (text.size() == 4) {
            CHECK_FALSE(general);
          }
          const NodeResolution r = resolve_node(p, node);
          CHECK(r.ok == bool(general));
          if (r.ok) CHECK(r.move == general->move);
        }
      }
    }
    Undo u;
    p.make(ml[rng.below(std::uint32_t(ml.size()))], u);
  }
}
