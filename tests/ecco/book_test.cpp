// The data file: it reads, names every code once, reaches every named code,
// and a damaged copy fails with its line instead of crashing.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "xqrec/ecco/book.h"

using namespace xq::ecco;

TEST_CASE("ecco data: the embedded file parses", "[ecco]") {
  const auto& book = builtin_book();
  INFO((book.ok() ? std::string() : "line " + std::to_string(book.error().line) + ": " + book.error().message));
  REQUIRE(book.ok());
  REQUIRE(book->names.size() == 500);
  CHECK(book->names.front().code == "A00");
  CHECK(book->names.back().code == "E99");
  CHECK(book->name("C77")->name == "五七炮互进三兵对屏风马边卒右马外盘河——红左横车对黑飞右象");
  CHECK(book->sources.contains("ECCO"));
}

TEST_CASE("ecco data: every code in use is reached by the tree and every unused code is not", "[ecco]") {
  const auto& book = builtin_book();
  REQUIRE(book.ok());
  std::set<std::string> in_tree;
  for (const auto& n : book->nodes) in_tree.insert(n.code);
  std::size_t used = 0;
  for (const auto& n : book->names) {
    INFO(n.code << " " << n.name);
    if (n.name == "空") {
      CHECK(!in_tree.contains(n.code));
    } else {
      ++used;
      CHECK(in_tree.contains(n.code));
    }
  }
  CHECK(used == 260);  // the codes ECCO 2004 defines
}

namespace {

// The embedded text with one line replaced (1-based), parsed.
xq::Result<Book, BookError> with_line(std::uint32_t n, std::string_view replacement) {
  std::string text(builtin_text());
  std::size_t at = 0;
  for (std::uint32_t i = 1; i < n; ++i) at = text.find('\n', at) + 1;
  const auto end = text.find('\n', at);
  text.replace(at, end - at, replacement);
  return parse_book(text);
}

std::uint32_t line_of(std::string_view needle) {
  const std::string_view text = builtin_text();
  const auto at = text.find(needle);
  REQUIRE(at != std::string_view::npos);
  std::uint32_t n = 1;
  for (std::size_t i = 0; i < at; ++i) n += text[i] == '\n';
  return n;
}

}  // namespace

TEST_CASE("ecco data: a damaged file is an error with its line", "[ecco]") {
  const std::uint32_t a01 = line_of("A01: 1. 仕四进五");
  SECTION("a move in another spelling") {
    const auto r = with_line(a01, "A01: 1. 仕4进5 @ECCO");
    REQUIRE(!r.ok());
    CHECK(r.error().line == a01);
    CHECK(r.error().message.find("仕4进5") != std::string::npos);
  }
  SECTION("a Black move where Red moves") {
    const auto r = with_line(a01, "A01: 1. 士４进５ @ECCO");
    REQUIRE(!r.ok());
    CHECK(r.error().line == a01);
  }
  SECTION("an unused code in the tree") {
    const auto r = with_line(a01, "A09: 1. 仕四进五 @ECCO");
    REQUIRE(!r.ok());
    CHECK(r.error().message.find("空") != std::string::npos);
  }
  SECTION("an undeclared source") {
    CHECK(!with_line(a01, "A01: 1. 仕四进五 @NOWHERE").ok());
  }
  SECTION("indented too deep") {
    CHECK(!with_line(a01, "    A01: 1. 仕四进五 @ECCO").ok());
  }
  SECTION("a scan without its test") {
    CHECK(!with_line(a01, "A01: 红2~10可走{马二进三} @ECCO").ok());
    CHECK(!with_line(a01, "A01: 红2~11可走{马二进三}然后* @ECCO").ok());
    CHECK(!with_line(a01, "A01: 红2~10可走{马二进三}含马八进七 @ECCO").ok());
  }
  SECTION("a name missing") {
    const std::uint32_t a02 = line_of("A02．边马局");
    const auto r = with_line(a02, "# gone");
    REQUIRE(!r.ok());
    CHECK(r.error().line == a02 + 1);
  }
  SECTION("the same text unchanged parses") {
    CHECK(with_line(a01, "A01: 1. 仕四进五 @ECCO").ok());
  }
}
