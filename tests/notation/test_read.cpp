// Reading move text: every dialect of Chinese and WXF, the precise errors of
// both phases, and the dialect notes the audit reports.
#include <catch2/catch.hpp>

#include <initializer_list>

#include "notation_test_util.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/description.h"
#include "xqrec/notation/resolve.h"

namespace xn = xq::notation;
using xn::Dialect;
using xqtest::from_fen;

namespace {

const std::string kStart(xq::kStartFen);

// The move a text reads as, in ICCS, or "error-code".
std::string read(const xq::Position& pos, std::string_view text, xn::Notation hint = xn::Notation::Auto) {
  auto r = xn::resolve_move(pos, text, hint);
  if (!r) return std::string(r.error().code());
  return xq::to_iccs(r->move);
}

xn::DialectNotes notes_of(const xq::Position& pos, std::string_view text, xn::Notation hint = xn::Notation::Auto) {
  auto r = xn::resolve_move(pos, text, hint);
  REQUIRE(r);
  return r->notes;
}

bool has_only(xn::DialectNotes notes, std::initializer_list<Dialect> expected) {
  xn::DialectNotes want;
  for (Dialect d : expected) want.add(d);
  return notes == want;
}

// 4 Red pawns on files 四 (f) and 六 (d), ranks 8 and 6: xqbase's own example.
const char* kFourPawns = "5k3/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w - - 0 1";
// 3 Red pawns on the e file (五).
const char* kThreePawns = "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1";
// 5 Red pawns on the c file (七).
const char* kFivePawns = "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1";
// Two Red rooks on the a file (九): a1 and a4.
const char* kTwoRooks = "3k5/9/9/9/9/R8/9/9/R8/4K4 w - - 0 1";
// Two Red horses on the e file (五): e5 and e3; a Red pawn on f7.
const char* kTwoHorses = "3k5/9/5P3/9/4N4/9/4N4/9/9/4K4 w - - 0 1";
// Red advisors stacked on the d file (六): d0 and d2.
const char* kStackedAdvisors = "4k4/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1";

}  // namespace

TEST_CASE("Chinese glyph and digit dialects read as the same move, with notes", "[notation][read]") {
  const xq::Position pos = from_fen(kStart);
  CHECK(read(pos, "炮二平五") == "h2e2");
  CHECK(notes_of(pos, "炮二平五").empty());
  CHECK(read(pos, "砲二平五") == "h2e2");
  CHECK(has_only(notes_of(pos, "砲二平五"), {Dialect::TraditionalGlyphs}));
  CHECK(has_only(notes_of(pos, "包二平五"), {Dialect::VariantGlyph}));
  CHECK(has_only(notes_of(pos, "炮2平5"), {Dialect::AsciiDigits}));
  CHECK(has_only(notes_of(pos, "炮２平５"), {Dialect::FullWidthDigitsForRed}));
  CHECK(has_only(notes_of(pos, "炮贰平伍"), {Dialect::FinancialNumerals}));
  CHECK(read(pos, "傌二進三") == "h0g2");
  CHECK(read(pos, "俥一進一") == "i0i1");
  CHECK(read(pos, "兵七上一") == "c3c4");
  CHECK(has_only(notes_of(pos, "兵七上一"), {Dialect::OldDirectionGlyph}));
  CHECK(read(pos, "卒七进一") == "c3c4");  // Black's glyph for a Red pawn
  CHECK(has_only(notes_of(pos, "卒七进一"), {Dialect::OtherSideGlyph}));
  CHECK(read(pos, "帥五進一") == "e0e1");
  CHECK(read(pos, "将五进一") == "e0e1");
  CHECK(read(pos, "相三进五") == "g0e2");
  CHECK(read(pos, "象三进五") == "g0e2");
  CHECK(read(pos, "仕四进五") == "f0e1");
  CHECK(read(pos, "士四进五") == "f0e1");
  CHECK(read(pos, "  炮二平五\u3000") == "h2e2");  // white space around is fine

  xq::Position black = from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
  CHECK(read(black, "马８进７") == "h9g7");
  CHECK(notes_of(black, "马８进７").empty());
  CHECK(read(black, "马8进7") == "h9g7");
  CHECK(has_only(notes_of(black, "马8进7"), {Dialect::AsciiDigits}));
  CHECK(read(black, "马八进七") == "h9g7");
  CHECK(has_only(notes_of(black, "马八进七"), {Dialect::ChineseDigitsForBlack}));
  CHECK(read(black, "馬８進７") == "h9g7");
  CHECK(read(black, "砲８平５") == "h7e7");
  CHECK(read(black, "卒３进１") == "c6c5");
  CHECK(read(black, "將５進１") == "e9e8");
}

