#!/usr/bin/env python3
"""xn's libidn2.so.0 against the system's libidn2, call by call.

usage: test-vs-libidn2.py PROBE COMPAT_LIBDIR XN_LIBDIR README

PROBE (probe.c) is built against the system's libidn2; run as it is it
answers for libidn2, run with LD_LIBRARY_PATH=COMPAT_LIBDIR:XN_LIBDIR for
xn (the probe says which library answered, by whether libxn is loaded: a run that
loaded the wrong one fails).  Every call of vs-libidn2-calls.txt runs on
both:
- [same] calls must give libidn2's answer: return code and output bytes;
- [different] calls must give the answer README's difference table states
  for xn, libidn2 must give the answer the table states for libidn2, and
  the two must differ.  The table's rows and these cases are the same set:
  a row without a case, or a case without a row, fails the test.  Each row
  names its class (CLASSES below) and the libidn2 versions it differs on:
  "all", or a list; on a version the list does not name, libidn2 must give
  xn's answer (the difference is gone there, and the row must say so).
The locales are C (ASCII), C.UTF-8 and en_US.ISO-8859-1 (Latin-1); a locale
that cannot be set fails the test (CI makes the Latin-1 one with localedef).
"""
import ast
import json
import os
import re
import subprocess
import sys

import tally
from tally import check


FLAG_BITS = [("NFC_INPUT", 1), ("ALABEL_ROUNDTRIP", 2), ("TRANSITIONAL", 4),
             ("NONTRANSITIONAL", 8), ("ALLOW_UNASSIGNED", 16),
             ("USE_STD3_ASCII_RULES", 32), ("NO_TR46", 64),
             ("NO_ALABEL_ROUNDTRIP", 128)]
FLAG_NAMES = {"T": 4, "N": 8, "STD3": 32, "NO_TR46": 64, "NFC": 1}

# Why a row differs, one word each (README's table says it in its class
# column; the test counts the rows by class).
CLASSES = {
    "rule": "xn applies a rule of RFC 5891-5893 or UTS #46 that libidn2 skips",
    "code": "both refuse the name; the return code differs",
    "form": "the same name; the result is spelled otherwise",
    "data": "the Unicode data moved on: xn's are newer than libidn2's table",
}


def load_calls(path):
    """The calls of path (vs-libidn2-calls.txt: its first lines say the
    form) as {section: [(call, locale, input bytes, flags)]}."""
    calls, section = {}, None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                section = calls.setdefault(line.strip("[]"), [])
                continue
            m = re.fullmatch(r'(\w+)\s+(\S+)\s+(b?"(?:[^"\\]|\\.)*")\s+(.+)', line)
            if not m or section is None:
                sys.exit(f"{path}:{n}: not CALL LOCALE INPUT FLAGS under a [section]")
            call, loc, text, names = m.groups()
            value, flags = ast.literal_eval(text), 0
            for f in (p.strip() for p in names.split("|")):
                flags |= FLAG_NAMES[f] if f in FLAG_NAMES else int(f, 0)
            section.append((call, loc, value if isinstance(value, bytes) else value.encode(),
                            flags))
    return calls


CALLS = load_calls(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "vs-libidn2-calls.txt"))
SAME, DIFFERENT = CALLS["same"], CALLS["different"]


def render(b):
    """Bytes as the table shows them: UTF-8 text where it is well-formed
    and printable, \\xHH for every other byte."""
    out, i = [], 0
    while i < len(b):
        for k in (4, 3, 2, 1):
            try:
                ch = b[i:i + k].decode("utf-8")
            except UnicodeDecodeError:
                continue
            if len(ch) == 1 and ch.isprintable() and ch not in "\\|`":
                out.append(ch)
                i += k
                break
        else:
            out.append(f"\\x{b[i]:02X}")
            i += 1
    return "".join(out)


def flag_names(flags):
    if flags == 0:
        return "0"
    if flags < 0:
        return str(flags)
    names = [n for n, bit in FLAG_BITS if flags & bit]
    rest = flags & ~sum(bit for _, bit in FLAG_BITS)
    if rest:
        names.append(hex(rest))
    return " + ".join(names)


def rc_names(header):
    text = open(header, encoding="utf-8").read()
    # Return codes are 0 and below; the flags, above.
    return {int(v): n for n, v in re.findall(r"\b(IDN2_[A-Z0-9_]+) = (-?\d+)", text)
            if int(v) <= 0}


def run(probe, env, case):
    call, loc, data, flags = case
    p = subprocess.run([probe, loc, call, str(flags), data], env=env, capture_output=True)
    if p.returncode != 0:
        return None, p.stderr.decode(errors="replace").strip()
    ver, rc, out = p.stdout.rstrip(b"\n").split(b"\t", 2)
    return ver.decode(), (int(rc), out)


def answer_text(names, ans):
    rc, out = ans
    return f'`"{render(out)}"`' if rc == 0 else f"`{names.get(rc, rc)}`"


def key(case):
    call, loc, data, flags = case
    return (f"`{call}`", loc, f"`{render(data)}`", f"`{flag_names(flags)}`")


