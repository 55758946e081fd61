#include "xqrec/report/html_page.h"

#include "xqrec/report/board_svg.h"

namespace xq::report {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
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
    ".flagged{outline:2px solid #d00}"
    "@page{size:A4;margin:15mm}"
    "@media print{body{margin:0}section{break-after:page;page-break-after:always}"
    ".board .arrow.illegal{stroke:#000}.board .arrow.candidate{stroke:#000}.board .arrow.move{stroke:#444}}";

}  // namespace

std::string html_page(std::string_view title, std::string_view body) {
  std::string out;
  out.reserve(body.size() + 4096);
  out += "<!DOCTYPE html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\"/><title>";
  out += html_escape(title);
  out += "</title><style>";
  out += kPageStyle;
  out += board_css();
  out += "</style></head><body>";
  out += body;
  out += "</body></html>\n";
  return out;
}

}  // namespace xq::report
