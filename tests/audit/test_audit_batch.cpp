// The batch audit: the same output in the same order whatever the number of
// jobs, every game of every file, and unreadable inputs reported.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>

#include "test_support.h"
#include "xqrec/audit/batch.h"

using namespace xq::formats;
using namespace xq::audit;

namespace {

std::vector<std::string> audit_lines(const std::vector<InputFile>& files, unsigned jobs, BatchSummary& sum,
                                     std::size_t max_games = 0) {
  std::vector<std::string> lines;
  BatchOptions opt;
  opt.jobs = jobs;
  opt.max_games = max_games;
  BatchSink sink;
  sink.game = [&](const GameAudit& a) { lines.push_back(audit_to_json(a)); };
  sink.file = [&](const std::string& path, const FileReport& report, const std::string& io) {
    lines.push_back("file " + path + " " + std::to_string(report.issues.size()) + " " + io);
  };
  sum = audit_files(files, opt, sink);
  return lines;
}

// The JSON and text lines as the auditing threads write them (BatchSink::lines,
// no audits delivered), each file's end marked in both as audit_lines marks it.
std::pair<std::string, std::string> written_lines(const std::vector<InputFile>& files, unsigned jobs,
                                                  BatchSummary& sum, std::size_t max_games = 0) {
  std::string jsonl, text;
  BatchOptions opt;
  opt.jobs = jobs;
  opt.max_games = max_games;
  opt.lines.jsonl = opt.lines.text = true;
  BatchSink sink;
  sink.lines = [&](std::string_view j, std::string_view t) {
    jsonl += j;
    text += t;
  };
  sink.file = [&](const std::string& path, const FileReport& report, const std::string& io) {
    const std::string end = "file " + path + " " + std::to_string(report.issues.size()) + " " + io;
    jsonl += end;
    text += end;
  };
  sum = audit_files(files, opt, sink);
  return {jsonl, text};
}

}  // namespace

TEST_CASE("batch audit output does not depend on the number of jobs", "[audit][batch]") {
  std::vector<std::string> errors;
  const auto files = expand_inputs({XQREC_SOURCE_DIR "/corpus"}, errors);
  CHECK(errors.empty());
  REQUIRE(files.size() >= 10);
  CHECK(std::is_sorted(files.begin(), files.end(), [](const InputFile& a, const InputFile& b) { return a.path < b.path; }));
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
  std::vector<InputFile> files;
  for (int i = 0; i < 12; ++i) files.insert(files.end(), corpus.begin(), corpus.end());
  BatchSummary one, two, many;
  const auto a = audit_lines(files, 1, one);
  CHECK(a == audit_lines(files, 2, two));
  CHECK(a == audit_lines(files, 4, many));
  CHECK(one.games >= 12 * 18);
  CHECK(many.games == one.games);
}

TEST_CASE("small files, a parted PGN and a file read by one thread keep their order with any jobs", "[audit][batch]") {
  // With several jobs, files below 512 KB are read by the auditing threads
  // a run at a time, a large PGN is parted among them, and a large file
  // that is not parted (--max-games) is read by the opening thread: runs of
  // each, between the others, and a file gone before it is opened.
  const auto dir = xqtest::scratch_dir("batch-kinds");
  std::string big;
  const std::string game = xqtest::read_file(XQREC_SOURCE_DIR "/corpus/games/li-zanan-vs-chen-weixiong.pgn");
  REQUIRE(!game.empty());
  while (big.size() < (std::size_t(1) << 20)) big += game + "\n";
  xqtest::write_file(dir / "big.pgn", big);
  std::vector<std::string> errors;
  const auto corpus = expand_inputs({XQREC_SOURCE_DIR "/corpus"}, errors);
  REQUIRE(errors.empty());
  std::vector<InputFile> files = corpus;
  files.emplace_back((dir / "big.pgn").string());
  files.insert(files.end(), corpus.begin(), corpus.end());
  files.emplace_back((dir / "gone.pgn").string());
  files.emplace_back((dir / "big.pgn").string());
  files.insert(files.end(), corpus.begin(), corpus.begin() + 3);
  for (const std::size_t max_games : {std::size_t(0), std::size_t(3)}) {
    BatchSummary one, two, many;
    const auto a = audit_lines(files, 1, one, max_games);
    CHECK(a == audit_lines(files, 2, two, max_games));
    CHECK(a == audit_lines(files, 4, many, max_games));
    CHECK(one.io_errors == 1);  // gone.pgn
    CHECK(many.io_errors == 1);
    CHECK(one.games == many.games);
    CHECK(one.files == files.size());
    CHECK(many.files == files.size());

    // Written by the workers, the lines are those of the audits delivered,
    // the games of a part numbered in the file, whatever the jobs.
    std::string expected;
    for (const std::string& line : a) expected += line;
    BatchSummary w1, w2, w4;
    const auto [jsonl, text] = written_lines(files, 1, w1, max_games);
    CHECK(jsonl == expected);
    CHECK(text.find(" game ") != std::string::npos);
    CHECK(written_lines(files, 2, w2, max_games) == std::pair{jsonl, text});
    CHECK(written_lines(files, 4, w4, max_games) == std::pair{jsonl, text});
    for (const BatchSummary* w : {&w1, &w2, &w4}) {
      CHECK(w->games == one.games);
      CHECK(w->plies == one.plies);
      CHECK(w->games_with_errors == one.games_with_errors);
      CHECK(w->findings_by_code == one.findings_by_code);
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("a missing input is an error line, and the rest is still audited", "[audit][batch]") {
  std::vector<std::string> errors;
  const auto files = expand_inputs({"/nonexistent/xqrec", XQREC_SOURCE_DIR "/corpus/damaged"}, errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("/nonexistent/xqrec") != std::string::npos);
  CHECK_FALSE(files.empty());
}

TEST_CASE("a directory walk reads the records in it and names the files it does not read", "[audit][batch]") {
  const auto dir = xqtest::scratch_dir("walk");
  xqtest::write_file(dir / "game.pgn", "[Event \"x\"]\n1. h2e2 h9g7 *\n");
  xqtest::write_file(dir / "README.md", "# Games\n\nRead them with xqrec.\n");
  xqtest::write_file(dir / "game.pgn.expected.jsonl", "{\"file\":\"game.pgn\",\"game\":1,\"findings\":[]}\n");
  std::vector<std::string> errors;
  const auto walked = expand_inputs({dir.string()}, errors);
  REQUIRE(walked.size() == 3);
  CHECK(std::all_of(walked.begin(), walked.end(), [](const InputFile& f) { return f.in_walk; }));
  BatchSummary sum;
  const auto lines = audit_lines(walked, 1, sum);
  CHECK(sum.files == 3);
  CHECK(sum.games == 1);
  CHECK(sum.findings_by_code["not-a-record"] == 2);
  CHECK(sum.games_with_errors == 0);

  // Named, a file is read whatever it holds: here as PGN, which it is not.
  const auto named = expand_inputs({(dir / "README.md").string()}, errors);
  REQUIRE(named.size() == 1);
  CHECK_FALSE(named[0].in_walk);
  BatchSummary named_sum;
  audit_lines(named, 1, named_sum);
  CHECK(named_sum.findings_by_code.count("not-a-record") == 0);
  CHECK(named_sum.games_with_errors == 1);
  CHECK(errors.empty());
  std::filesystem::remove_all(dir);
}
