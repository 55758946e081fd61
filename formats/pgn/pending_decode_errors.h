// Undecodable bytes waiting to be reported by the PGN reader, a run of
// contiguous ones in one entry: a long stretch of them (megabytes of
// ISO-2022 escapes after a result) is one entry, not one per sequence.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <string_view>

#include "xqrec/formats/text_decoder.h"

namespace xq::formats::detail {

// An issue's excerpt of a run: its sequences' bytes, each whole, appended
// while the excerpt holds fewer than this.
inline constexpr std::size_t kDecodeExcerpt = 32;

// Invalid sequences that follow each other in the source (each starts where
// the one before ended), whose U+FFFDs follow each other in the text.
struct PendingDecodeErrors {
  std::uint64_t text_index = 0;  // the first one's U+FFFD in the whole decoded text
  std::uint64_t offset = 0;      // the first one's source offset
  std::uint64_t next = 0;        // the source offset after the last one
  std::string excerpt;           // the first sequences' bytes (kDecodeExcerpt)
  // Bit i: a sequence of the excerpt ends after its byte i. Kept for every
  // entry, joined ones too (join_excerpt), so that the excerpt can be cut or
  // extended at a sequence's end whatever was done to the entry before.
  std::uint64_t ends = 0;
  std::uint32_t line = 0, column = 0;  // where the first one stands, once located
  // The count and the two flags share a word: an entry is queued for each
  // run, over a million of them in a long line (80 bytes each, not 88).
  // Sequences; for a collapsed entry, the runs it stands for.
  std::uint64_t count : 62 = 0;
  // The sequences' U+FFFDs are those at text_index + 3k (three bytes each),
  // which is what a split at a text index needs; false once entries that
  // left the window were joined (never split: PgnParser::collapse_before_window).
  std::uint64_t stepped : 1 = true;
  std::uint64_t collapsed : 1 = false;  // stands for `count` runs past every cap: only counted

  std::uint64_t last_index() const { return text_index + 3 * (count - 1); }

  // Appends one sequence's bytes to the excerpt (while it is short).
  void add_to_excerpt(std::string_view bytes) {
    if (excerpt.size() >= kDecodeExcerpt || bytes.empty()) return;
    excerpt.append(bytes);
    if (excerpt.size() <= 64) ends |= std::uint64_t{1} << (excerpt.size() - 1);
  }

  // Appends the sequences of `more`'s excerpt to `out` while `out` is
  // short, each whole: the excerpt a run across two entries has.
  static void extend_excerpt(std::string& out, const PendingDecodeErrors& more) {
    std::size_t s = 0;
    while (out.size() < kDecodeExcerpt && s < more.excerpt.size()) {
      const std::uint64_t after = s < 64 ? more.ends >> s : 0;
      // The last sequence of an excerpt longer than 64 bytes has no bit.
      const std::size_t e = after ? s + std::size_t(std::countr_zero(after)) + 1 : more.excerpt.size();
      out.append(more.excerpt, s, e - s);
      s = e;
    }
  }

  // Appends `more`'s sequences to the excerpt while it is short, each
  // whole, their ends too: an entry that takes in the next of its run.
  void join_excerpt(const PendingDecodeErrors& more) {
    const std::size_t from = excerpt.size();
    extend_excerpt(excerpt, more);
    for (std::size_t e = from; e < excerpt.size() && e < 64; ++e)
      if (e + 1 == excerpt.size() || (e - from < 64 && (more.ends >> (e - from)) & 1)) ends |= std::uint64_t{1} << e;
  }

  // The first `bytes` bytes of the excerpt (a sequence's start, or past the end).
  void cut_excerpt(std::uint64_t bytes) {
    if (bytes >= excerpt.size()) return;
    excerpt.resize(std::size_t(bytes));
    ends &= bytes >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bytes) - 1;
  }
};

inline PendingDecodeErrors pending_from(const DecodeError& e) {
  PendingDecodeErrors p;
  p.text_index = e.text_index;
  p.offset = e.offset;
  p.next = e.offset + e.bytes.size();
  p.count = 1;
  p.add_to_excerpt(e.bytes);
  return p;
}

