// CBL reader: a CCBridge library of CBR records, with an index table; the
// older zlib-compressed libraries are inflated and reported as unsupported.
#include <string>
#include <vector>

#include <zlib.h>

#include "binary_text.h"
#include "cbr_record.h"
#include "xqrec/fen.h"
#include "xqrec/formats/cbr.h"

namespace xq::formats {

namespace {

constexpr std::string_view kLibraryMagic{"CCBridgeLibrary\0", 16};
constexpr std::size_t kIndexStart = 66624, kIndexEntry = 276, kSlot = 4096;
constexpr std::uint32_t kLiveEntry = 7, kDeletedEntry = 5;

ReadIssue make_issue(std::string code, Severity severity, std::uint64_t offset, std::string message) {
  ReadIssue i;
  i.code = std::move(code);
  i.severity = severity;
  i.where.offset = offset;
  i.message = std::move(message);
  return i;
}

std::uint32_t u32(std::string_view b, std::size_t o) {
  if (o + 4 > b.size()) return 0;
  const auto* p = reinterpret_cast<const unsigned char*>(b.data() + o);
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

// The older compressed library: "CCBridge", u32 21, u32 variant, u32
// inflated size, then a zlib stream.
void compressed_library(std::string_view bytes, FileReport& report) {
  const std::uint32_t variant = u32(bytes, 12), declared = u32(bytes, 16);
  std::string message = "older zlib-compressed CCBridge library (format 21, variant " + std::to_string(variant) + ")";
  z_stream z{};
  if (bytes.size() <= 20 || inflateInit(&z) != Z_OK) {
    report.issues.push_back(make_issue("unsupported", Severity::Error, 0, message + ", too short to inflate"));
    return;
  }
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + 20));
  z.avail_in = uInt(bytes.size() - 20);
  std::vector<unsigned char> buf(1 << 16);
  std::uint64_t total = 0;
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = buf.data();
    z.avail_out = uInt(buf.size());
    rc = inflate(&z, Z_NO_FLUSH);
    total += buf.size() - z.avail_out;
    if (rc == Z_OK && z.avail_out == buf.size() && z.avail_in == 0) break;  // needs input that is not there
    if (total > (std::uint64_t(1) << 30)) break;                           // a zip bomb is not a library
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END) {
    report.issues.push_back(make_issue("bad-compression", Severity::Error, 20,
                                       message + ": the zlib stream is damaged or cut after " + std::to_string(total) +
                                           " bytes"));
  } else if (total != declared) {
    report.issues.push_back(make_issue("bad-compression", Severity::Warning, 16,
                                       message + ": inflates to " + std::to_string(total) + " bytes, header says " +
                                           std::to_string(declared)));
  }
  report.issues.push_back(make_issue("unsupported", Severity::Error, 0,
                                     message + ", " + std::to_string(total) +
                                         " bytes inflated: its GBK record layout is not documented; no game read"));
}

}  // namespace

FileReport read_cbl(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  (void)options;
  FileReport report;
  report.format = Format::Cbl;
  report.encoding = "UTF-16LE";
  if (bytes.size() >= 20 && bytes.substr(0, 8) == "CCBridge" && bytes.substr(0, 16) != kLibraryMagic &&
      u32(bytes, 8) == 21) {
    report.encoding = "GBK";
    compressed_library(bytes, report);
    return report;
  }
  if (bytes.substr(0, 16) != kLibraryMagic) {
    report.issues.push_back(make_issue("bad-header", Severity::Error, 0, "not a CCBridge library (no magic)"));
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
    report.issues.push_back(make_issue("bad-index", Severity::Warning, 60,
                                       "the library index is damaged or unusual; records found by their magic"));
    entries.clear();
    std::size_t at = bytes.find(detail::kCbrMagic, std::min(bytes.size(), kIndexStart));
    while (at != std::string_view::npos) {
      const std::size_t next = bytes.find(detail::kCbrMagic, at + 16);
      entries.push_back({at, (next == std::string_view::npos ? bytes.size() : next) - at, kLiveEntry, 0});
      at = next;
    }
  }

  std::size_t index = 0;
  for (const Entry& e : entries) {
    if (e.kind == kDeletedEntry) {
      report.issues.push_back(make_issue("deleted-record", Severity::Info, e.offset,
                                         "index entry " + std::to_string(e.entry) + " is marked deleted; its record is skipped"));
      continue;
    }
    if (e.kind != kLiveEntry)
      report.issues.push_back(make_issue("bad-index", Severity::Warning, kIndexStart + e.entry * kIndexEntry,
                                         "index entry " + std::to_string(e.entry) + " has the unknown kind " +
                                             std::to_string(e.kind) + "; read anyway"));
    const detail::CbrRecordResult r = detail::read_cbr_record(bytes.substr(std::size_t(e.offset), e.length), e.offset,
                                                              index + 1, visitor, extra, report.issues);
    if (r.read) ++index;
    if (r.control == Control::Stop) break;
  }
  report.games = index;
  return report;
}

}  // namespace xq::formats
