#!/usr/bin/env python3
"""The display data's generators are as strict as data/README.md says: each
compiles its file as committed, and refuses a damaged copy with the file
and line of the damage and a non-zero exit, writing no output.

    test-generators.py DATA_DIR
"""
import os
import subprocess
import sys
import tempfile

failed = 0
UNICODE_VERSION = None  # the newest data/X.Y.Z/ (main() finds it)


def check(ok, what):
    global failed
    if not ok:
        failed += 1
        print("FAIL: " + what)


def run(data, gen, src_path, out_path):
    if gen == "gen_uts39.py":
        # The UTS #39 tables of the data set, with src_path as the allowed
        # characters; out_path and its header are the outputs.
        args = ["--data-dir", os.path.join(data, UNICODE_VERSION), "--allowed", src_path,
                "--out-c", out_path, "--out-h", out_path + ".h"]
    else:
        args = [src_path, out_path]
    return subprocess.run([sys.executable, os.path.join(data, gen)] + args,
                          capture_output=True, text=True)


def damaged(data, gen, name, edit, where, tmp):
    """gen on a copy of data/name changed by edit(lines) -> lines; the
    error must name the file and the line where (1-based)."""
    with open(os.path.join(data, name), encoding="utf-8") as f:
        lines = f.read().split("\n")
    src = os.path.join(tmp, name)
    out = os.path.join(tmp, "out.c")
    if os.path.exists(out):
        os.remove(out)
    with open(src, "w", encoding="utf-8") as f:
        f.write("\n".join(edit(lines)))
    r = run(data, gen, src, out)
    want = "%s:%d:" % (src, where) if where else src + ":"
    check(r.returncode != 0 and want in r.stderr and not os.path.exists(out),
          "%s on %s damaged: rc %d, stderr %r, want %r" % (gen, name, r.returncode,
                                                           r.stderr.strip(), want))


def first(lines, prefix):
    return next(i for i, l in enumerate(lines) if l.startswith(prefix))


def main():
    global UNICODE_VERSION
    data = sys.argv[1]
    UNICODE_VERSION = max((d for d in os.listdir(data) if d[0].isdigit()),
                          key=lambda v: tuple(map(int, v.split("."))))
    with tempfile.TemporaryDirectory() as tmp:
        for gen, name in (("gen_uts39.py", "display-allowed.txt"),
                          ("gen_display_data.py", "display-confusables.txt"),
                          ("gen_known.py", "known-domains.txt")):
            out = os.path.join(tmp, gen + ".c")
            r = run(data, gen, os.path.join(data, name), out)
            check(r.returncode == 0 and os.path.getsize(out) > 1000,
                  "%s on the committed %s: rc %d, %s" % (gen, name, r.returncode,
                                                          r.stderr.strip()))

        with open(os.path.join(data, "display-allowed.txt"), encoding="utf-8") as f:
            allowed = f.read().split("\n")
        k = first(allowed, "0")  # the first range
        # a malformed line; two ranges swapped; a range dropped (the count).
        damaged(data, "gen_uts39.py", "display-allowed.txt",
                lambda l: l[:k] + ["00G1"] + l[k + 1:], k + 1, tmp)
        damaged(data, "gen_uts39.py", "display-allowed.txt",
                lambda l: l[:k] + [l[k + 1], l[k]] + l[k + 2:], k + 2, tmp)
        damaged(data, "gen_uts39.py", "display-allowed.txt",
                lambda l: l[:k] + l[k + 1:], 1, tmp)

        with open(os.path.join(data, "display-confusables.txt"), encoding="utf-8") as f:
            conf = f.read().split("\n")
        k = first(conf, "reads ;")
        # an unknown kind; two readings swapped; no "# end".
        damaged(data, "gen_display_data.py", "display-confusables.txt",
                lambda l: l[:k] + ["looks ; 00DF ; b"] + l[k + 1:], k + 1, tmp)
        damaged(data, "gen_display_data.py", "display-confusables.txt",
                lambda l: l[:k] + [l[k + 1], l[k]] + l[k + 2:], k + 2, tmp)
        damaged(data, "gen_display_data.py", "display-confusables.txt",
                lambda l: [x for x in l if x != "# end"], 1, tmp)

        with open(os.path.join(data, "known-domains.txt"), encoding="utf-8") as f:
            known = f.read().split("\n")
        k = next(i for i, l in enumerate(known) if l and not l.startswith("#"))
        # a domain that is not lower-case ASCII; a domain twice.
        damaged(data, "gen_known.py", "known-domains.txt",
                lambda l: l[:k] + ["Bücher.example"] + l[k + 1:], k + 1, tmp)
        damaged(data, "gen_known.py", "known-domains.txt",
                lambda l: l[:k + 1] + [l[k]] + l[k + 1:], k + 2, tmp)
    print("generators: %d failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
