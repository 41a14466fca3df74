#!/usr/bin/env python3
"""xn's libidn2.so.0 against the system's libidn2, call by call.

usage: test-vs-libidn2.py PROBE COMPAT_LIBDIR XN_LIBDIR README

PROBE (probe.c) is built against the system's libidn2; run as it is it
answers for libidn2, run with LD_LIBRARY_PATH=COMPAT_LIBDIR:XN_LIBDIR for
xn (the probe says which library answered, by whether libxn is loaded: a run that
loaded the wrong one fails).  Every case below runs on both:
- SAME cases must give libidn2's answer: return code and output bytes;
- DIFFERENT cases must give the answer README's difference table states
  for xn, libidn2 must give the answer the table states for libidn2, and
  the two must differ.  The table's rows and these cases are the same set:
  a row without a case, or a case without a row, fails the test.
The locales are C (ASCII), C.UTF-8 and en_US.ISO-8859-1 (Latin-1); a locale
that cannot be set fails the test (CI makes the Latin-1 one with localedef).
"""
import os
import re
import subprocess
import sys

import tally
from tally import check

UTF8, C, L1 = "C.UTF-8", "C", "en_US.ISO-8859-1"

FLAG_BITS = [("NFC_INPUT", 1), ("ALABEL_ROUNDTRIP", 2), ("TRANSITIONAL", 4),
             ("NONTRANSITIONAL", 8), ("ALLOW_UNASSIGNED", 16),
             ("USE_STD3_ASCII_RULES", 32), ("NO_TR46", 64),
             ("NO_ALABEL_ROUNDTRIP", 128)]
T, N, STD3, NO_TR46, NFC = 4, 8, 32, 64, 1

