#!/usr/bin/env python3
"""Every function a shared library of xn exports (libxn, the libidn2
drop-in) is written out: its definition is found in exactly one .c file of
its source folder by `grep -n '^NAME('` (the return type on the line
before), never made by a macro, which grep and ctags cannot see through.
The exported names come from the shared library itself (nm -D); MIN is the
fewest it must export.

    test-exports.py SHARED_LIBRARY SOURCE_DIR MIN
"""
import glob
import os
import re
import subprocess
import sys


def main():
    so, lib_dir, least = sys.argv[1], sys.argv[2], int(sys.argv[3])
    r = subprocess.run(["nm", "-D", "--defined-only", so], capture_output=True, text=True)
    if r.returncode != 0:
        print("FAIL: nm -D %s: %s" % (so, r.stderr.strip()))
        return 1
    names = sorted({p[2].split("@")[0] for p in (l.split() for l in r.stdout.splitlines())
                    if len(p) == 3 and p[1] == "T"})
    sources = {}
    for path in sorted(glob.glob(os.path.join(lib_dir, "*.c"))):
        if os.path.basename(path).startswith(("test-", "probe")):
            continue  # programs that call the library, not its source
        with open(path, encoding="utf-8") as f:
            sources[os.path.basename(path)] = f.read()
    failed = 0
    for name in names:
        start = re.compile(r"^%s\(" % re.escape(name), re.M)
        where = [f for f, text in sources.items() if start.search(text)]
        if len(where) != 1:
            print("FAIL: %s: defined at a line's start in %s" % (name, where or "no .c file"))
            failed += 1
    if len(names) < least:
        print("FAIL: only %d exported functions in %s, want %d at least" % (len(names), so, least))
        failed += 1
    print("%d exported functions, %d not found written out" % (len(names), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