TEST_CASE("same pieces on one file: 前/后, plain file, short form", "[notation][read]") {
  const xq::Position rooks = from_fen(kTwoRooks);
  CHECK(read(rooks, "前车进五") == "a4a9");
  CHECK(read(rooks, "后车平六") == "a1d1");
  CHECK(read(rooks, "後車平六") == "a1d1");
  // Plain file where 前/后 is canonical: accepted when exactly one move fits.
  CHECK(read(rooks, "車九進五") == "a4a9");  // the rear rook is blocked
  CHECK(notes_of(rooks, "車九進五").has(Dialect::PlainFileOnSharedFile));
  CHECK(read(rooks, "车九平六") == "ambiguous-move");  // both rooks can
  // Rule 7.5 short form: 后车6 = 后车平六 (进6 is blocked, 退6 leaves the board).
  CHECK(read(rooks, "后车6") == "a1d1");
  CHECK(read(rooks, "后车 6") == "a1d1");
  CHECK(has_only(notes_of(rooks, "后车6"), {Dialect::ShortForm, Dialect::AsciiDigits}));

  const xq::Position horses = from_fen(kTwoHorses);
  CHECK(read(horses, "前马退四") == "e5f3");
  CHECK(read(horses, "前马4") == "e5f3");  // 进 would take the own pawn on f7
  CHECK(read(horses, "前马四") == "e5f3");
  CHECK(read(horses, "后马进四") == "e3f5");
  CHECK(read(horses, "后马4") == "ambiguous-move");  // e3f5 and e3f1 both fit

  const xq::Position advisors = from_fen(kStackedAdvisors);
  CHECK(read(advisors, "仕六进五") == "d0e1");  // canonical: the file number
  CHECK(notes_of(advisors, "仕六进五").empty());
  CHECK(read(advisors, "仕六退五") == "d2e1");
  CHECK(read(advisors, "后仕进五") == "d0e1");  // not needed, still read
  CHECK(notes_of(advisors, "后仕进五").has(Dialect::UnneededMark));
  CHECK(read(advisors, "前仕退五") == "d2e1");
}

