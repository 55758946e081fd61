// The rule sets a repetition can be judged under.
//
//   cxa2020  Chinese Xiangqi Association rules, 2020 edition (default)
//   cxa2011  CXA rules, 2011 (trial) edition
//   cxa1999  CXA rules, 1999 edition
//   asian    Asian Xiangqi Federation rules (AXF, "亚规")
#pragma once

#include <optional>
#include <string_view>

namespace xq::rules {

enum class RuleSet : unsigned char { Cxa2020, Cxa2011, Cxa1999, Asian };

std::string_view rule_set_name(RuleSet r);                     // "cxa2020", ...
std::optional<RuleSet> parse_rule_set(std::string_view name);  // the names above

constexpr bool is_cxa(RuleSet r) { return r != RuleSet::Asian; }

}  // namespace xq::rules
