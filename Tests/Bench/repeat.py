#!/usr/bin/env python3
"""Times a command run again and again, as the benchmark page's `gloss check` and `gloss find` figures are taken:
warm-up runs first (not measured), then the measured runs, each with its output thrown away. Prints the wall time
(mean, median, min–max) and the command's CPU time (user and system, mean), read from the kernel's accounting of the
finished process. A run that exits with another status than 0 is counted and measured all the same (`gloss find`
exits 1 when the phrase is not found).

usage: python3 Tests/Bench/repeat.py [--warmup N] [--runs N] COMMAND [ARGUMENT...]

    python3 Tests/Bench/repeat.py --warmup 1 --runs 15 .build/release/gloss check /tmp/gloss-ws/standard

Needs Python 3 alone (no shell: the command and its arguments are given as they are).
"""
import os
import shlex
import statistics
import subprocess
import sys
import time


def usage(message):
    sys.exit(f"repeat.py: {message}\n\nusage: python3 Tests/Bench/repeat.py [--warmup N] [--runs N] COMMAND [ARGUMENT...]")


def run_once(command):
    """Runs `command` with its output discarded; returns (exit status, wall seconds, user seconds, system seconds)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage_ = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, wall, usage_.ru_utime, usage_.ru_stime


def main(arguments):
    warmup, runs = 1, 10
    if arguments and arguments[0] in ("-h", "--help"):
        print(__doc__.strip())
        return
    while arguments and arguments[0].startswith("--"):
        option = arguments.pop(0)
        if option == "--":
            break
        if option not in ("--warmup", "--runs"):
            usage(f"unknown option '{option}'")
        if not arguments or not arguments[0].isdigit():
            usage(f"'{option}' takes a number")
        value = int(arguments.pop(0))
        if option == "--warmup":
            warmup = value
        else:
            runs = value
    if not arguments:
        usage("no command to run")
    if runs < 1:
        usage("'--runs' must be 1 or more")
    for _ in range(warmup):
        run_once(arguments)
    results = [run_once(arguments) for _ in range(runs)]
    walls = [wall for _, wall, _, _ in results]
    failed = sum(1 for status, _, _, _ in results if status != 0)
    user = statistics.mean(user for _, _, user, _ in results)
    system = statistics.mean(system for _, _, _, system in results)
    print(shlex.join(arguments))
    print(
        f"  {runs} runs after {warmup} warm-up: wall mean {statistics.mean(walls) * 1000:.1f} ms, median "
        f"{statistics.median(walls) * 1000:.1f} ms, {min(walls) * 1000:.1f}–{max(walls) * 1000:.1f} ms; "
        f"CPU mean {user * 1000:.1f} ms user + {system * 1000:.1f} ms system"
    )
    if failed:
        print(f"  {failed} of {runs} runs exited with a status other than 0")


if __name__ == "__main__":
    main(sys.argv[1:])
