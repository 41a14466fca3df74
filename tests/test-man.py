#!/usr/bin/env python3
"""The reference manual (section 3) against the library.

    test-man.py MAN3_DIR LIBXN_SO XN_MAP

- every symbol libxn.so exports (nm -D), and every global of the version
  script, has its page MAN3_DIR/<symbol>.3, and so do the overview xn(3) and
  the type pages; no page is left over for a function that is gone;
- every page renders with groff -man, warnings on (-ww), without a single
  warning or error, and names its function in NAME and SYNOPSIS;
- xn(3) holds the README's example programs as they are in examples/
  (the examples suite builds and runs those very files).

groff (Debian: groff-base) is part of the README's apt line; without it the
rendering checks cannot run and the test says so and fails.
"""

import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import testlib  # noqa: E402

check = testlib.Checks()


def main():
    man3, so, xn_map = sys.argv[1:4]
    examples_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples")
    pages = {f[:-2] for f in os.listdir(man3) if f.endswith(".3")}

    nm = subprocess.run(["nm", "-D", "--defined-only", so], capture_output=True, text=True)
    check(nm.returncode == 0, "nm -D %s: %s" % (so, nm.stderr.strip()))
    exported = {l.split()[-1].split("@")[0] for l in nm.stdout.splitlines()
                if l.split() and l.split()[-1].startswith("xn_")}
    mapped = set(re.findall(r"^\s+(xn_[a-z0-9_]+);", open(xn_map).read(), re.M))
    check(len(exported) > 30, "only %d exported symbols found" % len(exported))
    check(exported == mapped, "exports and version script differ: %s" %
          sorted(exported ^ mapped))
    for sym in sorted(exported | mapped):
        check(sym in pages, "exported %s has no page %s.3" % (sym, sym))
    for extra in ("xn", "xn_status", "xn_report", "xn_display_report", "xn_label_category"):
        check(extra in pages, "no page %s.3" % extra)
    leftover = pages - exported - {"xn", "xn_status", "xn_report", "xn_display_report",
                                   "xn_label_category"}
    check(not leftover, "pages for no exported symbol: %s" % sorted(leftover))

    groff = shutil.which("groff")
    check(groff is not None, "groff not found (Debian package groff-base): pages not rendered")
    for p in sorted(pages):
        path = os.path.join(man3, p + ".3")
        text = open(path, encoding="utf-8").read()
        check(text.isascii(), "%s.3: non-ASCII bytes (troff reads bytes)" % p)
        name = re.search(r"^\.SH NAME\n(.*)$", text, re.M)
        check(name is not None and name.group(1).startswith(p.replace("_", "_")
                                                            .replace("-", "\\-") + " \\-"),
              "%s.3: NAME line %r" % (p, name.group(1) if name else None))
        if p in exported:
            check(re.search(r"\b%s\(" % re.escape(p), text.split(".SH DESCRIPTION")[0])
                  is not None, "%s.3: no prototype in SYNOPSIS" % p)
        if groff:
            r = subprocess.run([groff, "-ww", "-z", "-man", "-Tutf8", path],
                               capture_output=True, text=True)
            check(r.returncode == 0 and r.stderr == "",
                  "%s.3: groff -ww: %s" % (p, r.stderr.strip()[:300]))
            r = subprocess.run([groff, "-man", "-Tutf8", "-rLL=80n", path],
                               capture_output=True, text=True,
                               env=dict(os.environ, LC_ALL="C.UTF-8"))
            # The NAME line (a long title may be shortened in the header by
            # groff 1.23).
            check(r.returncode == 0 and p in r.stdout,
                  "%s.3: does not render (%s)" % (p, r.stderr.strip()[:200]))

    overview = open(os.path.join(man3, "xn.3"), encoding="utf-8").read()
    for ex in ("resolver.c", "mail.c", "http.c"):
        src = open(os.path.join(examples_dir, ex), encoding="utf-8").read()
        check(".SS " + ex.replace("-", "\\-") in overview, "xn.3: no example %s" % ex)
        first = [l for l in src.split("\n") if l.strip()][0]
        check(first.replace("\\", "\\e").replace("-", "\\-") in overview,
              "xn.3: example %s differs from examples/%s" % (ex, ex))

    print("man3: %d pages, %d exported symbols; %d checks, %d failed" %
          (len(pages), len(exported), check.count, check.failed))
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
