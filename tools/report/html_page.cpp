#include "xqrec/report/html_page.h"

#include "xqrec/report/board_svg.h"
#include "xqrec/report/print_scale.h"

#include "xqrec/formats/terminal_text.h"

#include <unicode/utf8.h>

#include <cstdint>

namespace xq::report {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto size = std::int32_t(text.size());
  for (std::int32_t i = 0; i < size;) {
    const char c = text[std::size_t(i)];
    switch (c) {
      case '&': out += "&amp;"; ++i; continue;
      case '<': out += "&lt;"; ++i; continue;
      case '>': out += "&gt;"; ++i; continue;
      case '"': out += "&quot;"; ++i; continue;
      case '\'': out += "&#39;"; ++i; continue;
      default: break;
    }
    // What XML and HTML may hold as text: no control character but tab,
    // line feed and carriage return, no noncharacter, valid UTF-8 only.
    // Anything else is shown as its bytes (\x1b), as on the terminal.
    const std::int32_t at = i;
    UChar32 cp;
    U8_NEXT(bytes, i, size, cp);
    const bool shown = cp >= 0 && (cp >= 0x20 || cp == '\t' || cp == '\n' || cp == '\r') &&
                       !(cp >= 0x7F && cp <= 0x9F) && !U_IS_UNICODE_NONCHAR(cp);
    if (shown) {
      out.append(text.data() + at, std::size_t(i - at));
    } else {
      formats::append_hex_escapes(out, text.substr(std::size_t(at), std::size_t(i - at)));
    }
  }
  return out;
}

namespace {

constexpr const char* kPageStyle =
    "body{font:14px/1.45 'Noto Sans CJK SC','Noto Serif CJK SC','Noto Sans CJK TC',sans-serif;margin:1.5em;color:#111}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin:.2em 0}"
    "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.15em .5em;text-align:left;vertical-align:top}"
    ".verdict .outcome{font-weight:bold}"
    ".moves .cls{font-weight:bold}"
    // A proof line under its move: the checks and answers that make the 杀 or gain.
    ".moves .proof{font-size:.9em;color:#333}"
    ".flagged{outline:2px solid #d00}"
    // The audit's page: a game's move list, its findings beside their boards.
    ".summary .codes td:last-child{font-size:.9em}"
    ".game{border-top:2px solid #333;margin-top:1.5em;padding-top:.5em}"
    ".tags th{font-weight:normal;color:#444}"
    ".movelist .mn{color:#666}.movelist .ply{white-space:nowrap}"
    ".movelist .cycle{background:#e8f0ff}"
    ".movelist .flagged{outline:none;border-bottom:3px double #d00;font-weight:bold}"
    ".movelist a{color:inherit;text-decoration:none}"
    ".finding{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;margin:.8em 0;break-inside:avoid}"
    ".finding .about{flex:1 1 18em}.finding .code{font-weight:bold}"
    ".finding.error .code{color:#b00}"
    // A verdict: the board beside its moves, the outcome and the articles below.
    ".verdict{display:grid;grid-template-columns:auto 1fr;gap:.4em 1em;align-items:start}"
    ".verdict>h2,.verdict>.outcome,.verdict>.summary{grid-column:1/-1}"
    "figure.diagram{margin:0}figcaption{font-size:.85em;color:#444;text-align:center}"
    "@page{size:A4;margin:15mm}"
    // Printed, a game (or a verdict) a page; boards small enough that a
    // game's findings share it; arrows told apart by dash, not colour alone.
    "@media print{body{margin:0;font-size:10pt}body>section{break-after:page;page-break-after:always}"
    ".game{border:none;margin:0;padding:0}"
    ".finding svg.board{width:52mm;height:auto}.verdict svg.board{width:55mm;height:auto}"
    ".game .finding{display:inline-flex;width:48%;vertical-align:top;margin:.3em 0}"
    ".game .finding[data-code=repetition]{display:block;width:auto}"
    // The tags as one flowing list, so that a record's many tags take lines, not a column.
    ".game .tags,.game .tags tbody{display:block;border:none}.game .tags tr{display:inline-block;margin-right:1.2em}"
    ".game .tags th,.game .tags td{border:none;padding:0 .2em 0 0;display:inline}.game .tags th:after{content:':'}"
    ".verdict .moves,.game .tags,.game .others{font-size:8.5pt}.movelist{font-size:9pt}"
    "td,th{padding:0 .4em}p{margin:.3em 0}.verdict h2{font-size:1em}"
    ".game .verdict{break-inside:avoid}"
    ".board .arrow.illegal{stroke:#000}.board .arrow.candidate{stroke:#000}.board .arrow.move{stroke:#444}}";

}  // namespace

std::string html_page_head(std::string_view title) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\"/><title>";
  out += html_escape(title);
  out += "</title><style>";
  out += kPageStyle;
  out += board_css();
  out += print_scale_css();
  out += "</style></head><body>";
  out += board_shared_defs();
  return out;
}

std::string_view html_page_tail() { return "</body></html>\n"; }

std::string html_page(std::string_view title, std::string_view body) {
  std::string out = html_page_head(title);
  out += body;
  out += html_page_tail();
  return out;
}

}  // namespace xq::report
