// The chunked decoder: UTF-8 text with, for every byte of it, the offset of
// the source byte it came from; invalid sequences as U+FFFD with their
// bytes; the same result whatever the chunk size.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "text/double_byte_table.h"
#include "xqrec/formats/text_decoder.h"

using namespace xq::formats;

namespace {

struct Decoded {
  std::string text;
  std::vector<std::uint64_t> offsets;
  std::vector<DecodeError> errors;
};

Decoded decode_all(std::string_view bytes, const char* encoding, std::size_t chunk = 1 << 18, bool by_table = true) {
  ChunkDecoder d(bytes, encoding, 0, by_table);
  REQUIRE(d.ok());
  Decoded out;
  DecodedUtf8 text;
  SourceOffsets offsets;
  while (!d.done()) d.decode(chunk, text, offsets, 0, out.errors);
  out.text.assign(text.begin(), text.end());
  out.offsets.assign(offsets.begin(), offsets.end());
  return out;
}

// The same text, offsets and errors (their offsets, places and bytes).
void check_same(const Decoded& got, const Decoded& want) {
  CHECK(got.text == want.text);
  CHECK(got.offsets == want.offsets);
  REQUIRE(got.errors.size() == want.errors.size());
  for (std::size_t k = 0; k < want.errors.size(); ++k) {
    CHECK(got.errors[k].offset == want.errors[k].offset);
    CHECK(got.errors[k].text_index == want.errors[k].text_index);
    CHECK(got.errors[k].bytes == want.errors[k].bytes);
  }
}

}  // namespace

TEST_CASE("decoder: GBK to UTF-8, one source offset per text byte", "[formats][decoder]") {
  // "a", 你 (C4 E3), "b": 你 is three UTF-8 bytes from source offset 1.
  const Decoded d = decode_all("a\xc4\xe3" "b", "GBK");
  CHECK(d.text == "a\xe4\xbd\xa0" "b");
  CHECK(d.offsets == std::vector<std::uint64_t>{0, 1, 1, 1, 3});
  CHECK(d.errors.empty());
  // A two-byte UTF-8 character: ° (A1 E3 in GBK, U+00B0).
  const Decoded deg = decode_all("\xa1\xe3x", "GBK");
  CHECK(deg.text == "\xc2\xb0x");
  CHECK(deg.offsets == std::vector<std::uint64_t>{0, 0, 2});
}

TEST_CASE("decoder: an invalid sequence is U+FFFD with its bytes and offset", "[formats][decoder]") {
  // 81 is a lead byte; a space cannot follow it (FF, by contrast, is
  // windows-936's U+F8F5, not an error).
  const Decoded d = decode_all("ab\x81 c", "GBK");
  CHECK(d.text == "ab\xef\xbf\xbd c");
  CHECK(d.offsets == std::vector<std::uint64_t>{0, 1, 2, 2, 2, 3, 4});
  REQUIRE(d.errors.size() == 1);
  CHECK(d.errors[0].offset == 2);
  CHECK(d.errors[0].text_index == 2);
  CHECK(d.errors[0].bytes == "\x81");
}

TEST_CASE("decoder: UTF-16 surrogate pairs are four bytes, a lone surrogate U+FFFD", "[formats][decoder]") {
  // "a" then U+1F600 (D83D DE00), little-endian.
  const std::string pair("a\0\x3d\xd8\x00\xde", 6);
  const Decoded d = decode_all(pair, "UTF-16LE");
  CHECK(d.text == "a\xf0\x9f\x98\x80");
  CHECK(d.offsets == std::vector<std::uint64_t>{0, 2, 2, 2, 2});
  const std::string lone("\x3d\xd8" "b\0", 4);
  const Decoded l = decode_all(lone, "UTF-16LE");
  CHECK(l.text.substr(0, 3) == "\xef\xbf\xbd");
  CHECK(l.text.back() == 'b');
}

