// Text-encoding detection and whole-buffer conversion, through ICU.
#include "xqrec/formats/encoding.h"

#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cstring>
#include <memory>

namespace xq::formats {

namespace {

struct ConverterCloser {
  void operator()(UConverter* c) const { ucnv_close(c); }
};
using ConverterPtr = std::unique_ptr<UConverter, ConverterCloser>;

ConverterPtr open_converter(std::string_view name) {
  UErrorCode err = U_ZERO_ERROR;
  ConverterPtr c(ucnv_open(std::string(name).c_str(), &err));
  if (U_FAILURE(err)) return nullptr;
  return c;
}

// ---------------------------------------------------------------------------
// UTF-8 validation with counts.

struct Utf8Counts {
  std::size_t valid_multibyte = 0;
  std::size_t invalid = 0;
};

// Length of the valid UTF-8 sequence at s[0], or 0 when invalid.
std::size_t utf8_sequence(const unsigned char* s, std::size_t n) {
  const unsigned char c = s[0];
  if (c < 0x80) return 1;
  auto cont = [&](std::size_t i) { return i < n && (s[i] & 0xC0) == 0x80; };
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (n < 3 || !cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && s[1] < 0xA0) return 0;   // overlong
    if (c == 0xED && s[1] >= 0xA0) return 0;  // surrogate
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (n < 4 || !cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && s[1] < 0x90) return 0;
    if (c == 0xF4 && s[1] >= 0x90) return 0;
    return 4;
  }
  return 0;
}

Utf8Counts count_utf8(std::string_view bytes) {
  Utf8Counts counts;
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  std::size_t i = 0;
  while (i < n) {
    if (s[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = utf8_sequence(s + i, n - i);
    if (len == 0) {
      ++counts.invalid;
      ++i;
    } else {
      ++counts.valid_multibyte;
      i += len;
    }
  }
  return counts;
}

// ---------------------------------------------------------------------------
// Decoding with an error callback that always substitutes U+FFFD and
// remembers where (as an index into the UTF-16 output).

struct ErrorLog {
  const UChar* target_start = nullptr;
  bool keep = true;       // the errors listed; else only counted
  std::size_t count = 0;  // invalid sequences met
  std::vector<std::pair<std::size_t, std::string>> errors;  // output index, raw bytes
};

void record_to_u_error(const void* context, UConverterToUnicodeArgs* args, const char* code_units,
                       int32_t length, UConverterCallbackReason reason, UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;  // reset, close, clone
  auto* log = static_cast<ErrorLog*>(const_cast<void*>(context));
  if (log) ++log->count;
  if (log && log->keep && log->target_start)
    log->errors.emplace_back(std::size_t(args->target - log->target_start),
                             std::string(code_units, std::size_t(std::max(length, 0))));
  *err = U_ZERO_ERROR;
  const UChar sub = 0xFFFD;
  ucnv_cbToUWriteUChars(args, &sub, 1, 0, err);
}

// Decodes all of `bytes` into UTF-16; offsets[i] is the source offset of unit i.
bool decode_utf16(std::string_view bytes, std::string_view encoding, std::u16string& out,
                  std::vector<int32_t>* offsets, ErrorLog* log) {
  ConverterPtr cnv = open_converter(encoding);
  if (!cnv) return false;
  UErrorCode err = U_ZERO_ERROR;
  ErrorLog local;
  local.keep = false;
  ErrorLog* use = log ? log : &local;
  ucnv_setToUCallBack(cnv.get(), record_to_u_error, use, nullptr, nullptr, &err);
  out.assign(bytes.size() + 16, u'\0');
  if (offsets) offsets->assign(bytes.size() + 16, -1);
  const char* src = bytes.data();
  UChar* target = reinterpret_cast<UChar*>(out.data());
  use->target_start = target;
  ucnv_toUnicode(cnv.get(), &target, target + out.size(), &src, bytes.data() + bytes.size(),
                 offsets ? offsets->data() : nullptr, true, &err);
  use->target_start = nullptr;
  const std::size_t produced = std::size_t(target - reinterpret_cast<UChar*>(out.data()));
  out.resize(produced);
  if (offsets) offsets->resize(produced);
  return !U_FAILURE(err);
}

// ---------------------------------------------------------------------------
// Scoring a decoding as Xiangqi text.

// Record vocabulary in both character sets: pieces, directions, numerals,
// results and the words of event names.
constexpr std::string_view kVocabulary =
    "车車马馬傌炮砲包帅帥将將仕士相象兵卒进進退平前后後中"
    "一二三四五六七八九１２３４５６７８９"
    "红紅黑胜勝负負和先对對局赛賽杯盃届屆棋象队隊国國级級全杀殺着著变變";

// Frequent characters of ordinary text, simplified and traditional.
constexpr std::string_view kCommon =
    "的是不了在人有我他这這个個们們来來上大为為地到以说說时時要就出会會可也你生能而子那得于於下自之年过過发發作里裡用道行所然家种種"
    "事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還好小部其些主样樣理心本开開但因只从從想实實日月"
    "方北京广廣东東南西市省湖州山江海台臺湾灣香港澳杭沪滬川黄黃陈陳张張李王刘劉杨楊赵趙吴吳许許吕呂徐胡郑鄭谢謝"
    "赛賽杯盃届屆年月日甲乙丙级級决決冠军軍季预預选選第轮輪场場台手队隊团團体體男女子组組";

// Characters that real record text rarely holds but mis-decoded text does.
bool unlikely_char(UChar32 c) {
  return (c >= 0x3040 && c <= 0x30FF)      // kana
         || (c >= 0x0370 && c <= 0x052F)   // Greek, Cyrillic
         || (c >= 0x2500 && c <= 0x257F)   // box drawing
         || (c >= 0x3100 && c <= 0x312F)   // bopomofo
         || (c >= 0xE000 && c <= 0xF8FF)   // private use
         || (c >= 0x3400 && c <= 0x4DBF)   // CJK extension A
         || c == 0xFFFD;
}

// Membership by bit over the Basic Multilingual Plane, where all of the
// vocabulary lies: a lookup per decoded character costs a shift and a mask.
struct Vocabulary {
  std::bitset<0x10000> xiangqi, common;
  Vocabulary() {
    fill(kVocabulary, xiangqi);
    fill(kCommon, common);
  }
  static void fill(std::string_view text, std::bitset<0x10000>& set) {
    int32_t i = 0;
    const int32_t n = int32_t(text.size());
    while (i < n) {
      UChar32 c;
      U8_NEXT(text.data(), i, n, c);
      if (c > 0 && c < 0x10000) set.set(std::size_t(c));
    }
  }
  static bool has(const std::bitset<0x10000>& set, UChar32 c) { return c < 0x10000 && set.test(std::size_t(c)); }
};

const Vocabulary& vocabulary() {
  static const Vocabulary v;
  return v;
}

double score_decoding(std::string_view sample, std::string_view encoding) {
  std::u16string text;
  ErrorLog log;
  if (!decode_utf16(sample, encoding, text, nullptr, &log)) return -1e9;
  const Vocabulary& v = vocabulary();
  double score = 0;
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    UChar32 c;
    U16_NEXT(text.data(), i, n, c);
    if (c < 0x80) continue;
    if (Vocabulary::has(v.xiangqi, c)) score += 4;
    else if (Vocabulary::has(v.common, c)) score += 1;
    else if (unlikely_char(c)) score -= 2;
  }
  score -= 4.0 * double(log.errors.size());
  return score;
}

// The lines of `bytes` (within `limit`) that hold non-ASCII bytes, up to
// `want` bytes of them.
std::string non_ascii_lines(std::string_view bytes, std::size_t limit, std::size_t want) {
  std::string sample;
  const std::size_t n = std::min(bytes.size(), limit);
  const char* d = bytes.data();
  std::size_t i = 0;
  while (i < n && sample.size() < want) {
    // Skip ASCII eight bytes at a time (movetext lines are short, so the
    // scan must not stop at each line feed).
    for (std::uint64_t w; i + 8 <= n; i += 8) {
      std::memcpy(&w, d + i, 8);
      if (w & 0x8080808080808080ull) break;
    }
    while (i < n && static_cast<unsigned char>(d[i]) < 0x80) ++i;
    if (i >= n) break;
    // A byte above ASCII: its whole line goes into the sample.
    std::size_t start = i;
    while (start > 0 && d[start - 1] != '\n') --start;
    const void* nl = std::memchr(d + i, '\n', n - i);
    const std::size_t end = nl ? std::size_t(static_cast<const char*>(nl) - d) + 1 : n;
    sample.append(d + start, end - start);
    i = end;
  }
  return sample;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

std::string lower_alnum(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c >= 'A' && c <= 'Z') out += char(c - 'A' + 'a');
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out += c;
  }
  return out;
}

}  // namespace

