#!/usr/bin/env python3
"""Every function a shared library of xn exports (libxn, the libidn2
drop-in) is written out: its definition is found in exactly one .c file of
its source folder by `grep -n '^NAME('` (the return type on the line
before), never made by a macro, which grep and ctags cannot see through.
The exported names come from the shared library itself (nm -D), and they
must be exactly the functions its linker version script (MAP) lists: the
count is the map's, never a number written by hand.

    test-exports.py SHARED_LIBRARY SOURCE_DIR MAP
"""
import glob
import os
import re
import subprocess
import sys


def mapped_names(path):
    """The names a version script exports: every "NAME;" in its global:
    parts (comments left out)."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    names, exported = set(), False
    for line in text.splitlines():
        word = line.strip()
        if word in ("global:", "local:"):
            exported = word == "global:"
        elif word.startswith("}"):
            exported = False
        elif exported and re.fullmatch(r"[A-Za-z_]\w*;", word):
            names.add(word[:-1])
    return names


def main():
    so, lib_dir, map_file = sys.argv[1], sys.argv[2], sys.argv[3]
    mapped = mapped_names(map_file)
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
    if not mapped:
        print("FAIL: %s lists no exported name" % map_file)
        failed += 1
    # Variables (nm's D, B) are no functions; the map names both.
    if set(names) - mapped or len(names) != len(mapped):
        print("FAIL: %s exports %d functions, %s lists %d names: only exported %s, "
              "only listed %s" % (so, len(names), map_file, len(mapped),
                                  sorted(set(names) - mapped), sorted(mapped - set(names))))
        failed += 1
    print("%d exported functions, %d not found written out" % (len(names), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