def table_rows(readme):
    """The rows of README's difference table, by their first four cells."""
    rows, inside = {}, False
    for line in open(readme, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("| call | locale | input | flags |"):
            inside = True
            continue
        if inside:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            if set(cells[0]) <= set("-|"):
                continue
            rows[tuple(cells[:4])] = cells[4:]
    return rows


# The codes whose text is xn's own (README, "Messages"): libidn2 has none.
OWN_TEXT = {"IDN2_INVALID_FLAGS"}

STRERROR = """import ctypes, json, sys
lib = ctypes.CDLL("libidn2.so.0")
lib.idn2_strerror.restype = ctypes.c_char_p
print(json.dumps({c: lib.idn2_strerror(int(c)).decode() for c in sys.argv[1:]}))
"""


def check_messages(readme, names, base, ours):
    """README's table of idn2_strerror() texts is this library's, and the
    system libidn2's but for OWN_TEXT."""
    text = open(readme, encoding="utf-8").read()
    section = text.split("\n## Messages\n", 1)[-1].split("\n## ", 1)[0]
    table = {int(v): t for v, t in re.findall(r'^\| `IDN2_\w+` \| (-?\d+) \| "(.*)" \|$',
                                                section, re.M)}
    codes = sorted(v for v in names if v <= 0)
    check("README's Messages table: a row for every return code", sorted(table) == codes,
          f"{sorted(table)} vs {codes}")
    for env, who in ((ours, "xn's libidn2.so.0"), (base, "the system's libidn2")):
        p = subprocess.run([sys.executable, "-c", STRERROR] + [str(c) for c in codes + [-12345]],
                           env=env, capture_output=True, text=True)
        if p.returncode != 0 and re.search(r"(?i)asan|sanitizer", p.stderr):
            print(f"{who}: not loaded into python3 in a sanitized build; messages unchecked")
            continue
        check(f"{who}: idn2_strerror() read", p.returncode == 0, p.stderr[-300:])
        if p.returncode != 0:
            continue
        got = {int(k): v for k, v in json.loads(p.stdout).items()}
        check(f"{who}: 'Unknown error' for an unknown code", got[-12345] == "Unknown error",
              got[-12345])
        for c in codes:
            if who.startswith("the system") and names[c] in OWN_TEXT:
                continue
            check(f"{who}: idn2_strerror({names[c]}) as README says", got[c] == table.get(c),
                  f"{got[c]!r} vs {table.get(c)!r}")


def main():
    if len(sys.argv) != 5:
        print(__doc__)
        return 2
    probe, compat, xnlib, readme = sys.argv[1:]
    names = rc_names(os.path.join(os.path.dirname(os.path.abspath(__file__)), "idn2.h"))
    base = dict(os.environ)
    base.pop("LD_LIBRARY_PATH", None)
    base.pop("LD_PRELOAD", None)
    ours = dict(base, LD_LIBRARY_PATH=f"{compat}:{xnlib}")
    rows = table_rows(readme)
    check("README has the difference table", len(rows) > 0, readme)
    by_class, agreed = {}, 0

    for kind, cases in (("same", SAME), ("different", DIFFERENT)):
        for case in cases:
            what = " ".join(key(case))
            v1, sys_ans = run(probe, base, case)
            v2, xn_ans = run(probe, ours, case)
            if v1 is None or v2 is None:
                check(what, False, f"probe failed: {sys_ans if v1 is None else xn_ans}")
                continue
            check(f"{what}: the system's libidn2 answered", v1.startswith("libidn2 "), v1)
            check(f"{what}: xn's libidn2.so.0 answered", v2 == "xn 2.3.8", v2)
            if kind == "same":
                check(f"{what}: libidn2's answer", sys_ans == xn_ans,
                      f"libidn2 {answer_text(names, sys_ans)}, xn {answer_text(names, xn_ans)}")
                continue
            row = rows.pop(key(case), None)
            if row is None:
                check(f"{what}: differs from libidn2 (else drop the row)", sys_ans != xn_ans,
                      f"both {answer_text(names, xn_ans)}")
                check(f"{what}: a row in README's table", False, "no row")
                continue
            if len(row) != 5:
                check(f"{what}: README's row has class, versions, libidn2, xn, why", False, row)
                continue
            klass, versions, sys_cell, xn_cell, why = row
            check(f"{what}: README names a known class", klass in CLASSES,
                  f"{klass!r}, not one of {', '.join(CLASSES)}")
            by_class[klass] = by_class.get(klass, 0) + 1
            check(f"{what}: README states xn's answer", xn_cell == answer_text(names, xn_ans),
                  f"table {xn_cell}, xn {answer_text(names, xn_ans)}")
            check(f"{what}: README gives the reason", why != "", row)
            sys_version = v1.split(" ", 1)[1]
            listed = [v.strip() for v in versions.split(",")]
            if versions == "all" or sys_version in listed:
                check(f"{what}: differs from libidn2 {sys_version} (else drop the row)",
                      sys_ans != xn_ans, f"both {answer_text(names, xn_ans)}")
                check(f"{what}: README states libidn2's answer", sys_cell == answer_text(names, sys_ans),
                      f"table {sys_cell}, libidn2 {sys_version} {answer_text(names, sys_ans)}")
            else:
                # The row says this libidn2 agrees with xn: it must.
                agreed += 1
                check(f"{what}: libidn2 {sys_version}, not in the row's versions ({versions}), "
                      f"gives xn's answer", sys_ans == xn_ans,
                      f"libidn2 {answer_text(names, sys_ans)}, xn {answer_text(names, xn_ans)}")
    for k in rows:
        check(f"README row {' '.join(k)}: a case in test-vs-libidn2.py", False, "no case")
    check_messages(readme, names, base, ours)
    print("differences by class: " + ", ".join(f"{k} {by_class.get(k, 0)} ({CLASSES[k]})"
                                                 for k in CLASSES))
    if agreed:
        print(f"{agreed} listed difference(s) not of this libidn2's version: it agrees with xn there")
    print(f"test-vs-libidn2: {tally.passed} checks passed, {tally.failed} failed "
          f"({len(SAME)} calls as libidn2's, {len(DIFFERENT)} listed differences)")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
