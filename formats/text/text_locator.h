// Internal: line and column (in characters) of byte offsets in a text,
// computed by walking forward from the last answer.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "text/text_decode.h"
#include "xqrec/core/game.h"

namespace xq::formats::detail {

class TextLocator {
 public:
  TextLocator(std::string_view text, ByteScheme scheme, std::uint64_t base_offset = 0)
      : text_(text), double_byte_(scheme == ByteScheme::DoubleByte), base_(base_offset) {}

  SourceLocation at(std::size_t offset) {
    if (offset > text_.size()) offset = text_.size();
    if (offset < pos_) {
      // Back to the last checkpoint at or before the offset.
      pos_ = 0, line_ = 1, column_ = 1;
      for (std::size_t i = checkpoints_.size(); i-- > 0;)
        if (checkpoints_[i].pos <= offset) {
          pos_ = checkpoints_[i].pos, line_ = checkpoints_[i].line, column_ = checkpoints_[i].column;
          break;
        }
    }
    while (pos_ < offset) {
      if (pos_ >= next_checkpoint_) {
        checkpoints_.push_back({pos_, line_, column_});
        next_checkpoint_ = pos_ + kCheckpointEvery;
      }
      const auto c = static_cast<unsigned char>(text_[pos_]);
      if (c == '\n') {
        ++line_, column_ = 1, ++pos_;
      } else if (c == '\r') {
        if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;  // CRLF counts once
        else ++line_, column_ = 1, ++pos_;
      } else if (c < 0x80) {
        ++column_, ++pos_;
      } else if (double_byte_) {
        std::size_t n = 1;
        if (c >= 0x81 && c <= 0xFE && pos_ + 1 < text_.size()) {
          const auto d = static_cast<unsigned char>(text_[pos_ + 1]);
          n = (d >= 0x30 && d <= 0x39 && pos_ + 3 < text_.size()) ? 4 : 2;
        }
        ++column_, pos_ += n;
      } else {
        // UTF-8: continuation bytes add no column.
        ++pos_;
        while (pos_ < text_.size() && (static_cast<unsigned char>(text_[pos_]) & 0xC0) == 0x80) ++pos_;
        ++column_;
      }
    }
    return {base_ + offset, line_, column_};
  }

 private:
  std::string_view text_;
  bool double_byte_;
  std::uint64_t base_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1, column_ = 1;
  struct Checkpoint {
    std::size_t pos;
    std::uint32_t line, column;
  };
  static constexpr std::size_t kCheckpointEvery = 4096;
  std::vector<Checkpoint> checkpoints_;  // increasing positions
  std::size_t next_checkpoint_ = 0;
};

}  // namespace xq::formats::detail