TEST_CASE("three, four and five pawns on a file, two files of doubled pawns", "[notation][read]") {
  const xq::Position three = from_fen(kThreePawns);
  CHECK(read(three, "前兵平四") == "e7f7");
  CHECK(read(three, "中兵平四") == "e6f6");
  CHECK(read(three, "后兵平四") == "e5f5");
  CHECK(read(three, "兵五平四") == "ambiguous-move");
  CHECK(read(three, "P+.4") == "e7f7");
  CHECK(read(three, "P..4") == "e6f6");  // xqbase
  CHECK(read(three, "P5.4") == "e6f6");  // WXF official: the middle pawn keeps its file
  CHECK(notes_of(three, "P5.4").has(Dialect::WxfOfficialMultiPawn));
  CHECK(read(three, "P-.4") == "e5f5");

  const xq::Position five = from_fen(kFivePawns);
  // xqbase 一..五 from the front; traditional 前 二 三 四 后.
  CHECK(read(five, "一兵平六") == "c9d9");
  CHECK(read(five, "二兵平六") == "c8d8");
  CHECK(read(five, "三兵平六") == "c7d7");
  CHECK(read(five, "四兵平六") == "c6d6");
  CHECK(read(five, "五兵平六") == "c5d5");
  CHECK(read(five, "前兵平六") == "c9d9");
  CHECK(read(five, "后兵平六") == "c5d5");  // 后 is the last, not the third (ElephantEye's slip)
  CHECK(notes_of(five, "后兵平六").has(Dialect::OldMultiPawn));
  // WXF xqbase Pa..Pe; WXF official ++ P+ P7 P- --.
  CHECK(read(five, "Pa.6") == "c9d9");
  CHECK(read(five, "Pe.6") == "c5d5");
  CHECK(read(five, "++.6") == "c9d9");
  CHECK(read(five, "P+.6") == "c8d8");
  CHECK(read(five, "P7.6") == "c7d7");
  CHECK(read(five, "P-.6") == "c6d6");
  CHECK(read(five, "--.6") == "c5d5");
  CHECK(xn::resolve_move(five, "--+1").error().reason == xq::MoveError::CapturesOwnPiece);
}

TEST_CASE("xqbase's four-pawn example and the traditional two-file forms", "[notation][read]") {
  const xq::Position pos = from_fen(kFourPawns);
  CHECK(read(pos, "一兵平五") == "f8e8");
  CHECK(read(pos, "二兵平五") == "f6e6");
  CHECK(read(pos, "三兵平五") == "d8e8");
  CHECK(read(pos, "四兵平五") == "d6e6");
  CHECK(read(pos, "前兵四平五") == "f8e8");
  CHECK(read(pos, "后兵四平五") == "f6e6");
  CHECK(read(pos, "前兵六平五") == "d8e8");
  CHECK(read(pos, "前六平五") == "d8e8");
  CHECK(has_only(notes_of(pos, "前六平五"), {Dialect::PieceOmitted, Dialect::OldMultiPawn}));
  CHECK(read(pos, "前兵平五") == "ambiguous-move");  // the front pawn of each file
  CHECK(read(pos, "Pa.5") == "f8e8");
  CHECK(read(pos, "Pd.5") == "d6e6");
  CHECK(read(pos, "4+.5") == "f8e8");
  CHECK(read(pos, "4-.5") == "f6e6");
  CHECK(read(pos, "6+.5") == "d8e8");
  CHECK(read(pos, "6-.5") == "d6e6");
  CHECK(read(pos, "五兵平五") == "no-such-piece");
}

TEST_CASE("WXF forms: letters, tandem markers, full width, no direction", "[notation][read]") {
  xq::Position pos = from_fen(kStart);
  for (const char* m : {"h2e2", "h7e7", "e2e6", "d9e8", "h0g2", "h9g7", "b2e2", "b9c7"}) {
    xq::Undo u;
    pos.make(*xq::parse_iccs(m), u);
  }
  // Two Red cannons on the e file: e6 (front) and e2.
  CHECK(read(pos, "C+-2") == "e6e4");
  CHECK(read(pos, "+C-2") == "e6e4");
  CHECK(has_only(notes_of(pos, "+C-2"), {Dialect::WxfPrefixMark}));
  CHECK(read(pos, "c+-2") == "e6e4");
  CHECK(read(pos, "C--1") == "e2e1");
  CHECK(read(pos, "Ｃ＋－２") == "e6e4");
  CHECK(has_only(notes_of(pos, "Ｃ＋－２"), {Dialect::FullWidthText}));
  CHECK(read(pos, "C5-2") == "e6e4");  // plain file: the rear cannon would land on its own king
  CHECK(read(pos, "N8+9") == "b0a2");
  CHECK(read(pos, "H8+7") == "b0c2");
  CHECK(read(pos, "R1.2") == "i0h0");
  CHECK(read(pos, "R1=2") == "i0h0");
  CHECK(read(pos, "R12") == "i0h0");
  CHECK(has_only(notes_of(pos, "R12"), {Dialect::WxfNoDirection}));
  CHECK(read(pos, "R9.8") == "illegal-move");  // a0 to b0: the own horse
  CHECK(read(pos, "E7+9") == "c0a2");
  CHECK(read(pos, "B7+9") == "c0a2");
  CHECK(read(pos, "M7+9") == "c0a2");
  CHECK(read(pos, "G4+5") == "f0e1");
}