bool is_utf8_name(std::string_view name) { return lower_alnum(name) == "utf8"; }

// Their trail bytes are 0x30 and above (GB18030's four-byte form) or 0x40
// and above (GBK, Big5), and UTF-8's are 0x80 and above.
bool line_feed_stands_alone(std::string_view name) {
  const std::string key = lower_alnum(name);
  return key == "utf8" || key == "gb18030" || key == "gbk" || key == "cp936" || key == "gb2312" || key == "euccn" ||
         key == "big5" || key == "cp950";
}

bool encoding_known(std::string_view name) { return open_converter(name) != nullptr; }

std::string canonical_encoding(std::string_view name) {
  const std::string key = lower_alnum(name);
  if (key == "utf8") return std::string(kUtf8);
  if (key == "utf16le") return std::string(kUtf16Le);
  if (key == "utf16be") return std::string(kUtf16Be);
  if (key == "gb18030" || key == "gbk" || key == "cp936" || key == "gb2312" || key == "euccn")
    return key == "gb18030" ? std::string(kGb18030) : std::string(name);
  if (key == "big5" || key == "cp950") return key == "big5" ? std::string(kBig5) : std::string(name);
  return std::string(name);
}

namespace {

// UTF-8 well-formedness as a state machine over byte classes, following the
// table of well-formed byte sequences in the Unicode standard (3.9, table
// 3-7): one table lookup per byte and no branch on the byte's value, which
// matters for Chinese text where nearly every byte is part of a character.
enum Utf8Class : std::uint8_t {
  kAscii,     // 00..7F
  kCont80,    // 80..8F
  kCont90,    // 90..9F
  kContA0,    // A0..BF
  kLead2,     // C2..DF
  kLeadE0,    // E0: second byte A0..BF (no overlong)
  kLead3,     // E1..EC, EE..EF
  kLeadED,    // ED: second byte 80..9F (no surrogate)
  kLeadF0,    // F0: second byte 90..BF
  kLead4,     // F1..F3
  kLeadF4,    // F4: second byte 80..8F (up to U+10FFFF)
  kBad,       // C0, C1, F5..FF
  kClasses
};
enum Utf8State : std::uint8_t { kAccept, kReject, kNeed1, kNeed2, kNeed3, kAfterE0, kAfterED, kAfterF0, kAfterF4, kStates };

// The states are stored premultiplied by kClasses, so that one addition
// indexes the flat transition table: next[state + cls[byte]].
struct Utf8Machine {
  std::array<std::uint8_t, 256> cls{};
  std::array<std::uint8_t, int(kStates) * int(kClasses)> next{};
  static constexpr std::uint8_t at(Utf8State s) { return std::uint8_t(int(s) * int(kClasses)); }
};

constexpr Utf8Machine make_utf8_machine() {
  Utf8Machine m{};
  for (int b = 0; b < 256; ++b) {
    Utf8Class c = kBad;
    if (b < 0x80) c = kAscii;
    else if (b < 0x90) c = kCont80;
    else if (b < 0xA0) c = kCont90;
    else if (b < 0xC0) c = kContA0;
    else if (b >= 0xC2 && b <= 0xDF) c = kLead2;
    else if (b == 0xE0) c = kLeadE0;
    else if (b == 0xED) c = kLeadED;
    else if (b >= 0xE1 && b <= 0xEF) c = kLead3;
    else if (b == 0xF0) c = kLeadF0;
    else if (b >= 0xF1 && b <= 0xF3) c = kLead4;
    else if (b == 0xF4) c = kLeadF4;
    m.cls[std::size_t(b)] = c;
  }
  const auto go = [&m](Utf8State from, Utf8Class c, Utf8State to) { m.next[std::size_t(int(from) * int(kClasses) + int(c))] = Utf8Machine::at(to); };
  for (int st = 0; st < kStates; ++st)
    for (int c = 0; c < kClasses; ++c) go(Utf8State(st), Utf8Class(c), kReject);
  go(kAccept, kAscii, kAccept);
  go(kAccept, kLead2, kNeed1);
  go(kAccept, kLeadE0, kAfterE0);
  go(kAccept, kLead3, kNeed2);
  go(kAccept, kLeadED, kAfterED);
  go(kAccept, kLeadF0, kAfterF0);
  go(kAccept, kLead4, kNeed3);
  go(kAccept, kLeadF4, kAfterF4);
  for (Utf8Class c : {kCont80, kCont90, kContA0}) {
    go(kNeed1, c, kAccept);
    go(kNeed2, c, kNeed1);
    go(kNeed3, c, kNeed2);
  }
  go(kAfterE0, kContA0, kNeed1);
  go(kAfterED, kCont80, kNeed1);
  go(kAfterED, kCont90, kNeed1);
  go(kAfterF0, kCont90, kNeed2);
  go(kAfterF0, kContA0, kNeed2);
  go(kAfterF4, kCont80, kNeed2);
  return m;
}

constexpr Utf8Machine kUtf8Machine = make_utf8_machine();

}  // namespace

