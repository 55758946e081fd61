// Where each node of a game stands in its source, in a byte or two a node
// instead of a SourceLocation's 16 (a game at the move bound has a million
// nodes). Each location is written as the difference from the one before
// it, and every 16th whole, so that any one is found by decoding at most
// 16; exact for any values (a JSON game may give its own). A move on the
// same line as the one before, fewer than 128 bytes on, is one byte when
// its column moved as far as its offset (ASCII text); two when it is fewer
// than 256 bytes on, on the same line (Chinese moves in UTF-8 or GBK) or
// in one of the first 63 columns of the next (a move pair a line); any
// other difference is a zero byte and three varints.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "xqrec/core/source_location.h"

namespace xq {

class NodeLocations {
 public:
  NodeLocations() = default;
  NodeLocations(const NodeLocations& o) { *this = o; }
  // What is moved from is empty.
  NodeLocations(NodeLocations&& o) noexcept { *this = std::move(o); }
  NodeLocations& operator=(const NodeLocations& o);
  NodeLocations& operator=(NodeLocations&& o) noexcept {
    if (this != &o) {
      bytes_ = std::move(o.bytes_);
      used_ = std::exchange(o.used_, 0);
      capacity_ = std::exchange(o.capacity_, 0);
      marks_ = std::move(o.marks_);
      o.marks_.clear();
      last_ = std::exchange(o.last_, {});
      size_ = std::exchange(o.size_, 0);
    }
    return *this;
  }

  std::size_t size() const { return size_; }
  // The location of node i; a node past the end has none ({}).
  SourceLocation operator[](std::size_t i) const;
  // Inline for the one- and two-byte forms: a reader adds one a move.
  void push_back(SourceLocation at) {
    if ((size_ & (kEvery - 1)) != 0 && capacity_ - used_ >= 2 && put_short(at)) [[likely]]
      return;
    push_back_slow(at);
  }
  // Changes node i's location: the ones after it are written again (a
  // reader sets each as it adds the node, so this is rare).
  void set(std::size_t i, SourceLocation at);
  // Shrinking keeps the first `count`; growing adds unknown locations.
  void resize(std::size_t count);
  // Empty; the storage of a long game is freed, not kept for the next.
  void clear();
  // The bytes held, for memory accounting and its test.
  std::size_t bytes() const { return capacity_ + marks_.capacity() * sizeof(std::uint64_t); }

 private:
  static constexpr unsigned kEveryBits = 4;  // a whole location every 16
  static constexpr std::size_t kEvery = std::size_t(1) << kEveryBits;
  static constexpr std::size_t kMaxBytes = 31;  // a zero and three varints of 64 bits at most
  static constexpr std::size_t kKeptBytes = std::size_t(64) << 10;  // what clear() keeps

  // Signed differences as small numbers: 0, -1, 1, -2 ... -> 0, 1, 2, 3 ...
  static std::uint64_t zigzag(std::uint64_t difference) {
    return (difference << 1) ^ (std::int64_t(difference) < 0 ? ~std::uint64_t{0} : 0);
  }
  static std::uint64_t unzigzag(std::uint64_t v) { return (v >> 1) ^ (0 - (v & 1)); }
  static std::uint8_t* put(std::uint8_t* p, std::uint64_t v) {
    while (v >= 0x80) {
      *p++ = std::uint8_t(v | 0x80);
      v >>= 7;
    }
    *p++ = std::uint8_t(v);
    return p;
  }
  std::uint64_t get(std::size_t& pos) const;
  void grow();
  // Adds `at` in one or two bytes when it can (room for two is there).
  bool put_short(SourceLocation at) {
    const std::uint64_t bytes_on = at.offset - last_.offset;
    const std::uint32_t columns_on = at.column - last_.column;
    std::uint8_t* p = bytes_.get() + used_;
    if (at.line == last_.line && bytes_on == columns_on && bytes_on - 1 < 127) {
      p[0] = std::uint8_t(bytes_on);  // 1..127
      used_ += 1;
    } else if (bytes_on < 256 && ((at.line == last_.line && columns_on < 64) ||
                                  (at.line == last_.line + 1 && last_.line != 0xFFFFFFFFu && at.column < 64))) {
      p[0] = std::uint8_t(0x80 | (at.line == last_.line ? columns_on : 0x40 | at.column));
      p[1] = std::uint8_t(bytes_on);
      used_ += 2;
    } else {
      return false;
    }
    last_ = at;
    ++size_;
    return true;
  }
  // A whole location (every 16th), the long form, or room to grow first.
  void push_back_slow(SourceLocation at);
  // Decodes the location that starts at byte `pos`, whole or after
  // `previous`; returns the byte after it.
  std::size_t decode(std::size_t pos, bool whole, const SourceLocation& previous, SourceLocation& out) const;
  // Location i and the byte just after it.
  SourceLocation at(std::size_t i, std::size_t* end) const;

  // Not a vector: grown by doubling without zeroing, so that the room not
  // yet written costs no resident memory.
  std::unique_ptr<std::uint8_t[]> bytes_;
  std::size_t used_ = 0, capacity_ = 0;
  std::vector<std::uint64_t> marks_;  // marks_[k]: where location k * kEvery starts
  SourceLocation last_;               // location size_ - 1, the base of the next one
  std::size_t size_ = 0;
};

}  // namespace xq