// parse_move_text keeps what it read per text and hint: the same text read
// again, under another hint, or after an error must give what a first read gives.
TEST_CASE("reading a move text again gives the same description", "[notation][read]") {
  for (int round = 0; round < 2; ++round) {
    const auto chinese = xn::parse_move_text("炮二平五", xn::Notation::Chinese);
    const auto hinted = xn::parse_move_text("炮二平五", xn::Notation::Wxf);
    REQUIRE(chinese);
    REQUIRE(hinted);
    CHECK_FALSE(chinese->notes.has(Dialect::NotationNotAsHinted));
    CHECK(hinted->notes.has(Dialect::NotationNotAsHinted));
    CHECK(chinese->piece == xq::PieceType::Cannon);
    CHECK(chinese->number == 5);
    CHECK_FALSE(xn::parse_move_text("炮二平", xn::Notation::Chinese));
    const auto wxf = xn::parse_move_text("C2.5", xn::Notation::Wxf);
    REQUIRE(wxf);
    CHECK(wxf->notation == xn::Notation::Wxf);
  }
}

TEST_CASE("the hint: a text in another notation is read, and noted", "[notation][read]") {
  const xq::Position pos = from_fen(kStart);
  CHECK(read(pos, "C2.5", xn::Notation::Chinese) == "h2e2");
  CHECK(notes_of(pos, "C2.5", xn::Notation::Chinese).has(Dialect::NotationNotAsHinted));
  CHECK(read(pos, "炮二平五", xn::Notation::Wxf) == "h2e2");
  CHECK(read(pos, "h2e2", xn::Notation::Wxf) == "h2e2");
  CHECK(notes_of(pos, "H2-E2", xn::Notation::Iccs).has(Dialect::IccsDash));
  CHECK(xn::detect_notation("炮二平五") == xn::Notation::Chinese);
  CHECK(xn::detect_notation("一兵平五") == xn::Notation::Chinese);
  CHECK(xn::detect_notation("1兵平五") == xn::Notation::Chinese);
  CHECK(xn::detect_notation("C2.5") == xn::Notation::Wxf);
  CHECK(xn::detect_notation("c2e2") == xn::Notation::Iccs);
  CHECK(xn::detect_notation("H2-E2") == xn::Notation::Iccs);
  CHECK(xn::detect_notation("ｈ２ｅ２") == xn::Notation::Iccs);
  CHECK(xn::detect_notation("h2-e") == xn::Notation::Wxf);
  CHECK(xn::detect_notation("j2e2") == xn::Notation::Wxf);
  CHECK(xn::detect_notation("3+.4") == xn::Notation::Wxf);
  CHECK(xn::detect_notation("+C-2") == xn::Notation::Wxf);
  CHECK(xn::detect_notation("？") == xn::Notation::Auto);
}

