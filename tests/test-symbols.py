#!/usr/bin/env python3
"""The Debian symbols files (debian/*.symbols) against what the built
libraries export: every exported symbol with its version node, and every
version node, is listed, and nothing else is.  dpkg-gensymbols checks the
same when the packages build; this finds a new export in every build.

    test-symbols.py SYMBOLS_FILE SHARED_LIBRARY [SYMBOLS_FILE SHARED_LIBRARY ...]
"""
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import testlib  # noqa: E402

check = testlib.Checks()


def exported(so):
    """name@node of every defined dynamic symbol, and node@node of every
    version node, as dpkg-gensymbols writes them."""
    r = subprocess.run(["nm", "-D", "--defined-only", "--with-symbol-versions", so],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"nm -D {so}", r.stderr.strip())
    out = set()
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue
        m = re.fullmatch(r"([^@]+)@@?(.+)", parts[2])
        if m:
            out.add(f"{m.group(1)}@{m.group(2)}")
        elif parts[1] == "A":  # a version node's own symbol
            out.add(f"{parts[2]}@{parts[2]}")
    return out


def listed(path):
    """name@node of every line of a symbols file, and the soname it is for."""
    soname, out = None, set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith(" "):
                out.add(line.split()[0])
            elif not line.startswith(("*", "|", "#")) and line.strip():
                soname = line.split()[0]
    return soname, out


def main():
    args = sys.argv[1:]
    if not args or len(args) % 2:
        print(__doc__)
        return 2
    for path, so in zip(args[0::2], args[1::2]):
        soname, want = listed(path)
        got = exported(so)
        r = subprocess.run(["readelf", "-d", so], capture_output=True, text=True)
        check(f"Library soname: [{soname}]" in r.stdout,
              f"{path} is for {soname}, the soname of {so}")
        for s in sorted(got - want):
            check(False, f"{so} exports {s}, which {path} does not list")
        for s in sorted(want - got):
            check(False, f"{path} lists {s}, which {so} does not export")
        check(got == want and len(got) > 0, f"{path}: {len(want)} symbols, as exported")
    print(f"symbols: {check.passed} checks passed, {check.failed} failed")
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