bool valid_utf8(std::string_view bytes) {
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  const auto& m = kUtf8Machine;
  constexpr std::uint8_t accept = Utf8Machine::at(kAccept), reject = Utf8Machine::at(kReject);
  std::uint8_t state = accept;
  std::size_t i = 0;
  while (i < n) {
    // Between characters, eight ASCII bytes at a time.
    if (state == accept) {
      while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        if (w & 0x8080808080808080ull) break;
        i += 8;
      }
    }
    // Then a block byte by byte, looking for a rejection once per block.
    const std::size_t stop = std::min(n, i + 64);
    const auto step = [&](unsigned char b) { state = m.next[std::size_t(state + m.cls[b])]; };
    for (; i + 4 <= stop; i += 4) {
      step(s[i]);
      step(s[i + 1]);
      step(s[i + 2]);
      step(s[i + 3]);
    }
    for (; i < stop; ++i) step(s[i]);
    if (state == reject) return false;
  }
  return state == accept;
}

EncodingGuess detect_encoding(std::string_view bytes, std::size_t sample_limit) {
  EncodingGuess g;
  if (starts_with(bytes, "\xEF\xBB\xBF")) return {std::string(kUtf8), 3, "bom"};
  if (starts_with(bytes, "\xFF\xFE")) return {std::string(kUtf16Le), 2, "bom"};
  if (starts_with(bytes, "\xFE\xFF")) return {std::string(kUtf16Be), 2, "bom"};
  if (starts_with(bytes, "\x84\x31\x95\x33")) return {std::string(kGb18030), 4, "bom"};

  // UTF-16 without a BOM: ASCII characters leave NUL bytes on one side.
  {
    const std::size_t n = std::min<std::size_t>(bytes.size(), 4096) & ~std::size_t(1);
    std::size_t even = 0, odd = 0;
    for (std::size_t i = 0; i < n; i += 2) {
      even += bytes[i] == '\0';
      odd += bytes[i + 1] == '\0';
    }
    const std::size_t pairs = n / 2;
    if (pairs >= 2) {
      if (odd * 4 >= pairs && odd > 4 * even) return {std::string(kUtf16Le), 0, "nul-pattern"};
      if (even * 4 >= pairs && even > 4 * odd) return {std::string(kUtf16Be), 0, "nul-pattern"};
    }
  }

  const std::string sample = non_ascii_lines(bytes, sample_limit, 64 * 1024);
  if (sample.empty()) return {std::string(kUtf8), 0, "ascii"};
  const Utf8Counts u = count_utf8(sample);
  if (u.invalid == 0) return {std::string(kUtf8), 0, "valid-utf8"};
  if (u.valid_multibyte >= 8 * u.invalid) return {std::string(kUtf8), 0, "mostly-utf8"};

  g.gb_score = score_decoding(sample, kGb18030);
  g.big5_score = score_decoding(sample, kBig5);
  if (g.big5_score > g.gb_score) {
    g.name = std::string(kBig5);
    g.reason = "vocabulary";
  } else {
    g.name = std::string(kGb18030);
    g.reason = g.gb_score > 0 ? "vocabulary" : "default";
  }
  return g;
}

