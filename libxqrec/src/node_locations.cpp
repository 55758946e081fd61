#include "xqrec/core/node_locations.h"

#include <algorithm>
#include <cstring>

namespace xq {

NodeLocations& NodeLocations::operator=(const NodeLocations& o) {
  if (this == &o) return *this;
  std::unique_ptr<std::uint8_t[]> copy(o.used_ ? new std::uint8_t[o.used_ + kMaxBytes] : nullptr);
  if (o.used_) std::memcpy(copy.get(), o.bytes_.get(), o.used_);
  marks_ = o.marks_;
  bytes_ = std::move(copy);
  used_ = o.used_;
  capacity_ = o.used_ ? o.used_ + kMaxBytes : 0;
  last_ = o.last_;
  size_ = o.size_;
  return *this;
}

void NodeLocations::grow() {
  const std::size_t capacity = std::max<std::size_t>(256, capacity_ * 2);
  std::unique_ptr<std::uint8_t[]> grown(new std::uint8_t[capacity]);  // not zeroed: see bytes_
  if (used_) std::memcpy(grown.get(), bytes_.get(), used_);
  bytes_ = std::move(grown);
  capacity_ = capacity;
}

void NodeLocations::push_back_slow(SourceLocation at) {
  if (capacity_ - used_ < kMaxBytes) grow();
  const bool whole = (size_ & (kEvery - 1)) == 0;
  if (!whole && put_short(at)) return;
  std::uint8_t* p = bytes_.get() + used_;
  if (whole) {
    marks_.push_back(used_);
    p = put(p, at.offset);
    p = put(p, at.line);
    p = put(p, at.column);
  } else {
    *p++ = 0;
    p = put(p, zigzag(at.offset - last_.offset));
    p = put(p, zigzag(std::uint64_t(std::int64_t(at.line) - std::int64_t(last_.line))));
    p = put(p, at.line == last_.line ? zigzag(std::uint64_t(std::int64_t(at.column) - std::int64_t(last_.column)))
                                     : at.column);
  }
  used_ = std::size_t(p - bytes_.get());
  last_ = at;
  ++size_;
}

std::uint64_t NodeLocations::get(std::size_t& pos) const {
  std::uint64_t v = 0;
  for (unsigned shift = 0;; shift += 7) {
    const std::uint8_t b = bytes_[pos++];
    v |= std::uint64_t(b & 0x7F) << shift;
    if (b < 0x80) return v;
  }
}

// A whole location: offset, line, column. After another: one byte 1..127
// (the offset and the column that much further); or two, 0x80 | the
// column's difference on the same line, or 0xC0 | the column on the next
// line, then the offset's difference; or 0 and three varints: the
// offset's and the line's differences, then the column's difference on the
// same line, else the column.
std::size_t NodeLocations::decode(std::size_t pos, bool whole, const SourceLocation& previous,
                                  SourceLocation& out) const {
  if (whole) {
    out.offset = get(pos);
    out.line = std::uint32_t(get(pos));
    out.column = std::uint32_t(get(pos));
    return pos;
  }
  const std::uint8_t first = bytes_[pos++];
  if (first != 0 && first < 0x80) {
    out.offset = previous.offset + first;
    out.line = previous.line;
    out.column = previous.column + first;
    return pos;
  }
  if (first != 0) {
    out.offset = previous.offset + bytes_[pos++];
    const bool next_line = (first & 0x40) != 0;
    out.line = previous.line + (next_line ? 1 : 0);
    out.column = next_line ? std::uint32_t(first & 0x3F) : previous.column + (first & 0x3F);
    return pos;
  }
  out.offset = previous.offset + unzigzag(get(pos));
  out.line = std::uint32_t(std::int64_t(previous.line) + std::int64_t(unzigzag(get(pos))));
  const std::uint64_t column = get(pos);
  out.column = out.line == previous.line ? std::uint32_t(std::int64_t(previous.column) + std::int64_t(unzigzag(column)))
                                         : std::uint32_t(column);
  return pos;
}

SourceLocation NodeLocations::at(std::size_t i, std::size_t* end) const {
  const std::size_t first = i & ~(kEvery - 1);
  SourceLocation loc;
  std::size_t pos = decode(std::size_t(marks_[first >> kEveryBits]), true, loc, loc);
  for (std::size_t k = first + 1; k <= i; ++k) {
    const SourceLocation previous = loc;
    pos = decode(pos, false, previous, loc);
  }
  if (end) *end = pos;
  return loc;
}

SourceLocation NodeLocations::operator[](std::size_t i) const {
  if (i >= size_) return {};
  return at(i, nullptr);
}

void NodeLocations::resize(std::size_t count) {
  if (count == 0) {
    clear();
    return;
  }
  if (count < size_) {
    std::size_t end = 0;
    last_ = at(count - 1, &end);
    used_ = end;
    marks_.resize(((count - 1) >> kEveryBits) + 1);
    size_ = count;
  }
  while (size_ < count) push_back({});
}

void NodeLocations::set(std::size_t i, SourceLocation at_i) {
  if (i >= size_) {
    resize(i);
    push_back(at_i);
    return;
  }
  std::vector<SourceLocation> after;
  after.reserve(size_ - i - 1);
  for (std::size_t k = i + 1; k < size_; ++k) after.push_back((*this)[k]);
  resize(i);
  push_back(at_i);
  for (const SourceLocation& a : after) push_back(a);
}

void NodeLocations::clear() {
  if (capacity_ > kKeptBytes) {
    bytes_.reset();
    capacity_ = 0;
    marks_ = {};
  }
  marks_.clear();
  used_ = 0;
  last_ = {};
  size_ = 0;
}

}  // namespace xq
