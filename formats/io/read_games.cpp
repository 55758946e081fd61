// Dispatch: one entry point that reads any supported file.
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/cbr.h"
#include "xqrec/formats/dhtmlxq.h"
#include "xqrec/formats/fen_lines.h"
#include "xqrec/formats/file_bytes.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/xqf.h"

namespace xq::formats {

bool walk_reads(std::string_view bytes, std::string_view path) {
  return !is_temporary_output_name(path) && (bytes.empty() || holds_game_record(detect_format(bytes, path), bytes, path));
}

bool reads_as_pgn(std::string_view bytes, std::string_view path, const ReadOptions& options) {
  if (bytes.empty()) return false;
  const Format format = detect_format(bytes, path);
  if (format != Format::Pgn) return false;
  return !options.records_only || (!is_temporary_output_name(path) && holds_game_record(format, bytes, path));
}

FileReport read_games(std::string_view bytes, std::string_view path, GameVisitor& visitor,
                      const ReadOptions& options) {
  FileReport report;
  if (options.records_only && is_temporary_output_name(path)) {
    report.issues.push_back({Code::TemporaryOutput, Severity::Info, {}, "",
                             "not read: met in a directory walk, it is an xqrec output being written, or left behind "
                             "by a run that was killed (" + std::string(kTemporaryPrefix) + "*)"});
    return report;
  }
  const Format format = detect_format(bytes, path);
  // An empty file is no record either, but says so as one named would (unsupported-format).
  if (options.records_only && !bytes.empty() && !holds_game_record(format, bytes, path)) {
    report.issues.push_back({Code::NotARecord, Severity::Info, {}, "",
                             "not read: met in a directory walk, it holds no game record (no record signature or "
                             "extension, no xqrec JSON game, no PGN tag pair or numbered move)"});
    return report;
  }
  switch (format) {
    case Format::Pgn: report = read_pgn(bytes, visitor, options); break;
    case Format::Xqf: report = read_xqf(bytes, visitor, options); break;
    case Format::DhtmlXq: report = read_dhtmlxq(bytes, visitor, options); break;
    case Format::Cbf: report = read_cbf(bytes, visitor, options); break;
    case Format::Cbr: report = read_cbr(bytes, visitor, options); break;
    case Format::Cbl: report = read_cbl(bytes, visitor, options); break;
    case Format::Json: report = read_json(bytes, visitor, options); break;
    case Format::FenLines: report = read_fen_lines(bytes, visitor, options); break;
    case Format::Unknown:
      report.issues.push_back({Code::UnsupportedFormat, Severity::Error, {}, std::string(path),
                               bytes.empty() ? "the file is empty"
                                             : "the file is in no format xqrec reads (PGN, XQF, DhtmlXQ, CBF, CBR, "
                                               "CBL, FEN lines, JSON)"});
      break;
  }
  report.format = format;
  return report;
}

FileReport read_games(FileBytes& file, std::string_view path, GameVisitor& visitor, ReadOptions options) {
  if (!file.not_opened().empty()) {
    FileReport report;
    report.issues.push_back({Code::NotARegularFile, Severity::Info, {}, "",
                             "not read: met in a directory walk, it is " + file.not_opened()});
    return report;
  }
  options.done_before = [&file](std::size_t offset) { file.release_before(offset); };
  return read_games(file.bytes(), path, visitor, options);
}

}  // namespace xq::formats
