// FEN lines: one position per line.
#include "xqrec/formats/fen_lines.h"

#include "record/issue_cap.h"
#include "text/text_decode.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/record_start.h"

namespace xq::formats {

FileReport read_fen_lines(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  FileReport report;
  report.format = Format::FenLines;
  report.encoding = "UTF-8";
  std::size_t pos = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  std::uint32_t line_no = 0;
  // The lines that are no FEN: file-level issues, kMaxGameIssues of them kept.
  detail::IssueBudget budget;
  detail::IssueCap issues(report.issues, detail::kMaxGameIssues, &budget);
  SourceLocation first_suppressed;
  while (pos < bytes.size()) {
    const std::size_t line_start = pos;
    std::size_t end = bytes.find('\n', pos);
    if (end == std::string_view::npos) end = bytes.size();
    pos = end + 1;
    ++line_no;
    std::string_view line = bytes.substr(line_start, end - line_start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t lead = 0;
    while (lead < line.size() && (line[lead] == ' ' || line[lead] == '\t')) ++lead;
    const std::string_view fen = line.substr(lead);
    if (fen.empty() || fen[0] == '#') continue;
    auto parsed = parse_fen(fen);
    if (!parsed) {
      const FenError& e = parsed.error().front();
      const SourceLocation at{line_start + lead + e.column - 1, line_no, std::uint32_t(lead + e.column)};
      if (issues.room())
        report.issues.push_back({Code::BadFen, Severity::Error, at,
                                 bounded_excerpt(detail::escape_invalid_utf8(fen.substr(0, 120))),
                                 "line " + std::to_string(line_no) + " is not a FEN: " + e.message});
      else if (issues.suppressed() == 1)
        first_suppressed = at;
      continue;
    }
    ++report.games;
    const SourceLocation where{line_start, line_no, 1};
    if (options.done_before) options.done_before(line_start);  // the lines before are read
    const Control c = visitor.begin_game(report.games, where);
    if (c == Control::Stop) break;
    if (c == Control::SkipGame) continue;
    visitor.start_fen(fen);
    if (visitor.end_game(false) == Control::Stop) break;
  }
  if (Issue more; issues.too_many(more, first_suppressed, "lines that are no FEN")) report.issues.push_back(std::move(more));
  return report;
}

std::string write_fen_line(const GameRecord& record) {
  auto start = record_start(record);
  return (start ? to_fen(start.value()) : std::string(kStartFen)) + "\n";
}

}  // namespace xq::formats
