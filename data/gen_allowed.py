#!/usr/bin/env python3
"""Reads data/display-allowed.txt, the display policy's allowed characters,
as ascending disjoint ranges: gen_uts39.py imports read() and makes the
allowed bit of its tables from them.  Strict: a malformed line, a range out
of order or overlapping another, or a count that differs from the header's
stops the build with file:line.  Run alone, it checks the file and prints
its counts."""
import re
import sys

LINE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?$")
COUNT = re.compile(r"^# Code points: (\d+) in (\d+) ranges\.$")


def fail(path, n, why):
    sys.exit("%s:%d: %s" % (path, n, why))


def read(path):
    ranges, stated, last = [], None, -1
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            m = COUNT.match(line)
            if m:
                stated = (int(m.group(1)), int(m.group(2)))
                continue
            if line.startswith("#"):
                continue
            m = LINE.match(line)
            if not m:
                fail(path, n, "not a code point or a range: %r" % line)
            a = int(m.group(1), 16)
            b = int(m.group(2), 16) if m.group(2) else a
            if b < a or a <= last or b > 0x10FFFF:
                fail(path, n, "out of order, overlapping or out of range")
            last = b
            ranges.append((a, b))
    total = sum(b - a + 1 for a, b in ranges)
    if stated != (total, len(ranges)):
        fail(path, 1, "the header says %s; the lines hold %d code points in %d ranges"
             % (stated, total, len(ranges)))
    return ranges


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen_allowed.py display-allowed.txt")
    ranges = read(sys.argv[1])
    print("%d code points in %d ranges" % (sum(b - a + 1 for a, b in ranges), len(ranges)))


if __name__ == "__main__":
    main()
