// A move's text as its source writes it, in 13 bytes (byte-aligned, so
// that a node packs its other small members after it): up to 12 bytes are
// held inline (nearly every move: a Chinese move of four characters is 12
// bytes of UTF-8, "H2-E2" 5), a longer text (a traditional pawn move such
// as 前兵九平八, 15 bytes, or an unreadable token kept for its finding) on
// the heap. A std::string takes 32: a game at the move bound
// has a million of them.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace xq {

class MoveText {
 public:
  MoveText() = default;
  MoveText(std::string_view s) { assign(s); }  // NOLINT: implicit, as std::string is
  MoveText(const MoveText& o) { assign(o.view()); }
  MoveText(MoveText&& o) noexcept {
    std::memcpy(bytes_, o.bytes_, sizeof bytes_);
    o.bytes_[kTag] = 0;
  }
  MoveText& operator=(const MoveText& o) {
    if (this != &o) assign(o.view());
    return *this;
  }
  MoveText& operator=(MoveText&& o) noexcept {
    if (this != &o) {
      release();
      std::memcpy(bytes_, o.bytes_, sizeof bytes_);
      o.bytes_[kTag] = 0;
    }
    return *this;
  }
  MoveText& operator=(std::string_view s) {
    assign(s);
    return *this;
  }
  ~MoveText() { release(); }

  // Inline: the game builder sets a text for every move it reads.
  void assign(std::string_view s) {
    if (s.size() <= kInline && !on_heap()) [[likely]] {
      copy_short(s.data(), s.size());
      bytes_[kTag] = char(s.size());
    } else {
      assign_slow(s);
    }
  }
  void clear() {
    release();
    bytes_[kTag] = 0;
  }

  bool on_heap() const { return std::uint8_t(bytes_[kTag]) == kHeap; }
  const char* data() const { return on_heap() ? heap_data() : bytes_; }
  std::size_t size() const { return on_heap() ? heap_size() : std::size_t(bytes_[kTag]); }
  bool empty() const { return size() == 0; }
  std::string_view view() const { return {data(), size()}; }
  operator std::string_view() const { return view(); }  // NOLINT: read wherever a string_view is
  std::string str() const { return std::string(view()); }
  // The heap the text holds (0 when inline), for memory accounting.
  std::size_t heap_bytes() const { return on_heap() ? heap_size() : 0; }

  friend bool operator==(const MoveText& a, const MoveText& b) { return a.view() == b.view(); }
  friend bool operator==(const MoveText& a, std::string_view b) { return a.view() == b; }

 private:
  static constexpr std::size_t kInline = 12;
  static constexpr std::size_t kTag = 12;       // bytes_[12]: the inline size, or kHeap
  static constexpr std::uint8_t kHeap = 0xFF;   // then bytes_[0..7] point to the text, bytes_[8..11] give its size

  void assign_slow(std::string_view s);  // to or from the heap
  // Copies n <= kInline bytes inline by fixed-size loads, without a call to
  // memcpy: two that overlap cover the n bytes. All loads come before the
  // stores, so `from` may point into this text.
  void copy_short(const char* from, std::size_t n) {
    if (n >= 8) {
      std::uint64_t a, b;
      std::memcpy(&a, from, 8);
      std::memcpy(&b, from + n - 8, 8);
      std::memcpy(bytes_, &a, 8);
      std::memcpy(bytes_ + n - 8, &b, 8);
    } else if (n >= 4) {
      std::uint32_t a, b;
      std::memcpy(&a, from, 4);
      std::memcpy(&b, from + n - 4, 4);
      std::memcpy(bytes_, &a, 4);
      std::memcpy(bytes_ + n - 4, &b, 4);
    } else {
      char c[3];
      for (std::size_t i = 0; i < n; ++i) c[i] = from[i];
      for (std::size_t i = 0; i < n; ++i) bytes_[i] = c[i];
    }
  }
  void release() {
    if (on_heap()) delete[] heap_data();
  }
  char* heap_data() const {
    char* p;
    std::memcpy(&p, bytes_, sizeof p);
    return p;
  }
  std::size_t heap_size() const {
    std::uint32_t n;
    std::memcpy(&n, bytes_ + sizeof(char*), sizeof n);
    return n;
  }

  char bytes_[13] = {};
};
static_assert(sizeof(MoveText) == 13 && alignof(MoveText) == 1);

}  // namespace xq
