#!/usr/bin/env python3
"""Runs one example program and compares what it prints with its .out file;
with --readme, checks instead that every C block of README.md stands word for
word in one of the example programs, so that the README cannot show code
that does not build and run.

usage: check.py PROGRAM EXPECTED_OUTPUT
       check.py --readme README.md EXAMPLE.c...
"""
import re
import subprocess
import sys


def run_example(program, expected):
    want = open(expected, "rb").read()
    r = subprocess.run([program], capture_output=True, timeout=60)
    if r.returncode != 0 or r.stdout != want:
        print(f"FAIL: {program}: exit {r.returncode}\n--- got\n{r.stdout.decode(errors='replace')}"
              f"--- want\n{want.decode()}--- stderr\n{r.stderr.decode(errors='replace')}")
        return 1
    print(f"{program}: output as {expected}")
    return 0


def check_readme(readme, sources):
    text = open(readme, encoding="utf-8").read()
    blocks = re.findall(r"^```c\n(.*?)^```", text, re.M | re.S)
    programs = [open(s, encoding="utf-8").read() for s in sources]
    failed = 0
    for b in blocks:
        if not any(b in p for p in programs):
            failed += 1
            print(f"FAIL: this README block is in no example program:\n{b}")
    print(f"readme: {len(blocks)} C blocks, {failed} not in examples/")
    return 1 if failed or not blocks else 0


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--readme":
        sys.exit(check_readme(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(run_example(sys.argv[1], sys.argv[2]))
