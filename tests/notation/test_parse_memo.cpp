// The per-thread memo of parse_move_text, reads_as_move and plain_move: it
// must answer what a reading of the text answers, for every text size its
// keys treat apart (under 8 bytes, 8 to 16 in two words, over 16 not kept)
// and every hint, when buckets fill and texts push each other out; and
// after release_parse_memo, in this thread or in others at the same time,
// a thread must never look in the memo it gave back.
#include <catch2/catch.hpp>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "notation_test_util.h"
#include "xqrec/notation/description.h"
#include "xqrec/notation/parse_memo.h"
#include "xqrec/notation/resolve.h"

namespace xn = xq::notation;

namespace {

constexpr xn::Notation kHints[] = {xn::Notation::Auto, xn::Notation::Chinese, xn::Notation::Wxf, xn::Notation::Iccs};

std::string padded(std::string text, std::size_t size) {
  text.resize(size, ' ');
  return text;
}

// Texts of 7, 8, 9, 12, 15, 16 and 17 bytes, moves and not: WXF (4 bytes)
// and ICCS (4) padded to 7, 8 and 9; 炮2平5 (8) as is, after a space (9)
// and padded to 12 (a move of twelve bytes without four glyphs); 炮二平五
// (12) as is and padded to 15, 16 and 17. About 21,000 texts, each under
// four hints: far more than the memo's 8,192 slots, so buckets fill and
// texts push each other out.
std::vector<std::string> texts_of_key_sizes() {
  std::vector<std::string> out;
  const std::string letters = "RNBAKCP";
  const std::string wxf_dirs = "+-.";
  for (char p : letters)
    for (char f = '1'; f <= '9'; ++f)
      for (char d : wxf_dirs)
        for (char n = '1'; n <= '9'; n += 2)
          for (std::size_t size : {7, 8, 9}) out.push_back(padded({p, f, d, n}, size));
  for (char f = 'a'; f <= 'i'; ++f)
    for (char r = '0'; r <= '9'; r += 3)
      for (char t = 'a'; t <= 'i'; t += 2)
        for (std::size_t size : {7, 8, 9}) out.push_back(padded({f, r, t, '5'}, size));
  const std::vector<std::string> pieces = {"车", "马", "炮", "兵", "相", "仕", "帅", "好"};
  const std::vector<std::string> dirs = {"进", "退", "平", "棋"};
  const std::vector<std::string> numerals = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  for (const std::string& p : pieces)
    for (const std::string& d : dirs)
      for (int f = 1; f <= 9; ++f)
        for (int n = 1; n <= 9; ++n) {
          const std::string digits = p + std::to_string(f) + d + std::to_string(n);
          out.push_back(digits);
          out.push_back(" " + digits);
          out.push_back(padded(digits, 12));
          const std::string glyphs = p + numerals[std::size_t(f - 1)] + d + numerals[std::size_t(n - 1)];
          for (std::size_t size : {12, 15, 16, 17}) out.push_back(padded(glyphs, size));
        }
  return out;
}

// What reading a text gives, in a form to compare.
std::string reading(std::string_view text, xn::Notation hint) {
  const auto r = xn::parse_move_text(text, hint);
  if (!r) return "error: " + r.error().message + " at " + std::to_string(r.error().byte_offset);
  const xn::MoveDescription& d = *r;
  return std::to_string(int(d.notation)) + ' ' + std::to_string(int(d.piece)) + ' ' + std::to_string(int(d.mark)) +
         ' ' + std::to_string(d.ordinal) + ' ' + std::to_string(d.file) + ' ' + std::to_string(int(d.direction)) +
         ' ' + std::to_string(d.number) + ' ' + std::to_string(d.iccs.from().index()) + '-' +
         std::to_string(d.iccs.to().index()) + ' ' + std::to_string(d.notes.bits()) + ' ' +
         std::to_string(d.glyph_side) + ' ' + std::to_string(d.digit_side);
}

// Every answer the memo gives about one text under one hint.
struct Answers {
  std::string reading;
  bool reads = false;
  bool four_glyph_move = false;  // the PGN reader's test (under the hint Chinese whatever the hint)
  xq::Move plain_red, plain_black;
  bool operator==(const Answers&) const = default;
};

// The shape of the PGN reader's one-move words, from its definition and
// not from the memo's code: four characters of three bytes each, the first
// an ideograph of U+4000..U+9FFF, none of the marks … 、 。 ．.
bool four_glyphs(std::string_view text) {
  if (text.size() != 12) return false;
  for (std::size_t i = 0; i < 12; i += 3) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0xE0 || lead > 0xEF) return false;  // not a three-byte character
    for (const char* mark : {"…", "、", "。", "．"})
      if (text.substr(i, 3) == mark) return false;
  }
  const auto first = static_cast<unsigned char>(text[0]);
  return first >= 0xE4 && first <= 0xE9;
}

Answers answers(std::string_view text, xn::Notation hint, const xq::Position& red, const xq::Position& black) {
  // The reader's test, reads_as_move and plain_move first: asked before
  // parse_move_text, they are the first to find the text in the memo, or
  // not (the reader's test with an empty memo tests the glyphs before any
  // reading; later, its hit answers from the entry).
  Answers a;
  a.four_glyph_move = xn::detail::reads_as_four_glyph_move(text);
  a.reads = xn::reads_as_move(text, hint);
  a.plain_red = xn::plain_move(red, text, hint);
  a.plain_black = xn::plain_move(black, text, hint);
  a.reading = reading(text, hint);
  return a;
}

