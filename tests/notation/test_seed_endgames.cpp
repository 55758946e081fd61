// The endgame lines of the first seed file (象棋胜和定式, the pawn endings),
// exactly as the text glues them ("1. 帅六退一将５平６2. 兵四平五..."), split
// and replayed from positions set up to fit them.
//
// How the positions were chosen: the seed gives only the moves, so each
// position is the smallest one that the line's own moves pin down. File
// numbers give every piece's file (Red 一..九 from Red's right: 六 = d,
// 四 = f; Black １..９ from Black's right: ４ = d, ６ = f). Ranks follow from
// the section titles (低兵 = a pawn on Black's second rank, 底兵 = on the
// last rank, 高兵 = higher up), from the palace, and from the requirement
// that every move of the line is legal, including "no facing kings" and
// the checks the line answers. The stated outcome is checked too where the
// text states one (黑欠行: Black has no move).
#include <catch2/catch.hpp>


#include "notation_test_util.h"
#include "test_support.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/split.h"
#include "xqrec/notation/suggest.h"

namespace xn = xq::notation;

namespace {

struct Line {
  const char* title;
  const char* fen;
  const char* text;     // verbatim from the seed, up to the end of the moves
  const char* expected; // the moves in ICCS, as the positions make them
};

// Replays the move tokens of `text` from `fen`; returns the ICCS line, or
// stops at the first move that fails (its error is returned through `error`).
// The seed glues side remarks into the line ("...将４退１如改走将４进１，则...
// 红胜。2. 帅四平五"); the splitter returns each remark, up to the next white
// space, as one Other token, which the replay skips.
std::string replay(const Line& line, xq::Position& pos, std::string* error = nullptr, std::string* failed = nullptr) {
  std::string out;
  for (const auto& tok : xn::split_move_text(line.text, xn::Notation::Chinese)) {
    if (tok.kind == xn::TokenKind::MoveNumber || tok.kind == xn::TokenKind::Other) continue;
    REQUIRE(tok.kind == xn::TokenKind::Move);
    CHECK(tok.notation == xn::Notation::Chinese);
    auto r = xn::resolve_move(pos, tok.text, xn::Notation::Chinese);
    if (!r) {
      if (error) *error = std::string(r.error().code());
      if (failed) *failed = std::string(tok.text);
      return out;
    }
    if (!out.empty()) out += ' ';
    out += xq::to_iccs(r->move);
    xq::Undo u;
    pos.make(r->move, u);
  }
  return out;
}

std::string seed_text() {
  return xqtest::read_file(std::string(XQREC_SOURCE_DIR) + "/../shared/seeds/000_028becd9ba7f539f.txt");
}

// 底兵不胜单王: Red king e0, pawn on the last rank (e9); the Black king
// walks d8/d7 (its second and third ranks, as the text says). A draw.
const Line kBottomPawn = {
    "底兵不胜单王", "4P4/3k5/9/9/9/9/9/9/9/4K4 w - - 0 1",
    "1. 帅五进一将４进１2. 帅五退一将４退１3. 帅五平四将４进１4. 帅四进一将４退１5. 帅四平五将４进１",
    "e0e1 d8d7 e1e0 d7d8 e0f0 d8d7 f0f1 d7d8 f1e1 d8d7"};

// 高兵和单士: pawn e6 (high), Black king e9 behind its advisor e8, Red king
// e0: the pawn and the advisor keep the kings apart.
const Line kHighPawnAdvisor = {
    "高兵和单士", "4k4/4a4/9/4P4/9/9/9/9/9/4K4 w - - 0 1",
    "1. 兵五进一士５退４2. 帅五进一将５平６3. 兵五平六士４进５4. 兵六进一士５进４5. 帅五退一将６进１",
    "e6e7 e8d9 e0e1 e9f9 e7d7 d9e8 d7d8 e8d7 e1e0 f9f8"};

// 高兵巧胜单士 (main line; the parenthesis 将６平５ is a side remark): the
// pawn d6 shields the Black king d9 from the Red king d0; advisor f9.
const Line kHighPawnWins = {
    "高兵巧胜单士", "3k1a3/9/9/3P5/9/9/9/9/9/3K5 w - - 0 1",
    "1. 兵六进一士６进５（将６平５胜法同）2. 兵六进一将４平５3. 帅六平五，黑必丢士。", "d6d7 f9e8 d7d8 d9e9 d0e0"};

// 高低兵胜双士: pawns c7 (low after 进一) and f6 (high), Red king f0; Black
// king d8, advisors e8 and f9. 1. 兵七进一 checks, so 将４退１ answers it.
const Line kTwoPawnsAdvisors = {
    "高低兵胜双士", "5a3/3ka4/2P6/5P3/9/9/9/9/9/5K3 w - - 0 1",
    "1. 兵七进一将４退１如改走将４进１，则帅四平五，接着再兵四平五，红胜。2. 帅四平五士５进４3. 兵四进一士４退５4. "
    "兵四平五将４平５5. 兵五进一士６进５6. 兵七平六，红胜。",
    "c7c8 d8d9 f0e0 e8d7 f6f7 d7e8 f7e7 d9e9 e7e8 f9e8 c8d8"};

// 高低兵胜双象: pawns b8 and d6, Red king e0; Black king d8, elephants e7
// and g9. 兵八平七 checks (the text's alternative 将４退１ answers it too).
const Line kTwoPawnsElephants = {
    "高低兵胜双象", "6b2/1P1k5/4b4/3P5/9/9/9/9/9/4K4 w - - 0 1",
    "1. 兵八平七将４平５若将４退１，则兵六进一将４平５，兵七进一将５平６，兵六平五，再用左兵杀将。2. 兵六平五象５进３3. "
    "帅五平六象３退５4. 兵七平六将５平６5. 兵五平四，接着帅五平四，再用右兵杀将。",
    "b8c8 d8e8 d6e6 e7c5 e0d0 c5e7 c8d8 e8f8 e6f6"};

}  // namespace

