// ICU's own answers, as UTF-8, for the two-byte characters of a double-byte encoding
// (GBK, GB18030's two-byte part, Big5, EUC-CN), asked once per process and
// encoding: a chunk of text made of ASCII and such characters is then
// decoded by table, without a converter call (the converter with offsets was
// a quarter of a GBK archive's audit). ICU stays the authority: the table
// holds what it answered for each pair alone, which is what it answers for
// that pair anywhere, these encodings being stateless between characters.
// A byte or pair the table does not hold (a four-byte GB18030 sequence, an
// invalid sequence, a single byte above 0x7F, a pair cut by the chunk's end)
// is left to the converter (text_decoder.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace xq::formats {

class DoubleByteTable {
 public:
  // The table of the ICU converter named `icu_name` (ucnv_getName), or null
  // when it is not a stateless multi-byte converter whose bytes below 0x80
  // are ASCII, or when no pair decodes alone. Thread-safe; built once.
  static const DoubleByteTable* of(const std::string& icu_name);

  // The UTF-8 of the pair lead, trail (lead >= 0x80), given as the pair's
  // two bytes read as one little-endian word (lead | trail << 8: one load
  // for the decoder, no arithmetic): its two or three bytes from the
  // lowest, and their count in the top byte; 0 when the converter must
  // decide; kAsciiFirst when the lead is below 0x80 (an ASCII character,
  // whatever follows it): negative as a signed word, as no pair's is, so
  // that the decoder tells both apart from a pair in one test.
  std::uint32_t pair_word(std::uint16_t lead_trail) const { return pairs_[lead_trail]; }
  static constexpr std::uint32_t kAsciiFirst = 0xFF000000;

 private:
  static std::unique_ptr<DoubleByteTable> build(const std::string& icu_name);
  // By the pair's word; those with a lead below 0x80 (ASCII) are kAsciiFirst.
  std::array<std::uint32_t, 65536> pairs_{};
};

}  // namespace xq::formats
