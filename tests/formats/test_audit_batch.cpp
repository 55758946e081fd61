// The batch audit: the same output in the same order whatever the number of
// jobs, every game of every file, and unreadable inputs reported.
#include <catch2/catch.hpp>

#include <algorithm>

#include "xqrec/formats/audit_batch.h"

using namespace xq::formats;

namespace {

std::vector<std::string> audit_lines(const std::vector<std::string>& files, unsigned jobs, BatchSummary& sum) {
  std::vector<std::string> lines;
  BatchOptions opt;
  opt.jobs = jobs;
  BatchSink sink;
  sink.game = [&](const GameAudit& a) { lines.push_back(audit_to_json(a)); };
  sink.file = [&](const std::string& path, const FileReport& report, const std::string& io) {
    lines.push_back("file " + path + " " + std::to_string(report.issues.size()) + " " + io);
  };
  sum = audit_files(files, opt, sink);
  return lines;
}

}  // namespace

TEST_CASE("batch audit output does not depend on the number of jobs", "[audit][batch]") {
  std::vector<std::string> errors;
  const auto files = expand_inputs({XQREC_SOURCE_DIR "/corpus"}, errors);
  CHECK(errors.empty());
  REQUIRE(files.size() >= 10);
  CHECK(std::is_sorted(files.begin(), files.end()));
  BatchSummary one, many;
  const auto a = audit_lines(files, 1, one);
  const auto b = audit_lines(files, 4, many);
  CHECK(a == b);
  CHECK(one.games == many.games);
  CHECK(one.files == files.size());
  CHECK(one.games >= 18);
  CHECK(one.games_with_errors > 0);  // the damaged records
}

TEST_CASE("records reused across many batches leave nothing behind", "[audit][batch]") {
  // The corpus twelve times over: several hundred items, so that records
  // the workers are done with are filled again by the reader, each time
  // with a game of another shape (variations, comments, set-ups, damage).
  std::vector<std::string> errors;
  const auto corpus = expand_inputs({XQREC_SOURCE_DIR "/corpus"}, errors);
  REQUIRE(errors.empty());
  std::vector<std::string> files;
  for (int i = 0; i < 12; ++i) files.insert(files.end(), corpus.begin(), corpus.end());
  BatchSummary one, two, many;
  const auto a = audit_lines(files, 1, one);
  CHECK(a == audit_lines(files, 2, two));
  CHECK(a == audit_lines(files, 4, many));
  CHECK(one.games >= 12 * 18);
  CHECK(many.games == one.games);
}

TEST_CASE("a missing input is an error line, and the rest is still audited", "[audit][batch]") {
  std::vector<std::string> errors;
  const auto files = expand_inputs({"/nonexistent/xqrec", XQREC_SOURCE_DIR "/corpus/damaged"}, errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("/nonexistent/xqrec") != std::string::npos);
  CHECK_FALSE(files.empty());
}
