// xqrec codes: the registry of issue codes, for people or as the tables of
// docs/reader-codes.md (scripts/codes-doc.sh writes them there).
#include <iostream>
#include <string>

#include "cli.h"
#include "xqrec/formats/issue.h"
#include "xqrec/formats/terminal_text.h"

namespace xqcli {

namespace {

namespace xf = xq::formats;

std::string severities(const xf::CodeInfo& c) {
  std::string out;
  for (xf::Severity s : {xf::Severity::Error, xf::Severity::Warning, xf::Severity::Info})
    if (c.allows(s)) out += (out.empty() ? "" : ", ") + std::string(xf::severity_name(s));
  return out;
}

std::string_view table_name(xf::CodeTable t) {
  switch (t) {
    case xf::CodeTable::Reader: return "reader";
    case xf::CodeTable::Audit: return "audit";
    case xf::CodeTable::Convert: return "convert";
  }
  return "reader";
}

// One markdown table per CodeTable, each between the markers the doc
// script replaces: <!-- codes:NAME --> ... <!-- /codes:NAME -->.
void print_markdown() {
  for (xf::CodeTable t : {xf::CodeTable::Reader, xf::CodeTable::Audit, xf::CodeTable::Convert}) {
    std::cout << "<!-- codes:" << table_name(t) << " -->\n| code | where | severity | meaning | then |\n|---|---|---|---|---|\n";
    for (const auto& c : xf::code_registry()) {
      if (c.table != t) continue;
      std::cout << "| `" << c.name << "` | " << c.modules << " | "
                << (c.severity_note.empty() ? severities(c) : std::string(c.severity_note)) << " | " << c.meaning
                << " | " << c.then << " |\n";
    }
    std::cout << "<!-- /codes:" << table_name(t) << " -->\n";
  }
}

int run_codes(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::string name;
  opts.add_options()
      ("code", po::value<std::string>(&name), "show this code only")
      ("markdown", "print the tables of docs/reader-codes.md");
  po::positional_options_description pos;
  pos.add("code", 1);
  po::variables_map vm;
  if (int rc = parse_options("codes", "[CODE] [--markdown]", opts, pos, args, vm); rc >= 0) return rc;
  if (vm.count("markdown")) {
    print_markdown();
    return kOk;
  }
  if (!name.empty() && !xf::code_named(name)) {
    std::cerr << "xqrec codes: no code named '" << xf::printable(name) << "' (xqrec codes lists them)\n";
    return kUsage;
  }
  for (const auto& c : xf::code_registry()) {
    if (!name.empty() && c.name != name) continue;
    std::cout << c.name << "\t" << severities(c) << "\t" << c.modules << "\t" << c.meaning << "\n";
  }
  return kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("codes", "list the issue codes: severity, who reports them, meaning", run_codes);

}  // namespace xqcli
