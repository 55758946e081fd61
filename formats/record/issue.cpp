#include "xqrec/formats/issue.h"

#include <algorithm>
#include <array>
#include <ostream>

namespace xq::formats {

namespace {

constexpr std::uint8_t E = 1U << static_cast<unsigned>(Severity::Error);
constexpr std::uint8_t W = 1U << static_cast<unsigned>(Severity::Warning);
constexpr std::uint8_t I = 1U << static_cast<unsigned>(Severity::Info);
constexpr CodeTable Reader = CodeTable::Reader, Audit = CodeTable::Audit, Convert = CodeTable::Convert;

constexpr std::array kRegistry{
#define XQREC_CODE(id, name, table, severities, modules, note, meaning, then) \
  CodeInfo{Code::id, name, table, static_cast<std::uint8_t>(severities), modules, note, meaning, then},
#include "xqrec/formats/issue_codes.def"
#undef XQREC_CODE
};

// Sorted by name, for code_named.
constexpr auto kByName = [] {
  std::array<const CodeInfo*, kRegistry.size()> a{};
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = &kRegistry[i];
  std::sort(a.begin(), a.end(), [](const CodeInfo* x, const CodeInfo* y) { return x->name < y->name; });
  return a;
}();

constexpr bool names_unique() {
  for (std::size_t i = 1; i < kByName.size(); ++i)
    if (kByName[i - 1]->name == kByName[i]->name) return false;
  return true;
}
static_assert(names_unique(), "issue_codes.def declares a code name twice");

}  // namespace

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "error";
}

std::span<const CodeInfo> code_registry() { return kRegistry; }

const CodeInfo& code_info(Code c) { return kRegistry[static_cast<std::size_t>(c)]; }

std::string_view code_name(Code c) { return code_info(c).name; }

std::optional<Code> code_named(std::string_view name) {
  auto it = std::lower_bound(kByName.begin(), kByName.end(), name,
                             [](const CodeInfo* x, std::string_view n) { return x->name < n; });
  if (it == kByName.end() || (*it)->name != name) return std::nullopt;
  return (*it)->code;
}

std::ostream& operator<<(std::ostream& out, Code c) { return out << code_name(c); }

}  // namespace xq::formats
