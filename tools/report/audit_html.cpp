#include "xqrec/report/audit_html.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>

#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/position.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/report/board_svg.h"
#include "xqrec/report/html_page.h"
#include "xqrec/report/print_scale.h"
#include "xqrec/report/verdict_html.h"

namespace xq::report {

using formats::Code;
using formats::Issue;
using formats::Severity;

bool flagged_finding(const Issue& f) { return f.severity == Severity::Error || f.code == Code::Repetition; }

bool flagged_game(const audit::GameAudit& a) {
  return std::any_of(a.findings.begin(), a.findings.end(), flagged_finding);
}

namespace {

std::string esc(std::string_view s) { return html_escape(s); }
std::string num(std::size_t n) { return std::to_string(n); }

// A position to draw and to write moves from: any set-up the audit replays
// (it accepts every problem, each reported as bad-position).
std::optional<Position> position_of(std::string_view fen) {
  auto setup = parse_fen(fen);
  if (!setup) return std::nullopt;
  auto pos = Position::from_setup(setup.value(), Relaxations::all());
  if (!pos) return std::nullopt;
  return std::move(pos.value());
}

// A move in Chinese notation with its ICCS, or the ICCS alone where the
// move does not fit the position.
std::string move_label(const std::optional<Position>& pos, std::string_view iccs) {
  const auto m = parse_iccs(iccs);
  if (pos && m) {
    const std::string zh = notation::write_chinese(*pos, m.value());
    if (!zh.empty()) return esc(zh) + " (" + esc(iccs) + ")";
  }
  return esc(iccs);
}

// Where a finding stands; the file-level pseudo-game (game 0) holds what
// belongs to no game.
std::string where_text(const audit::GameAudit& a, const Issue& f) {
  std::string out;
  if (f.ply > 0) {
    out += "ply " + std::to_string(f.ply);
    if (f.move_number > 0)
      out += " (move " + std::to_string(f.move_number) + (f.side ? std::string(", ") + std::string(color_name(*f.side)) : "") + ")";
    out += f.variation == "main" ? ", main line" : ", variation " + f.variation;
  } else {
    out += a.game > 0 ? "the game as a whole" : "the file";
  }
  if (f.where.line) out += ", line " + std::to_string(f.where.line) + " column " + std::to_string(f.where.column);
  else if (f.located()) out += ", byte " + std::to_string(f.where.offset);
  return esc(out);
}

// The board of a flagged finding: the position before the flagged move,
// or for a finding about the game as a whole the start (a bad start
// position) or else the final position.
std::string finding_board(const audit::GameAudit& a, const Issue& f, std::string& caption) {
  std::string fen = f.fen;
  caption = "before the flagged move";
  if (fen.empty() && f.ply == 0) {
    if (f.code == Code::BadPosition && !a.start_fen.empty()) fen = a.start_fen, caption = "the start position";
    else if (!a.final_fen.empty() && a.game > 0) fen = a.final_fen, caption = "the last position replayed";
  } else if (f.ply == 0) {
    caption = f.code == Code::BadPosition ? "the start position" : "the position";
  }
  if (fen.empty()) return {};
  const auto setup = parse_fen(fen);
  if (!setup) return {};
  BoardMarks marks;
  marks.standalone = false;
  if (const auto m = parse_iccs(f.previous_move)) marks.last_move = m.value();
  if (const auto m = parse_iccs(f.read_as)) marks.arrows.push_back({m.value(), ArrowKind::Illegal});
  for (const auto& c : f.candidates)
    if (const auto m = parse_iccs(c)) marks.arrows.push_back({m.value(), ArrowKind::Candidate});
  return board_svg(setup.value(), marks);
}

// The position before ply `ply` (1-based) of the main line.
std::optional<Position> main_line_before(const audit::GameAudit& a, int ply) {
  auto pos = position_of(a.start_fen);
  if (!pos || ply < 1 || std::size_t(ply - 1) > a.main_line.size()) return std::nullopt;
  for (int i = 0; i < ply - 1; ++i) {
    Undo u;
    pos->make(a.main_line[std::size_t(i)], u);
  }
  return pos;
}

std::string finding_text(const audit::GameAudit& a, const Issue& f) {
  std::string out = "<p class=\"head\"><span class=\"code\">" + esc(f.name()) + "</span> " +
                    std::string(formats::severity_name(f.severity)) + " · " + where_text(a, f) + "</p>";
  out += "<p class=\"message\">" + esc(f.message) + "</p>";
  if (!f.text.empty() && !f.verdict) out += "<p>written: <code>" + esc(f.text) + "</code></p>";
  const auto pos = position_of(f.fen.empty() ? a.start_fen : f.fen);
  if (!f.read_as.empty()) out += "<p>read as: " + move_label(pos, f.read_as) + "</p>";
  if (!f.candidates.empty()) {
    out += "<p>candidates: ";
    for (std::size_t i = 0; i < f.candidates.size(); ++i) out += (i ? ", " : "") + move_label(pos, f.candidates[i]);
    out += "</p>";
  }
  if (!f.suggestions.empty()) {
    out += "<ul class=\"suggestions\">";
    for (const auto& s : f.suggestions)
      out += "<li>" + move_label(pos, s.move) + ": " + esc(s.description) + " (" + esc(s.kind) + ")</li>";
    out += "</ul>";
  }
  return out;
}

// The main line in Chinese notation, ICCS in each title, flagged plies
// marked and linked to their finding; a move that could not be replayed
// follows as written.
std::string move_list(const audit::GameAudit& a, const std::vector<std::pair<int, std::size_t>>& flags,
                      std::size_t id, int cycle_first, int cycle_last) {
  auto pos = position_of(a.start_fen);
  std::string out = "<p class=\"movelist\">";
  const auto flag_of = [&](int ply) -> std::optional<std::size_t> {
    for (const auto& [p, k] : flags)
      if (p == ply) return k;
    return std::nullopt;
  };
  const auto number = [&](int ply, Color side, int move_number) {
    if (side == Color::Red) out += "<span class=\"mn\">" + std::to_string(move_number) + ".</span> ";
    else if (ply == 1) out += "<span class=\"mn\">" + std::to_string(move_number) + "…</span> ";
  };
  int ply = 0;
  for (Move m : a.main_line) {
    ++ply;
    if (!pos) break;
    number(ply, pos->side_to_move(), pos->fullmove_number());
    const auto flag = flag_of(ply);
    std::string cls = "ply";
    if (ply >= cycle_first && ply <= cycle_last) cls += " cycle";
    if (flag) cls += " flagged";
    out += "<span class=\"" + cls + "\" data-ply=\"" + std::to_string(ply) + "\" title=\"" + to_iccs(m) + "\">";
    if (flag) out += "<a href=\"#g" + num(id) + "-f" + num(*flag) + "\">";
    out += esc(notation::write_chinese(*pos, m));
    if (flag) out += "</a>";
    out += "</span> ";
    Undo u;
    pos->make(m, u);
  }
  // The main line's failing move, as written.
  for (const Issue& f : a.findings)
    if (f.variation == "main" && f.ply == ply + 1 && flagged_finding(f) && pos && !(f.text.empty() && f.read_as.empty())) {
      number(f.ply, pos->side_to_move(), pos->fullmove_number());
      // A binary record's move has no text: the move it was read as.
      const std::string shown = f.text.empty() ? move_label(pos, f.read_as) : esc(f.text);
      out += "<span class=\"ply flagged failed\" data-ply=\"" + std::to_string(f.ply) + "\"><a href=\"#g" + num(id) +
             "-f" + num(*flag_of(f.ply)) + "\">" + shown + "</a></span> ";
      break;
    }
  if (!a.result.empty()) out += "<span class=\"result\">" + esc(a.result) + "</span>";
  out += "</p>";
  return out;
}

}  // namespace

std::string game_section(const audit::GameAudit& a, std::size_t id) {
  PrintMeasure measure;
  const std::string heading = a.file + (a.game ? " · game " + num(a.game) : std::string(" · the file as a whole"));
  measure.heading_em = text_em(heading);
  std::string out = "<h2>" + esc(heading) + "</h2>";
  if (!a.tags.empty()) {
    out += "<table class=\"tags\">";
    for (const auto& t : a.tags) {
      out += "<tr><th>" + esc(t.name) + "</th><td>" + esc(t.value) + "</td></tr>";
      measure.tags_em += text_em(t.name) + text_em(t.value) + 1.8;
    }
    out += "</table>";
  }
  if (a.game > 0) {
    std::string facts = std::to_string(a.plies) + " plies replayed · result " + (a.result.empty() ? "none" : a.result) +
                        " · final position " + a.final_state;
    if (a.ecco) facts.append(" · ECCO ").append(a.ecco->code).append(" ").append(a.ecco->name);
    measure.facts_em = text_em(facts);
    out += "<p class=\"facts\">" + esc(facts) + "</p>";
  }
  // The flagged findings, numbered in order; the main line's plies they mark.
  std::vector<std::pair<int, std::size_t>> flags;
  int cycle_first = 0, cycle_last = -1;
  for (std::size_t k = 0; k < a.findings.size(); ++k) {
    const Issue& f = a.findings[k];
    if (!flagged_finding(f) || f.variation != "main" || f.ply <= 0) continue;
    flags.emplace_back(f.ply, k);
    if (f.verdict && cycle_last < 0) cycle_first = f.verdict->first_ply, cycle_last = f.verdict->last_ply;
  }
  if (a.game > 0 && !a.start_fen.empty()) {
    out += move_list(a, flags, id, cycle_first, cycle_last);
    measure.plies = int(a.main_line.size()) + 1;
  }
  bool boards = false;
  for (std::size_t k = 0; k < a.findings.size(); ++k) {
    const Issue& f = a.findings[k];
    if (!flagged_finding(f)) continue;
    boards = true;
    out += "<div class=\"finding " + std::string(formats::severity_name(f.severity)) + "\" id=\"g" + num(id) + "-f" +
           num(k) + "\" data-code=\"" + esc(f.name()) + "\" data-ply=\"" + std::to_string(f.ply) + "\" data-variation=\"" +
           esc(f.variation) + "\">";
    const auto before = f.verdict ? main_line_before(a, f.verdict->first_ply) : std::nullopt;
    const std::string about = finding_text(a, f);
    if (f.verdict && before) {
      out += "<div class=\"about\">" + about + "</div>";
      out += verdict_section(*before, *f.verdict);
      ++measure.verdicts;
      measure.verdict_rows += int(f.verdict->moves.size());
      for (std::size_t i = 0; i < f.verdict->moves.size(); ++i) {
        const auto& m = f.verdict->moves[i];
        // A target reads "target: black rook on d5 (有根)": some 14 em; a
        // proof line its heading (some 16 em) and 4.5 em a Chinese move.
        std::vector<double> extra(m.targets.size(), 14.0);
        for (const auto& p : f.verdict->proofs)
          if (p.ply == f.verdict->first_ply + int(i)) extra.push_back(16.0 + 4.5 * double(p.moves.size()));
        measure.verdict_lines += verdict_row_lines(text_em(m.reason), extra);
      }
      measure.verdict_text_em += markup_em(about) + 2 * text_em(f.verdict->explanation) + text_em(f.verdict->red.label) +
                                 text_em(f.verdict->black.label);
    } else {
      std::string caption;
      const std::string board = finding_board(a, f, caption);
      if (!board.empty()) out += "<figure class=\"diagram\">" + board + "<figcaption>" + esc(caption) + "</figcaption></figure>";
      out += "<div class=\"about\">" + about + "</div>";
      if (!board.empty()) measure.boards.push_back(text_lines(about, 84));
      else measure.plain_lines += text_lines(about, 180);
    }
    out += "</div>";
  }
  // A game shown without a flagged finding (--html-all): its last position.
  if (!boards && a.game > 0 && !a.final_fen.empty())
    if (const auto setup = parse_fen(a.final_fen)) {
      BoardMarks marks;
      marks.standalone = false;
      if (!a.main_line.empty()) marks.last_move = a.main_line.back();
      out += "<figure class=\"diagram\">" + board_svg(setup.value(), marks) + "<figcaption>the last position</figcaption></figure>";
    }
  // The other findings (warnings and notes), one row each.
  bool table = false;
  for (const Issue& f : a.findings) {
    if (flagged_finding(f)) continue;
    if (!table) out += "<table class=\"others\"><tr><th>finding</th><th>where</th><th>message</th></tr>", table = true;
    out += "<tr data-code=\"" + esc(f.name()) + "\"><td>" + esc(f.name()) + " (" +
           std::string(formats::severity_name(f.severity)) + ")</td><td>" + where_text(a, f) + "</td><td>" + esc(f.message) +
           "</td></tr>";
    ++measure.other_rows;
    measure.other_lines += other_row_lines(text_em(f.name()) + 6, markup_em(where_text(a, f)), text_em(f.message));
  }
  if (table) out += "</table>";
  // The section's print scale, from how tall it would print.
  const std::string fit = print_scale_class(printed_height_mm(measure));
  return "<section class=\"game\" id=\"g" + num(id) + "\" data-file=\"" + esc(a.file) + "\" data-game=\"" + num(a.game) +
         "\"" + (fit.empty() ? std::string() : " data-print=\"" + fit + "\"") + ">" + out + "</section>\n";
}

AuditHtml::~AuditHtml() {
  if (scratch_) std::fclose(scratch_);
}

namespace {

std::FILE* scratch_beside(const std::string& output) {
  std::string dir = std::filesystem::path(output).parent_path().string();
  if (dir.empty()) dir = ".";
  const int fd = formats::open_unnamed_temporary(dir);
  if (fd < 0) return std::tmpfile();
  std::FILE* f = ::fdopen(fd, "w+b");
  if (!f) ::close(fd);
  return f;
}

}  // namespace

std::string AuditHtml::open(const std::string& output) {
  struct stat st {};
  const bool special = ::stat(output.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
  scratch_ = special ? std::tmpfile() : scratch_beside(output);
  if (!scratch_) return std::string("cannot make a temporary file for the report: ") + std::strerror(errno);
  return {};
}

void AuditHtml::add(const audit::GameAudit& a) {
  if (!scratch_ || (!all_games_ && !flagged_game(a))) return;
  const std::size_t id = ++sections_;
  const std::string section = game_section(a, id);
  if (std::fwrite(section.data(), 1, section.size(), scratch_) != section.size() && !error_) error_ = errno ? errno : EIO;
  const std::string label = a.game ? a.file + " #" + num(a.game) : a.file + " (the file)";
  std::map<std::string, bool> seen;
  for (const Issue& f : a.findings) {
    const std::string name(f.name());
    if (seen[name]) continue;
    seen[name] = true;
    CodeLinks& c = codes_[name];
    if (c.games == 0) c.severity = f.severity;
    ++c.games;
    if (c.links.size() < kMaxLinks) c.links.emplace_back(id, label);
  }
}

std::string AuditHtml::finish(const audit::BatchSummary& sum, const std::function<bool(std::string_view)>& write) {
  if (!scratch_) return "the report's temporary file is not open";
  if (!error_ && std::fflush(scratch_) != 0) error_ = errno ? errno : EIO;
  if (error_) return std::string("cannot write the report's temporary file: ") + std::strerror(error_);
  std::string head = html_page_head("xqrec audit: " + num(sum.games) + " games, " + num(sections_) + " shown");
  head += "<section class=\"summary\"><h1>xqrec audit</h1><p>" + num(sum.files) + " files, " + num(sum.games) +
          " games, " + num(sum.plies) + " plies; " + num(sum.games_with_errors) + " games with errors; " +
          num(sections_) + (all_games_ ? " games shown below (every game)" : " games shown below (those with an error or a repetition)") +
          (sum.io_errors ? "; " + num(sum.io_errors) + " files could not be read" : std::string()) + "</p>";
  head += "<table class=\"codes\"><tr><th>finding</th><th>count</th><th>games shown</th></tr>";
  for (const auto& [code, n] : sum.findings_by_code) {
    head += "<tr data-code=\"" + esc(code) + "\"><td>" + esc(code) + "</td><td>" + num(n) + "</td><td>";
    if (const auto it = codes_.find(code); it != codes_.end()) {
      for (std::size_t i = 0; i < it->second.links.size(); ++i)
        head += (i ? ", " : "") + std::string("<a href=\"#g") + num(it->second.links[i].first) + "\">" +
                esc(it->second.links[i].second) + "</a>";
      if (it->second.games > it->second.links.size())
        head += " and " + num(it->second.games - it->second.links.size()) + " more";
    }
    head += "</td></tr>";
  }
  head += "</table></section>\n";
  if (!write(head)) return "cannot write the report";
  std::rewind(scratch_);
  char buffer[1 << 16];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, scratch_)) > 0;)
    if (!write(std::string_view(buffer, n))) return "cannot write the report";
  if (std::ferror(scratch_)) return std::string("cannot read the report's temporary file: ") + std::strerror(errno);
  if (!write(html_page_tail())) return "cannot write the report";
  return {};
}

}  // namespace xq::report
