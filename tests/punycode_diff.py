#!/usr/bin/env python3
"""Differential test of xn's Punycode codec against Python's built-in codec.

Usage: punycode_diff.py PATH-TO-punycode-tool

Generates (fixed seed) random code point strings and random ASCII strings,
feeds them to punycode-tool in one batch, and compares each answer with
str.encode('punycode') / bytes.decode('punycode').  Every disagreement in the
compared domain is printed and fails the test.

Not compared with Python, because Python's codec is not RFC 3492 there; on
these inputs xn's own answer is checked instead:
  - code points that are surrogates (Python encodes them; xn takes Unicode
    scalar values only) or above U+10FFFF: ERR XN_E_PUNYCODE_BAD_CODE_POINT;
  - encoder input of more than XN_LABEL_LIMIT (1024) code points, decoder
    input of more than XN_ACE_LIMIT (8192) bytes, or a decoder result of
    more than 1024 code points: ERR XN_E_TOO_LONG;
  - decoder input whose last '-' is its first byte: Python always consumes
    the last '-' as the delimiter, but RFC 3492 §6.2 consumes it only when
    code points came before it, so the '-' is read as a digit and
    fails: ERR XN_E_PUNYCODE_BAD_DIGIT;
  - decoder input that Python decodes to a string holding a surrogate
    (Python checks only the upper bound U+10FFFF): ERR
    XN_E_PUNYCODE_BAD_CODE_POINT.
Python's codec has no integer limit; under the 1024 cap the only §6.4
overflows xn can report are of values Python rejects as above U+10FFFF, so
errors are compared as "both fail" without comparing the reason.
"""

import random
import subprocess
import sys

LIMIT = 1024
ACE_LIMIT = 8 * LIMIT
SEED = 3492
DIGITS = b"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"


def rand_scalar(rng, lo, hi):
    while True:
        c = rng.randint(lo, hi)
        if not 0xD800 <= c <= 0xDFFF:
            return c


def rand_code_points(rng, n):
    """A mix of ASCII, BMP and astral; sometimes a small repeating alphabet."""
    kind = rng.randrange(5)
    alphabet = [rand_scalar(rng, 0, 0x7F) if rng.randrange(4) == 0 else
                rand_scalar(rng, 0x80, 0x10FFFF) for _ in range(8)]
    out = []
    for _ in range(n):
        r = rng.randrange(100)
        if kind == 0 or (kind == 1 and r < 50):
            out.append(rng.choice(alphabet))
        elif r < 35:
            out.append(rng.randrange(0x80))
        elif r < 50:
            out.append(rand_scalar(rng, 0x80, 0x7FF))
        elif r < 80:
            out.append(rand_scalar(rng, 0x800, 0xFFFF))
        elif r < 95:
            out.append(rand_scalar(rng, 0x10000, 0x10FFFF))
        else:
            out.append(rand_scalar(rng, 0x10FF00, 0x10FFFF))
    return out


def escape(bs):
    """The tool's rendering of an encoding."""
    return "".join(chr(b) if 0x20 < b < 0x7F and b != 0x5C else "\\x%02X" % b for b in bs)


def rand_byte(rng):
    r = rng.randrange(1000)
    if r < 985:
        return rng.choice(DIGITS)
    if r < 995:
        b = rng.randrange(0x80)
        return b if b != 0x0A else 0x20
    return rng.randrange(0x80, 0x100)


