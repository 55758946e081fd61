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

TEST_CASE("a missing input is an error line, and the rest is still audited", "[audit][batch]") {
  std::vector<std::string> errors;
  const auto files = expand_inputs({"/nonexistent/xqrec", XQREC_SOURCE_DIR "/corpus/damaged"}, errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("/nonexistent/xqrec") != std::string::npos);
  CHECK_FALSE(files.empty());
}
