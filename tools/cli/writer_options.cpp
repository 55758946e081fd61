#include "writer_options.h"

#include <cctype>
#include <iostream>
#include <optional>

#include "xqrec/formats/terminal_text.h"

namespace xqcli {

namespace {

namespace xf = xq::formats;

std::optional<xf::Format> target_of(const std::string& name) {
  if (name == "pgn") return xf::Format::Pgn;
  if (name == "xqf") return xf::Format::Xqf;
  if (name == "dhtmlxq" || name == "ubb") return xf::Format::DhtmlXq;
  if (name == "cbf") return xf::Format::Cbf;
  if (name == "json") return xf::Format::Json;
  if (name == "fen") return xf::Format::FenLines;
  return std::nullopt;
}

// The target from the output name's extension, when --to is not given.
std::optional<xf::Format> target_of_path(const std::string& out) {
  const auto dot = out.find_last_of('.');
  if (dot == std::string::npos || out.find('/', dot) != std::string::npos) return std::nullopt;
  std::string ext = out.substr(dot + 1);
  for (auto& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return target_of(ext);
}

}  // namespace

void add_writer_options(po::options_description& opts, WriterChoice& c) {
  opts.add_options()
      ("to", po::value<std::string>(&c.to), "pgn, xqf, dhtmlxq, cbf, json or fen (default: from the output name, else pgn)")
      ("notation", po::value<std::string>(&c.notation), "PGN moves: chinese (default), wxf or iccs")
      ("encoding", po::value<std::string>(&c.encoding), "PGN and DhtmlXQ output encoding: utf-8 (default) or gbk")
      ("xqf-version", po::value<int>(&c.xqf_version), "XQF output version: 18 (default, encrypted) or 10");
}

bool apply_writer_options(const char* name, const WriterChoice& c, const std::string& out,
                          xq::convert::ConvertOptions& options) {
  const std::optional<xf::Format> target = c.to.empty() ? target_of_path(out) : target_of(c.to);
  if (!c.to.empty() && !target) {
    std::cerr << "xqrec " << name << ": unknown target format '" << xf::printable(c.to)
              << "' (pgn, xqf, dhtmlxq, cbf, json, fen)\n";
    return false;
  }
  options.to = target.value_or(xf::Format::Pgn);
  if (c.notation == "chinese") options.pgn.notation = xq::MoveNotation::Chinese;
  else if (c.notation == "wxf") options.pgn.notation = xq::MoveNotation::Wxf;
  else if (c.notation == "iccs") options.pgn.notation = xq::MoveNotation::Iccs;
  else {
    std::cerr << "xqrec " << name << ": unknown notation '" << xf::printable(c.notation) << "' (chinese, wxf, iccs)\n";
    return false;
  }
  if (c.encoding == "utf-8" || c.encoding == "utf8" || c.encoding == "UTF-8") options.pgn.encoding = xf::OutputEncoding::Utf8;
  else if (c.encoding == "gbk" || c.encoding == "GBK") options.pgn.encoding = xf::OutputEncoding::Gbk;
  else {
    std::cerr << "xqrec " << name << ": unknown encoding '" << xf::printable(c.encoding) << "' (utf-8, gbk)\n";
    return false;
  }
  // The other targets have a fixed encoding (XQF GB18030, CBF and JSON UTF-8).
  if (options.pgn.encoding != xf::OutputEncoding::Utf8 && options.to != xf::Format::Pgn &&
      options.to != xf::Format::DhtmlXq) {
    std::cerr << "xqrec " << name << ": --encoding " << xf::printable(c.encoding)
              << " applies to pgn and dhtmlxq output only\n";
    return false;
  }
  if (c.xqf_version != 10 && c.xqf_version != 18) {
    std::cerr << "xqrec " << name << ": --xqf-version must be 10 or 18\n";
    return false;
  }
  options.xqf_version = c.xqf_version;
  return true;
}

}  // namespace xqcli
