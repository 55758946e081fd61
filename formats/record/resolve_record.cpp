#include "xqrec/formats/resolve_record.h"

#include <algorithm>

#include "xqrec/core/fen.h"
#include "xqrec/formats/line_walker.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/resolve.h"

namespace xq::formats {

namespace {

bool resolves(const Position& pos, const GameNode& node) { return resolve_node(pos, node).ok; }

Color side_of_first_move(const GameRecord& record, const Setup& board) {
  const auto& root = record.node(record.root());
  if (!root.children.empty())
    for (Color c : {Color::Red, Color::Black}) {
      Setup s = board;
      s.side_to_move = c;
      if (moves_fit_lists(s) && resolves(Position(s), record.node(root.children[0]))) return c;
    }
  return Color::Red;
}

// Each of notation's error kinds keeps its own code in the report.
Code resolver_code(notation::MoveTextErrorKind kind) {
  switch (kind) {
    case notation::MoveTextErrorKind::Unparsable: return Code::UnparsableMove;
    case notation::MoveTextErrorKind::NoSuchPiece: return Code::NoSuchPiece;
    case notation::MoveTextErrorKind::Ambiguous: return Code::AmbiguousMove;
    case notation::MoveTextErrorKind::Illegal: return Code::IllegalMove;
    case notation::MoveTextErrorKind::WrongSide: return Code::WrongSide;
  }
  return Code::IllegalMove;
}

Issue start_issue(Code code, Severity severity, std::string text, std::string message) {
  Issue i;
  i.code = code;
  i.severity = severity;
  i.text = std::move(text);
  i.message = std::move(message);
  return i;
}

std::size_t count_subtree(const GameRecord& record, NodeId id) {
  std::size_t n = 0;
  std::vector<NodeId> stack{id};
  while (!stack.empty()) {
    const NodeId at = stack.back();
    stack.pop_back();
    ++n;
    for (NodeId c : record.node(at).children) stack.push_back(c);
  }
  return n;
}

}  // namespace

NodeResolution resolve_node(const Position& pos, const GameNode& node) {
  NodeResolution r;
  if (has_given_squares(node)) {
    r.move = node.move;
    const MoveError e = pos.check_move(node.move);
    r.ok = e == MoveError::None;
    if (!r.ok) {
      r.code = Code::IllegalMove;
      r.message = std::string(move_error_message(e)) + " (" + std::string(move_error_code(e)) + ")";
    }
    return r;
  }
  if (const Move m = resolve_fast(pos, node); !m.is_none()) {
    r.ok = true;
    r.move = m;
    return r;
  }
  if (node.notation == MoveNotation::Iccs && node.text.size() == 5) {
    if (const auto m = parse_iccs(node.text); m && pos.is_legal(*m)) {
      r.ok = true;
      r.move = *m;
      r.notes.add(notation::Dialect::IccsDash);
      return r;
    }
  }
  auto res = notation::resolve_move(pos, node.text, notation_hint(node.notation));
  if (res) {
    r.ok = true;
    r.move = res->move;
    r.notes = res->notes;
    return r;
  }
  const auto& err = res.error();
  r.code = resolver_code(err.kind);
  r.message = err.message;
  r.candidates = err.candidates;
  r.move = err.move;
  return r;
}

StartPosition resolve_start(const GameRecord& record) {
  StartPosition out;
  Setup setup = Setup::start();
  if (record.start_setup) {
    setup = *record.start_setup;
  } else if (record.start_fen) {
    auto parsed = parse_fen(*record.start_fen);
    if (!parsed) {
      const auto& errors = parsed.error();
      const bool only_side =
          std::all_of(errors.begin(), errors.end(), [](const FenError& e) { return e.code == "bad-side"; });
      if (!only_side) {
        std::string why;
        for (const auto& e : errors) why += (why.empty() ? "" : "; ") + e.message;
        out.issues.push_back(start_issue(Code::BadPosition, Severity::Error, printable(*record.start_fen, 200),
                                         "the start FEN cannot be read: " + why));
        return out;
      }
      auto board = parse_fen(record.start_fen->substr(0, record.start_fen->find_first_of(" \t")));
      if (!board) return out;
      setup = *board;
      setup.side_to_move = side_of_first_move(record, setup);
      out.issues.push_back(start_issue(Code::SideResolved, Severity::Info, printable(*record.start_fen, 200),
                                       "the FEN's side-to-move field is not w, r or b; " +
                                           std::string(color_name(setup.side_to_move)) +
                                           " moves first, as the first move shows"));
    } else {
      setup = *parsed;
    }
  }
  // The standard start (no FEN, no set-up, or binary headers giving it:
  // most XQF files) needs no check.
  static const Setup kStandard = Setup::start();
  if ((record.start_setup || record.start_fen) && !(setup == kStandard)) {
    std::vector<PositionIssue> problems = check_setup(setup);
    // The problem that keeps a set-up from being played first: select,
    // duplicates and adjudicate name only the first as the reason (the
    // extra pieces it always comes with are played).
    const auto first_other = std::stable_partition(
        problems.begin(), problems.end(), [](const PositionIssue& p) { return p.problem == PositionProblem::TooManyMoves; });
    for (const auto& problem : problems)
      out.issues.push_back(start_issue(Code::BadPosition, Severity::Error, to_fen(setup), "start position: " + problem.message));
    // More moves than a position lists (extra pieces): reported above, not played.
    if (first_other != problems.begin()) return out;
  }
  out.setup = setup;
  return out;
}

namespace {

// The resolver's part of the walk: each move's squares into its node; a
// line cut at its first move that does not resolve.
struct MoveResolver {
  GameRecord& record;
  std::vector<Issue>& issues;