TEST_CASE("syntax errors name the character, its column in characters and its byte offset", "[notation][read]") {
  const xq::Position pos = from_fen(kStart);
  auto r = xn::resolve_move(pos, "炮二x五");
  REQUIRE(!r);
  CHECK(r.error().code() == "unparsable-move");
  CHECK(r.error().found == "x");
  CHECK(r.error().column == 3);
  CHECK(r.error().byte_offset == 6);
  CHECK(r.error().message.find("'x'") != std::string::npos);

  r = xn::resolve_move(pos, "  炮二平");  // ends early: the column after the last character
  REQUIRE(!r);
  CHECK(r.error().column == 6);
  CHECK(r.error().byte_offset == 11);
  CHECK(r.error().found.empty());

  r = xn::resolve_move(pos, "炮二平五马");  // trailing text
  REQUIRE(!r);
  CHECK(r.error().found == "马");
  CHECK(r.error().column == 5);
  CHECK(r.error().byte_offset == 12);

  r = xn::resolve_move(pos, "C2x5");
  REQUIRE(!r);
  CHECK(r.error().column == 3);
  CHECK(r.error().found == "x");

  r = xn::resolve_move(pos, "Ｃ２ｘ５");  // full width: 3 bytes a character
  REQUIRE(!r);
  CHECK(r.error().column == 3);
  CHECK(r.error().byte_offset == 6);
  CHECK(r.error().found == "ｘ");

  r = xn::resolve_move(pos, "炮\xff平五");  // invalid UTF-8
  REQUIRE(!r);
  CHECK(r.error().column == 2);
  CHECK(r.error().byte_offset == 3);
  CHECK(r.error().message.find("invalid UTF-8") != std::string::npos);

  r = xn::resolve_move(pos, "");
  REQUIRE(!r);
  CHECK(r.error().code() == "unparsable-move");
  CHECK(xn::resolve_move(pos, "i2e2").error().code() == "no-such-piece");  // ICCS: empty square
}

TEST_CASE("resolution errors: no such piece, ambiguous, illegal with the core's reason, wrong side",
          "[notation][read]") {
  const xq::Position pos = from_fen(kStart);
  auto r = xn::resolve_move(pos, "马二进四");
  REQUIRE(!r);
  CHECK(r.error().kind == xn::MoveTextErrorKind::Illegal);
  CHECK(r.error().code() == "illegal-move");
  CHECK(r.error().reason == xq::MoveError::HorseLegBlocked);
  CHECK(xq::to_iccs(r.error().move) == "h0f1");

  r = xn::resolve_move(pos, "车一平二");
  REQUIRE(!r);
  CHECK(r.error().reason == xq::MoveError::CapturesOwnPiece);
  r = xn::resolve_move(pos, "兵七平六");
  REQUIRE(!r);
  CHECK(r.error().reason == xq::MoveError::PawnSidewaysBeforeRiver);
  r = xn::resolve_move(pos, "兵七退一");
  REQUIRE(!r);
  CHECK(r.error().reason == xq::MoveError::PawnMovesBackward);
  r = xn::resolve_move(pos, "马二平三");
  REQUIRE(!r);
  CHECK(r.error().reason == xq::MoveError::NotAPieceMove);

  r = xn::resolve_move(pos, "车二进一");
  REQUIRE(!r);
  CHECK(r.error().kind == xn::MoveTextErrorKind::NoSuchPiece);
  r = xn::resolve_move(pos, "前车进一");
  REQUIRE(!r);
  CHECK(r.error().code() == "no-such-piece");

  const xq::Position rooks = from_fen(kTwoRooks);
  r = xn::resolve_move(rooks, "车九进二");
  REQUIRE(!r);
  CHECK(r.error().code() == "ambiguous-move");
  REQUIRE(r.error().candidates.size() == 2);
  CHECK(xq::to_iccs(r.error().candidates[0]) == "a4a6");
  CHECK(xq::to_iccs(r.error().candidates[1]) == "a1a3");

  // Black to move, but only Red has an advisor on 五 (e1).
  const xq::Position black = from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1");
  r = xn::resolve_move(black, "仕五进四");
  REQUIRE(!r);
  CHECK(r.error().code() == "wrong-side");
  REQUIRE(r.error().candidates.size() == 1);
  CHECK(xq::to_iccs(r.error().candidates[0]) == "e1f2");
  r = xn::resolve_move(black, "e1f2");
  REQUIRE(!r);
  CHECK(r.error().code() == "wrong-side");
}
