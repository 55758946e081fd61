// Chunked decoding into UTF-8 with source offsets, through ICU.
#include "xqrec/formats/text_decoder.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>

#include "text/double_byte_table.h"
#include "xqrec/formats/encoding.h"

namespace xq::formats {

namespace {

struct ErrorLog {
  const UChar* target_start = nullptr;
  std::vector<std::pair<std::size_t, std::string>> errors;  // UTF-16 output index, raw bytes
};

void on_bad_bytes(const void* context, UConverterToUnicodeArgs* args, const char* code_units, int32_t length,
                  UConverterCallbackReason reason, UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;  // reset, close, clone
  auto* log = static_cast<ErrorLog*>(const_cast<void*>(context));
  if (log->target_start)
    log->errors.emplace_back(std::size_t(args->target - log->target_start),
                             std::string(code_units, std::size_t(std::max(length, 0))));
  *err = U_ZERO_ERROR;
  const UChar sub = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &sub, 1, 0, err);
}

}  // namespace

struct ChunkDecoder::Impl {
  UConverter* cnv = nullptr;
  ErrorLog log;
  std::u16string units;
  std::vector<int32_t> offsets;
  ~Impl() {
    if (cnv) ucnv_close(cnv);
  }
};

ChunkDecoder::ChunkDecoder(std::string_view bytes, std::string_view encoding, std::size_t start, bool by_table)
    : bytes_(bytes), pos_(std::min(start, bytes.size())), impl_(std::make_unique<Impl>()) {
  UErrorCode err = U_ZERO_ERROR;
  impl_->cnv = ucnv_open(std::string(encoding).c_str(), &err);
  if (U_FAILURE(err) || !impl_->cnv) {
    impl_->cnv = nullptr;
    return;
  }
  ucnv_setToUCallBack(impl_->cnv, on_bad_bytes, &impl_->log, nullptr, nullptr, &err);
  ok_ = !U_FAILURE(err);
  const std::string canon = canonical_encoding(encoding);
  utf16_ = canon == kUtf16Le || canon == kUtf16Be || ucnv_getMinCharSize(impl_->cnv) == 2;
  if (ok_ && by_table && !utf16_) table_ = DoubleByteTable::of(ucnv_getName(impl_->cnv, &err));
  switch (ucnv_getType(impl_->cnv)) {
    case UCNV_SBCS: case UCNV_DBCS: case UCNV_MBCS: case UCNV_LATIN_1: case UCNV_US_ASCII: case UCNV_UTF8:
    case UCNV_CESU8: case UCNV_UTF16_BigEndian: case UCNV_UTF16_LittleEndian: case UCNV_UTF32_BigEndian:
    case UCNV_UTF32_LittleEndian:
      restart_cut_ = true;
      break;
    default:
      break;
  }
}

ChunkDecoder::~ChunkDecoder() = default;

// Appends the UTF-8 of a BMP character other than ASCII, each byte with
// the source offset of the character (from the origin).
void ChunkDecoder::put_bmp(Output& o, char16_t u, std::uint32_t source) {
  if (u < 0x800) {
    o.text[0] = char(0xC0 | (u >> 6));
    o.text[1] = char(0x80 | (u & 0x3F));
    o.offset[0] = o.offset[1] = source;
    o.text += 2;
    o.offset += 2;
  } else {
    o.text[0] = char(0xE0 | (u >> 12));
    o.text[1] = char(0x80 | ((u >> 6) & 0x3F));
    o.text[2] = char(0x80 | (u & 0x3F));
    o.offset[0] = o.offset[1] = o.offset[2] = source;
    o.text += 3;
    o.offset += 3;
  }
}

