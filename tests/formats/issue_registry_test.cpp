// The registry of issue codes: one row per enumerator, in enumerator order,
// each name unique and found again by name, each with a severity, who emits
// it and a meaning.
#include <catch2/catch.hpp>
#include <set>
#include <sstream>
#include <string>

#include "xqrec/formats/issue.h"

using namespace xq::formats;

TEST_CASE("registry: one row per code, names unique and found by name", "[issue]") {
  const auto rows = code_registry();
  REQUIRE(rows.size() > 50);
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const CodeInfo& c = rows[i];
    INFO(c.name);
    CHECK(static_cast<std::size_t>(c.code) == i);
    CHECK(&code_info(c.code) == &c);
    CHECK(names.insert(c.name).second);
    REQUIRE(code_named(c.name).has_value());
    CHECK(*code_named(c.name) == c.code);
    CHECK(c.severities != 0);
    CHECK(!c.modules.empty());
    CHECK(!c.meaning.empty());
    // A name as the reports print it: lower-case words joined by '-'.
    CHECK(c.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string_view::npos);
    // Several severities: the note says when which.
    const int n = c.allows(Severity::Error) + c.allows(Severity::Warning) + c.allows(Severity::Info);
    if (n > 1) CHECK(!c.severity_note.empty());
  }
  CHECK_FALSE(code_named("no-such-code"));
  CHECK_FALSE(code_named(""));
}

TEST_CASE("registry: the codes the readers and the audit name are declared as such", "[issue]") {
  CHECK(code_name(Code::Truncated) == "truncated");
  CHECK(code_info(Code::WrongSide).table == CodeTable::Audit);
  CHECK(code_info(Code::BadHeader).allows(Severity::Error));
  CHECK_FALSE(code_info(Code::Repetition).allows(Severity::Error));
  std::ostringstream out;
  out << Code::MissingMove;
  CHECK(out.str() == "missing-move");
  Issue i;
  i.code = Code::IllegalMove;
  CHECK(i.name() == "illegal-move");
  CHECK_FALSE(i.located());
  i.where.offset = 7;
  CHECK(i.located());
}
