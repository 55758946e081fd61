#include "xqrec/audit/usable_cpus.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#ifdef __linux__
#include <sched.h>
#endif

namespace xq::audit {
namespace {

std::vector<std::string_view> split(std::string_view text, char by) {
  std::vector<std::string_view> parts;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(by, at);
    parts.push_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

bool lists(std::string_view comma_list, std::string_view item) {
  for (std::string_view part : split(comma_list, ','))
    if (part == item) return true;
  return false;
}

// mountinfo writes a space, tab, newline or backslash in a path as \ooo.
std::string unescape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() &&
        std::all_of(s.begin() + long(i) + 1, s.begin() + long(i) + 4, [](char c) { return c >= '0' && c <= '7'; })) {
      out += char((s[i + 1] - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
      i += 3;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::optional<long long> number(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  long long v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

// Whole CPUs a quota of `quota` µs each `period` µs allows, rounded up; 0: none.
unsigned cpus_of(long long quota, long long period) {
  if (quota <= 0 || period <= 0) return 0;
  return unsigned(std::max<long long>(1, (quota + period - 1) / period));
}

// One level's quota: v2 reads cpu.max, v1 the two cfs files. 0: none or unreadable.
unsigned quota_at(const std::string& dir, bool v2, const FileReader& read) {
  if (v2) {
    const auto text = read(dir + "/cpu.max");
    if (!text) return 0;
    const auto fields = split(*text, ' ');
    if (fields.size() < 2) return 0;
    const auto quota = number(fields[0]), period = number(fields[1]);  // "max" is no number: no quota
    return quota && period ? cpus_of(*quota, *period) : 0;
  }
  const auto quota_text = read(dir + "/cpu.cfs_quota_us"), period_text = read(dir + "/cpu.cfs_period_us");
  if (!quota_text || !period_text) return 0;
  const auto quota = number(*quota_text), period = number(*period_text);
  return quota && period ? cpus_of(*quota, *period) : 0;
}

struct Mount {
  std::string root, point;
  bool v2;
};

// The cgroup file systems that carry CPU quotas: cgroup2, or v1 with the cpu controller.
std::vector<Mount> cpu_mounts(std::string_view mountinfo) {
  std::vector<Mount> mounts;
  for (std::string_view line : split(mountinfo, '\n')) {
    const auto f = split(line, ' ');
    const auto dash = std::find(f.begin(), f.end(), std::string_view("-"));
    if (f.size() < 5 || dash == f.end() || f.end() - dash < 4) continue;
    const std::string_view type = dash[1], super_options = dash[3];
    if (type == "cgroup2") mounts.push_back({unescape(f[3]), unescape(f[4]), true});
    else if (type == "cgroup" && lists(super_options, "cpu")) mounts.push_back({unescape(f[3]), unescape(f[4]), false});
  }
  return mounts;
}

}  // namespace

unsigned cgroup_cpu_limit(std::string_view proc_cgroup, std::string_view mountinfo, const FileReader& read) {
  const std::vector<Mount> mounts = cpu_mounts(mountinfo);
  unsigned limit = 0;
  for (std::string_view line : split(proc_cgroup, '\n')) {
    // hierarchy-ID:controller-list:path; the path may itself hold colons.
    const std::size_t first = line.find(':'), second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) continue;
    const std::string_view id = line.substr(0, first), controllers = line.substr(first + 1, second - first - 1);
    const std::string path(line.substr(second + 1));
    const bool v2 = id == "0" && controllers.empty();
    if (!v2 && !lists(controllers, "cpu")) continue;
    for (const Mount& m : mounts) {
      if (m.v2 != v2) continue;
      // The process's cgroup below the mount's root; outside it (another
      // namespace's view), the mount's own level is all that can be read.
      std::string below;
      if (m.root == "/") below = path;
      else if (path.compare(0, m.root.size(), m.root) == 0 && (path.size() == m.root.size() || path[m.root.size()] == '/'))
        below = path.substr(m.root.size());
      while (!below.empty() && below.back() == '/') below.pop_back();
      // From the process's own cgroup up to the mount: a parent's quota binds its children too.
      for (;;) {
        const unsigned here = quota_at(m.point + below, v2, read);
        if (here && (!limit || here < limit)) limit = here;
        if (below.empty()) break;
        below.erase(below.rfind('/'));
      }
    }
  }
  return limit;
}

unsigned usable_cpus() {
  unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
#ifdef __linux__
  if (cpu_set_t set; sched_getaffinity(0, sizeof set, &set) == 0) cpus = unsigned(std::max(1, CPU_COUNT(&set)));
  const FileReader read = [](const std::string& path) -> std::optional<std::string> {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
  };
  const auto proc_cgroup = read("/proc/self/cgroup"), mountinfo = read("/proc/self/mountinfo");
  if (proc_cgroup && mountinfo) {
    const unsigned quota = cgroup_cpu_limit(*proc_cgroup, *mountinfo, read);
    if (quota) cpus = std::min(cpus, quota);
  }
#endif
  return cpus;
}

}  // namespace xq::audit
