#!/usr/bin/env python3
"""Instructions per name, counted by callgrind: repeatable where times are
not (a loaded machine, another core busy).

usage: bench/callgrind.py BENCH CORPUS... [--impl NAME]...

For each corpus and implementation, runs `BENCH --once NAME CORPUS` under
`valgrind --tool=callgrind --toggle-collect=pass`, so that only the one
pass over the names counts (not start-up, not reading the corpus), and
prints the instructions per name, and for the xn rows the ratio to ICU (or,
for the XN_WHATWG rows, to ada-url/idna) on the same corpus.  An
implementation BENCH was built without (ada, without -Dada_idna) gets no
row, and the rows compared with it no ratio.
"""
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_IMPLS = [
    "memcpy (floor)", "memcpy via .so (floor)", "lowercasing copy (floor)",
    "xn ToASCII", "ICU ToASCII",
    "xn ToASCII (XN_WHATWG)", "ada idna::to_ascii",
    "xn ToUnicode", "ICU ToUnicode",
    "xn ToUnicode (XN_WHATWG)", "ada idna::to_unicode",
]
PEER = {"xn ToASCII": "ICU ToASCII", "xn ToUnicode": "ICU ToUnicode",
        "xn ToASCII (XN_WHATWG)": "ada idna::to_ascii",
        "xn ToUnicode (XN_WHATWG)": "ada idna::to_unicode"}


def count(bench, impl, corpus):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        r = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=pass*",
                            f"--callgrind-out-file={out}", bench, "--once", impl, corpus],
                           capture_output=True, text=True, timeout=3600)
        if r.returncode != 0:
            # The bench's own words first (a build without ada says "bench:
            # no implementation ..." for its rows), else valgrind's last line.
            lines = r.stderr.strip().splitlines()
            return None, [l for l in lines if l.startswith("bench:")] or lines[-1:] or ["failed"]
        names = int(re.search(r": (\d+) names", r.stdout).group(1))
        text = open(out).read()
        m = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        return int(m.group(1)) / names, None


def main():
    args = sys.argv[1:]
    impls = []
    while "--impl" in args:
        i = args.index("--impl")
        impls.append(args[i + 1])
        del args[i:i + 2]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bench, corpora = args[0], args[1:]
    impls = impls or DEFAULT_IMPLS
    table = {}
    absent = set()  # implementations this build of BENCH does not have
    for c in corpora:
        for im in impls:
            if im in absent:
                continue
            v, err = count(bench, im, c)
            table[(im, c)] = v
            if err and "no implementation" in err[0]:
                absent.add(im)
                print(f"{im}: not in this build of {bench}; its row is left out",
                      file=sys.stderr)
            elif err:
                print(f"{im} on {c}: {err[0]}", file=sys.stderr)
    impls = [im for im in impls if im not in absent]
    names = [os.path.splitext(os.path.basename(c))[0] for c in corpora]
    print("| instructions per name | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for im in impls:
        cells = []
        for c in corpora:
            v = table[(im, c)]
            peer = table.get((PEER.get(im), c))  # None when the peer is absent
            cells.append("n/a" if v is None else f"{v:,.0f}" +
                         (f" ({v / peer:.2f}x)" if peer else ""))
        print(f"| {im} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
