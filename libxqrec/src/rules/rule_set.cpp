#include "xqrec/core/rules/rule_set.h"

namespace xq::rules {

std::string_view rule_set_name(RuleSet r) {
  switch (r) {
    case RuleSet::Cxa2020: return "cxa2020";
    case RuleSet::Cxa2011: return "cxa2011";
    case RuleSet::Cxa1999: return "cxa1999";
    case RuleSet::Asian: return "asian";
  }
  return "cxa2020";
}

std::optional<RuleSet> parse_rule_set(std::string_view name) {
  for (RuleSet r : {RuleSet::Cxa2020, RuleSet::Cxa2011, RuleSet::Cxa1999, RuleSet::Asian})
    if (rule_set_name(r) == name) return r;
  return std::nullopt;
}

}  // namespace xq::rules
