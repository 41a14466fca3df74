#!/usr/bin/env python3
"""The reference manual (section 3) against the library.

    test-man.py MAN3_DIR LIBXN_SO XN_MAP

- every symbol libxn.so exports (nm -D), and every global of the version
  script, has its page MAN3_DIR/<symbol>.3, and so do the overview xn(3) and
  the type pages; no page is left over for a function that is gone;
- every page renders with groff -man, warnings on (-ww), without a single
  warning or error, and names its function in NAME and SYNOPSIS;
- every NAME line is whole and reads cleanly in apropos(1), which shows it
  as it is: ASCII, no escape but "\-", no bracket or quote left open, no
  summary that stops at an abbreviation ("e.g");
- xn(1) (MAN3_DIR is the build's tools/, where it is made too) renders
  with groff -ww cleanly, and its combining marks reach the rendered text:
  "p\u0131\u0300xel" keeps its grave accent;
- xn(3) holds the README's example programs as they are in examples/
  (the examples suite builds and runs those very files).

groff (Debian: groff-base) is part of the README's apt line; without it the
rendering checks cannot run: the test runs the others and, when they pass,
says so and exits 77 (skipped), never passing what it did not check.
"""

import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import testlib  # noqa: E402

check = testlib.Checks()


def section(text, name):
    m = re.search(r"^\.SH %s\n(.*?)(?=^\.SH |\Z)" % re.escape(name), text, re.S | re.M)
    return m.group(1) if m else None


def function_sections(man3, exported):
    """Each function's page stands on its own: its prototype alone in
    SYNOPSIS, a DESCRIPTION, a RETURN VALUE; ERRORS (with every status it
    names) when it returns a status; FLAGS when it takes flags; XN_WHATWG,
    the README's name, wherever XN_URL_RULES is mentioned."""
    for p in sorted(exported):
        text = open(os.path.join(man3, p + ".3"), encoding="utf-8").read()
        syn = section(text, "SYNOPSIS") or ""
        protos = re.findall(r"\b(xn_[a-z0-9_]+)\(", syn)
        check(protos == [p], "%s.3: SYNOPSIS holds its own prototype only: %s" % (p, protos))
        for sec in ("DESCRIPTION", "RETURN VALUE"):
            check(section(text, sec), "%s.3: no %s" % (p, sec))
        if re.search(r"^int xn_", syn, re.M):
            errors = section(text, "ERRORS") or ""
            listed = re.findall(r"^\.B (XN_E_\w+)$", errors.replace("\\_", "_"), re.M)
            check("XN_E_INVALID_ARG" in listed, "%s.3: ERRORS lists %s" % (p, listed))
            said = set(re.findall(r"XN_E_[A-Z_0-9]+", section(text, "DESCRIPTION") or ""))
            said.discard("XN_E_UNKNOWN")
            check(said <= set(listed), "%s.3: statuses its DESCRIPTION names are not under "
                  "ERRORS: %s" % (p, sorted(said - set(listed))))
        if re.search(r"unsigned flags", syn):
            check(section(text, "FLAGS"), "%s.3: takes flags, has no FLAGS" % p)
        if "XN_URL_RULES" in text.replace("\\_", "_"):
            check("XN_WHATWG" in text, "%s.3: XN_URL_RULES without XN_WHATWG" % p)


# Run in a child process: a sanitized libxn aborts a python3 that loads it.
TAKEN = r"""
import ctypes, json, sys
so, bits, functions = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
lib = ctypes.CDLL(so)
out = ctypes.create_string_buffer(1024)
n, ptr, num = ctypes.c_size_t(), ctypes.c_char_p(), ctypes.c_int()
ref = ctypes.byref


def call(fn, f):
    F = getattr(lib, fn)
    name = b"a@a" if fn.startswith("xn_email") else b"a"
    tail = [ref(num)] if fn.startswith("xn_email") else []
    if fn.startswith("xn_to_display"):
        tail = [None, None] if fn == "xn_to_display_known" else [None]
    if fn == "xn_equal":
        return F(b"a", 1, b"a", 1, f, ref(num))
    if fn == "xn_idna2008_register":
        return F(b"a", 1, None, 0, out, 1024, ref(n), f, None)
    if fn.endswith("_alloc"):
        rc = F(name, len(name), ref(ptr), ref(n), f, None, *tail)
        if rc == 0:
            lib.xn_free(ptr)
        return rc
    return F(name, len(name), out, 1024, ref(n), f, None, *tail)


print(json.dumps({fn: sorted(b for b, v in bits.items() if call(fn, v) != -1)
                  for fn in functions}))
"""


