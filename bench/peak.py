"""Run a command and print its peak memory (maximum resident set size) in KiB.

    python bench/peak.py COMMAND [ARGS...]

The benchmark itself is too big a parent: Linux carries a parent's memory high-water
mark into a child it forks, so the figure is taken here, from a bare interpreter.
"""

import os
import subprocess
import sys

if __name__ == "__main__":
    child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    print(usage.ru_maxrss)
    sys.exit(child.returncode)