TEST_CASE("the seed's pawn endgame lines replay from fitting positions", "[notation][seed]") {
  const std::string seed = seed_text();
  for (const Line* line : {&kBottomPawn, &kHighPawnAdvisor, &kHighPawnWins, &kTwoPawnsAdvisors, &kTwoPawnsElephants}) {
    INFO(line->title);
    if (!seed.empty()) CHECK(seed.find(line->text) != std::string::npos);  // quoted verbatim
    xq::Position pos = xqtest::from_fen(line->fen);
    CHECK(replay(*line, pos) == line->expected);
  }
}

// 低兵胜单王: "1. 帅六退一将５平６2. 兵四平五将６平５3. 兵五平六将５平６4. 帅六
// 平五将６退１5. 兵四平五将６退１6. 帅五进一黑欠行红胜". Red king d1 (帅六退一
// must be possible), pawn f8 (低兵 on 四), Black king e7. Move 3 takes the pawn
// to 六, so move 5's 兵四平五 names a pawn that is not there: the seed has a
// slip, and the reader must say so rather than guess. The suggestion is the
// mirrored file (六 for 四), after which the line ends as the text says: Black
// has no legal move (黑欠行).
TEST_CASE("the seed's 低兵胜单王 line has a slip at move 5 that is reported, with the fix suggested",
          "[notation][seed]") {
  const Line line = {"低兵胜单王", "9/5P3/4k4/9/9/9/9/9/3K5/9 w - - 0 1",
                     "1. 帅六退一将５平６2. 兵四平五将６平５3. 兵五平六将５平６4. 帅六平五将６退１5. 兵四平五将６退１6. "
                     "帅五进一",
                     ""};
  const std::string seed = seed_text();
  if (!seed.empty()) CHECK(seed.find(line.text) != std::string::npos);
  xq::Position pos = xqtest::from_fen(line.fen);
  std::string error, failed;
  CHECK(replay(line, pos, &error, &failed) == "d1d0 e7f7 f8e8 f7e7 e8d8 e7f7 d0e0 f7f8");
  CHECK(error == "no-such-piece");
  CHECK(failed == "兵四平五");

  const auto suggestions = xn::suggest_readings(pos, failed);
  REQUIRE(!suggestions.empty());
  bool mirrored = false;
  for (const auto& s : suggestions)
    if (s.code == "mirrored-file" && xq::to_iccs(s.move) == "d8e8") mirrored = true;
  CHECK(mirrored);

  for (const char* text : {"兵六平五", "将６退１", "帅五进一"}) {
    auto r = xn::resolve_move(pos, text);
    REQUIRE(r);
    xq::Undo u;
    pos.make(r->move, u);
  }
  CHECK(pos.state() == xq::GameState::Stalemate);  // 黑欠行红胜
}
