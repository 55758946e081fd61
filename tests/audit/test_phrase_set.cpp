// PhraseSet: any of a set of phrases, wherever it stands in a text.
#include <catch2/catch.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "phrase_set.h"

using xq::audit::PhraseSet;

TEST_CASE("a phrase set finds each phrase anywhere, and nothing else", "[audit]") {
  static constexpr std::string_view kPhrases[] = {"认输", "认负", "resign", "time"};
  const PhraseSet set(kPhrases);
  for (std::string_view text : {"认输", "黑方认输", "认输了", "红方超时认负", "Black resigns", "on time", "timeout"})
    CHECK(set.found_in(text));
  // 认识 and 议和 share 认输's first two bytes (E8 AE), "tim" is cut short,
  // "Resign" differs in case.
  for (std::string_view text : {"", "认", "认识", "议和", "tim", "Resign", "红方胜", "times"})
    CHECK(set.found_in(text) == (text == "times"));
}

// Against std::string_view::find for each phrase, on texts made of pieces of
// the phrases (their first bytes, their ends, whole ones) and other text.
TEST_CASE("a phrase set answers as a search for each phrase on texts built from their pieces", "[audit]") {
  static constexpr std::string_view kPhrases[] = {"认输", "認輸", "投子", "time", "Time", "forfeit", "adjudicat"};
  static constexpr std::string_view kAgreed[] = {"议和", "协议和", "agreed"};
  std::vector<std::string> pieces = {"a", " ", "红方", "认", "输", "\xE8", "\xAE", "ti", "me", "t", "im", "for", "feit"};
  for (std::string_view p : kPhrases) pieces.emplace_back(p);
  for (std::string_view p : kAgreed) pieces.emplace_back(p), pieces.emplace_back(p.substr(0, p.size() - 1));
  const PhraseSet set(kPhrases), agreed(kAgreed);
  const auto naive = [](std::span<const std::string_view> phrases, std::string_view text) {
    for (std::string_view p : phrases)
      if (text.find(p) != std::string_view::npos) return true;
    return false;
  };
  std::uint32_t seed = 12345;
  const auto next = [&] { return seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7FFF; };
  int found = 0, found_agreed = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (unsigned k = next() % 8; k-- > 0;) text += pieces[next() % pieces.size()];
    INFO("text '" << text << "'");
    CHECK(set.found_in(text) == naive(kPhrases, text));
    CHECK(agreed.found_in(text) == naive(kAgreed, text));
    found += naive(kPhrases, text);
    found_agreed += naive(kAgreed, text);
  }
  // The texts hold phrases often enough to test both answers.
  CHECK(found > 1000);
  CHECK(found_agreed > 1000);
}

TEST_CASE("phrase set: a one-byte phrase or no phrase is refused where the set is made", "[audit][phrases]") {
  const std::string_view one_byte[] = {"ab", "c"};
  CHECK_THROWS_AS(xq::audit::PhraseSet(one_byte), std::logic_error);
  CHECK_THROWS_AS(xq::audit::PhraseSet(std::span<const std::string_view>()), std::logic_error);
  const std::string_view fine[] = {"ab", "cde"};
  CHECK(xq::audit::PhraseSet(fine).found_in("xxcdexx"));
}
