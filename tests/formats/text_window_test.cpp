// The PGN reader's decoded text window: its text and its source offsets
// (four bytes each, counted from an origin) are those of the whole input
// decoded in one go, at every refill and growth, in every encoding the
// reader decodes, whether the window's offsets count from one origin or
// from several.
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "pgn/text_window.h"
#include "xqrec/formats/encoding.h"
#include "xqrec/formats/text_decoder.h"

using namespace xq::formats;
using xq::formats::detail::TextWindow;

namespace {

struct Reference {
  std::string text;
  std::vector<std::uint64_t> offsets;  // whole, counted from the input's start
};

// The input decoded by the chunks the window decodes (a stateful
// converter's carried character takes its offset from where its chunk was
// cut), with every offset counted from 0.
Reference decode_whole(std::string_view bytes, const char* encoding) {
  ChunkDecoder d(bytes, encoding);
  REQUIRE(d.ok());
  DecodedUtf8 text;
  SourceOffsets offsets;
  std::vector<DecodeError> errors;
  while (!d.done()) d.decode(xq::formats::detail::kChunk, text, offsets, 0, errors);
  Reference r;
  r.text.assign(text.begin(), text.end());
  r.offsets.assign(offsets.begin(), offsets.end());
  return r;
}

// Text of Chinese moves and comments with long lines, bytes not valid in
// the encoding, and long stretches of ASCII, about `size` bytes once
// encoded.
std::string sample_input(const char* encoding, std::size_t size, std::mt19937& rng) {
  const char* pieces[] = {"1. 炮二平五 马８进７ ", "{一个很长的注释 comment} ", "\n", "h2e2 h9g7 ",
                          "[Event \"全国象棋个人赛\"]\n", "                                                  "};
  std::string out;
  std::string piece;
  while (out.size() < size) {
    const int pick = std::uniform_int_distribution<int>(0, 12)(rng);
    if (pick < 6) {
      REQUIRE(from_utf8(pieces[pick], encoding, piece));
      out += piece;
    } else if (pick == 6) {
      out += "\xFF";  // not valid in any of them (a lone byte in UTF-16)
    } else if (pick == 7) {
      out += "\x81";
    } else if (pick == 8) {  // a line longer than the look-ahead now and then
      REQUIRE(from_utf8(std::string(std::uniform_int_distribution<int>(0, 90000)(rng), 'x'), encoding, piece));
      out += piece;
    } else {
      REQUIRE(from_utf8("马二进三 ", encoding, piece));
      out += piece;
    }
  }
  return out;
}

// Reads the input through a window, refilling at random places (keeping
// random amounts of the read text) and growing now and then, and checks
// every text byte and offset of the window against the reference.
void read_through(std::string_view bytes, const char* encoding, std::uint64_t span, std::mt19937& rng,
                  std::size_t& most_origins) {
  const Reference ref = decode_whole(bytes, encoding);
  TextWindow w;
  REQUIRE(w.init_decoded(bytes, encoding, 0, span));
  std::size_t checked = 0;  // the text checked so far (absolute)
  for (int steps = 0;; ++steps) {
    REQUIRE(w.base() + w.size() <= ref.text.size());
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w.base() + i < checked) continue;
      const std::size_t at = std::size_t(w.base() + i);
      REQUIRE(w.data()[i] == ref.text[at]);
      REQUIRE(w.offset(i) == ref.offsets[at]);
    }
    checked = std::max<std::size_t>(checked, std::size_t(w.base() + w.size()));
    // The window's first byte, after a refill, and its end.
    if (w.size() > 0) REQUIRE(w.offset(0) == ref.offsets[std::size_t(w.base())]);
    if (w.eof()) {
      CHECK(w.offset(w.size()) == bytes.size());
      break;
    }
    if (w.size() > 0) CHECK(w.offset(w.size()) == ref.offsets[std::size_t(w.base() + w.size() - 1)] + 1);
    most_origins = std::max(most_origins, w.origins());
    if (std::uniform_int_distribution<int>(0, 4)(rng) == 0) {
      w.grow();
    } else {
      // Keep anything from nothing to the whole window (a line read whole).
      const std::size_t n = w.size();
      const int how = std::uniform_int_distribution<int>(0, 3)(rng);
      const std::size_t keep_from = how == 0   ? n
                                    : how == 1 ? 0
                                               : std::uniform_int_distribution<std::size_t>(0, n)(rng);
      w.refill(keep_from);
    }
    REQUIRE(steps < 100000);
  }
  CHECK(checked == ref.text.size());
}

}  // namespace

TEST_CASE("text window: offsets across refills in every encoding, from one origin or several",
          "[formats][pgn][window]") {
  std::mt19937 rng(20261207);
  for (const char* encoding : {"UTF-8", "UTF-16LE", "UTF-16BE", "UTF-16", "UTF-7", "GBK", "GB18030", "Big5", "ISO-2022-JP", "HZ"}) {
    const std::string bytes = sample_input(encoding, 700000, rng);
    // One origin for the whole window; a new origin for every chunk; one
    // that changes at places that do not follow the chunks (or not at all
    // in a window: it starts again when the window was read whole).
    for (const std::uint64_t span : {std::uint64_t(UINT32_MAX), std::uint64_t(0), std::uint64_t(300001)}) {
      INFO(encoding << ", span " << span);
      std::size_t most_origins = 0;
      read_through(bytes, encoding, span, rng, most_origins);
      if (span == UINT32_MAX) CHECK(most_origins == 1);
      if (span == 0) CHECK(most_origins > 1);
    }
  }
}
