// Reader of the repetition case files in tests/data/rules/ (format described
// at the top of figures.txt).
#pragma once

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace xqtest {

struct RuleCase {
  std::string id;
  int line = 0;
  std::map<std::string, std::string> fields;  // key -> value (keys: rules, fen, moves, cycle, verdict, classes, known, ...)
  std::string get(const std::string& k) const {
    auto it = fields.find(k);
    return it == fields.end() ? std::string() : it->second;
  }
  bool has(const std::string& k) const { return fields.count(k) != 0; }
};

inline std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

inline std::vector<RuleCase> read_cases(const std::string& path) {
  std::ifstream in(path);
  std::vector<RuleCase> out;
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (line[0] == '[') {
      RuleCase c;
      c.id = line.substr(1, line.find(']') - 1);
      c.line = n;
      out.push_back(c);
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos || out.empty()) continue;
    std::string key = line.substr(0, colon), value = line.substr(colon + 1);
    while (!value.empty() && value.front() == ' ') value.erase(value.begin());
    while (!value.empty() && value.back() == ' ') value.pop_back();
    auto& f = out.back().fields[key];
    f = f.empty() ? value : f + " " + value;  // a repeated key continues the value
  }
  return out;
}

}  // namespace xqtest
