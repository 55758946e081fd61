// The PGN reader's text window: decoding ahead of the tokenizer, dropping
// what it has read.
#include "pgn/text_window.h"

namespace xq::formats::detail {

void TextWindow::init_identity(std::string_view bytes, std::size_t start) {
  identity_ = true;
  bytes_ = bytes;
  start_ = start;
  base_ = 0;
  data_ = bytes.data() + start;
  size_ = std::min(bytes.size() - start, kIdentityWindow);
  eof_ = start + size_ == bytes.size();
}

bool TextWindow::init_decoded(std::string_view bytes, std::string_view encoding, std::size_t start) {
  identity_ = false;
  bytes_ = bytes;
  start_ = start;
  decoder_ = std::make_unique<ChunkDecoder>(bytes, encoding, start);
  if (!decoder_->ok()) return false;
  refill(0);
  return true;
}

void TextWindow::refill(std::size_t keep_from) {
  if (identity_) {
    keep_from = std::min(keep_from, size_);
    data_ += keep_from;
    base_ += keep_from;
    slide(size_ - keep_from + kIdentityWindow);
    return;
  }
  keep_from = std::min(keep_from, text_.size());
  base_ += keep_from;
  // The text before keep_from is dropped at every refill: clearing a
  // window read whole costs nothing; moving the unread tail (and its
  // offsets, eight bytes a byte) down costs 1.5 M instructions on 2,252
  // GBK games less than it saves in memory: keeping 512 KiB of read text
  // before dropping it saved 1.6 % of a GBK audit's instructions but held
  // 4 MB more a reader (108 MB of GBK at -j64: 54 -> 66 MB, over the
  // 64 MB bound).
  if (keep_from == text_.size()) {
    text_.clear();
    offsets_.clear();
  } else if (keep_from > 0) {
    text_.erase(text_.begin(), text_.begin() + std::ptrdiff_t(keep_from));
    offsets_.erase(offsets_.begin(), offsets_.begin() + std::ptrdiff_t(keep_from));
  }
  std::vector<DecodeError> fresh;
  while (text_.size() < 2 * kLookahead && !decoder_->done()) decoder_->decode(kChunk, text_, offsets_, fresh);
  queue(fresh);
  data_ = text_.data();
  size_ = text_.size();
  eof_ = decoder_->done();
}

void TextWindow::grow() {
  if (identity_) return slide(size_ + kIdentityWindow);
  if (decoder_->done()) return;
  std::vector<DecodeError> fresh;
  decoder_->decode(kChunk, text_, offsets_, fresh);
  queue(fresh);
  data_ = text_.data();
  size_ = text_.size();
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
