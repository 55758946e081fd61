// Streaming decoding of a large byte buffer into UTF-8, a chunk at a time,
// keeping for every UTF-8 byte the offset of the source byte it came from
// (four bytes, counted from an origin the caller chooses).
// Memory stays bounded by the chunk size whatever the input size.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xq::formats {

class DoubleByteTable;

// Storage whose growth leaves new elements uninitialised: the decoder
// writes every one of them (zero-filling the offsets first was a tenth of a
// GBK archive's audit).
template <class T>
struct UninitialisedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  using std::allocator<T>::allocator;
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// One source offset per byte of decoded text, counted from an origin (see
// ChunkDecoder::decode): four bytes, not eight, as the text a window holds
// spans far less than 4 GiB of source (a third of the peak memory of a
// megabyte-long line of undecodable bytes was its eight-byte offsets).
using SourceOffsets = std::vector<std::uint32_t, UninitialisedAllocator<std::uint32_t>>;
// Decoded UTF-8 text, grown without zero-filling (as the offsets).
using DecodedUtf8 = std::vector<char, UninitialisedAllocator<char>>;

// A sequence of source bytes that is not valid in the encoding; the text
// holds U+FFFD in its place.
struct DecodeError {
  std::uint64_t text_index = 0;  // index of the U+FFFD in the whole decoded text
  std::uint64_t offset = 0;      // offset of the bytes in the source
  std::string bytes;             // the raw bytes
};

class ChunkDecoder {
 public:
  // `start` skips a byte-order mark; offsets stay relative to `bytes`.
  // `by_table` false sends every byte through the converter, not only what
  // the table of a double-byte encoding leaves (the tests' reference).
  ChunkDecoder(std::string_view bytes, std::string_view encoding, std::size_t start = 0, bool by_table = true);
  ~ChunkDecoder();
  ChunkDecoder(const ChunkDecoder&) = delete;
  ChunkDecoder& operator=(const ChunkDecoder&) = delete;

  bool ok() const { return ok_; }  // false when ICU does not know the encoding
  bool done() const { return !ok_ || pos_ >= bytes_.size(); }

  // The least source offset the text still to come can have: where the
  // next chunk starts, or the first byte of a character cut by the last
  // chunk's end that the converter carries into the next (ISO-2022, HZ,
  // UTF-7, UTF-16 after a byte-order mark).
  std::uint64_t position() const { return pos_ - carried_; }
  // The end of the source bytes that decode(chunk) may read: the offsets
  // it gives are below it.
  std::uint64_t reach(std::size_t chunk) const {
    return std::min<std::uint64_t>(bytes_.size(), pos_ + std::max<std::size_t>(chunk, kMinChunk));
  }

  // Decodes about `chunk` more source bytes (cut after a line feed when one
  // is near), appending the UTF-8 text to `text`, one source offset per
  // text byte to `offsets` as its distance from `origin`, and the invalid
  // sequences to `errors` (their offsets whole). `origin` is at most
  // position(), and reach(chunk) - origin below 2^32.
  void decode(std::size_t chunk, DecodedUtf8& text, SourceOffsets& offsets, std::uint64_t origin,
              std::vector<DecodeError>& errors);

 private:
  // Where the decoded text and its offsets go: storage sized once per
  // chunk for the worst case, written through pointers.
  struct Output {
    char* start;  // the chunk's first text byte
    char* text;
    std::uint32_t* offset;
    const char* limit;  // the end of the text's storage (the offsets' ends with it)
    std::uint64_t origin;  // the source offset the offsets count from
  };
  // Decodes from pos_ by the table while it can, up to `end`; returns
  // where it stopped (at a character's start).
  std::size_t decode_by_table(std::size_t end, Output& out);
  // Decodes from pos_ to `end` by the converter; pos_ ends at `end`, or at
  // the start of a character cut there.
  void decode_by_converter(std::size_t end, Output& out, std::vector<DecodeError>& errors);
  static void put_bmp(Output& out, char16_t u, std::uint32_t source);
  static constexpr std::size_t kMinChunk = 64;

  struct Impl;
  std::string_view bytes_;
  std::size_t pos_;
  bool ok_ = false;
  bool utf16_ = false;
  // Whether a character cut by a chunk's end is read again from its first
  // byte by the next chunk (converters that keep no state between
  // characters), or carried over in the converter (UTF-7, ISO-2022, HZ,
  // UTF-16 with a byte-order mark ...: a reset would lose their mode).
  bool restart_cut_ = false;
  std::size_t carried_ = 0;  // bytes of a cut character the converter carries into the next chunk
  std::uint64_t produced_ = 0;  // UTF-8 bytes produced so far
  std::unique_ptr<Impl> impl_;
  const DoubleByteTable* table_ = nullptr;  // ICU's answers for the pairs of a double-byte encoding
};

}  // namespace xq::formats
