#!/usr/bin/env python3
"""The memory tests' one measure: runs a shell command and fails when it
exits other than 0 or 1 (an audit with findings exits 1) or when the peak
resident memory of its processes passes a limit (GNU time's %M, from the
kernel's accounting of the waited-for children).

Usage: peak_rss.py LABEL LIMIT_KB COMMAND [STDERR_FILE]
LIMIT_KB 0 checks the exit status only (the sanitizer builds, whose
shadow memory alone passes the limits). The command's standard error goes
to STDERR_FILE when given (the summary, for the caller to check), and its
first 300 characters into the failure's message; its standard output goes
nowhere unless the command redirects it.
"""
import resource
import subprocess
import sys


def main() -> int:
    label, limit, command = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    stderr_file = sys.argv[4] if len(sys.argv) > 4 else None
    run = subprocess.run(["bash", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if stderr_file:
        with open(stderr_file, "wb") as out:
            out.write(run.stderr)
    kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if run.returncode not in (0, 1):
        print(f"FAIL: {label}: exit {run.returncode}: {run.stderr.decode(errors='replace')[:300]}")
        return 1
    print(f"{label}: peak {kb // 1024} MB")
    if limit and kb > limit:
        print(f"FAIL: {label}: peak resident memory {kb // 1024} MB is over {limit // 1024} MB")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
