// The audit on real games with injected defects: each defect must be
// reported at the right ply with the right code, and clean games must
// produce no error-level finding.
#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <random>

#include "shared_corpus.h"
#include "test_games.h"
#include "xqrec/audit/audit.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/reader.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/json_text.h"

namespace fs = std::filesystem;
using namespace xq;
using namespace xq::formats;
using namespace xq::audit;

namespace {

// Real games from the shared corpus (DhtmlXQ: coordinates, so a defect
// cannot be read as another legal move by accident), main line only.
// The rook checks on the d-file; e9 faces the red king: mate in one.
GameRecord rook_mate(std::string result) {
  GameRecord rec;
  rec.start_fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w";
  GameNode mate;
  mate.text = "a1d1";
  mate.notation = MoveNotation::Iccs;
  rec.add_child(rec.root(), mate);
  rec.result = std::move(result);
  return rec;
}

std::vector<GameRecord> corpus_games(std::size_t want) {
  std::vector<GameRecord> out;
  const fs::path dir = xq::test::shared_corpus_dir() / "dhtmlxq" / "maksimKorzh+ccbridge-arena" / "games";
  if (!fs::exists(dir)) return out;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    if (out.size() >= want) break;
    for (auto& r : xqtest::read_records(xqtest::read_file(f), f.string())) out.push_back(std::move(r));
  }
  return out;
}

std::vector<const Issue*> errors_of(const GameAudit& a) {
  std::vector<const Issue*> out;
  for (const auto& f : a.findings)
    if (f.severity == Severity::Error) out.push_back(&f);
  return out;
}

const Issue* find(const GameAudit& a, Code code) {
  for (const auto& f : a.findings)
    if (f.code == code) return &f;
  return nullptr;
}

// The main line's nodes as a flat list of (text, move) with no variations.
GameRecord main_line_only(const GameRecord& rec) {
  GameRecord out;
  out.tags = rec.tags;
  out.start_fen = rec.start_fen;
  out.start_setup = rec.start_setup;
  out.result = rec.result;
  NodeId at = out.root();
  for (NodeId id : rec.main_line()) {
    GameNode n = rec.node(id);
    n.children.clear();
    at = out.add_child(at, std::move(n));
  }
  return out;
}

std::vector<GameNode> nodes_of(const GameRecord& rec) {
  std::vector<GameNode> out;
  for (NodeId id : rec.main_line()) out.push_back(rec.node(id));
  return out;
}

GameRecord rebuild(const GameRecord& like, const std::vector<GameNode>& nodes) {
  GameRecord out;
  out.tags = like.tags;
  out.start_fen = like.start_fen;
  out.start_setup = like.start_setup;
  out.result = like.result;
  NodeId at = out.root();
  for (GameNode n : nodes) {
    n.children.clear();
    at = out.add_child(at, std::move(n));
  }
  return out;
}

std::vector<GameRecord> clean_games(std::size_t want) {
  std::vector<GameRecord> clean;
  for (const auto& g : corpus_games(want * 2)) {
    const GameRecord main = main_line_only(g);
    if (main.main_line().size() < 30) continue;
    if (errors_of(audit_game(main, {})).empty()) clean.push_back(main);
    if (clean.size() >= want) break;
  }
  return clean;
}

}  // namespace

TEST_CASE("clean corpus games produce no error", "[audit]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto games = corpus_games(60);
  REQUIRE(!games.empty());
  std::size_t clean = 0;
  for (const auto& g : games) {
    const auto a = audit_game(g, {});
    if (errors_of(a).empty()) ++clean;
    CHECK(a.plies > 0);
  }
  // The first 60 games of this archive are known to replay (MANIFEST.md lists
  // its only two defective files further down the alphabet).
  CHECK(clean == games.size());
}

TEST_CASE("an audit into a used one equals a fresh audit", "[audit]") {
  std::vector<GameRecord> games;
  if (xq::test::need_shared_corpus("its corpus games are left out")) games = corpus_games(5);
  // Games that leave findings, tags and a final position behind.
  GameRecord mate = rook_mate("0-1");
  mate.set_tag("Event", "a long event name, longer than a short string");
  games.push_back(mate);
  games.push_back(GameRecord{});
  games.push_back(mate);
  GameAudit reused;
  reused.file = "some/earlier/file/with/a/long/name.pgn";
  reused.game = 7;
  for (const auto& g : games) {
    const std::vector<Issue> issues{{Code::NotARecord, Severity::Info, {}, "", "a reader note"}};
    audit_game(g, issues, {}, reused);
    CHECK(audit_to_json(reused) == audit_to_json(audit_game(g, issues)));
  }
}

