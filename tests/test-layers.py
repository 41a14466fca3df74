#!/usr/bin/env python3
"""A library's layers as the linker sees them: no two of the object files
of a static archive need each other's symbols, directly or through others
(nm on the archive: who defines what, who leaves what undefined).  A
circle means a file calls up into a layer that calls it, which
lib/README.md forbids in libxn and compat/idn2/README.md ("Files") in the
libidn2 drop-in.

    test-layers.py ARCHIVE [MIN_OBJECTS]

MIN_OBJECTS, 10 unless given (libxn's archive holds more), is the fewest
object files the archive may hold: with fewer, it is not the library's
whole.
"""
import collections
import subprocess
import sys


def main():
    min_objects = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    r = subprocess.run(["nm", sys.argv[1]], capture_output=True, text=True)
    if r.returncode != 0:
        print("FAIL: nm %s: %s" % (sys.argv[1], r.stderr.strip()))
        return 1
    obj = None
    defs, undefs = collections.defaultdict(set), collections.defaultdict(set)
    for line in r.stdout.splitlines():
        if line.endswith(":") and line.strip():
            obj = line[:-1].rsplit("/", 1)[-1]
            defs[obj]
            continue
        p = line.split()
        if len(p) == 3 and p[1] in "TDRBCV":
            defs[obj].add(p[2])
        elif len(p) == 2 and p[0] == "U":
            undefs[obj].add(p[1])
    owner = {s: o for o, ss in defs.items() for s in ss}
    uses = {o: sorted({owner[s] for s in undefs[o] if owner.get(s, o) != o}) for o in defs}
    circles = []
    state = {}

    def visit(u, path):
        state[u] = 1
        path.append(u)
        for v in uses[u]:
            if state.get(v) == 1:
                circles.append(path[path.index(v):] + [v])
            elif v not in state:
                visit(v, path)
        path.pop()
        state[u] = 2

    for o in sorted(uses):
        if o not in state:
            visit(o, [])
    for o in sorted(uses):
        print("%-44s uses %s" % (o, ", ".join(uses[o]) or "nothing"))
    for c in circles:
        print("FAIL: a circle: " + " -> ".join(c))
    if len(defs) < min_objects:
        print("FAIL: only %d object files in %s" % (len(defs), sys.argv[1]))
        return 1
    print("layers: %d object files, %d circle(s)" % (len(defs), len(circles)))
    return 1 if circles else 0


if __name__ == "__main__":
    sys.exit(main())
