// The filters on one game: tags first (cheap), then one replay of the main
// line (positions, material, plies, damage), then the audit when a filter
// needs its findings.
#include <algorithm>
#include <functional>

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
    if (r.empty()) r.assign(1, '*');  // not `= "*"`: GCC 12 warns falsely there (-Wrestrict, its bug 105329)
    if (std::find(f.results.begin(), f.results.end(), r) == f.results.end()) return false;
  }
  return true;
}

bool same_board(const Position& pos, const Setup& s) {
  if (pos.side_to_move() != s.side_to_move) return false;
  for (int i = 0; i < kSquares; ++i)
    if (pos.at(Square(i)) != s.board[std::size_t(i)]) return false;
  return true;
}

// walk_lines' events for the main line: each position to the caller, and
// why the line stops.
struct MainLine : formats::QuietLineEvents {
  const std::function<void(const Position&, std::uint32_t, bool)>* on_position = nullptr;
  std::uint32_t plies = 0;
  std::optional<Issue> stop;
  std::vector<Move> opening;  // the first plies, for the ECCO code
  bool keep_opening = false;

  void played(const formats::PlayedPly& p, const Position& after, const LineHistory&) {
    plies = std::uint32_t(p.ply);
    if (keep_opening && opening.size() < 40) opening.push_back(p.move);
    (*on_position)(after, plies, p.capture);
  }
  void failed(const Position& before, int ply, NodeId, const std::string&, const formats::NodeResolution& r) {
    stop = Issue{};
    stop->code = r.code;
    stop->severity = Severity::Error;
    stop->ply = ply;
    stop->move_number = before.fullmove_number();
    stop->side = before.side_to_move();
    stop->fen = to_fen(before.setup());
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

}  // namespace

unsigned endings_of(const audit::GameAudit& a) {
  unsigned mask = 0;
  auto set = [&](Ending e) { mask |= 1u << unsigned(e); };
  if (a.final_state == "checkmate") set(Ending::Mate);
  if (a.final_state == "stalemate") set(Ending::Stalemate);
  if (ends_in_repetition(a)) set(Ending::Repetition);
  if (a.final_state == "ongoing" && reported(a, Code::NaturalLimit)) set(Ending::NaturalLimit);
  if (reported(a, Code::IncompleteRecord)) set(Ending::Incomplete);
  return mask;
}

MainLineReplay replay_main_line(const GameRecord& record, const std::vector<Issue>& reader_issues,
                                const std::function<void(const Position&, std::uint32_t, bool)>& on_position,
                                bool classify) {
  MainLineReplay out;
  for (const Issue& i : reader_issues)
    if (i.severity == Severity::Error) {
      out.damage = i;
      break;
    }
  const formats::StartPosition start = formats::resolve_start(record);
  if (!start.setup) {
    if (!out.damage) {
      Issue i = start.issues.empty() ? Issue{} : start.issues.front();
      i.code = start.issues.empty() ? Code::BadPosition : i.code;
      i.severity = Severity::Error;
      i.message = (start.issues.empty() ? std::string("no start position") : i.message) +
                  "; the game has no position to replay from";
      out.damage = std::move(i);
    }
    return out;
  }
  const Position pos = std::move(Position::from_setup(*start.setup, Relaxations::all()).value());
  on_position(pos, 0, false);
  MainLine line;
  line.on_position = &on_position;
  line.keep_opening = classify;
  formats::walk_lines(record, pos, line, false);
  out.plies = line.plies;
  if (classify) out.ecco = ecco::classify(pos, line.opening);
  if (line.stop && !out.damage) {
    // The node's text and place, as the audit reports a failed move.
    const auto main = record.main_line();
    Issue i = *line.stop;
    if (std::size_t(i.ply) <= main.size()) {
      const NodeId id = main[std::size_t(i.ply) - 1];
      i.text = record.node(id).text;
      i.where = record.where(id);
    }
    out.damage = std::move(i);
  }
  return out;
}

Choice choose(const GameRecord& record, const std::vector<Issue>& reader_issues, const SelectOptions& options) {
  const Filters& f = options.filters;
  Choice c;
  const bool pass = tags_pass(record, f);
  // A board and side to look for: its key first (the cheap test), then the board.
  std::vector<std::pair<std::uint64_t, Setup>> targets;
  if (f.position) {
    targets.emplace_back(Position(*f.position).key(), *f.position);
    if (f.mirror) targets.emplace_back(Position(mirrored(*f.position)).key(), mirrored(*f.position));
  }
  std::optional<std::uint32_t> position_ply;
  bool material_reached = false;
  const MainLineReplay line = replay_main_line(
      record, reader_issues,
      [&](const Position& pos, std::uint32_t ply, bool capture) {
        if (!position_ply)
          for (const auto& [key, setup] : targets)
            if (pos.key() == key && same_board(pos, setup)) position_ply = ply;
        if (f.material && !material_reached && (capture || ply == 0)) material_reached = material_of(pos) == *f.material;
      },
      f.ecco.has_value());
  c.damage = line.damage;
  c.plies = line.plies;
  c.ply = position_ply.value_or(line.plies);
  if (!pass) return c;
  if (f.position && !position_ply) return c;
  if (f.material && !material_reached) return c;
  if (f.plies && !f.plies->contains(line.plies)) return c;
  if (f.ecco && !(line.ecco && f.ecco->contains(line.ecco->code))) return c;
  if (f.needs_audit()) {
    const audit::GameAudit a = audit::audit_game(record, reader_issues, options.audit);
    if (f.no_errors && a.has_errors()) return c;
    for (const auto& group : f.findings)
      if (std::none_of(group.begin(), group.end(), [&](Code code) { return reported(a, code); })) return c;
    if (f.endings && !(endings_of(a) & f.endings)) return c;
  }
  c.selected = true;
  return c;
}

}  // namespace xq::select
