#include "xqrec/select/filters.h"

#include <charconv>

namespace xq::select {

namespace {

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const auto at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

std::optional<std::uint32_t> number(std::string_view s) {
  std::uint32_t n = 0;
  if (s.empty()) return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

Result<PlyRange, std::string> parse_ply_range(std::string_view text) {
  const auto parts = split(text, ':');
  const auto bad = [&] { return fail("bad ply range '" + std::string(text) + "': give MIN:MAX, MIN:, :MAX or N"); };
  if (parts.size() > 2) return bad();
  PlyRange r;
  if (parts.size() == 1) {
    const auto n = number(parts[0]);
    if (!n) return bad();
    r.min = r.max = *n;
    return r;
  }
  if (parts[0].empty() && parts[1].empty()) return bad();
  if (!parts[0].empty()) {
    const auto n = number(parts[0]);
    if (!n) return bad();
    r.min = *n;
  }
  if (!parts[1].empty()) {
    const auto n = number(parts[1]);
    if (!n) return bad();
    r.max = *n;
  }
  if (r.min > r.max) return fail("bad ply range '" + std::string(text) + "': MIN is above MAX");
  return r;
}

std::optional<DateSpan> parse_record_date(std::string_view text) {
  // The numbers of the text in order, '?' runs counting as unknown (0).
  std::vector<std::pair<std::uint32_t, int>> fields;  // value, digits
  for (std::size_t i = 0; i < text.size() && fields.size() < 3;) {
    if (digit(text[i]) || text[i] == '?') {
      std::size_t j = i;
      std::uint32_t v = 0;
      bool unknown = false;
      while (j < text.size() && (digit(text[j]) || text[j] == '?') && j - i < 8) {
        if (text[j] == '?') unknown = true;
        else v = v * 10 + std::uint32_t(text[j] - '0');
        ++j;
      }
      fields.push_back({unknown ? 0 : v, int(j - i)});
      i = j;
    } else {
      ++i;
    }
  }
  if (fields.empty()) return std::nullopt;
  // 20040501 written without separators.
  if (fields[0].second == 8 && fields[0].first) {
    const std::uint32_t v = fields[0].first;
    fields = {{v / 10000, 4}, {v / 100 % 100, 2}, {v % 100, 2}};
  }
  if (fields[0].second != 4 || !fields[0].first) return std::nullopt;
  const std::uint32_t year = fields[0].first;
  std::uint32_t month = fields.size() > 1 && fields[1].second <= 2 ? fields[1].first : 0;
  std::uint32_t day = month && fields.size() > 2 && fields[2].second <= 2 ? fields[2].first : 0;
  if (month > 12) month = day = 0;
  if (day > 31) day = 0;
  DateSpan s;
  s.first = year * 10000 + (month ? month : 1) * 100 + (day ? day : 1);
  s.last = year * 10000 + (month ? month : 12) * 100 + (day ? day : 31);
  return s;
}

Result<DateSpan, std::string> parse_date_range(std::string_view text) {
  const auto parts = split(text, ':');
  const auto bad = [&](const std::string& why) {
    return fail("bad date range '" + std::string(text) + "': " + why);
  };
  if (parts.size() != 2) return bad("give FROM:TO, each YYYY[.MM[.DD]], either side empty");
  if (parts[0].empty() && parts[1].empty()) return bad("give FROM, TO or both");
  DateSpan range{0, 99991231};
  for (int side = 0; side < 2; ++side) {
    const std::string_view p = parts[std::size_t(side)];
    if (p.empty()) continue;
    // Appended, not `"'" + std::string(p) + ...`: GCC 12 warns falsely
    // (-Wrestrict, its bug 105329) on that chain of temporaries.
    const auto bad_side = [&](std::string_view why) {
      std::string m = "'";
      m.append(p).append("' ").append(why);
      return bad(m);
    };
    for (char c : p)
      if (!digit(c) && c != '.' && c != '-' && c != '/') return bad_side("is not YYYY[.MM[.DD]]");
    const auto span = parse_record_date(p);
    if (!span) return bad_side("has no four-digit year");
    // A bound names a real month and day (a recorded date may be sloppier).
    const auto parts_of = split(p, p.find('-') != std::string_view::npos ? '-' : p.find('/') != std::string_view::npos ? '/' : '.');
    if (parts_of.size() > 3) return bad_side("is not YYYY[.MM[.DD]]");
    const auto month = parts_of.size() > 1 ? number(parts_of[1]) : std::optional<std::uint32_t>(1);
    const auto day = parts_of.size() > 2 ? number(parts_of[2]) : std::optional<std::uint32_t>(1);
    static constexpr std::uint32_t kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (!month || *month < 1 || *month > 12 || !day || *day < 1 || *day > kDays[*month - 1])
      return bad_side("is not a date");
    if (side == 0) range.first = span->first;
    else range.last = span->last;
  }
  if (range.first > range.last) return bad("FROM is after TO");
  return range;
}

namespace {

// "C77" -> (C77, C77), "C7" -> (C70, C79), "C" -> (C00, C99).
std::optional<std::pair<int, int>> ecco_span(std::string_view s) {
  if (s.empty() || s.size() > 3) return std::nullopt;
  const char letter = char(s[0] & ~0x20);
  if (letter < 'A' || letter > 'E') return std::nullopt;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (!digit(s[i])) return std::nullopt;
  const int base = (letter - 'A') * 100;
  if (s.size() == 1) return std::pair{base, base + 99};
  const int tens = s[1] - '0';
  if (s.size() == 2) return std::pair{base + tens * 10, base + tens * 10 + 9};
  const int n = base + tens * 10 + (s[2] - '0');
  return std::pair{n, n};
}

}  // namespace

bool EccoSet::contains(std::string_view code) const {
  const auto span = ecco_span(code);
  if (!span || code.size() != 3) return false;
  for (auto [lo, hi] : ranges)
    if (span->first >= lo && span->first <= hi) return true;
  return false;
}

Result<EccoSet, std::string> parse_ecco_set(std::string_view text) {
  EccoSet set;
  for (std::string_view item : split(text, ',')) {
    const auto bad = [&] {
      return fail("bad ECCO codes '" + std::string(text) + "': '" + std::string(item) +
                  "' is not a code (C77), a family (C7), a class (C) or a range of them (C70-C79)");
    };
    const auto dash = item.find('-');
    const auto lo = ecco_span(item.substr(0, dash));
    if (!lo) return bad();
    if (dash == std::string_view::npos) {
      set.ranges.push_back(*lo);
      continue;
    }
    const auto hi = ecco_span(item.substr(dash + 1));
    if (!hi || hi->second < lo->first) return bad();
    set.ranges.push_back({lo->first, hi->second});
  }
  return set;
}

std::string_view ending_name(Ending e) {
  switch (e) {
    case Ending::Mate: return "mate";
    case Ending::Stalemate: return "stalemate";
    case Ending::Repetition: return "repetition";
    case Ending::NaturalLimit: return "natural-limit";
    case Ending::Incomplete: return "incomplete";
  }
  return "";
}

Result<unsigned, std::string> parse_endings(std::string_view text) {
  unsigned mask = 0;
  for (std::string_view item : split(text, ',')) {
    bool known = false;
    for (Ending e : {Ending::Mate, Ending::Stalemate, Ending::Repetition, Ending::NaturalLimit, Ending::Incomplete})
      if (item == ending_name(e)) mask |= 1u << unsigned(e), known = true;
    if (!known)
      return fail("bad ending '" + std::string(item) + "' (mate, stalemate, repetition, natural-limit, incomplete)");
  }
  return mask;
}

Result<std::vector<std::string>, std::string> parse_results(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view item : split(text, ',')) {
    if (item != "1-0" && item != "0-1" && item != "1/2-1/2" && item != "*")
      return fail("bad result '" + std::string(item) + "' (1-0, 0-1, 1/2-1/2 or * for none recorded)");
    out.emplace_back(item);
  }
  return out;
}

Result<TagFilter, std::string> parse_tag_filter(std::string_view text) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return fail("bad tag filter '" + std::string(text) + "': give NAME=REGEX");
  auto pattern = Pattern::compile(text.substr(eq + 1));
  if (!pattern) return fail(pattern.error());
  return TagFilter{std::string(text.substr(0, eq)), std::move(pattern.value())};
}

}  // namespace xq::select
