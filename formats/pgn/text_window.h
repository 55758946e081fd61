// The PGN reader's text window: the input itself when it is valid UTF-8,
// otherwise a sliding window of decoded text with one source offset per
// byte.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string_view>
#include <vector>

#include "xqrec/formats/text_decoder.h"

#include "pgn/pending_decode_errors.h"

namespace xq::formats::detail {

// Source bytes decoded at a time. A window's storage is sized for a
// chunk's worst case (three text bytes and three 4-byte offsets a source
// byte through the converter) and keeps that capacity, one window for each
// part of a large file read at once. Smaller chunks move the text kept
// ahead (and its offsets) more often: at 64 KiB a GBK audit took 3.6 %
// more instructions, at 128 KiB 1.6 % (with eight-byte offsets, moved at
// every refill).
inline constexpr std::size_t kChunk = 128 * 1024;
inline constexpr std::size_t kLookahead = 64 * 1024;  // decoded text kept ahead of the tokenizer

class TextWindow {
 public:
  // Valid UTF-8 is read in place, through a window that slides over the
  // bytes as the decoded one does (refill): a scan for the end of a
  // comment or a line of gigabytes stops at its end, and the bytes before
  // the window go back (ReadOptions::done_before) rather than stay resident.
  void init_identity(std::string_view bytes, std::size_t start);
  // `span`: the most source bytes one origin of the offsets covers (tests
  // make it small to see the origins change within a window).
  bool init_decoded(std::string_view bytes, std::string_view encoding, std::size_t start,
                    std::uint64_t span = kMaxSpan);

  bool identity() const { return identity_; }
  const char* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool eof() const { return eof_; }
  std::uint64_t base() const { return base_; }  // absolute text index of data()[0]

  std::uint64_t offset(std::size_t i) const {
    if (identity_) return start_ + base_ + i;
    if (i < size_) return source_at(front_ + i);
    return eof_ ? bytes_.size() : (size_ == 0 ? start_ : source_at(front_ + size_ - 1) + 1);
  }

  // Drops the text before `keep_from` and decodes more; indices into the
  // window shift down by keep_from.
  void refill(std::size_t keep_from);

  // Decodes one more chunk, keeping everything: for a line longer than the
  // look-ahead that must be read whole.
  void grow();

  // The undecodable bytes not reported yet, in order, a run of contiguous
  // ones in one entry.
  std::deque<PendingDecodeErrors>& errors() { return errors_; }

  // Source bytes from..to (the decoded window's, or after it).
  std::string_view source(std::uint64_t from, std::uint64_t to) const {
    return bytes_.substr(std::size_t(from), std::size_t(to - from));
  }

  // How many origins the window's offsets count from (for the tests: one
  // unless the window spans more source than an origin covers).
  std::size_t origins() const { return origins_.size(); }

 private:
  // The text from storage index `from` on (up to the next origin's) has
  // its source offsets counted from `source`.
  struct Origin {
    std::size_t from;
    std::uint64_t source;
  };
  static constexpr std::uint64_t kMaxSpan = UINT32_MAX;

  // The source offset of the text byte at storage index k.
  std::uint64_t source_at(std::size_t k) const {
    return (k < second_from_ ? first_source_ : origin_of(k)) + offsets_[k];
  }
  std::uint64_t origin_of(std::size_t k) const;
  // origins_ changed: the first origin's source and where the second starts.
  void note_origins();

  void decode_chunk(std::vector<DecodeError>& fresh);
  void drop_front();
  void queue(const std::vector<DecodeError>& fresh);

  static constexpr std::size_t kIdentityWindow = std::size_t(1) << 20;
  // The identity window from data_, `size` bytes long at most.
  void slide(std::size_t size);

  bool identity_ = true;
  std::string_view bytes_;
  std::size_t start_ = 0;
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  bool eof_ = true;
  std::uint64_t base_ = 0;
  std::unique_ptr<ChunkDecoder> decoder_;
  // The decoded text and its offsets; the window starts at front_, the text
  // before it was read and is dropped now and then, not at every refill.
  DecodedUtf8 text_;
  SourceOffsets offsets_;
  std::size_t front_ = 0;
  // In order of `from`, the first at storage index 0.
  std::vector<Origin> origins_;
  // The first origin's source, and the storage index where the second
  // starts (none: SIZE_MAX), for a look-up without the vector.
  std::uint64_t first_source_ = 0;
  std::size_t second_from_ = SIZE_MAX;
  std::uint64_t span_ = kMaxSpan;
  std::deque<PendingDecodeErrors> errors_;
};

}  // namespace xq::formats::detail
