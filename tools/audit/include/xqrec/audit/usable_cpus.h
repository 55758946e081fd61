// How many CPUs a batch job may keep busy, for its default --jobs: the
// machine's cores are the wrong count in a container or under taskset,
// where more workers than CPUs only add memory (each holds a reader's
// window, its memo, a malloc arena) and switches.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace xq::audit {

// The CPUs of the process's affinity mask (taskset, a cpuset), lowered to
// its cgroups' CPU quota (a container's --cpus) rounded up; at least 1.
unsigned usable_cpus();

// Reads a whole file; nullopt when it cannot be read.
using FileReader = std::function<std::optional<std::string>(const std::string& path)>;

// The tightest CPU quota of the process's cgroups and their ancestors,
// in whole CPUs rounded up (0: no quota), from the text of
// /proc/self/cgroup and /proc/self/mountinfo and the control files read
// through `read`: cgroup v2's cpu.max ("max 100000", "150000 100000") and
// v1's cpu.cfs_quota_us / cpu.cfs_period_us (-1: none).
unsigned cgroup_cpu_limit(std::string_view proc_cgroup, std::string_view mountinfo, const FileReader& read);

}  // namespace xq::audit
