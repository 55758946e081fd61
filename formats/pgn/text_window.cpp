// The PGN reader's text window: decoding ahead of the tokenizer, dropping
// what it has read.
#include "pgn/text_window.h"

namespace xq::formats::detail {

namespace {

// The read text is dropped (the unread tail moved down, with its offsets)
// once this much of it lies before the window, not at every refill: the
// move was 12 M instructions of an audit of 2,252 GBK games (sub-gbk.pgn)
// with eight-byte offsets moved at every refill, 3.4 M with four-byte
// ones; dropping at 256 KiB moves the tail about once in two refills
// (-3.4 M; at 128 KiB -0.6 M, at 1 MiB -3.6 M) for at most 1.25 MB more
// storage a window.
constexpr std::size_t kDropAt = 256 * 1024;

}  // namespace

void TextWindow::init_identity(std::string_view bytes, std::size_t start) {
  identity_ = true;
  bytes_ = bytes;
  start_ = start;
  base_ = 0;
  data_ = bytes.data() + start;
  size_ = std::min(bytes.size() - start, kIdentityWindow);
  eof_ = start + size_ == bytes.size();
}

bool TextWindow::init_decoded(std::string_view bytes, std::string_view encoding, std::size_t start,
                              std::uint64_t span) {
  identity_ = false;
  bytes_ = bytes;
  start_ = start;
  span_ = std::min(span, kMaxSpan);
  decoder_ = std::make_unique<ChunkDecoder>(bytes, encoding, start);
  if (!decoder_->ok()) return false;
  refill(0);
  return true;
}

std::uint64_t TextWindow::origin_of(std::size_t k) const {
  auto it = origins_.end();
  while ((--it)->from > k) {
  }
  return it->source;
}

void TextWindow::note_origins() {
  first_source_ = origins_.front().source;
  second_from_ = origins_.size() > 1 ? origins_[1].from : SIZE_MAX;
}

void TextWindow::decode_chunk(std::vector<DecodeError>& fresh) {
  // The chunk's offsets count from the last origin while they fit in four
  // bytes from it; else from a new origin, where the chunk's text starts.
  // An origin is never moved (no offset is rewritten): one covers 4 GiB
  // of source, and is gone once its text has left the window.
  const std::uint64_t from = decoder_->position();
  const std::uint64_t reach = decoder_->reach(kChunk);
  if (origins_.empty() || reach - origins_.back().source > span_) {
    if (!origins_.empty() && origins_.back().from == text_.size())
      origins_.back().source = from;  // an origin with no text yet
    else
      origins_.push_back(Origin{text_.size(), from});
    note_origins();
  }
  decoder_->decode(kChunk, text_, offsets_, origins_.back().source, fresh);
}

void TextWindow::drop_front() {
  if (front_ == text_.size()) {
    // The whole window was read: nothing to move, and one origin, where
    // the text to come starts.
    text_.clear();
    offsets_.clear();
    origins_.assign(1, Origin{0, decoder_->position()});
  } else {
    text_.erase(text_.begin(), text_.begin() + std::ptrdiff_t(front_));
    offsets_.erase(offsets_.begin(), offsets_.begin() + std::ptrdiff_t(front_));
    // The origins whose text was all dropped go; the one the window's
    // first byte counts from now starts at 0.
    std::size_t first = 0;
    while (first + 1 < origins_.size() && origins_[first + 1].from <= front_) ++first;
    origins_.erase(origins_.begin(), origins_.begin() + std::ptrdiff_t(first));
    origins_.front().from = 0;
    for (std::size_t k = 1; k < origins_.size(); ++k) origins_[k].from -= front_;
  }
  front_ = 0;
  note_origins();
}

void TextWindow::refill(std::size_t keep_from) {
  if (identity_) {
    keep_from = std::min(keep_from, size_);
    data_ += keep_from;
    base_ += keep_from;
    slide(size_ - keep_from + kIdentityWindow);
    return;
  }
  keep_from = std::min(keep_from, size_);
  base_ += keep_from;
  front_ += keep_from;
  if (front_ == text_.size() || front_ >= kDropAt) drop_front();
  std::vector<DecodeError> fresh;
  while (text_.size() - front_ < 2 * kLookahead && !decoder_->done()) decode_chunk(fresh);
  queue(fresh);
  data_ = text_.data() + front_;
  size_ = text_.size() - front_;
  eof_ = decoder_->done();
}

void TextWindow::grow() {
  if (identity_) return slide(size_ + kIdentityWindow);
  if (decoder_->done()) return;
  std::vector<DecodeError> fresh;
  decode_chunk(fresh);
  queue(fresh);
  data_ = text_.data() + front_;
  size_ = text_.size() - front_;
  eof_ = decoder_->done();
}

void TextWindow::queue(const std::vector<DecodeError>& fresh) {
  for (const DecodeError& e : fresh) {
    if (!errors_.empty() && continues(errors_.back(), e))
      append_to(errors_.back(), e);
    else
      errors_.push_back(pending_from(e));
  }
}

void TextWindow::slide(std::size_t size) {
  const std::size_t left = bytes_.size() - start_ - base_;
  size_ = std::min(left, size);
  eof_ = size_ == left;
}

}  // namespace xq::formats::detail
