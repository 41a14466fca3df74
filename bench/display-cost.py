#!/usr/bin/env python3
"""What the display policy costs over plain conversion, in instructions
(callgrind): repeatable where times are not.

usage: bench/display-cost.py BUILD_DIR CORPUS_DIR

Two tables, for unicode.txt, alabel.txt and ascii.txt of CORPUS_DIR:

  library   instructions per name of one pass of each way of
            BUILD_DIR/bench/bench-display (`--once K FILE`, only the pass
            counted: --toggle-collect=once_pass): xn_to_unicode(),
            xn_to_ascii(), xn_to_display_known() without a list, with the
            built-in list, with it and a caller's set of the corpus's first
            500 names; each with its ratio to xn_to_unicode();
  command   instructions per name of whole runs of BUILD_DIR/tools/xn over
            the corpus (`-f FILE`, repeated to at least 100,000 names so
            that start-up counts for little): `xn -u`, `xn` (ToASCII) and
            `xn -u --display`, with the ratio of the last to `xn -u`.

Issue 44's goal: --display at most 3x plain conversion on Unicode names,
at most 1.2x on ASCII names.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

WAYS = ["xn_to_unicode", "xn_to_ascii", "display", "display, built-in list",
        "display, built-in + 500 known"]
FILES = ["unicode.txt", "alabel.txt", "ascii.txt"]
COMMANDS = [("xn -u", ["-u"]), ("xn (ToASCII)", []), ("xn -u --display", ["-u", "--display"])]


def callgrind(cmd, toggle=None, ok=(0,)):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        args = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        if toggle:
            args.append(f"--toggle-collect={toggle}")
        r = subprocess.run(args + cmd, capture_output=True, text=True, timeout=3600)
        if r.returncode not in ok:
            sys.exit(f"display-cost: {' '.join(cmd)} failed: {r.stderr.strip()[-400:]}")
        m = re.search(r"^(?:summary|totals): (\d+)", open(out).read(), re.M)
        return int(m.group(1)), r.stdout


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    build, corpus = sys.argv[1], sys.argv[2]
    bench = os.path.join(build, "bench", "bench-display")
    xn = os.path.join(build, "tools", "xn")
    for path in (bench, xn):
        if not os.access(path, os.X_OK):
            sys.exit(f"display-cost: no {path}: build the project first")
    if not shutil.which("valgrind"):
        sys.exit("display-cost: no valgrind on PATH (Debian package valgrind): "
                 "the counts are callgrind's")

    print("library: instructions per name, one pass (ratio to xn_to_unicode)")
    print("| | " + " | ".join(FILES) + " |")
    print("|---|" + "---:|" * len(FILES))
    rows = {w: [] for w in WAYS}
    for f in FILES:
        base = None
        for k, w in enumerate(WAYS):
            total, out = callgrind([bench, "--once", str(k), os.path.join(corpus, f)],
                                   toggle="once_pass")
            names = int(re.search(r": (\d+) names", out).group(1))
            per = total / names
            base = base or per
            rows[w].append(f"{per:,.0f} ({per / base:.2f}x)")
    for w in WAYS:
        print(f"| {w} | " + " | ".join(rows[w]) + " |")

    print()
    print("command: instructions per name, whole runs of xn -f (ratio to xn -u)")
    print("| | " + " | ".join(FILES) + " |")
    print("|---|" + "---:|" * len(FILES))
    rows = {c: [] for c, _ in COMMANDS}
    with tempfile.TemporaryDirectory() as d:
        for f in FILES:
            lines = open(os.path.join(corpus, f), "rb").read().splitlines(keepends=True)
            copies = max(1, -(-100000 // max(1, len(lines))))
            big = os.path.join(d, f)
            with open(big, "wb") as out:
                for _ in range(copies):
                    out.writelines(lines)
            names = copies * len(lines)
            base = None
            for title, args in COMMANDS:
                # Exit status 1: some names of the corpus fail (xn(1)).
                total, _ = callgrind([xn] + args + ["-f", big], ok=(0, 1))
                per = total / names
                base = base or per
                rows[title].append(f"{per:,.0f} ({per / base:.2f}x)")
    for title, _ in COMMANDS:
        print(f"| {title} | " + " | ".join(rows[title]) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