  void line_begin(const LineStart&) {}
  void noted(const Position&, int, NodeId, const std::string&, const notation::DialectNotes&) {}
  void played(const PlayedPly& p, const Position&, const LineHistory&) { record.node(p.id).move = p.move; }
  void failed(const Position& pos, int ply, NodeId id, const std::string& path, const NodeResolution& r) {
    GameNode& node = record.node(id);
    // Cut the line here: this move and everything after it.
    const std::size_t cut = count_subtree(record, id);
    auto& siblings = record.node(node.parent).children;
    const bool was_main = siblings.front() == id;
    if (const auto at = std::find(siblings.begin(), siblings.end(), id); at != siblings.end()) siblings.erase(at);
    Issue& i = issues.emplace_back();
    i.code = r.code;
    i.where = record.where(id);
    i.text = node.text;
    i.message = r.message + "; " + std::to_string(cut) + (cut == 1 ? " move" : " moves") +
                " from here on (with their variations) could not be converted" +
                (was_main && !siblings.empty() ? "; the first variation here now continues the line" : "");
    i.ply = ply;
    i.move_number = pos.fullmove_number();
    i.variation = path;
  }
  void line_end(const LineStart&, const Position&, int, bool) {}
};

}  // namespace

std::vector<Issue> resolve_moves(GameRecord& record, const Setup& start) {
  std::vector<Issue> issues;
  // Moves resolve on any set-up: its problems are the caller's to report
  // (resolve_start names them), so all are accepted here, but for one
  // that no relaxation accepts (too many moves), reported here, not played.
  auto position = Position::from_setup(start, Relaxations::all());
  if (!position) {  // only a set-up resolve_start refuses (too many moves): not played
    for (const auto& problem : position.error())
      issues.push_back(start_issue(Code::BadPosition, Severity::Error, to_fen(start), "start position: " + problem.message));
    return issues;
  }
  MoveResolver resolver{record, issues};
  walk_lines(record, std::move(position.value()), resolver);
  return issues;
}

}  // namespace xq::formats