const char* const kRedFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const char* const kBlackFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";

}  // namespace

TEST_CASE("the parse memo answers what a fresh reading answers, for texts of 7 to 17 bytes and every hint",
          "[notation][memo]") {
  const xq::Position red = xqtest::from_fen(kRedFen), black = xqtest::from_fen(kBlackFen);
  struct Asked {
    std::string text;
    xn::Notation hint;
    Answers fresh;
  };
  std::vector<Asked> asked;
  for (const std::string& text : texts_of_key_sizes())
    for (xn::Notation hint : kHints) {
      // Each with an empty memo: the memo has nothing to answer from.
      xn::release_parse_memo();
      asked.push_back({text, hint, answers(text, hint, red, black)});
      const Answers& fresh = asked.back().fresh;
      if (hint == xn::Notation::Chinese)
        CHECK(fresh.four_glyph_move == (four_glyphs(text) && fresh.reads));
    }
  // The hint matters: some texts read with a dialect note, or not at all,
  // under one hint and plainly under another.
  CHECK(std::any_of(asked.begin(), asked.end(), [](const Asked& a) { return a.fresh.reads; }));
  CHECK(std::any_of(asked.begin(), asked.end(), [](const Asked& a) { return !a.fresh.reads; }));
  CHECK(std::any_of(asked.begin(), asked.end(), [](const Asked& a) { return !a.fresh.plain_red.is_none(); }));
  // Twelve-byte texts that read under the hint Chinese with four glyphs and
  // without (炮2平5 padded): the reader's test tells them apart from the
  // memo's entry alone once the text is kept.
  CHECK(std::any_of(asked.begin(), asked.end(), [](const Asked& a) { return a.fresh.four_glyph_move; }));
  CHECK(std::any_of(asked.begin(), asked.end(), [](const Asked& a) {
    return a.hint == xn::Notation::Chinese && a.text.size() == 12 && a.fresh.reads && !a.fresh.four_glyph_move;
  }));

  // Now in one memo, in an order that mixes sizes and hints, three times:
  // the first reads each text into the memo, the later ones find it there
  // or find that another text took its slot.
  xn::release_parse_memo();
  std::mt19937 rng(7);
  std::size_t wrong = 0;
  for (int round = 0; round < 3; ++round) {
    std::shuffle(asked.begin(), asked.end(), rng);
    for (const Asked& a : asked)
      if (!(answers(a.text, a.hint, red, black) == a.fresh)) {
        if (wrong++ < 5) FAIL_CHECK("round " << round << ", hint " << int(a.hint) << ": '" << a.text << "'");
      }
  }
  CHECK(wrong == 0);
}

// Memos on mappings of their own, unmapped when given back (glibc would
// otherwise, after the first such free, take them from the heap, where a
// look into one given back reads its old texts and answers right by luck):
// a thread that looks into the memo it gave back then faults.
struct MemosUnmappedWhenFreed {
  MemosUnmappedWhenFreed() { mallopt(M_MMAP_THRESHOLD, 64 * 1024); }
  ~MemosUnmappedWhenFreed() { mallopt(M_MMAP_THRESHOLD, 128 * 1024); }  // glibc's first threshold
};

TEST_CASE("after release_parse_memo a thread never looks into the memo it gave back", "[notation][memo]") {
  const MemosUnmappedWhenFreed unmapped;
  // 炮8平5 is 8 bytes and 炮二平五 12: both found by the lookup of
  // reads_as_move and plain_move that skips the guard of the thread_local.
  const std::vector<std::string> texts = {"炮二平五", "马８进７", "马二进三", "车９平８",  "前车进１",  "炮8平5",
                                          "C2.5",     "h2e2",     "好棋好棋", "炮二平五 ", "兵五进一", "仕四进五"};
  std::vector<bool> fresh;
  for (const std::string& t : texts) fresh.push_back(bool(xn::parse_move_text(t, xn::Notation::Chinese)));
  CHECK(fresh == std::vector<bool>{true, true, true, true, true, true, true, true, false, true, true, true});
  SECTION("in one thread") {
    const xq::Position red = xqtest::from_fen(kRedFen);
    const xq::Move cannon = xn::plain_move(red, "炮二平五", xn::Notation::Chinese);
    CHECK(!cannon.is_none());
    for (int round = 0; round < 3; ++round) {
      // Found in the memo, then asked right after it was given back.
      CHECK(xn::reads_as_move("炮8平5", xn::Notation::Chinese));
      CHECK(xn::plain_move(red, "炮二平五", xn::Notation::Chinese) == cannon);
      xn::release_parse_memo();
      CHECK(xn::plain_move(red, "炮二平五", xn::Notation::Chinese) == cannon);
      CHECK(xn::reads_as_move("炮8平5", xn::Notation::Chinese));
      xn::release_parse_memo();
    }
  }
  SECTION("in threads that give theirs back while the others read") {
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int k = 0; k < 4; ++k)
      threads.emplace_back([&, k] {
        for (int round = 0; round < 50; ++round) {
          // Found in the memo (from the second round on), then asked
          // again right after the memo was given back.
          for (std::size_t i = 0; i < texts.size(); ++i)
            if (xn::reads_as_move(texts[i], xn::Notation::Chinese) != fresh[i]) ++wrong;
          if ((round + k) % 3 == 0) xn::release_parse_memo();
        }
      });
    for (std::thread& t : threads) t.join();
    CHECK(wrong == 0);
  }
}