void ChunkDecoder::decode(std::size_t chunk, DecodedUtf8& text, SourceOffsets& offsets, std::uint64_t origin,
                          std::vector<DecodeError>& errors) {
  if (done()) return;
  assert(origin <= position() && reach(chunk) - origin <= UINT32_MAX);
  chunk = std::max(chunk, kMinChunk);
  std::size_t end = reach(chunk);  // the asserted bound is where the chunk ends
  // Cut after a line feed near the end, so that no character is split.
  if (end < bytes_.size()) {
    const std::size_t floor = pos_ + chunk / 2;
    for (std::size_t i = end; i > floor; --i) {
      if (utf16_) {
        if ((i - pos_) % 2 == 0 && i >= 2 && (bytes_[i - 2] == '\n' || bytes_[i - 1] == '\n') &&
            (bytes_[i - 2] == '\0' || bytes_[i - 1] == '\0')) {
          end = i;
          break;
        }
      } else if (bytes_[i - 1] == '\n') {
        end = i;
        break;
      }
    }
  }
  // Written through pointers into storage sized for the worst case of each
  // part, then cut to what was written (per-byte appends were most of a GBK
  // archive's reading). The table writes at most three bytes for two
  // source bytes and one for an ASCII byte, but stores more than it keeps:
  // four bytes for a pair, and eight bytes and eight offsets for ASCII
  // while eight source bytes are left (1.5 bytes a source byte, plus 4,
  // leave room for both: decode_by_table asserts it). The converter writes
  // three for one (an invalid byte is U+FFFD). Sizing the whole chunk for
  // the converter held twice what the table needs, and sizing each part
  // anew zero-filled the rest of the chunk again for every invalid byte.
  // Neither the text nor the offsets are zero-filled (DecodedUtf8,
  // SourceOffsets).
  const std::size_t text_at = text.size(), offsets_at = offsets.size();
  Output out{};
  const auto room = [&](std::size_t need) {
    const std::size_t written = out.start ? std::size_t(out.text - out.start) : 0;
    if (text.size() < text_at + written + need) {
      text.resize(text_at + written + need);
      offsets.resize(offsets_at + written + need);
    }
    out = Output{text.data() + text_at, text.data() + text_at + written, offsets.data() + offsets_at + written,
                 text.data() + text.size(), origin};
  };
  if (!table_) {
    room(3 * (end - pos_ + carried_) + 4);  // a carried character's bytes came with the chunk before
    decode_by_converter(end, out, errors);
  } else {
    room((end - pos_) / 2 * 3 + 4);
    // By the table while it can; what it cannot decode goes to the
    // converter up to the next line feed (never a byte of a pair in these
    // encodings), and the table goes on from there: an invalid byte now
    // and then (a damaged record) leaves the rest of the chunk to the table.
    while (pos_ < end) {
      pos_ = decode_by_table(end, out);
      if (pos_ == end) break;
      const void* line_feed = std::memchr(bytes_.data() + pos_, '\n', end - pos_);
      const std::size_t stop =
          line_feed ? std::size_t(static_cast<const char*>(line_feed) - bytes_.data()) + 1 : end;
      const std::size_t before = pos_;
      room(3 * (stop - pos_) + (end - stop) / 2 * 3 + 4);
      decode_by_converter(stop, out, errors);
      if (pos_ == before) break;  // only a cut character: the next chunk reads it whole
    }
  }
  const std::size_t written = std::size_t(out.text - out.start);
  text.resize(text_at + written);
  offsets.resize(offsets_at + written);
  produced_ += written;
}