# (call, locale, input bytes, flags)
SAME = [
    # No substitution, no transliteration: a character the locale's charset
    # cannot carry fails the call (IDN2_ICONV_FAIL in, IDN2_ENCODING_ERROR out).
    ("lookup_ul", C, "bücher.example".encode(), 0),
    ("lookup_ul", C, b"b\xfccher.example", 0),
    ("to_ascii_lz", C, "bücher.example".encode(), 0),
    ("register_ul", C, "bücher".encode(), 0),
    ("to_unicode_8zlz", C, b"xn--bcher-kva.example", 0),
    ("to_unicode_lzlz", C, b"xn--bcher-kva.example", 0),
    ("to_unicode_8zlz", C, b"xn--jxalpdlp.xn--qxam", 0),
    ("to_unicode_8zlz", C, b"xn--fa-hia.de", 0),
    ("to_unicode_lzlz", C, b"xn--fa-hia.de", 0),
    ("to_unicode_lzlz", C, "bücher.example".encode(), 0),
    ("to_unicode_8zlz", C, b"example.com", 0),
    ("lookup_ul", C, b"example.com", 0),
    ("lookup_ul", UTF8, "bücher.example".encode(), 0),
    ("lookup_ul", UTF8, b"b\xfccher.example", 0),
    ("to_unicode_lzlz", UTF8, b"b\xfccher.example", 0),
    ("to_unicode_8zlz", UTF8, b"xn--jxalpdlp.xn--qxam", 0),
    ("lookup_ul", L1, b"b\xfccher.example", 0),
    ("to_ascii_lz", L1, b"fa\xdf.de", 0),
    ("lookup_ul", L1, "bücher.example".encode(), 0),
    ("register_ul", L1, b"b\xfccher", 0),
    ("to_unicode_8zlz", L1, b"xn--bcher-kva.example", 0),
    ("to_unicode_lzlz", L1, b"xn--fa-hia.de", 0),
    ("to_unicode_8zlz", L1, b"xn--jxalpdlp.xn--qxam", 0),
    ("to_unicode_lzlz", L1, b"xn--jxalpdlp.xn--qxam", 0),
    ("to_unicode_lzlz", L1, "bücher.example".encode(), 0),
    # The locale forms normalize to NFC, as libidn2 documents.
    ("lookup_ul", UTF8, b"e\xcc\x81.com", NO_TR46),
    ("lookup_ul", UTF8, b"e\xcc\x81.com", 0),
    ("register_ul", UTF8, b"e\xcc\x81", 0),
    ("lookup_u8", UTF8, b"e\xcc\x81.com", NO_TR46),
    # The transitional fallback of curl, wget and dig: no SPACE or other
    # non-host byte in an A-label.
    ("lookup_u8", UTF8, "ü¨.example".encode(), T),
    ("lookup_u8", UTF8, "â˜º.example".encode(), T),
    ("lookup_u8", UTF8, "¨.com".encode(), T),
    ("lookup_u8", UTF8, "ü~.com".encode(), T),
    ("lookup_u8", UTF8, "ü＿.com".encode(), T),
    ("lookup_u8", UTF8, "ü_.com".encode(), T),
    ("lookup_u8", UTF8, b"a_b.example", 0),
    ("lookup_u8", UTF8, b"a_b.example", T),
    ("lookup_u8", UTF8, b"a b.example", T),
    ("lookup_u8", UTF8, "‼.com".encode(), T),
    # ASCII names, on each way through lookup (letters, digits, hyphens and
    # dots alone; other ASCII; lengths around the limits).
    ("lookup_u8", UTF8, b"A-B.EXAMPLE", 0),
    ("lookup_u8", UTF8, b"-a.example", 0),
    ("lookup_u8", UTF8, b"a-.example", 0),
    ("lookup_u8", UTF8, b"a.-b", N),
    ("lookup_u8", UTF8, b"a_b-.example", 0),
    ("lookup_u8", UTF8, b"-a_b.example", STD3),
    ("lookup_u8", UTF8, b"ab--cd.example", T),
    ("lookup_u8", UTF8, b"ab--cd.example", NO_TR46),
    ("lookup_u8", UTF8, b"XN--BCHER-KVA.DE", 0),
    ("lookup_u8", UTF8, b"xn--bcher-kva.de.", 0),
    ("lookup_u8", UTF8, b"a..b", 0),
    ("lookup_u8", UTF8, b".", 0),
    ("lookup_u8", UTF8, b"", 0),
    ("lookup_u8", UTF8, b"a" * 63 + b".com", 0),
    ("lookup_u8", UTF8, b"a" * 64 + b".com", 0),
    ("lookup_u8", UTF8, b"a" * 63, 0),
    ("lookup_u8", UTF8, b"a" * 64, 0),
    ("lookup_u8", UTF8, b".".join([b"a" * 63] * 3) + b"." + b"a" * 61, 0),
    ("lookup_u8", UTF8, b".".join([b"a" * 63] * 3) + b"." + b"a" * 62, 0),
    ("lookup_u8", UTF8, b".".join([b"a" * 63] * 3) + b"." + b"a" * 61 + b".", 0),
    ("lookup_u8", UTF8, b"a" * 40 + b"-." + b"b" * 30, 0),
    ("lookup_u8", UTF8, b"exa_mple." + b"b" * 64, 0),
    # to_unicode: A-labels decoded, every other label as given.
    ("to_unicode_8z8z", UTF8, "Bücher.EXAMPLE".encode(), 0),
    ("to_unicode_8z8z", UTF8, b"xn--bcher-kva.EXAMPLE", 0),
    ("to_unicode_8z8z", UTF8, b"Xn--bcher-kva.de", 0),
    ("to_unicode_8z8z", UTF8, b"xn--bcher-KVA.de", 0),
    ("to_unicode_8z8z", UTF8, "ⅷ.com".encode(), 0),
    ("to_unicode_8z8z", UTF8, b"a b.com", 0),
    ("to_unicode_8z8z", UTF8, b"a..b.", 0),
    ("to_unicode_8z8z", UTF8, b"", 0),
    ("to_unicode_8z8z", UTF8, b"xn--.de", 0),
    ("to_unicode_8z8z", UTF8, b"xn--ab-.de", 0),
    ("to_unicode_8z8z", UTF8, "xn--bcher-kva。de".encode(), 0),
    ("to_unicode_8z8z", UTF8, b"b\xff.de", 0),
    ("to_unicode_8z8z", UTF8, "ü.xn--ls8h.la.".encode(), 0),
    ("to_unicode_8z8z", UTF8, b"xn--mgba3a3e.com", 0),
    ("to_unicode_lzlz", L1, b"B\xfccher.EXAMPLE", 0),
    # Return codes.
    ("lookup_u8", UTF8, b"xn--a.de", 0),
    ("lookup_u8", UTF8, b"a.xn--a", T),
    ("lookup_u8", UTF8, b"xn--a.de", NO_TR46),
    ("lookup_u8", UTF8, b"xn--ls8h.la", 0),
    # A U-label with '-' at either end (UTS #46 CheckHyphens, as libidn2).
    ("lookup_u8", UTF8, "0ü-".encode(), 0),
    ("lookup_u8", UTF8, "-ü".encode(), STD3),
    ("lookup_u8", UTF8, "a.ü-.de".encode(), 0),
    ("lookup_u8", UTF8, "ü-a.de".encode(), 0),
    ("lookup_u8", UTF8, "0ü－.de".encode(), 0),
    ("lookup_u8", UTF8, b"xn--0--xka.de", 0),
    ("lookup_u8", UTF8, b"a.XN--0--XKA", STD3),
    ("lookup_u8", UTF8, b"xn---a-wka.de", 0),
    ("lookup_u8", UTF8, "0ü-".encode(), NO_TR46),
    ("lookup_u8", UTF8, "0ü-".encode(), T),
    ("lookup_u8", UTF8, b"xn--.de", 0),
    ("lookup_u8", UTF8, b"a.xn--.de", T),
    ("lookup_u8", UTF8, b"xn--ab-.de", 0),
    ("lookup_u8", UTF8, b"xn--ab-.de", NO_TR46),
    ("lookup_u8", UTF8, b"xn--a!b.de", 0),
    ("lookup_u8", UTF8, b"xn--99999999999.de", 0),
    ("lookup_u8", UTF8, b"xn--99999999999.de", NO_TR46),
    ("lookup_u8", UTF8, b"xn--bcher-kva-.de", 0),
    ("lookup_u8", UTF8, "xn--ü.de".encode(), 0),
    ("lookup_u8", UTF8, "xn--ü.de".encode(), T),
    ("lookup_u8", UTF8, b"xn--te_.de", 0),
    ("strerror_name", UTF8, b"-101", 0),
    ("strerror_name", UTF8, b"-314", 0),
    ("strerror_name", UTF8, b"-1", 0),
    # Flags: unknown bits ignored, libidn2's refused sets refused.
    ("lookup_u8", UTF8, "bücher.de".encode(), 0x100),
    ("lookup_u8", UTF8, "bücher.de".encode(), 0x40000000),
    ("lookup_u8", UTF8, "bücher.de".encode(), -1),
    ("lookup_u8", UTF8, "bücher.de".encode(), 2 | 128),
    ("lookup_u8", UTF8, "bücher.de".encode(), T | N),
    ("lookup_u8", UTF8, "bücher.de".encode(), NO_TR46 | T),
    ("register_u8", UTF8, "bücher".encode(), 0x100),
    # Registration of ASCII that libidn2 and xn answer alike.
    ("register_u8", UTF8, b"abc", 0),
    ("register_u8", UTF8, b"", 0),
    ("register_u8_alabel", UTF8, b"xn--bcher-kva", 0),
    ("register_u8_alabel", UTF8, b"abc", 0),
    ("register_u8_alabel", UTF8, b"", 0),
    ("register_u8_alabel", UTF8, b"XN--BCHER-KVA", 0),
    ("register_u8_alabel", UTF8, b"Xn--bcher-kva", 0),
]