namespace {

// to_utf8 listing the invalid sequences in `bad` when given, counting them
// in `bad_count` when given: a caller that only asks whether there were any
// does not hold one entry per sequence of the whole text.
bool to_utf8_noting(std::string_view bytes, std::string_view encoding, std::string& out, std::vector<BadBytes>* bad,
                    std::size_t* bad_count) {
  out.clear();
  if (bad_count) *bad_count = 0;
  if (is_utf8_name(encoding) && valid_utf8(bytes)) {
    out.assign(bytes);
    return true;
  }
  std::u16string text;
  std::vector<int32_t> offsets;
  ErrorLog log;
  log.keep = bad != nullptr;
  if (!decode_utf16(bytes, encoding, text, bad ? &offsets : nullptr, &log)) {
    if (!encoding_known(encoding)) return false;
  }
  if (bad_count) *bad_count = log.count;
  if (bad) {
    for (const auto& [index, raw] : log.errors) {
      BadBytes b;
      b.offset = index < offsets.size() && offsets[index] >= 0 ? std::uint64_t(offsets[index]) : 0;
      b.bytes = raw;
      bad->push_back(std::move(b));
    }
  }
  out.reserve(text.size() * 3 / 2);
  std::size_t i = 0;
  const std::size_t n = text.size();
  while (i < n) {
    UChar32 c;
    U16_NEXT(text.data(), i, n, c);
    if (U_IS_SURROGATE(c)) c = 0xFFFD;
    char buf[4];
    int32_t len = 0;
    U8_APPEND_UNSAFE(buf, len, c);
    out.append(buf, std::size_t(len));
  }
  return true;
}

}  // namespace