def mutate(rng, s):
    s = bytearray(s)
    for _ in range(rng.randrange(1, 4)):
        r = rng.randrange(100)
        at = rng.randrange(len(s)) if s else 0
        if r < 40 and s:
            s[at] = rand_byte(rng)
        elif r < 70:
            s.insert(at, rand_byte(rng))
        elif r < 90 and s:
            del s[at]
        elif s:
            s[at] = ord(chr(s[at]).swapcase()) if s[at] < 0x80 else s[at]
    return bytes(s)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: punycode_diff.py PATH-TO-punycode-tool")
    rng = random.Random(SEED)
    cases = []  # (input line, expected answer, compared with Python?)

    # --- encoder: code point strings -----------------------------------
    for i in range(50150):
        n = rng.randrange(41) if i < 50000 else rng.randrange(41, LIMIT + 1)
        cps = rand_code_points(rng, n)
        line = ("E " + " ".join("%X" % c for c in cps)).encode()
        cases.append((line, escape("".join(map(chr, cps)).encode("punycode")), True))
    for i in range(600):
        cps = rand_code_points(rng, rng.randrange(0, 40))
        bad = rng.choice([rng.randint(0xD800, 0xDFFF), 0x110000, rng.randint(0x110000, 0xFFFFFFFF)])
        cps.insert(rng.randrange(len(cps) + 1), bad)
        line = ("E " + " ".join("%X" % c for c in cps)).encode()
        cases.append((line, "ERR XN_E_PUNYCODE_BAD_CODE_POINT", False))
    for n in (LIMIT + 1, LIMIT + 2, 2 * LIMIT, 3000):
        cps = rand_code_points(rng, n)
        line = ("E " + " ".join("%X" % c for c in cps)).encode()
        cases.append((line, "ERR XN_E_TOO_LONG", False))

    # --- decoder: ASCII strings ------------------------------------------
    def decode_case(s):
        line = b"D " + s
        if len(s) > ACE_LIMIT:
            return (line, "ERR XN_E_TOO_LONG", False)
        if s.rfind(b"-") == 0:
            return (line, "ERR XN_E_PUNYCODE_BAD_DIGIT", False)
        try:
            text = s.decode("punycode")
        except (UnicodeError, ValueError):
            return (line, "ERR", True)
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            return (line, "ERR XN_E_PUNYCODE_BAD_CODE_POINT", False)
        if len(text) > LIMIT:
            return (line, "ERR XN_E_TOO_LONG", False)
        return (line, " ".join("%X" % ord(c) for c in text), True)

    for i in range(25000):
        r = rng.randrange(3)
        if r == 0:  # random strings over the digits and '-', a little else
            s = bytes(rand_byte(rng) for _ in range(rng.randrange(24)))
        else:  # encodings of random strings, as they are or mutated
            cps = rand_code_points(rng, rng.randrange(40))
            s = "".join(map(chr, cps)).encode("punycode")
            if b"\n" in s:
                continue
            if r == 2:
                s = mutate(rng, s)
        cases.append(decode_case(s))
    for n in (LIMIT - 1, LIMIT, LIMIT + 1, LIMIT + 2, 2000):
        cases.append(decode_case(b"a" * (n - 1) + b"-"))
        cases.append(decode_case(b"a" * n))
    for n in (ACE_LIMIT, ACE_LIMIT + 1):
        cases.append(decode_case(b"a" * n))
    for s in (b"-", b"-abc", b"--abc", b"ib9b", b"0000h", b"a-\xff", b"\xff-a"):
        cases.append(decode_case(s))

    # --- one batch --------------------------------------------------------
    data = b"".join(line + b"\n" for line, _, _ in cases)
    proc = subprocess.run([sys.argv[1]], input=data, stdout=subprocess.PIPE, check=False)
    answers = proc.stdout.decode("ascii").split("\n")
    if proc.returncode != 0 or len(answers) != len(cases) + 1 or answers[-1] != "":
        print("punycode-tool failed: exit %d, %d answers for %d lines"
              % (proc.returncode, len(answers) - 1, len(cases)))
        print("punycode-python: 0 compared, %d disagreed" % len(cases))
        return 1

    compared = disagreed = own = own_failed = 0
    kinds = {"E": 0, "D ok": 0, "D err": 0}
    for (line, want, with_python), got in zip(cases, answers):
        if with_python:
            kinds["E" if line[:1] == b"E" else "D err" if want == "ERR" else "D ok"] += 1
        if want == "ERR":
            ok = got.startswith("ERR ")
        else:
            ok = got == want
        if with_python:
            compared += 1
        else:
            own += 1
        if not ok:
            if with_python:
                disagreed += 1
            else:
                own_failed += 1
            shown = line if len(line) <= 300 else line[:300] + b"..."
            print("%s: %r\n  xn:     %s\n  wanted: %s" % (
                "DISAGREE" if with_python else "FAIL", shown, got[:300],
                want[:300] + (" (Python)" if with_python else " (RFC 3492 / xn contract)")))
    print("punycode-python: compared %d encodings, %d decodings Python accepts, %d it rejects"
          % (kinds["E"], kinds["D ok"], kinds["D err"]))
    print("punycode-python: %d inputs outside the compared domain checked on xn's side, %d failed"
          % (own, own_failed))
    print("punycode-python: %d compared, %d disagreed" % (compared, disagreed))
    return 1 if disagreed or own_failed else 0


if __name__ == "__main__":
    sys.exit(main())
