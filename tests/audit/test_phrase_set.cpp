// PhraseSet: any of a set of phrases, wherever it stands in a text.
#include <catch2/catch.hpp>

#include <string_view>

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