TEST_CASE("a deleted ply is reported where it was, with the missing move", "[audit]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto games = clean_games(25);
  REQUIRE(!games.empty());
  std::mt19937 rng(5);
  for (const auto& g : games) {
    auto nodes = nodes_of(g);
    const std::size_t k = 2 + rng() % (nodes.size() - 6);  // 0-based index of the deleted ply
    const std::string deleted = to_iccs(nodes[k].move);
    nodes.erase(nodes.begin() + long(k));
    const auto a = audit_game(rebuild(g, nodes), {});
    INFO("deleted ply " << k + 1 << " (" << deleted << ")");
    const Issue* illegal = find(a, Code::IllegalMove);
    REQUIRE(illegal);
    CHECK(illegal->ply == int(k + 1));
    const Issue* missing = find(a, Code::MissingMove);
    REQUIRE(missing);
    CHECK(missing->ply == int(k + 1));
    CHECK(std::find(missing->candidates.begin(), missing->candidates.end(), deleted) != missing->candidates.end());
  }
}

TEST_CASE("two swapped plies are reported at the first of them", "[audit]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto games = clean_games(25);
  REQUIRE(!games.empty());
  std::mt19937 rng(6);
  std::size_t swapped_found = 0;
  for (const auto& g : games) {
    auto nodes = nodes_of(g);
    const std::size_t k = 2 + rng() % (nodes.size() - 6);
    std::swap(nodes[k], nodes[k + 1]);
    const auto a = audit_game(rebuild(g, nodes), {});
    INFO("swapped plies " << k + 1 << " and " << k + 2);
    const auto errs = errors_of(a);
    REQUIRE_FALSE(errs.empty());
    CHECK(errs.front()->ply == int(k + 1));
    CHECK(errs.front()->code == Code::IllegalMove);
    if (const Issue* s = find(a, Code::SwappedMoves)) {
      CHECK(s->ply == int(k + 1));
      ++swapped_found;
    }
  }
  // A swap cannot always be told from a missing ply, but mostly it can.
  CHECK(swapped_found * 10 >= games.size() * 7);
}

TEST_CASE("a corrupted move text is unparsable at its ply", "[audit]") {
  if (!xq::test::need_shared_corpus()) return;
  const auto games = clean_games(15);
  REQUIRE(!games.empty());
  std::mt19937 rng(7);
  for (const auto& g : games) {
    auto nodes = nodes_of(g);
    const std::size_t k = rng() % nodes.size();
    nodes[k].notation = MoveNotation::Iccs;
    nodes[k].move = Move::none();
    std::string text = to_iccs(g.node(g.main_line()[k]).move);
    text[1] = 'x';  // a rank must be a digit
    nodes[k].text = text;
    const auto a = audit_game(rebuild(g, nodes), {});
    const auto errs = errors_of(a);
    REQUIRE_FALSE(errs.empty());
    CHECK(errs.front()->code == Code::UnparsableMove);
    CHECK(errs.front()->ply == int(k + 1));
    CHECK(a.final_state == "unknown");
  }
}

TEST_CASE("a changed result contradicts a mate", "[audit]") {
  GameRecord rec = rook_mate("1-0");
  const auto ok = audit_game(rec, {});
  CHECK(ok.final_state == "checkmate");
  CHECK(errors_of(ok).empty());
  CHECK_FALSE(find(ok, Code::IncompleteRecord));
  for (const char* wrong : {"0-1", "1/2-1/2"}) {
    rec.result = wrong;
    const auto bad = audit_game(rec, {});
    const Issue* f = find(bad, Code::ResultMismatch);
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
  }
  rec.result = "";
  CHECK(find(audit_game(rec, {}), Code::NoResult));
}

TEST_CASE("a decisive result without mate is an incomplete record unless it says why", "[audit]") {
  GameRecord rec;
  GameNode n;
  n.text = "h2e2";
  n.notation = MoveNotation::Iccs;
  rec.add_child(rec.root(), n);
  rec.result = "1-0";
  const auto a = audit_game(rec, {});
  const Issue* f = find(a, Code::IncompleteRecord);
  REQUIRE(f);
  CHECK(f->severity == Severity::Warning);
  rec.nodes[1].edit_notes().comment_after = "黑方认输";
  CHECK_FALSE(find(audit_game(rec, {}), Code::IncompleteRecord));
  // The end named in a comment before a move, a tag value or a tag name.
  rec.nodes[1].edit_notes().comment_after.clear();
  rec.nodes[1].edit_notes().comment_before = "黑超時判負";
  CHECK_FALSE(find(audit_game(rec, {}), Code::IncompleteRecord));
  rec.nodes[1].edit_notes().comment_before.clear();
  rec.set_tag("Termination", "time forfeit");
  CHECK_FALSE(find(audit_game(rec, {}), Code::IncompleteRecord));
  rec.tags.clear();
  rec.set_tag("Resigned", "");
  CHECK_FALSE(find(audit_game(rec, {}), Code::IncompleteRecord));
  rec.tags.clear();
  rec.set_tag("Annotator", "someone");
  CHECK(find(audit_game(rec, {}), Code::IncompleteRecord));
}