std::size_t ChunkDecoder::decode_by_table(std::size_t end, Output& o) {
  // Locals only in the loop: the stores through o.text may alias anything.
  // Source indices count from the origin (they fit in 32 bits: decode's
  // condition), so that the offset stored is the index itself.
  const auto* const b = reinterpret_cast<const unsigned char*>(bytes_.data()) + o.origin;
  const DoubleByteTable& table = *table_;
  const std::size_t stop = end - o.origin;
  const std::size_t j0 = pos_ - o.origin;
  char* text = o.text;
  std::uint32_t* offset = o.offset;
  // Four offsets in one store (16 bytes; GCC's vectors, scalar code where
  // the target has no such registers).
  using Offsets4 = std::uint32_t __attribute__((vector_size(16)));
  static_assert(std::endian::native == std::endian::little, "the table's bytes are stored lowest first");
  // Two bytes are read at each step (the pair, or an ASCII byte and the
  // byte after it): while two are left, one test of the loop and no
  // separate load of the lead (21 instructions a pair before, 17 after);
  // the last byte of the chunk alone after the loop. The cursor is a
  // pointer, and the source index goes along as four copies in a vector
  // register, stored as they are for a pair and moved by an addition: not
  // the index broadcast anew at each pair (17 instructions a pair, 15
  // after; 13 with the one look-up below).
  const unsigned char* p = b + j0;
  const unsigned char* const last = b + (stop > 0 ? stop - 1 : 0);
  Offsets4 at = Offsets4{0, 0, 0, 0} + std::uint32_t(j0);
  while (p < last) {
    std::uint16_t two;
    std::memcpy(&two, p, 2);
    // One look-up answers both tests of a pair: a negative word is an ASCII
    // first byte, 0 a pair for the converter (15 instructions a pair before,
    // 13 after; the ASCII bytes take the look-up too).
    const std::uint32_t utf8 = table.pair_word(two);
    if (std::int32_t(utf8) <= 0) [[unlikely]] {
      if (utf8 == 0) break;
      // One ASCII byte before a pair (the blank between two Chinese moves,
      // half the runs of a GBK archive): stored alone, cheaper than a word.
      // The bytes are read again, not kept from the look-up's load: kept,
      // they cost a register copy on every pair's path.
      if (p[1] & 0x80) {
        *text++ = char(p[0]);
        *offset++ = at[0];
        at += 1;
        ++p;
        continue;
      }
      // A run of ASCII eight bytes at a time: all eight bytes and offsets
      // are stored (the storage allows a byte a source byte, and eight are
      // left: last - p >= 7), the cursor moves past the ASCII ones only.
      if (last - p >= 7) {
        std::uint64_t word;
        std::memcpy(&word, p, 8);
        const std::uint64_t high = word & 0x8080808080808080u;
        const std::uint32_t run = high ? std::uint32_t(std::countr_zero(high)) / 8 : 8;
        assert(o.limit - text >= 8);  // the offsets have as much room as the text
        std::memcpy(text, &word, 8);
        const Offsets4 first = at + Offsets4{0, 1, 2, 3}, second = at + Offsets4{4, 5, 6, 7};
        std::memcpy(offset, &first, 16);
        std::memcpy(offset + 4, &second, 16);
        text += run;
        offset += run;
        p += run;
        at += run;
        continue;
      }
      *text++ = char(p[0]);
      *offset++ = at[0];
      at += 1;
      ++p;
      continue;
    }
    // Four bytes and four offsets stored whatever the length (the room
    // decode() leaves: 1.5 bytes a source byte, plus 4): those past the
    // length (the table's zero and length bytes) are overwritten by what
    // follows or cut off at the end.
    assert(o.limit - text >= 4);
    std::memcpy(text, &utf8, 4);
    std::memcpy(offset, &at, 16);
    const std::uint32_t length = utf8 >> 24;
    text += length;
    offset += length;
    p += 2;
    at += 2;
  }
  std::size_t j = std::size_t(p - b);
  // The chunk's last byte: ASCII is stored; a lead byte is left to the
  // converter (its pair cut by the chunk's end).
  if (p == last && j < stop && b[j] < 0x80) {
    *text++ = char(b[j]);
    *offset++ = std::uint32_t(j++);
  }
  o.text = text;
  o.offset = offset;
  return std::size_t(o.origin) + j;
}

