// The PGN reader's pending decoding errors, a run of contiguous invalid
// sequences in one entry: its excerpt, extent and count are those of the
// sequences one by one (as each was queued before), also when the run is
// split at a text index or continued by another entry.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pgn/pending_decode_errors.h"

using namespace xq::formats;
using namespace xq::formats::detail;

namespace {

// Forty sequences of 1 to 4 bytes, contiguous from source offset 1000,
// their U+FFFDs from text index 30 on, three bytes apart.
constexpr std::uint64_t kFirstOffset = 1000, kFirstIndex = 30;

std::vector<DecodeError> sequences() {
  std::vector<DecodeError> out;
  std::uint64_t offset = kFirstOffset;
  for (int k = 0; k < 40; ++k) {
    DecodeError e;
    e.text_index = kFirstIndex + 3 * std::uint64_t(k);
    e.offset = offset;
    e.bytes.assign(std::size_t(1 + (k * 7) % 4), char(0x80 + k));
    offset += e.bytes.size();
    out.push_back(e);
  }
  return out;
}

// The source those sequences were read from.
std::string source_of(const std::vector<DecodeError>& seqs) {
  std::string s(std::size_t(kFirstOffset), 'x');
  for (const auto& e : seqs) s += e.bytes;
  return s;
}

// The run of seqs[from, to) queued one by one.
PendingDecodeErrors queued(const std::vector<DecodeError>& seqs, std::size_t from, std::size_t to) {
  PendingDecodeErrors run = pending_from(seqs[from]);
  for (std::size_t k = from + 1; k < to; ++k) {
    REQUIRE(continues(run, seqs[k]));
    append_to(run, seqs[k]);
  }
  return run;
}

// The excerpt the reader's report of seqs[from, to) had when each sequence
// was an entry of its own: their bytes appended while fewer than 32.
std::string excerpt_one_by_one(const std::vector<DecodeError>& seqs, std::size_t from, std::size_t to) {
  std::string bytes;
  for (std::size_t k = from; k < to; ++k)
    if (bytes.size() < 32) bytes += seqs[k].bytes;
  return bytes;
}

void check_run(const PendingDecodeErrors& run, const std::vector<DecodeError>& seqs, std::size_t from,
               std::size_t to) {
  CHECK(run.text_index == seqs[from].text_index);
  CHECK(run.offset == seqs[from].offset);
  CHECK(run.next == seqs[to - 1].offset + seqs[to - 1].bytes.size());
  CHECK(run.count == to - from);
  CHECK(run.last_index() == seqs[to - 1].text_index);
  CHECK(run.excerpt == excerpt_one_by_one(seqs, from, to));
}

}  // namespace

TEST_CASE("pending decoding errors: a run queued whole has the sequences' excerpt and extent",
          "[pgn][decode-errors]") {
  const auto seqs = sequences();
  for (std::size_t to = 1; to <= seqs.size(); ++to) check_run(queued(seqs, 0, to), seqs, 0, to);
  // A sequence elsewhere in the source, or whose U+FFFD is not the next, starts another run.
  PendingDecodeErrors run = queued(seqs, 0, 3);
  DecodeError gap = seqs[3];
  gap.offset += 1;
  CHECK_FALSE(continues(run, gap));
  DecodeError later = seqs[3];
  later.text_index += 1;
  CHECK_FALSE(continues(run, later));
}

TEST_CASE("pending decoding errors: a run split at any text index is the two runs queued apart",
          "[pgn][decode-errors]") {
  const auto seqs = sequences();
  const std::string source = source_of(seqs);
  const auto offset_at = [&](std::uint64_t i) {
    REQUIRE((i - kFirstIndex) % 3 == 0);
    return seqs[std::size_t((i - kFirstIndex) / 3)].offset;
  };
  const auto bytes = [&](std::uint64_t from, std::uint64_t to) {
    return std::string_view(source).substr(std::size_t(from), std::size_t(to - from));
  };
  const PendingDecodeErrors whole = queued(seqs, 0, seqs.size());
  // Every limit after the first U+FFFD up to the last one's first byte,
  // inside a U+FFFD or at its start.
  for (std::uint64_t limit = whole.text_index + 1; limit <= whole.last_index(); ++limit) {
    INFO("limit " << limit);
    const std::size_t before = std::size_t((limit - kFirstIndex + 2) / 3);  // sequences before the limit
    PendingDecodeErrors rest = whole;
    const PendingDecodeErrors part = split_before(rest, limit, offset_at, bytes);
    check_run(part, seqs, 0, before);
    check_run(rest, seqs, before, seqs.size());
    // The flush continues the first part by the rest as it did the sequences.
    std::string joined = part.excerpt;
    PendingDecodeErrors::extend_excerpt(joined, rest);
    CHECK(joined == excerpt_one_by_one(seqs, 0, seqs.size()));
  }
}

TEST_CASE("pending decoding errors: runs continued across entries have the sequences' excerpt",
          "[pgn][decode-errors]") {
  const auto seqs = sequences();
  for (std::size_t a = 1; a < seqs.size(); ++a) {
    for (std::size_t b = a + 1; b <= seqs.size(); ++b) {
      std::string joined = queued(seqs, 0, a).excerpt;
      PendingDecodeErrors::extend_excerpt(joined, queued(seqs, a, b));
      if (b < seqs.size()) PendingDecodeErrors::extend_excerpt(joined, queued(seqs, b, seqs.size()));
      CHECK(joined == excerpt_one_by_one(seqs, 0, seqs.size()));
    }
  }
}

TEST_CASE("pending decoding errors: entries joined have the excerpt and sequence ends of the run queued whole",
          "[pgn][decode-errors]") {
  const auto seqs = sequences();
  const PendingDecodeErrors whole = queued(seqs, 0, seqs.size());
  for (std::size_t a = 1; a < seqs.size(); ++a) {
    for (std::size_t b = a + 1; b <= seqs.size(); ++b) {
      INFO("joined at " << a << " and " << b);
      PendingDecodeErrors joined = queued(seqs, 0, a);
      joined.join_excerpt(queued(seqs, a, b));
      if (b < seqs.size()) joined.join_excerpt(queued(seqs, b, seqs.size()));
      CHECK(joined.excerpt == whole.excerpt);
      CHECK(joined.ends == whole.ends);
    }
  }
}