// Whether `e` continues `run`: its bytes right after the run's, its U+FFFD
// right after the run's last.
inline bool continues(const PendingDecodeErrors& run, const DecodeError& e) {
  return run.stepped && !run.collapsed && e.offset == run.next && e.text_index == run.last_index() + 3;
}

inline void append_to(PendingDecodeErrors& run, const DecodeError& e) {
  run.next = e.offset + e.bytes.size();
  ++run.count;
  run.add_to_excerpt(e.bytes);
}

// Splits a run of stepped sequences at text index `limit` (text_index <
// limit <= last_index()): returns the sequences before it, `run` keeping
// the others. `offset_at(i)`: the source offset of the decoded text at
// index i (each sequence's U+FFFD has its sequence's); `source(from, to)`:
// those source bytes. The rest is neither located nor collapsed. Only for
// a run whose excerpt is the source's bytes at its offset (the rest's are
// taken from the source, which a stateful converter may not have reported).
template <class OffsetAt, class Source>
PendingDecodeErrors split_before(PendingDecodeErrors& run, std::uint64_t limit, OffsetAt offset_at, Source source) {
  const std::uint64_t split = run.text_index + (limit - run.text_index + 2) / 3 * 3;  // the first U+FFFD from limit on
  const std::uint64_t split_offset = offset_at(split);
  PendingDecodeErrors part = run;
  part.next = split_offset;
  part.count = (split - run.text_index) / 3;
  part.cut_excerpt(split_offset - run.offset);
  const std::uint64_t rest = run.count - part.count;
  run.text_index = split;
  run.offset = split_offset;
  run.count = rest;
  run.excerpt.clear();
  run.ends = 0;
  run.line = run.column = 0;
  for (std::uint64_t k = 0; k < rest && run.excerpt.size() < kDecodeExcerpt; ++k) {
    const std::uint64_t from = offset_at(split + 3 * k);
    const std::uint64_t to = k + 1 < rest ? offset_at(split + 3 * (k + 1)) : run.next;
    run.add_to_excerpt(source(from, to));
  }
  return part;
}

// Past the first `kept` runs of `errors` (a run: entries each of which
// starts where the one before ended), the entries wholly before text
// index `limit` become one collapsed entry that counts their runs. Only
// for entries that the reader's flushes all report in one game, after the
// runs kept: `kept` passes the game's cap, so that the runs after them are
// only counted, whichever flush reports them (the lines of a long tag line
// before a `[`, see PgnParser::load_line). The runs kept stay as they are.
// Returns the collapsed entry's index and how many entries after it were
// merged into it (and removed); nothing when fewer than `kept` runs precede.
template <class Queue>
std::optional<std::pair<std::size_t, std::size_t>> count_past_kept(Queue& errors, std::size_t kept,
                                                                   std::uint64_t limit) {
  std::size_t runs = 0, r = 0;
  for (; r < errors.size(); ++r) {
    const PendingDecodeErrors& e = errors[r];
    if (e.collapsed) break;
    if ((r == 0 || e.offset != errors[r - 1].next) && ++runs > kept) break;
  }
  if (r == errors.size()) return std::nullopt;
  PendingDecodeErrors& c = errors[r];
  if (!c.collapsed) {
    if (c.stepped && c.last_index() >= limit) return std::nullopt;
    c.collapsed = true;
    c.stepped = false;
    c.count = 1;
    c.ends = 0;
    std::string().swap(c.excerpt);
  }
  std::size_t m = r + 1;
  for (; m < errors.size(); ++m) {
    const PendingDecodeErrors& e = errors[m];
    if (e.stepped && e.last_index() >= limit) break;
    if (e.offset != c.next) ++c.count;
    c.next = e.next;
  }
  errors.erase(errors.begin() + std::ptrdiff_t(r + 1), errors.begin() + std::ptrdiff_t(m));
  return std::pair{r, m - r - 1};
}

}  // namespace xq::formats::detail