void ChunkDecoder::decode_by_converter(std::size_t end, Output& out, std::vector<DecodeError>& errors) {
  const bool flush = end >= bytes_.size();
  const std::size_t n = end - pos_;
  Impl& im = *impl_;
  im.units.resize(n + 16);
  im.offsets.resize(n + 16);
  im.log.errors.clear();
  const char* src = bytes_.data() + pos_;
  UChar* target = reinterpret_cast<UChar*>(im.units.data());
  UChar* const target_start = target;
  UErrorCode err = U_ZERO_ERROR;
  im.log.target_start = target_start;
  ucnv_toUnicode(im.cnv, &target, target_start + im.units.size(), &src, bytes_.data() + end, im.offsets.data(),
                 flush, &err);
  im.log.target_start = nullptr;
  const std::size_t produced = std::size_t(target - target_start);
  const std::uint64_t base = pos_;
  pos_ = end;
  // A character cut by the chunk's end: with a converter that keeps no
  // state between characters, the next chunk starts again at its first
  // byte. Carried in the converter, its bytes came back without offsets
  // when they turned out invalid and the converter replayed the rest (a
  // GB18030 four-byte sequence cut after its third byte, whose fourth is not
  // a digit: the replayed characters took the offset of the invalid byte).
  // A stateful converter carries it (a reset would lose its mode): ICU
  // gives the first unit of that character an offset in this chunk, and it
  // began `carried` bytes before it.
  const std::size_t carried = carried_;
  carried_ = 0;
  UErrorCode pending_err = U_ZERO_ERROR;
  const int32_t pending = flush ? 0 : ucnv_toUCountPending(im.cnv, &pending_err);
  if (U_SUCCESS(pending_err) && pending > 0) {
    if (!restart_cut_) {
      carried_ = std::size_t(pending);
    } else if (std::size_t(pending) <= n) {
      pos_ = end - std::size_t(pending);
      ucnv_resetToUnicode(im.cnv);
    }
  }
  if (U_FAILURE(err)) {
    // Should not happen (the target is large enough); stop cleanly.
    pos_ = bytes_.size();
  }

  // A UTF-16 unit gives at most three UTF-8 bytes, a surrogate pair four,
  // and every unit comes from at least one source byte (two for a pair).
  const UChar* units = reinterpret_cast<const UChar*>(im.units.data());
  const int32_t* from = im.offsets.data();
  const auto& bad = im.log.errors;
  std::size_t next_error = 0;
  std::uint64_t last_offset = base;
  std::size_t i = 0;
  if (carried > 0 && produced > 0 && base >= carried) {
    im.offsets[0] = -1;  // its offset is set below, from last_offset
    last_offset = base - carried;
  }
  while (i < produced) {
    // ASCII: never a substitution (those are U+FFFD); its offset, as any
    // unit's, is the previous one's where ICU gives none (-1).
    for (; i < produced && units[i] < 0x80; ++i) {
      const std::uint64_t source = from[i] >= 0 ? base + std::uint64_t(from[i]) : last_offset;
      last_offset = source;
      *out.text++ = char(units[i]);
      *out.offset++ = std::uint32_t(source - out.origin);
    }
    if (i >= produced) break;
    const std::size_t unit = i;
    const int32_t off = from[unit];
    const std::uint64_t source = off >= 0 ? base + std::uint64_t(off) : last_offset;
    last_offset = source;
    const UChar u = units[i];
    // An invalid sequence is always a U+FFFD of the callback's.
    if (u == 0xFFFD) {
      while (next_error < bad.size() && bad[next_error].first < unit) ++next_error;
      if (next_error < bad.size() && bad[next_error].first == unit) {
        errors.push_back({produced_ + std::uint64_t(out.text - out.start), source, bad[next_error].second});
        ++next_error;
      }
    }
    if (!U16_IS_SURROGATE(u)) {  // the rest of the BMP: two or three bytes
      ++i;
      put_bmp(out, u, std::uint32_t(source - out.origin));
      continue;
    }
    UChar32 c;
    U16_NEXT(units, i, produced, c);
    if (U_IS_SURROGATE(c)) c = 0xFFFD;  // a lone surrogate
    int32_t len = 0;
    U8_APPEND_UNSAFE(out.text, len, c);
    out.text += len;
    for (int32_t k = 0; k < len; ++k) *out.offset++ = std::uint32_t(source - out.origin);
  }
}

}  // namespace xq::formats
