// Text encodings of record files: detection, and whole-string conversion
// to and from UTF-8 through ICU.
//
// Detection order: a byte-order mark; a NUL pattern (UTF-16 without BOM);
// valid UTF-8 (plain ASCII counts as UTF-8); otherwise the text is decoded
// both as GB18030 and as Big5 and the decoding that reads as Xiangqi text
// wins (Big5 bytes decode as GB18030 without error, into nonsense, so
// validity alone cannot tell them apart).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xq::formats {

// Names we report and pass to ICU.
inline constexpr std::string_view kUtf8 = "UTF-8";
inline constexpr std::string_view kUtf16Le = "UTF-16LE";
inline constexpr std::string_view kUtf16Be = "UTF-16BE";
inline constexpr std::string_view kGb18030 = "GB18030";
inline constexpr std::string_view kBig5 = "Big5";

struct EncodingGuess {
  std::string name;             // one of the names above
  std::size_t bom_length = 0;   // bytes of byte-order mark at the start (skip them)
  // Why: "bom", "nul-pattern", "ascii", "valid-utf8", "mostly-utf8",
  // "vocabulary", "default".
  std::string reason;
  // The vocabulary scores when the choice was between GB18030 and Big5.
  double gb_score = 0, big5_score = 0;
};

// Looks at up to `sample_limit` bytes (it samples the lines that hold
// non-ASCII bytes, so a long ASCII head does not hide the encoding). The
// reason "ascii" says that every byte it looked at is ASCII.
inline constexpr std::size_t kEncodingSampleLimit = std::size_t(8) << 20;
EncodingGuess detect_encoding(std::string_view bytes, std::size_t sample_limit = kEncodingSampleLimit);

// The encodings records are written in (PGN and DhtmlXQ; the other
// formats have a fixed one), parsed once where the user names them.
enum class OutputEncoding : std::uint8_t { Utf8, Gbk };
constexpr std::string_view encoding_name(OutputEncoding e) { return e == OutputEncoding::Gbk ? "GBK" : kUtf8; }

// Whether ICU knows the converter name (e.g. "GBK", "cp936", "big5").
bool encoding_known(std::string_view name);
// ICU's canonical name for an alias, or the name itself when unknown.
std::string canonical_encoding(std::string_view name);
// Whether the encoding is UTF-8 (any spelling).
bool is_utf8_name(std::string_view name);
// Whether a 0x0A byte is always a line feed of its own in the encoding,
// never part of another character (UTF-8, GB18030 and its subsets, Big5;
// not UTF-16): text in it can be cut after any line feed and each piece
// decoded alone.
bool line_feed_stands_alone(std::string_view name);

// A sequence of bytes that is not valid in the encoding.
struct BadBytes {
  std::uint64_t offset = 0;  // in the input
  std::string bytes;         // the raw bytes
};

// Decodes a whole (small) buffer to UTF-8; invalid bytes become U+FFFD and
// are listed in `bad` when given. Returns false only when ICU does not know
// the encoding.
bool to_utf8(std::string_view bytes, std::string_view encoding, std::string& out,
             std::vector<BadBytes>* bad = nullptr);
// The same, counting the invalid bytes' sequences instead of listing them.
bool to_utf8_counting(std::string_view bytes, std::string_view encoding, std::string& out, std::size_t& bad_count);

// Encodes UTF-8 text; characters the encoding cannot hold become the
// encoding's substitution byte(s) and are counted in `unmappable` (their
// UTF-8 text collected in `lost` when given). Returns false only when ICU
// does not know the encoding.
bool from_utf8(std::string_view text, std::string_view encoding, std::string& out,
               std::size_t* unmappable = nullptr, std::string* lost = nullptr);

// Whether the bytes are valid UTF-8 (no overlongs, no surrogates).
bool valid_utf8(std::string_view bytes);

// Escapes bytes for a message: valid UTF-8 kept, anything else as \xNN.
std::string escape_bytes(std::string_view bytes, std::size_t limit = 120);

}  // namespace xq::formats
