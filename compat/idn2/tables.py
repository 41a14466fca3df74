#!/usr/bin/env python3
"""Extracts the expectation rows of libidn2's tests/test-lookup.c and
tests/test-register.c (kept unchanged in tests/data/libidn2-tests) into a
plain table for test-idn2.c: one row a line, tab-separated, byte strings in
hex ("-" for a NULL pointer):

    lookup   IN  OUT  RC  FLAGS
    register ALABEL  ULABEL  OUT  RC  FLAGS

The C sources are read as data: comments and "#if 0" blocks are dropped,
the array "static const struct idna idna[]" is split into its {...} rows,
and each row's C string literals (adjacent ones joined, \\x escapes taking
every hex digit that follows, as C does), NULL, and IDN2_* names joined by
'|' are evaluated; the names' values come from compat/idn2/idn2.h.

usage: tables.py IDN2_H TEST_LOOKUP_C TEST_REGISTER_C OUTPUT
"""
import re
import sys


def constants(header):
    text = open(header, encoding="utf-8").read()
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"\b(IDN2_[A-Z0-9_]+)\s*=\s*(-?\d+)", text)}


def strip(src):
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    src = re.sub(r"//[^\n]*", " ", src)
    out, skip = [], 0
    for line in src.split("\n"):
        s = line.strip()
        if s.startswith("#if 0"):
            skip += 1
        elif skip and s.startswith("#if"):
            skip += 1
        elif skip and s.startswith("#endif"):
            skip -= 1
        elif not skip:
            out.append(line)
    return "\n".join(out)


def c_string(body):
    """The bytes of one C string literal's body (between the quotes)."""
    b = body.encode("utf-8")
    out = bytearray()
    i = 0
    while i < len(b):
        c = b[i]
        if c != 0x5C:  # backslash
            out.append(c)
            i += 1
            continue
        e = chr(b[i + 1])
        i += 2
        if e == "x":
            j = i
            while j < len(b) and chr(b[j]) in "0123456789abcdefABCDEF":
                j += 1
            out.append(int(b[i:j], 16) & 0xFF)
            i = j
        elif e in "01234567":
            j = i - 1
            while j < len(b) and j < i + 2 and chr(b[j]) in "01234567":
                j += 1
            out.append(int(b[i - 1:j], 8) & 0xFF)
            i = j
        else:
            out.append({"n": 10, "t": 9, "r": 13, "\\": 92, '"': 34, "'": 39, "0": 0}[e])
    return bytes(out)


TOKEN = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|(NULL)|(-?\d+)|([A-Za-z_]\w*)|(\|)|(,))', re.S)


def fields(row, names):
    """The values of one {...} row: bytes, None (NULL) or int."""
    vals, cur, pending_or = [], None, False
    pos = 0
    while pos < len(row):
        m = TOKEN.match(row, pos)
        if not m:
            if row[pos:].strip() == "":
                break
            raise ValueError(f"cannot read {row[pos:pos + 40]!r}")
        pos = m.end()
        s, null, num, name, bar, comma = m.groups()
        if comma:
            vals.append(cur)
            cur = None
        elif s is not None:
            cur = (cur or b"") + c_string(s)
        elif null:
            cur = None
        elif bar:
            pending_or = True
        else:
            v = int(num) if num is not None else names[name]
            cur = (cur | v) if pending_or else v
            pending_or = False
    if cur is not None or (vals and row.rstrip().endswith(",") is False):
        vals.append(cur)
    return vals


def rows(path, names):
    src = strip(open(path, encoding="utf-8").read())
    start = src.index("static const struct idna idna[] = {")
    body_start = src.index("{", start + len("static const struct idna idna[] = ")) + 1
    depth, i, row_start, out = 0, body_start, None, []
    in_str = False
    while True:
        c = src[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "{":
            depth += 1
            if depth == 1:
                row_start = i + 1
        elif c == "}":
            if depth == 0:
                break
            depth -= 1
            if depth == 0:
                out.append(fields(src[row_start:i], names))
        i += 1
    return out


def hexs(v):
    return "-" if v is None else (v.hex() if v else "")


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    names = constants(sys.argv[1])
    lines = []
    for r in rows(sys.argv[2], names):
        r += [0] * (4 - len(r))
        lines.append(f"lookup\t{hexs(r[0])}\t{hexs(r[1])}\t{r[2]}\t{r[3] or 0}")
    for r in rows(sys.argv[3], names):
        r += [0] * (5 - len(r))
        lines.append(f"register\t{hexs(r[0])}\t{hexs(r[1])}\t{hexs(r[2])}\t{r[3]}\t{r[4] or 0}")
    with open(sys.argv[4], "w") as f:
        f.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
