// The default --jobs: a container's CPU quota lowers it (cgroup v2 and v1,
// the process's own cgroup and its ancestors), read from made-up
// /proc/self/cgroup, /proc/self/mountinfo and control files.
#include <catch2/catch.hpp>

#include <map>
#include <thread>

#include "xqrec/audit/usable_cpus.h"

namespace {

using xq::audit::cgroup_cpu_limit;

// Control files by path; any other path cannot be read.
xq::audit::FileReader files(std::map<std::string, std::string> m) {
  return [m = std::move(m)](const std::string& path) -> std::optional<std::string> {
    const auto it = m.find(path);
    if (it == m.end()) return std::nullopt;
    return it->second;
  };
}

const char* kV2Mounts =
    "22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
    "30 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n";

}  // namespace

TEST_CASE("cgroup v2: the quota of the process's own cgroup, rounded up", "[cpus]") {
  const auto read = files({{"/sys/fs/cgroup/docker/abc/cpu.max", "150000 100000\n"}});
  CHECK(cgroup_cpu_limit("0::/docker/abc\n", kV2Mounts, read) == 2);
  CHECK(cgroup_cpu_limit("0::/docker/abc\n", kV2Mounts, files({{"/sys/fs/cgroup/docker/abc/cpu.max", "50000 100000\n"}})) == 1);
}

TEST_CASE("cgroup v2: no quota (max), or no file, is no limit", "[cpus]") {
  CHECK(cgroup_cpu_limit("0::/user.slice\n", kV2Mounts, files({{"/sys/fs/cgroup/user.slice/cpu.max", "max 100000\n"}})) == 0);
  CHECK(cgroup_cpu_limit("0::/user.slice\n", kV2Mounts, files({})) == 0);
  CHECK(cgroup_cpu_limit("0::/\n", kV2Mounts, files({{"/sys/fs/cgroup/cpu.max", "garbage"}})) == 0);
}

TEST_CASE("cgroup v2: an ancestor's tighter quota binds", "[cpus]") {
  const auto read = files({{"/sys/fs/cgroup/a/b/c/cpu.max", "max 100000"},
                           {"/sys/fs/cgroup/a/b/cpu.max", "400000 100000"},
                           {"/sys/fs/cgroup/a/cpu.max", "300000 100000"}});
  CHECK(cgroup_cpu_limit("0::/a/b/c\n", kV2Mounts, read) == 3);
}

TEST_CASE("cgroup v2 in a namespace: the path is below the mount's root", "[cpus]") {
  // The mount shows /docker/abc as its root; the process's path is given from the host's root.
  const char* mounts = "30 22 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
  const auto read = files({{"/sys/fs/cgroup/cpu.max", "200000 100000"}});
  CHECK(cgroup_cpu_limit("0::/docker/abc\n", mounts, read) == 2);
  // A path outside the mount's root: the mount's own level is read.
  CHECK(cgroup_cpu_limit("0::/elsewhere\n", mounts, read) == 2);
}

TEST_CASE("cgroup v1: the cpu controller's cfs quota and period", "[cpus]") {
  const char* mounts =
      "25 24 0:22 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct\n"
      "26 24 0:23 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n";
  const char* cgroup = "4:memory:/job\n3:cpu,cpuacct:/job\n0::/job\n";
  CHECK(cgroup_cpu_limit(cgroup, mounts,
                         files({{"/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_quota_us", "250000\n"},
                                {"/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_period_us", "100000\n"}})) == 3);
  // -1: no quota; the memory controller's hierarchy is not read for CPUs.
  CHECK(cgroup_cpu_limit(cgroup, mounts,
                         files({{"/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_quota_us", "-1\n"},
                                {"/sys/fs/cgroup/cpu,cpuacct/job/cpu.cfs_period_us", "100000\n"},
                                {"/sys/fs/cgroup/memory/job/cpu.cfs_quota_us", "100000\n"},
                                {"/sys/fs/cgroup/memory/job/cpu.cfs_period_us", "100000\n"}})) == 0);
}

TEST_CASE("mountinfo's escaped mount points are read", "[cpus]") {
  const char* mounts = "30 22 0:26 / /sys/fs/my\\040cgroup rw - cgroup2 cgroup2 rw\n";
  CHECK(cgroup_cpu_limit("0::/x\n", mounts, files({{"/sys/fs/my cgroup/x/cpu.max", "100000 100000"}})) == 1);
}

TEST_CASE("this process: at least one CPU, at most the machine's", "[cpus]") {
  const unsigned cpus = xq::audit::usable_cpus();
  CHECK(cpus >= 1);
  CHECK(cpus <= std::max(1u, std::thread::hardware_concurrency()));
}
