#!/usr/bin/env python3
"""Tests for the xn command that count its write(2) calls with strace: the
messages on standard error go out in blocks of whole lines, never a write
per message or per character, and no write ends inside a message.

Usage: python3 tests/test-cli-strace.py PATH-TO-XN

Without strace on the PATH (or where it cannot trace, as in a container
that forbids ptrace) it says so and exits 77, which meson reports as
skipped: never a pass for checks that did not run.  Python 3 standard
library only.
"""

import os
import random
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import clilib  # noqa: E402
from clilib import check  # noqa: E402

STRACE = shutil.which("strace")


def strace_writes(args, stdin):
    """The write(2) calls of xn to fd 2, each as the bytes it wrote."""
    # LeakSanitizer cannot run under ptrace and says so on fd 2: off here.
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    p = subprocess.run([STRACE, "-f", "-qq", "-e", "trace=write", "-e", "signal=none",
                        "-e", "abbrev=none", "-x", "-s", "1000000", "-o", "/dev/stdout", clilib.XN,
                        *args], input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=300, env=env)
    writes = []
    for line in p.stdout.split(b"\n"):
        m = re.search(rb'write\(2, "((?:[^"\\]|\\.)*)", \d+\)', line)
        if m:
            writes.append(m.group(1).decode("unicode_escape").encode("latin-1"))
    return writes


def test_message_writes():
    # Standard error is written in blocks of whole messages: a write(2) per
    # message (or, unbuffered, per character) made the error path many
    # times slower than --status on hostile input.  Every write ends at the
    # end of a line, so a message never lands in two pieces.
    names = b"".join(b"-bad%d.example\n" % i for i in range(50)) + b"\xff.x\n" * 10
    writes = strace_writes([], names)
    text = b"".join(writes)
    check("60 messages, all there", text.count(b"\n") == 60 and text.count(b"xn: ") == 60,
          repr(text[:300]))
    check("60 short messages: far fewer writes than messages", 1 <= len(writes) <= 6,
          f"{len(writes)} writes to fd 2 for 60 messages")
    # Messages far beyond the buffer: each write still holds whole lines.
    rnd = random.Random(23)
    names = b"".join(bytes(rnd.randrange(256) for _ in range(300)).replace(b"\n", b"")
                     + b"\n" for _ in range(600))
    writes = strace_writes([], names)
    text = b"".join(writes)
    lines = text.count(b"\n")
    check("600 long messages: all there", lines == 600, f"{lines} lines")
    check("600 long messages: several writes, each of whole lines", len(writes) > 1 and
          all(w.endswith(b"\n") for w in writes),
          f"{len(writes)} writes; ends: {[w[-20:] for w in writes[:5]]!r}")


def test_error_path_writes():
    # The error path on 2 MB of random bytes writes its messages in blocks,
    # not a write(2) per message or per escaped byte (it was 8 times slower
    # than --status so).
    rnd = random.Random(2026)
    data = bytes(rnd.randrange(256) for _ in range(2_000_000))
    writes = strace_writes([], data)
    size = sum(len(w) for w in writes)
    lines = sum(w.count(b"\n") for w in writes)
    check("2 MB of random bytes: messages written", lines > 1000, f"{lines} lines")
    check("2 MB of random bytes: one write(2) per 4 KiB of messages at most, each of "
          "whole lines", len(writes) * 4096 <= size + 4096 and
          all(w.endswith(b"\n") for w in writes),
          f"{len(writes)} writes for {size} bytes, {lines} lines")


def strace_works():
    """Whether strace can trace here: it runs true and sees its exit."""
    p = subprocess.run([STRACE, "-qq", "-e", "trace=exit_group", "-o", "/dev/stdout", "true"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode == 0 and b"exit_group" in p.stdout


if __name__ == "__main__":
    if not STRACE:
        print("SKIP: strace is not installed: the write(2) calls are not counted")
        sys.exit(77)
    if not strace_works():
        print("SKIP: strace cannot trace here (ptrace refused?): the write(2) calls "
              "are not counted")
        sys.exit(77)
    sys.exit(clilib.main("cli-strace", [test_message_writes, test_error_path_writes]))