def flags_against_library(so):
    """The flags each page lists (tools/gen-man3.py's FLAGS_OF) are the
    bits the library takes, one at a time, on a name that converts: each
    listed one taken, each other one refused with XN_E_INVALID_ARG."""
    import importlib.util
    import json
    tools = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools")
    spec = importlib.util.spec_from_file_location("gen_man3", os.path.join(tools, "gen-man3.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    header = open(os.path.join(tools, "..", "include", "xn.h"), encoding="utf-8").read()
    bits = {n: int(v, 16) for n, v in re.findall(r"#define (XN_\w+) (0x[0-9a-fA-F]+)u\b", header)
            if not n.startswith(("XN_UNSAFE_", "XN_DISPLAY_LEVEL"))}
    functions = re.findall(r"XN_API int (xn_\w+)\([^;]*\bunsigned flags\b", header, re.S)
    check(len(functions) > 20, "functions with flags: %s" % functions)
    r = subprocess.run([sys.executable, "-c", TAKEN, so, json.dumps(bits), json.dumps(functions)],
                       capture_output=True, text=True)
    if r.returncode != 0 and re.search(r"(?i)asan|sanitizer", r.stderr):
        print("FLAGS not checked against the library: a sanitized libxn does not load "
              "into python3")
        return
    check(r.returncode == 0, "the flags the library takes: %s" % r.stderr.strip()[-300:])
    if r.returncode != 0:
        return
    taken = json.loads(r.stdout)
    for fn in functions:
        check(set(taken[fn]) == set(gen.flags_of(fn)), "%s.3 FLAGS: listed %s, the library "
              "takes %s" % (fn, sorted(gen.flags_of(fn)), taken[fn]))


def name_line_whole(page, line):
    """A NAME line as apropos shows it: ASCII, no escape but "\-", every
    bracket and quote closed, no summary cut after an abbreviation."""
    summary = line.split(" \\- ", 1)[-1]
    check(line.isascii() and "\\" not in summary.replace("\\-", ""),
          "%s.3: NAME line with an escape apropos shows as it is: %r" % (page, line))
    # A half-open range, "in[0..in_len)", closes what it opens.
    plain = re.sub(r"\[[^][()]*\.\.[^][()]*\)", "", summary)
    for o, c in ("()", "[]", "{}"):
        check(plain.count(o) == plain.count(c),
              "%s.3: NAME line leaves %r open: %r" % (page, o, line))
    check(summary.count('"') % 2 == 0, "%s.3: NAME line leaves a quote open: %r" % (page, line))
    check(not re.search(r"\b(e\.g|i\.e|etc|cf)$", summary),
          "%s.3: NAME line stops at an abbreviation: %r" % (page, line))


def command_page(groff, path):
    """xn(1): renders without a warning, and its combining marks are in the
    rendered text (\[uXXXX] escapes, which groff keeps as characters)."""
    r = subprocess.run([groff, "-ww", "-z", "-man", "-Tutf8", path], capture_output=True,
                       text=True)
    check(r.returncode == 0 and r.stderr == "", "xn.1: groff -ww: %s" % r.stderr.strip()[:300])
    r = subprocess.run([groff, "-man", "-Tutf8", "-rLL=200n", path], capture_output=True,
                       env=dict(os.environ, LC_ALL="C.UTF-8"))
    text = r.stdout.decode("utf-8", "replace")
    check(r.returncode == 0 and "NAME" in text, "xn.1: does not render")
    for word in ("p\u0131\u0300xel", "na\u0131\u0308ve", "goo\u0650gle"):
        check(word in text, "xn.1: %s rendered without its mark (%r)" % (
            word.encode("unicode_escape").decode(), [w for w in re.findall(r"\S+", text)
                                                     if w.strip("\"(),.").startswith(word[:2])
                                                     and word[-3:] in w][:3]))


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
    for p in sorted(pages):
        path = os.path.join(man3, p + ".3")
        text = open(path, encoding="utf-8").read()
        check(text.isascii(), "%s.3: non-ASCII bytes (troff reads bytes)" % p)
        name = re.search(r"^\.SH NAME\n(.*)$", text, re.M)
        check(name is not None and name.group(1).startswith(p.replace("_", "_")
                                                            .replace("-", "\\-") + " \\-"),
              "%s.3: NAME line %r" % (p, name.group(1) if name else None))
        if name:
            name_line_whole(p, name.group(1))
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

    function_sections(man3, exported)
    flags_against_library(so)
    if groff:
        command_page(groff, os.path.join(man3, "xn.1"))

    overview = open(os.path.join(man3, "xn.3"), encoding="utf-8").read()
    for ex in ("resolver.c", "mail.c", "http.c"):
        src = open(os.path.join(examples_dir, ex), encoding="utf-8").read()
        check(".SS " + ex.replace("-", "\\-") in overview, "xn.3: no example %s" % ex)
        first = [l for l in src.split("\n") if l.strip()][0]
        check(first.replace("\\", "\\e").replace("-", "\\-") in overview,
              "xn.3: example %s differs from examples/%s" % (ex, ex))

    print("man3: %d pages, %d exported symbols; %d checks, %d failed" %
          (len(pages), len(exported), check.count, check.failed))
    if groff is None and check.failed == 0:
        print("SKIP: groff not found (Debian package groff-base): no page was rendered")
        return 77
    return check.exit_code()


if __name__ == "__main__":
    sys.exit(main())