bool to_utf8(std::string_view bytes, std::string_view encoding, std::string& out, std::vector<BadBytes>* bad) {
  return to_utf8_noting(bytes, encoding, out, bad, nullptr);
}

bool to_utf8_counting(std::string_view bytes, std::string_view encoding, std::string& out, std::size_t& bad_count) {
  return to_utf8_noting(bytes, encoding, out, nullptr, &bad_count);
}

namespace {

struct FromULog {
  std::size_t count = 0;
  std::string* lost = nullptr;
};

void record_from_u_error(const void* context, UConverterFromUnicodeArgs* args, const UChar* code_units,
                         int32_t length, UChar32 code_point, UConverterCallbackReason reason, UErrorCode* err) {
  if (reason > UCNV_IRREGULAR) return;
  auto* log = static_cast<FromULog*>(const_cast<void*>(context));
  ++log->count;
  if (log->lost) {
    char buf[4];
    int32_t len = 0;
    UChar32 c = U_IS_SURROGATE(code_point) ? 0xFFFD : code_point;
    U8_APPEND_UNSAFE(buf, len, c);
    log->lost->append(buf, std::size_t(len));
  }
  UCNV_FROM_U_CALLBACK_SUBSTITUTE(nullptr, args, code_units, length, code_point, reason, err);
}

}  // namespace

bool from_utf8(std::string_view text, std::string_view encoding, std::string& out, std::size_t* unmappable,
               std::string* lost) {
  out.clear();
  if (unmappable) *unmappable = 0;
  if (is_utf8_name(encoding)) {
    out.assign(text);
    return true;
  }
  ConverterPtr cnv = open_converter(encoding);
  if (!cnv) return false;
  // UTF-8 -> UTF-16 through ICU (invalid input becomes U+FFFD).
  std::u16string u16(text.size() + 1, u'\0');
  int32_t u16_len = 0;
  UErrorCode err = U_ZERO_ERROR;
  u_strFromUTF8WithSub(reinterpret_cast<UChar*>(u16.data()), int32_t(u16.size()), &u16_len, text.data(),
                       int32_t(text.size()), 0xFFFD, nullptr, &err);
  if (U_FAILURE(err)) return false;
  u16.resize(std::size_t(u16_len));
  FromULog log;
  log.lost = lost;
  ucnv_setFromUCallBack(cnv.get(), record_from_u_error, &log, nullptr, nullptr, &err);
  out.resize(std::size_t(UCNV_GET_MAX_BYTES_FOR_STRING(u16_len, ucnv_getMaxCharSize(cnv.get()))) + 16);
  char* target = out.data();
  const UChar* src = reinterpret_cast<const UChar*>(u16.data());
  ucnv_fromUnicode(cnv.get(), &target, out.data() + out.size(), &src, src + u16.size(), nullptr, true, &err);
  out.resize(std::size_t(target - out.data()));
  if (unmappable) *unmappable = log.count;
  return !U_FAILURE(err);
}

std::string escape_bytes(std::string_view bytes, std::size_t limit) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  const auto* s = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  std::size_t i = 0;
  while (i < n && out.size() < limit) {
    const unsigned char c = s[i];
    if (c >= 0x20 && c < 0x7F) {
      out += char(c);
      ++i;
      continue;
    }
    const std::size_t len = c >= 0x80 ? utf8_sequence(s + i, n - i) : 0;
    if (len > 1) {
      out.append(bytes.substr(i, len));
      i += len;
      continue;
    }
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
    ++i;
  }
  if (i < n) out += "...";
  return out;
}

}  // namespace xq::formats
