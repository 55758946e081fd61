// CBL reader: a CCBridge library of CBR records, with an index table; the
// older zlib-compressed libraries are read by cbl_compressed.cpp.
#include <string>
#include <vector>

#include "record/offset_issue.h"
#include "text/binary_text.h"
#include "ccbridge/cbl_compressed.h"
#include "ccbridge/cbr_record.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbr.h"

namespace xq::formats {

namespace {

using detail::make_issue;

constexpr std::string_view kLibraryMagic{"CCBridgeLibrary\0", 16};
constexpr std::size_t kIndexStart = 66624, kIndexEntry = 276, kSlot = 4096;
constexpr std::uint32_t kLiveEntry = 7, kDeletedEntry = 5;

std::uint32_t u32(std::string_view b, std::size_t o) {
  if (o + 4 > b.size()) return 0;
  const auto* p = reinterpret_cast<const unsigned char*>(b.data() + o);
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

}  // namespace

FileReport read_cbl(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  FileReport report;
  report.format = Format::Cbl;
  report.encoding = "UTF-16LE";
  if (detail::is_compressed_cbl(bytes)) {
    report.encoding = "GBK";
    detail::read_compressed_cbl(bytes, visitor, report);
    return report;
  }
  if (bytes.substr(0, 16) != kLibraryMagic) {
    report.issues.push_back(make_issue(Code::BadHeader, Severity::Error, 0, "not a CCBridge library (no magic)"));
    return report;
  }
  std::vector<std::pair<std::string_view, std::string>> extra;
  if (bytes.size() >= 64) {
    std::string name = detail::decode_utf16le(bytes.substr(64, 512)).utf8;
    if (!name.empty()) extra.emplace_back("Library", std::move(name));
  }

  // Record offsets from the index: each entry covers `slots` 4096-byte slots.
  struct Entry {
    std::uint64_t offset;
    std::size_t length;
    std::uint32_t kind;
    std::size_t entry;
  };
  std::vector<Entry> entries;
  // File-level issues and every game's, capped (issue_cap.h); the count of
  // the file-level ones not kept ends the list.
  detail::IssueBudget budget;
  detail::IssueCap file_issues(report.issues, detail::kMaxGameIssues, &budget);
  const std::uint32_t capacity = u32(bytes, 60);
  bool index_ok = capacity > 0 && capacity <= (1u << 20) && kIndexStart + std::uint64_t(capacity) * kIndexEntry <= bytes.size();
  if (index_ok) {
    std::uint64_t slot = kIndexStart + std::uint64_t(capacity) * kIndexEntry;
    for (std::size_t k = 0; k < capacity && index_ok; ++k) {
      const std::size_t e = kIndexStart + k * kIndexEntry;
      const std::uint32_t kind = u32(bytes, e), slots = u32(bytes, e + 8), size = u32(bytes, e + 12);
      if (kind == 0 && slots == 0) continue;
      if (slots == 0 || slots > (1u << 16) || size > std::uint64_t(slots) * kSlot) {
        index_ok = false;
        break;
      }
      const std::size_t length = std::min<std::uint64_t>(std::uint64_t(slots) * kSlot,
                                                         slot < bytes.size() ? bytes.size() - slot : 0);
      if (slot >= bytes.size() || bytes.substr(std::size_t(slot), 16) != detail::kCbrMagic) index_ok = false;
      else entries.push_back({slot, length, kind, k});
      slot += std::uint64_t(slots) * kSlot;
    }
  }
  if (!index_ok) {
    // Damaged or unknown index: every record magic after the index start.
    file_issues.keep(make_issue(Code::BadIndex, Severity::Warning, 60,
                                       "the library index is damaged or unusual; records found by their magic"));
    entries.clear();
    std::size_t at = bytes.find(detail::kCbrMagic, std::min(bytes.size(), kIndexStart));
    while (at != std::string_view::npos) {
      const std::size_t next = bytes.find(detail::kCbrMagic, at + 16);
      entries.push_back({at, (next == std::string_view::npos ? bytes.size() : next) - at, kLiveEntry, 0});
      at = next;
    }
  }

  auto extra_deleted = extra;
  extra_deleted.emplace_back(kDeletedTag, "yes");
  std::size_t index = 0;
  for (const Entry& e : entries) {
    // An entry marked deleted still holds its record, in every library seen
    // a complete game: it is read, with the mark on the game (an info issue
    // and the tag Deleted = yes) for consumers that drop such games.
    const bool deleted = e.kind == kDeletedEntry;
    if (!deleted && e.kind != kLiveEntry)
      file_issues.keep(make_issue(Code::BadIndex, Severity::Warning, kIndexStart + e.entry * kIndexEntry,
                                         "index entry " + std::to_string(e.entry) + " has the unknown kind " +
                                             std::to_string(e.kind) + "; read anyway"));
    Issue deleted_issue;
    if (deleted)
      deleted_issue = make_issue(Code::DeletedRecord, Severity::Info, kIndexStart + e.entry * kIndexEntry,
                                 "index entry " + std::to_string(e.entry) +
                                     " is marked deleted; its record is read, with the tag Deleted \"yes\"");
    // Records are read in the index's order, mostly that of the file.
    if (options.done_before) options.done_before(std::size_t(e.offset));
    const detail::CbrRecordResult r =
        detail::read_cbr_record(bytes.substr(std::size_t(e.offset), e.length), e.offset, index + 1, visitor,
                                deleted ? extra_deleted : extra, file_issues, &budget,
                                deleted ? &deleted_issue : nullptr);
    if (r.read) ++index;
    if (r.control == Control::Stop) break;
  }
  if (Issue more; file_issues.too_many(more, SourceLocation{bytes.size(), 0, 0}, "file-level issues"))
    report.issues.push_back(std::move(more));
  report.games = index;
  return report;
}

}  // namespace xq::formats