TEST_CASE("how a game ended is found in a comment of any node, past the nodes' first chunks", "[audit]") {
  // 9,000 one-move lines from the start (the nodes span three chunks of
  // NodeStore): the comment that names the end is read wherever it stands.
  GameRecord rec;
  for (int i = 0; i < 9000; ++i) {
    GameNode n;
    n.text = "h2e2";
    n.notation = MoveNotation::Iccs;
    rec.add_child(rec.root(), n);
  }
  rec.result = "1-0";
  REQUIRE(rec.nodes.size() > 2 * NodeStore::kChunkSize);
  REQUIRE(find(audit_game(rec, {}), Code::IncompleteRecord));
  for (const NodeId at : {NodeId(1), NodeId(NodeStore::kChunkSize - 1), NodeId(NodeStore::kChunkSize),
                          NodeId(2 * NodeStore::kChunkSize), NodeId(rec.nodes.size() - 1)}) {
    CAPTURE(at);
    rec.nodes[at].edit_notes().comment_after = "黑方认输";
    CHECK_FALSE(find(audit_game(rec, {}), Code::IncompleteRecord));
    rec.nodes[at].clear_notes();
    CHECK(find(audit_game(rec, {}), Code::IncompleteRecord));
  }
}

TEST_CASE("the natural limit is reported where a side may first claim it", "[audit]") {
  // Kings and rooks shuffle without captures: 120 plies reach the limit.
  GameRecord rec;
  rec.start_fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w";
  const char* red[] = {"a1a2", "a2a3", "a3a1"};
  const char* black[] = {"d9d8", "d8d9"};
  NodeId at = rec.root();
  for (int i = 0; i < 130; ++i) {
    GameNode n;
    n.text = i % 2 ? black[(i / 2) % 2] : red[(i / 2) % 3];
    n.notation = MoveNotation::Iccs;
    at = rec.add_child(at, n);
  }
  AuditOptions opt;
  opt.repetition_threshold = 1000;  // only the limit here
  const auto a = audit_game(rec, {}, opt);
  const Issue* f = find(a, Code::NaturalLimit);
  REQUIRE(f);
  CHECK(f->ply == 120);
  opt.natural_limit.moves = 50;
  CHECK(find(audit_game(rec, {}, opt), Code::NaturalLimit)->ply == 100);
}

TEST_CASE("the natural limit leaves out each side's checks beyond the cap", "[audit]") {
  // An eight-ply cycle without captures: Red checks once in it, Black twice.
  // At ply 120 Red has 15 checks (5 beyond the cap of 10) and Black 30: no
  // side may claim yet. Red's checks at plies 121 and 129 are counted as
  // they come, and Red may claim at ply 126 (126 - 6 = 120).
  GameRecord rec;
  rec.start_fen = "5k3/9/9/9/9/9/9/9/R7r/3K5 w - - 0 1";
  const char* cycle[] = {"a1a9", "f9f8", "a9a1", "i1i0", "d0d1", "i0i1", "d1d0", "f8f9"};
  NodeId at = rec.root();
  for (int i = 0; i < 160; ++i) {
    GameNode n;
    n.text = cycle[i % 8];
    n.notation = MoveNotation::Iccs;
    at = rec.add_child(at, n);
  }
  AuditOptions opt;
  opt.repetition_threshold = 1000;  // only the limit here
  const auto a = audit_game(rec, {}, opt);
  CHECK(a.plies == 160);
  const Issue* f = find(a, Code::NaturalLimit);
  REQUIRE(f);
  CHECK(f->ply == 126);
  CHECK(f->side == xq::Color::Red);
  CHECK(f->message.find("its checks beyond 10 not counted") != std::string::npos);
}

namespace {
// A record of ICCS moves from a FEN, with the result as recorded.
GameRecord iccs_game(const char* fen, const std::vector<const char*>& moves, const char* result) {
  GameRecord rec;
  rec.start_fen = fen;
  NodeId at = rec.root();
  for (const char* m : moves) {
    GameNode n;
    n.text = m;
    n.notation = MoveNotation::Iccs;
    at = rec.add_child(at, n);
  }
  rec.result = result;
  return rec;
}
}  // namespace