# (call, locale, input bytes, flags): each has a row in README's table.
DIFFERENT = [
    ("lookup_u8", UTF8, b"_443._tcp.example.com", STD3),
    ("lookup_u8", UTF8, "_ü".encode(), STD3),
    ("lookup_u8", UTF8, "_ü".encode(), 0),
    ("lookup_u8", UTF8, "ü¨.example".encode(), STD3 | T),
    ("lookup_u8", UTF8, "·".encode(), 0),
    ("lookup_u8", UTF8, "xn--ïdn.example".encode(), NO_TR46),
    ("lookup_u8", UTF8, "â˜º".encode(), N),
    ("lookup_u8", UTF8, b"r3---sn-4g5e6nls.googlevideo.com", 0),
    ("lookup_u8", UTF8, "a١.com".encode(), T),
    ("register_u8", UTF8, b"xn--bcher-kva", 0),
    ("register_u8", UTF8, b"ex--ample", 0),
    ("register_u8", UTF8, b"-ex", 0),
    ("register_u8", UTF8, b"a_b", 0),
    ("register_u8_alabel", UTF8, b"xn--BCHER-KVA", 0),
    ("register_u8_alabel", UTF8, b"xn--bcher-KVA", 0),
    ("to_unicode_8z8z", UTF8, b"XN--BCHER-KVA.de", 0),
    ("to_unicode_8z8z", UTF8, b"xn--a.de", 0),
    ("to_unicode_8z8z", UTF8, b"xn--1ug.com", 0),
    ("to_unicode_8z8z", UTF8, b"xn--te_.de", 0),
    ("lookup_u8", UTF8, "\u206a\u00eddn.example".encode(), 0),
]


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
            check(f"{what}: differs from libidn2 (else drop the row)", sys_ans != xn_ans,
                  f"both {answer_text(names, xn_ans)}")
            row = rows.pop(key(case), None)
            if row is None:
                check(f"{what}: a row in README's table", False, "no row")
                continue
            check(f"{what}: README states libidn2's answer", row[0] == answer_text(names, sys_ans),
                  f"table {row[0]}, libidn2 {answer_text(names, sys_ans)}")
            check(f"{what}: README states xn's answer", row[1] == answer_text(names, xn_ans),
                  f"table {row[1]}, xn {answer_text(names, xn_ans)}")
            check(f"{what}: README gives the reason", len(row) > 2 and row[2] != "", row)
    for k in rows:
        check(f"README row {' '.join(k)}: a case in test-vs-libidn2.py", False, "no case")
    print(f"test-vs-libidn2: {tally.passed} checks passed, {tally.failed} failed "
          f"({len(SAME)} calls as libidn2's, {len(DIFFERENT)} listed differences)")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
