// The words the audit looks for in tags and comments (how a decisive game
// ended, a draw agreed): found anywhere in a text, in one pass.
#include <catch2/catch.hpp>

#include "word_set.h"

using xq::audit::WordSet;

TEST_CASE("word set: a word anywhere in the text, and only a whole word of the set", "[audit]") {
  const WordSet words{"认输", "resign", "time"};
  CHECK(words.found_in("黑方认输"));
  CHECK(words.found_in("认输"));
  CHECK(words.found_in("red resigns"));
  CHECK(words.found_in("lost on time"));  // at the very end
  CHECK(words.found_in("time"));
  CHECK_FALSE(words.found_in("认"));           // a part of a word
  CHECK_FALSE(words.found_in("tim"));
  CHECK_FALSE(words.found_in("黑方认负"));     // another word with the same first character
  CHECK_FALSE(words.found_in(""));
  CHECK_FALSE(words.found_in("r"));
  CHECK_FALSE(words.found_in("Resign"));       // case matters, as it did
  CHECK(words.found_in(std::string_view("x\0resign", 8)));
}