TEST_CASE("a repetition is reported with its cycle", "[audit]") {
  const auto a = audit_game(iccs_game("3k5/9/9/9/9/9/9/9/R8/4K4 w",
                                      {"a1a2", "d9d8", "a2a1", "d8d9", "a1a2", "d9d8", "a2a1", "d8d9", "a1a2"}, ""),
                            {});
  const Issue* f = find(a, Code::Repetition);
  REQUIRE(f);
  CHECK(f->severity == Severity::Warning);
  CHECK(f->ply == 8);  // the start position occurs for the third time after ply 8
  REQUIRE(f->verdict);
  CHECK(xq::rules::verdict_json(*f->verdict).find("\"outcome\"") != std::string::npos);
}


// When the rounds up to the third occurrence differ, the audit judges them
// together, as `xqrec adjudicate` does: Red checks only in the second round,
// so the line is no perpetual check (a draw), though its last cycle alone is.
TEST_CASE("the audit judges rounds that differ together, as adjudicate does", "[audit]") {
  const auto a = audit_game(iccs_game("4k4/9/5R3/9/9/9/9/9/9/3K5 w",
                                      {"f7f6", "e9e8", "f6f7", "e8e9", "f7e7", "e9f9", "e7f7", "f9e9"}, ""),
                            {});
  const Issue* f = find(a, Code::Repetition);
  REQUIRE(f);
  REQUIRE(f->verdict);
  CHECK(f->verdict->outcome == xq::rules::Outcome::Draw);
  CHECK(f->verdict->first_ply == 1);
  CHECK(f->verdict->last_ply == 8);
}

// Red checks perpetually (长将, 25.1 / 26.x: the checking side must change);
// the verdict holds the recorded result only while the game stays in the
// cycle. A side that changes after the third occurrence (23.5.2) leaves the
// result to the rest of the game.
TEST_CASE("the repetition verdict decides the result only if the game ends in its cycle", "[audit]") {
  const char* fen = "4k4/9/R8/9/9/9/9/9/9/3K5 w";
  const std::vector<const char*> cycle = {"a7a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9"};
  SECTION("ends in the cycle: 1-0 contradicts the verdict") {
    const auto a = audit_game(iccs_game(fen, cycle, "1-0"), {});
    const Issue* rep = find(a, Code::Repetition);
    REQUIRE(rep);
    REQUIRE(rep->verdict);
    CHECK(rep->verdict->outcome == xq::rules::Outcome::RedLoses);
    const Issue* mismatch = find(a, Code::ResultMismatch);
    REQUIRE(mismatch);
    CHECK(mismatch->message.find("0-1") != std::string::npos);
  }
  SECTION("red changes after the third occurrence: no mismatch, only an unexplained decisive result") {
    std::vector<const char*> moves = cycle;
    moves.push_back("a8a7");  // no check: Red has changed
    const auto a = audit_game(iccs_game(fen, moves, "1-0"), {});
    CHECK(find(a, Code::Repetition));
    CHECK_FALSE(find(a, Code::ResultMismatch));
    CHECK(find(a, Code::IncompleteRecord));
  }
}

TEST_CASE("the ICCS dash form is a dialect note only where the record does not declare ICCS", "[audit]") {
  auto audit_text = [](const std::string& text) {
    const auto games = xqtest::read_built(text, "game.pgn");
    REQUIRE(games.size() == 1);
    return audit_game(games[0].record, games[0].issues);
  };
  auto dialect_messages = [](const GameAudit& a) {
    std::vector<std::string> m;
    for (const auto& f : a.findings)
      if (f.code == Code::NotationDialect) m.push_back(f.message.substr(0, f.message.find(':')));
    return m;
  };
  const std::string moves = "\n1. H2-E2 H9-G7 2. H0-G2 I9-H9 *\n";
  // The PGN form of ICCS under [Format "ICCS"] (any case): nothing to note.
  CHECK(dialect_messages(audit_text("[Format \"ICCS\"]\n" + moves)).empty());
  CHECK(dialect_messages(audit_text("[format \"iccs\"]\n" + moves)).empty());
  // No [Format]: ICCS is not declared and the dash form is noted once.
  const GameAudit undeclared = audit_text(moves);
  CHECK(dialect_messages(undeclared) == std::vector<std::string>{"iccs-dash"});
  const Issue* f = find(undeclared, Code::NotationDialect);
  REQUIRE(f);
  CHECK(f->ply == 1);
  CHECK(f->text == "H2-E2");
  // Declared WXF: the moves are not in the declared notation at all.
  const auto wxf = dialect_messages(audit_text("[Format \"WXF\"]\n" + moves));
  CHECK(std::find(wxf.begin(), wxf.end(), "iccs-dash") != wxf.end());
}

