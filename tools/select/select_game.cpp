// The filters on one game: tags first (cheap), then one replay of the main
// line (positions, material, plies, damage), then the audit when a filter
// needs its findings.
#include <algorithm>

#include "xqrec/core/fen.h"
#include "xqrec/core/mirror.h"
#include "xqrec/core/position.h"
#include "xqrec/formats/line_walker.h"
#include "xqrec/formats/record_start.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/select/select.h"

namespace xq::select {

using formats::Code;
using formats::Issue;
using formats::Severity;

namespace {

bool tag_matches(const GameRecord& record, const TagFilter& f) {
  for (const Tag& t : record.tags)
    if (ascii_iequals(t.name, f.name) && f.pattern.search(t.value)) return true;
  return false;
}

bool player_matches(const GameRecord& record, const Pattern& p) {
  for (const Tag& t : record.tags)
    if ((ascii_iequals(t.name, "Red") || ascii_iequals(t.name, "Black")) && p.search(t.value)) return true;
  return false;
}

bool tags_pass(const GameRecord& record, const Filters& f) {
  for (const auto& t : f.tags)
    if (!tag_matches(record, t)) return false;
  for (const auto& p : f.players)
    if (!player_matches(record, p)) return false;
  if (f.date) {
    const std::string* d = record.tag("Date");
    const auto span = d ? parse_record_date(*d) : std::nullopt;
    if (!span || span->first < f.date->first || span->last > f.date->last) return false;
  }
  if (!f.results.empty()) {
    std::string r = formats::record_result(record);
    if (r.empty()) r = "*";
    if (std::find(f.results.begin(), f.results.end(), r) == f.results.end()) return false;
  }
  return true;
}

// A board and side to look for, with its key (the cheap test) and its mirror.
struct Target {
  std::uint64_t key = 0;
  Setup setup;
};

bool same_board(const Position& pos, const Setup& s) {
  if (pos.side_to_move() != s.side_to_move) return false;
  for (int i = 0; i < kSquares; ++i)
    if (pos.at(Square(i)) != s.board[std::size_t(i)]) return false;
  return true;
}

// The main line replayed once: where the position and the material first
// occur, how far it replays, and why it stops.
struct MainLine : formats::QuietLineEvents {
  std::vector<Target> targets;
  const Material* material = nullptr;
  std::optional<std::uint32_t> position_ply;
  bool material_reached = false;
  std::uint32_t plies = 0;
  std::optional<Issue> stop;

  void look(const Position& pos, std::uint32_t ply, bool capture) {
    if (!position_ply)
      for (const auto& t : targets)
        if (pos.key() == t.key && same_board(pos, t.setup)) position_ply = ply;
    if (material && !material_reached && (capture || ply == 0)) material_reached = material_of(pos) == *material;
  }

  void played(const formats::PlayedPly& p, const Position& after, const LineHistory&) {
    plies = std::uint32_t(p.ply);
    look(after, plies, p.capture);
  }
  void failed(const Position& before, int ply, NodeId, const std::string&, const formats::NodeResolution& r) {
    stop = Issue{};
    stop->move_number = before.fullmove_number();
    stop->side = before.side_to_move();
    stop->fen = to_fen(before.setup());
    stop->code = r.code;
    stop->severity = Severity::Error;
    stop->ply = ply;
    stop->variation = "main";
    stop->message = r.message + "; the main line is read up to ply " + std::to_string(ply - 1);
  }
};

// Where a repetition the audit reports ends the main line: the line stops
// within one cycle of it (the audit's own test for a verdict deciding the
// game).
bool ends_in_repetition(const audit::GameAudit& a) {
  for (const Issue& f : a.findings)
    if (f.code == Code::Repetition && f.variation == "main" && f.verdict) {
      const int cycle = f.verdict->last_ply - f.verdict->first_ply + 1;
      if (a.plies - f.verdict->last_ply < cycle) return true;
    }
  return false;
}

bool reported(const audit::GameAudit& a, Code c) {
  return std::any_of(a.findings.begin(), a.findings.end(), [&](const Issue& f) { return f.code == c; });
}

bool ending_passes(const audit::GameAudit& a, unsigned mask) {
  if (has_ending(mask, Ending::Mate) && a.final_state == "checkmate") return true;
  if (has_ending(mask, Ending::Stalemate) && a.final_state == "stalemate") return true;
  if (has_ending(mask, Ending::Repetition) && ends_in_repetition(a)) return true;
  if (has_ending(mask, Ending::NaturalLimit) && a.final_state == "ongoing" && reported(a, Code::NaturalLimit))
    return true;
  if (has_ending(mask, Ending::Incomplete) && reported(a, Code::IncompleteRecord)) return true;
  return false;
}

}  // namespace

Choice choose(const GameRecord& record, const std::vector<Issue>& reader_issues, const SelectOptions& options) {
  const Filters& f = options.filters;
  Choice c;
  for (const Issue& i : reader_issues)
    if (i.severity == Severity::Error) {
      c.damage = i;
      break;
    }
  bool pass = tags_pass(record, f);

  MainLine line;
  const formats::StartPosition start = formats::resolve_start(record);
  if (!start.setup) {
    if (!c.damage) {
      Issue i = start.issues.empty() ? Issue{} : start.issues.front();
      i.code = start.issues.empty() ? Code::BadPosition : i.code;
      i.severity = Severity::Error;
      i.message = (start.issues.empty() ? std::string("no start position") : i.message) +
                  "; the game has no position to replay from";
      c.damage = std::move(i);
    }
  } else {
    if (f.position) {
      for (const Setup& s : f.mirror ? std::vector<Setup>{*f.position, mirrored(*f.position)}
                                     : std::vector<Setup>{*f.position})
        line.targets.push_back({Position(s).key(), s});
    }
    if (f.material) line.material = &*f.material;
    const Position pos = std::move(Position::from_setup(*start.setup, Relaxations::all()).value());
    line.look(pos, 0, false);
    formats::walk_lines(record, pos, line, false);
    if (line.stop && !c.damage) {
      // The node's text and place, as the audit reports a failed move.
      const auto main = record.main_line();
      Issue i = *line.stop;
      if (std::size_t(i.ply) <= main.size()) {
        const GameNode& node = record.node(main[std::size_t(i.ply) - 1]);
        i.text = node.text;
        i.where = node.where;
      }
      c.damage = std::move(i);
    }
  }
  c.plies = line.plies;
  c.ply = line.position_ply.value_or(line.plies);
  if (!pass) return c;
  if (f.position && !line.position_ply) return c;
  if (f.material && !line.material_reached) return c;
  if (f.plies && !f.plies->contains(line.plies)) return c;
  if (f.needs_audit()) {
    const audit::GameAudit a = audit::audit_game(record, reader_issues, options.audit);
    if (f.no_errors && a.has_errors()) return c;
    for (const auto& group : f.findings)
      if (std::none_of(group.begin(), group.end(), [&](Code code) { return reported(a, code); })) return c;
    if (f.endings && !ending_passes(a, f.endings)) return c;
  }
  c.selected = true;
  return c;
}

}  // namespace xq::select