TEST_CASE("decoder: the result does not depend on the chunk size", "[formats][decoder]") {
  std::string gbk;
  for (int i = 0; i < 500; ++i) gbk += "1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 x\x81 \n";  // 1. 炮二平五 x, an invalid sequence
  const Decoded whole = decode_all(gbk, "GBK");
  for (const std::size_t chunk : {64, 100, 1000}) {
    check_same(decode_all(gbk, "GBK", chunk), whole);
  }
  CHECK(whole.errors.size() == 500);
  CHECK(whole.offsets.size() == whole.text.size());

  // One line longer than the chunk: the cut falls inside it, between the
  // two bytes of a character or not, wherever the chunk ends.
  std::string line;
  for (int i = 0; i < 300; ++i) line += i % 7 ? "\xc5\xda" : "a";  // 炮 and an odd ASCII byte now and then
  line += "\n";
  const Decoded one = decode_all(line, "GBK");
  for (const std::size_t chunk : {64, 65, 99, 128}) {
    const Decoded cut = decode_all(line, "GBK", chunk);
    CHECK(cut.text == one.text);
    CHECK(cut.offsets == one.offsets);
    CHECK(cut.errors.empty());
  }
}

TEST_CASE("decoder: the table of a double-byte encoding decodes as the converter does", "[formats][decoder]") {
  // Random text of the pieces that meet at the table's edges: ASCII (line
  // feeds among it, where chunks are cut), pairs valid or not, a lead byte
  // before ASCII, single bytes above 0x7F, GB18030's four-byte sequences;
  // every byte through the converter in one chunk is the reference, at
  // chunk sizes that cut pairs and sequences anywhere (a GB18030 sequence
  // cut after its third byte, invalid when the fourth came, gave the
  // characters after it wrong offsets before chunks stopped carrying cut
  // characters over in the converter).
  std::mt19937 rng(20261206);
  const auto byte = [&](int lo, int hi) { return char(std::uniform_int_distribution<int>(lo, hi)(rng)); };
  // UTF-16LE has no table: there the chunks alone are tested.
  for (const char* encoding : {"GBK", "GB18030", "Big5", "EUC-CN", "UTF-16LE"}) {
    for (int round = 0; round < 20; ++round) {
      std::string bytes;
      while (bytes.size() < 3000) {
        switch (std::uniform_int_distribution<int>(0, 9)(rng)) {
          case 0: bytes += '\n'; break;
          case 1: bytes += byte(0x20, 0x7E); break;
          case 2: bytes += {byte(0x81, 0xFE), byte(0x20, 0x7E)}; break;                          // a lead, then ASCII
          case 3: bytes += byte(0x80, 0xFF); break;                                                // a lone high byte
          case 4: bytes += {byte(0x81, 0x84), byte(0x30, 0x39), byte(0x81, 0xFE), byte(0x30, 0x39)}; break;  // four bytes
          default: bytes += {byte(0x81, 0xFE), byte(0x40, 0xFE)};                                 // a pair, mostly valid
        }
      }
      const Decoded reference = decode_all(bytes, encoding, 1 << 18, false);
      for (const std::size_t chunk : {std::size_t(64), std::size_t(97), std::size_t(1000), std::size_t(1) << 18}) {
        INFO(encoding << ", round " << round << ", chunk " << chunk);
        check_same(decode_all(bytes, encoding, chunk), reference);
      }
    }
  }
  // The reference is the converter's own: a common GBK pair through both.
  CHECK(decode_all("\xc5\xda", "GBK", 64, false).text == "\xe7\x82\xae");  // 炮
  CHECK(decode_all("\xc5\xda", "GBK").text == "\xe7\x82\xae");
}

TEST_CASE("decoder: every pair and every ASCII byte before any byte decode by the table as by the converter",
          "[formats][decoder]") {
  // Each of the 65,536 two-byte words, followed by a line feed: a lead
  // byte 0x80..0xFF with every trail (the table's pairs, and those it
  // leaves to the converter), and every byte below 0x80 with every byte
  // after it (the table's word for an ASCII first byte). The table holds
  // what ICU answered for each pair alone: the converter reads the same.
  std::string bytes;
  for (int lead = 0; lead < 0x100; ++lead)
    for (int trail = 0; trail < 0x100; ++trail) bytes += {char(lead), char(trail), '\n'};
  for (const char* encoding : {"GBK", "GB18030", "Big5", "EUC-CN"}) {
    INFO(encoding);
    const Decoded reference = decode_all(bytes, encoding, 1 << 18, false);
    check_same(decode_all(bytes, encoding), reference);
    check_same(decode_all(bytes, encoding, 1000), reference);
  }
  // The table is there and holds the pairs (else the decoder above read
  // every byte through the converter): an ASCII first byte is told by its
  // word whatever follows; 炮 is GBK's C5 DA.
  const DoubleByteTable* gbk = DoubleByteTable::of("GBK");
  REQUIRE(gbk != nullptr);
  std::size_t pairs = 0, ascii = 0;
  for (std::uint32_t w = 0; w < 0x10000; ++w) {
    const std::uint32_t utf8 = gbk->pair_word(std::uint16_t(w));
    if ((w & 0x80) == 0) ascii += utf8 == DoubleByteTable::kAsciiFirst;
    else pairs += utf8 != 0 && std::int32_t(utf8) > 0;
  }
  CHECK(ascii == 0x8000);
  CHECK(pairs > 20000);
  CHECK(gbk->pair_word(0xDAC5) == (0x03000000u | 0xAE82E7u));
}