// An undecided verdict (rules::Verdict::undecided: a search budget ran out)
// cannot say who should have won: the recorded result is held to nothing.
// tests/data/rules/checks.txt [24.2-budget-undecided]: Black's 长杀 is
// proven, Red's 车i9i8 may be 杀 within 10 positions per mate question.
TEST_CASE("an undecided repetition verdict holds the result to nothing", "[audit]") {
  const char* fen = "8R/9/4k4/N8/9/3c5/r8/5K3/9/9 w";
  const std::vector<const char*> moves = {"i9i8", "d4d7", "i8i9", "d7d4", "i9i8", "d4d7", "i8i9", "d7d4"};
  AuditOptions opt;
  opt.threats.mate_depth = 9;
  opt.threats.check_depth = 4;
  SECTION("with the default budget Black loses, and 0-1 contradicts it") {
    const auto a = audit_game(iccs_game(fen, moves, "0-1"), {}, opt);
    const Issue* rep = find(a, Code::Repetition);
    REQUIRE(rep);
    REQUIRE(rep->verdict);
    CHECK(rep->verdict->outcome == xq::rules::Outcome::BlackLoses);
    CHECK(find(a, Code::ResultMismatch));
  }
  SECTION("within 10 positions the verdict is undecided: no mismatch, no incomplete record") {
    opt.threats.mate_nodes = 10;
    for (const char* result : {"0-1", "1-0", ""}) {
      INFO(result);
      const auto a = audit_game(iccs_game(fen, moves, result), {}, opt);
      const Issue* rep = find(a, Code::Repetition);
      REQUIRE(rep);
      REQUIRE(rep->verdict);
      CHECK(rep->verdict->undecided);
      CHECK_FALSE(find(a, Code::ResultMismatch));
      CHECK_FALSE(find(a, Code::IncompleteRecord));
    }
  }
}

// AuditOptions::threats reaches the proof lines too: checks.txt
// [24.2-8-checks-长杀], where 车i9i8's mate takes 8 checks (闲 at the default
// 3), is 长杀 at mate_depth 9, and its line is rebuilt at that depth.
TEST_CASE("the audit judges and proves with AuditOptions::threats", "[audit]") {
  const std::vector<const char*> moves = {"i9i8", "e7d7", "i8i9", "d7e7", "i9i8", "e7d7", "i8i9", "d7e7"};
  AuditOptions opt;
  opt.proof_lines = true;
  opt.threats.mate_depth = 9;
  const auto a = audit_game(iccs_game("8R/9/4k4/N8/9/9/9/5K3/9/9 w", moves, ""), {}, opt);
  const Issue* rep = find(a, Code::Repetition);
  REQUIRE(rep);
  REQUIRE(rep->verdict);
  CHECK(rep->verdict->outcome == xq::rules::Outcome::RedLoses);
  const auto& proofs = rep->verdict->proofs;
  const auto deep = std::find_if(proofs.begin(), proofs.end(), [&](const xq::rules::ProofLine& p) {
    return p.ply == rep->verdict->first_ply;
  });
  REQUIRE(deep != proofs.end());
  CHECK(deep->moves.size() == 15);  // 8 checks, 7 replies
}

// The JSON line is written into a per-thread buffer of 16 KiB that grows for
// a member larger than the room left: a tag of control bytes (each escaped
// as six) needs more than twice the buffer at once, and its line is the one
// of a short tag with that value's JSON string in its place.
TEST_CASE("an audit JSON line with a member larger than the buffer's room", "[audit][json]") {
  GameAudit a;
  a.file = "big.pgn";
  a.game = 1;
  a.tags.push_back({"Event", "x"});
  a.tags.push_back({"Site", "here"});
  const std::string small = audit_to_json(a);
  const std::string big_value(30000, '\x01');
  a.tags[0].value = big_value;
  std::string want = small;
  const std::size_t at = want.find("\"x\"");
  REQUIRE(at != std::string::npos);
  want.replace(at, 3, json_string(big_value));
  REQUIRE(want.size() > 6 * 30000);
  CHECK(audit_to_json(a) == want);
  // The grown buffer (kept: under 1 MiB) writes the next, short line whole.
  a.tags[0].value = "x";
  CHECK(audit_to_json(a) == small);
}
