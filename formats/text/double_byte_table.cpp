#include "text/double_byte_table.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "xqrec/formats/text_decoder.h"  // UninitialisedAllocator

namespace xq::formats {

namespace {

// Every invalid sequence becomes U+FFFD, which no pair of these encodings
// maps to: such a pair is left out of the table.
void substitute(const void*, UConverterToUnicodeArgs* args, const char*, int32_t, UConverterCallbackReason reason,
                UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;
  *err = U_ZERO_ERROR;
  const UChar sub = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &sub, 1, 0, err);
}

// Not zero-filled first (the table's conversion is 73,728 bytes into room
// for twice as many units: the zero-filling cost as much as the
// conversion's own loop).
struct Converted {
  std::vector<UChar, UninitialisedAllocator<UChar>> units;
  std::vector<int32_t, UninitialisedAllocator<int32_t>> offsets;  // of each unit's first source byte
};

Converted convert(UConverter* cnv, const std::string& bytes) {
  Converted c;
  c.units.resize(bytes.size() * 2 + 16);
  c.offsets.resize(c.units.size());
  const char* src = bytes.data();
  UChar* target = c.units.data();
  UErrorCode err = U_ZERO_ERROR;
  ucnv_resetToUnicode(cnv);
  ucnv_toUnicode(cnv, &target, c.units.data() + c.units.size(), &src, bytes.data() + bytes.size(), c.offsets.data(),
                 true, &err);
  const std::size_t n = U_SUCCESS(err) ? std::size_t(target - c.units.data()) : 0;
  c.units.resize(n);
  c.offsets.resize(n);
  return c;
}

}  // namespace

std::unique_ptr<DoubleByteTable> DoubleByteTable::build(const std::string& icu_name) {
  UErrorCode err = U_ZERO_ERROR;
  UConverter* cnv = ucnv_open(icu_name.c_str(), &err);
  if (U_FAILURE(err) || !cnv) return nullptr;
  const std::unique_ptr<UConverter, decltype(&ucnv_close)> owner(cnv, &ucnv_close);
  const UConverterType type = ucnv_getType(cnv);
  if ((type != UCNV_MBCS && type != UCNV_DBCS) || ucnv_getMaxCharSize(cnv) < 2) return nullptr;
  ucnv_setToUCallBack(cnv, substitute, nullptr, nullptr, nullptr, &err);
  if (U_FAILURE(err)) return nullptr;

  // The bytes below 0x80 must each be their ASCII character.
  std::string ascii;
  for (int b = 0; b < 0x80; ++b) ascii += char(b);
  const Converted a = convert(cnv, ascii);
  if (a.units.size() != 0x80) return nullptr;
  for (std::size_t b = 0; b < 0x80; ++b)
    if (a.units[b] != b || a.offsets[b] != int32_t(b)) return nullptr;

  // Every pair, each followed by a line feed, in one conversion: a pair is
  // in the table when it gave exactly one BMP unit, of its own, and the
  // line feed after it came out on its own (so nothing reached past it).
  // Written in place (appended a byte at a time, the text was a sixth of
  // the table's building).
  std::string all(std::size_t(128 * 192 * 3), '\n');
  char* pair = all.data();
  for (int lead = 0x80; lead < 0x100; ++lead)
    for (int trail = 0x40; trail < 0x100; ++trail, pair += 3) {
      pair[0] = char(lead);
      pair[1] = char(trail);
    }
  const Converted c = convert(cnv, all);
  auto table = std::make_unique<DoubleByteTable>();
  // The bytes below 0x80 were checked to be ASCII above, whatever follows.
  for (std::size_t lead = 0; lead < 0x80; ++lead)
    for (std::size_t trail = 0; trail < 0x100; ++trail) table->pairs_[lead | trail << 8] = kAsciiFirst;
  bool any = false;
  for (std::size_t u = 0; u + 1 < c.units.size(); ++u) {
    const int32_t at = c.offsets[u];
    if (at < 0 || at % 3 != 0) continue;
    if (u > 0 && c.offsets[u - 1] == at) continue;  // not the only unit of its pair
    const UChar ch = c.units[u];
    if (ch < 0x80 || ch == 0xFFFD || U16_IS_SURROGATE(ch)) continue;
    if (c.offsets[u + 1] != at + 2 || c.units[u + 1] != u'\n') continue;
    const auto lead = static_cast<unsigned char>(all[std::size_t(at)]);
    const auto trail = static_cast<unsigned char>(all[std::size_t(at) + 1]);
    // Two or three UTF-8 bytes (ch is 0x80 or more, not a surrogate), by ICU.
    std::uint8_t bytes[4] = {};
    int32_t length = 0;
    U8_APPEND_UNSAFE(bytes, length, ch);
    std::uint32_t utf8 = std::uint32_t(length) << 24;
    for (int32_t k = 0; k < length; ++k) utf8 |= std::uint32_t(bytes[k]) << (8 * k);
    table->pairs_[std::size_t(lead | trail << 8)] = utf8;
    any = true;
  }
  return any ? std::move(table) : nullptr;
}

const DoubleByteTable* DoubleByteTable::of(const std::string& icu_name) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<DoubleByteTable>> tables;  // null: no table for that name
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = tables.find(icu_name);
  if (it == tables.end()) it = tables.emplace(icu_name, build(icu_name)).first;
  return it->second.get();
}

}  // namespace xq::formats
