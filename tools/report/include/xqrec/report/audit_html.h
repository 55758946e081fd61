// The audit as one printable page for an arbiter (`xqrec audit --html`): a
// summary at the top (files, games, plies, findings by code with links to
// the games), then one section per game with an error or a repetition
// (every game with --html-all): its tags; its main line in Chinese notation,
// ICCS in each move's title, the flagged plies marked; for each flagged
// finding the board before the flagged move (the move read as an illegal
// one as a red arrow, the candidates of a missing or ambiguous move dashed,
// the last move played highlighted) beside the finding's message,
// candidates and suggestions; for a repetition the verdict as `xqrec
// adjudicate --html` gives it. Printed: A4, one game a page.
//
// Memory stays bounded whatever the number of games: each section goes to
// an unnamed temporary file as its game comes, and the page is put
// together at the end, the summary first. The temporary file is made in
// the report's own directory (O_TMPFILE: no name, gone with the process
// however it ends), so that the space it takes is where the report goes,
// not in /tmp; where that cannot be (a report to a device) std::tmpfile.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "xqrec/audit/audit.h"
#include "xqrec/audit/batch.h"

namespace xq::report {

// Whether a finding gets a board of its own: an error, or a repetition.
bool flagged_finding(const formats::Issue& f);
// Whether a game gets a section without --html-all: it has a flagged finding.
bool flagged_game(const audit::GameAudit& a);

// One game's section; `id` makes its anchors (g<id>, g<id>-f<k>). The audit
// must have been made with AuditOptions::keep_main_line for the move list
// and the repetition's board.
std::string game_section(const audit::GameAudit& a, std::size_t id);

class AuditHtml {
 public:
  explicit AuditHtml(bool all_games) : all_games_(all_games) {}
  ~AuditHtml();
  AuditHtml(const AuditHtml&) = delete;
  AuditHtml& operator=(const AuditHtml&) = delete;

  // Opens the temporary file the sections go to, beside `output` (the
  // report's path). Error or "".
  std::string open(const std::string& output);
  // A game (or a file's pseudo-game 0) as the audit delivers them, in order.
  void add(const audit::GameAudit& a);
  // Writes the whole page through `write` (false: the write failed). Error or "".
  std::string finish(const audit::BatchSummary& summary, const std::function<bool(std::string_view)>& write);

  std::size_t sections() const { return sections_; }

 private:
  struct CodeLinks {
    formats::Severity severity = formats::Severity::Info;
    std::vector<std::pair<std::size_t, std::string>> links;  // (section id, "file #game"), at most kMaxLinks
    std::size_t games = 0;                                   // games with a section that have this code
  };
  static constexpr std::size_t kMaxLinks = 200;

  bool all_games_;
  std::FILE* scratch_ = nullptr;
  int error_ = 0;  // errno of the first failed write to the temporary file
  std::size_t sections_ = 0;
  std::map<std::string, CodeLinks> codes_;
};

}  // namespace xq::report