namespace {

// UTF-7 of a run of U+4E2D (中): its UTF-16BE bytes in base64 between + and -.
std::string utf7_run(std::size_t count) {
  static const char* b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string raw;
  for (std::size_t i = 0; i < count; ++i) raw += "\x4e\x2d";
  std::string out = "+";
  for (std::size_t i = 0; i < raw.size(); i += 3) {
    const auto at = [&](std::size_t k) { return k < raw.size() ? static_cast<unsigned char>(raw[k]) : 0u; };
    const unsigned v = at(i) << 16 | at(i + 1) << 8 | at(i + 2);
    const std::size_t chars = raw.size() - i >= 3 ? 4 : raw.size() - i + 1;
    for (std::size_t c = 0; c < chars; ++c) out += b64[v >> (18 - 6 * c) & 63];
  }
  return out + "-";
}

std::size_t count_of(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("decoder: runs of ASCII of any length decode by the table as by the converter", "[formats][decoder]") {
  // The table reads ASCII eight bytes at a time: runs of 1 to 20 bytes,
  // between pairs, invalid bytes and line feeds, at chunk sizes that end
  // the chunk anywhere in a run.
  std::string bytes;
  for (int round = 0; round < 3; ++round) {
    for (int run = 1; run <= 20; ++run) {
      for (int i = 0; i < run; ++i) bytes += char('a' + (i + round) % 26);
      bytes += round == 1 ? "\x81 " : "\xc5\xda";  // a lead byte before a blank (invalid), or 炮
      if (run % 6 == 0) bytes += '\n';
    }
  }
  const Decoded reference = decode_all(bytes, "GBK", 1 << 18, false);
  for (const std::size_t chunk : {std::size_t(64), std::size_t(67), std::size_t(70), std::size_t(1) << 18}) {
    INFO("chunk " << chunk);
    check_same(decode_all(bytes, "GBK", chunk), reference);
  }
  CHECK(reference.errors.size() == 20);
}

TEST_CASE("decoder: the table's last byte of a text decodes as the converter does", "[formats][decoder]") {
  // The table reads two bytes at a time and the text's last byte alone:
  // texts of 0 to 3 bytes and longer ones ending in ASCII, in a lead byte,
  // in a byte no character starts with (0x80, 0xFF), in a whole pair, each
  // after a pair, after ASCII and after a lone high byte.
  const std::vector<std::string> ends = {"", "a", "\n", "\x80", "\x81", "\xff", "\xc5\xda", "a\x80", "\xc5", "\x7f"};
  const std::vector<std::string> befores = {"", "b", "\xc5\xda", "\x80", "xyz\xb1\xf8", "\xc5\xda" "abcdefghij"};
  for (const char* encoding : {"GBK", "GB18030", "Big5"}) {
    for (const std::string& before : befores) {
      for (const std::string& end : ends) {
        const std::string bytes = before + end;
        const Decoded reference = decode_all(bytes, encoding, 1 << 18, false);
        INFO(encoding << ", " << bytes.size() << " bytes");
        check_same(decode_all(bytes, encoding), reference);
      }
    }
  }
}

TEST_CASE("decoder: a stateful encoding keeps its mode across a cut character", "[formats][decoder]") {
  // Long runs without a line feed, so that chunks end inside a character
  // or a shifted run: a converter that carries state (UTF-16 after its
  // byte-order mark, UTF-7's base64, ISO-2022's shift) must not be reset
  // there (it was, for one version: the rest came out as garbage).
  const std::string zhong = "\xe4\xb8\xad";  // 中 in UTF-8
  std::string utf16 = "\xff\xfe";             // little-endian, told by the mark
  for (int i = 0; i < 3000; ++i) utf16 += i % 5 ? std::string("\x2d\x4e", 2) : std::string("\x3d\xd8\x00\xde", 4);
  std::string utf7 = "a " + utf7_run(2000) + " b " + utf7_run(1500) + " c";
  std::string jis = "x\x1b$B";
  for (int i = 0; i < 2500; ++i) jis += "Cf";  // 中 in JIS X 0208
  jis += "\x1b(By";
  const struct {
    const char* encoding;
    const std::string& bytes;
    std::size_t zhong;
  } cases[] = {{"UTF-16", utf16, 2400}, {"UTF-7", utf7, 3500}, {"ISO-2022-JP", jis, 2500}};
  for (const auto& c : cases) {
    const Decoded whole = decode_all(c.bytes, c.encoding);
    CHECK(count_of(whole.text, zhong) == c.zhong);
    CHECK(whole.errors.empty());
    for (const std::size_t chunk : {64, 97, 1000}) {
      INFO(c.encoding << ", chunk " << chunk);
      const Decoded parts = decode_all(c.bytes, c.encoding, chunk);
      CHECK(parts.text == whole.text);
      CHECK(parts.errors.size() == whole.errors.size());
    }
  }
}

TEST_CASE("decoder: offsets count from the origin each chunk is given", "[formats][decoder]") {
  // Each chunk's offsets from its own origin, its position() (where a
  // character a stateful converter carries over a chunk's end began),
  // are the offsets from 0 less the origin: a carried character's too,
  // which lies before the chunk it comes out of.
  const std::string zhong_utf16("\xff\xfe" "a\0\x2d\x4e\x3d\xd8\x00\xde\n\0", 12);
  std::string utf16, jis = "x", hz = "y", gbk;
  for (int i = 0; i < 400; ++i) {
    utf16 += i == 0 ? zhong_utf16 : zhong_utf16.substr(2);
    jis += "\x1b$BCf\x1b(B a\xff ";                     // 中 in JIS X 0208, an invalid byte
    hz += "~{VP~} b~x ";                                 // 中 in HZ, an invalid escape
    gbk += "1. \xc5\xda\xb6\xfe x\x81 \x81\x30\x81\x30\n";  // 炮二, an invalid byte, a four-byte sequence
  }
  const struct {
    const char* encoding;
    const std::string& bytes;
  } cases[] = {{"UTF-16", utf16}, {"ISO-2022-JP", jis}, {"HZ", hz}, {"GB18030", gbk}, {"UTF-7", utf7_run(3000)}};
  for (const auto& c : cases) {
    for (const std::size_t chunk : {64, 65, 97, 1000}) {
      INFO(c.encoding << ", chunk " << chunk);
      const Decoded from_zero = decode_all(c.bytes, c.encoding, chunk);
      ChunkDecoder d(c.bytes, c.encoding);
      REQUIRE(d.ok());
      DecodedUtf8 text;
      SourceOffsets offsets;
      std::vector<DecodeError> errors;
      std::vector<std::uint64_t> whole;
      while (!d.done()) {
        const std::uint64_t origin = d.position();
        const std::uint64_t reach = d.reach(chunk);
        const std::size_t before = offsets.size();
        d.decode(chunk, text, offsets, origin, errors);
        for (std::size_t k = before; k < offsets.size(); ++k) {
          REQUIRE(origin + offsets[k] < reach);
          whole.push_back(origin + offsets[k]);
        }
      }
      CHECK(std::string(text.begin(), text.end()) == from_zero.text);
      CHECK(whole == from_zero.offsets);
      REQUIRE(errors.size() == from_zero.errors.size());
      for (std::size_t k = 0; k < errors.size(); ++k) CHECK(errors[k].offset == from_zero.errors[k].offset);
    }
  }
}

TEST_CASE("decoder: seven ASCII bytes left in a chunk are not read as eight", "[formats][decoder]") {
  // 28 pairs (炮), then "abcdef\n" ends the first chunk of 64 bytes at its
  // 63rd byte, and ASCII follows: the table's run of eight must not take
  // the next chunk's first byte (nor the byte past a text that ends so).
  std::string pairs;
  for (int i = 0; i < 28; ++i) pairs += "\xc5\xda";
  for (const std::string& bytes : {pairs + "abcdef\nxyz\n", pairs + "abcdefg"}) {
    const Decoded reference = decode_all(bytes, "GBK", 1 << 18, false);
    check_same(decode_all(bytes, "GBK", 64), reference);
    check_same(decode_all(bytes, "GBK"), reference);
  }
}
