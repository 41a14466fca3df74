#!/usr/bin/env python3
"""Tests for xn --locale in the charsets a locale can have: text is escaped
after it is converted, a character at a time, never a byte at a time.

Usage: python3 tests/test-cli-charsets.py PATH-TO-XN

For each charset (GB18030, Big5, Shift_JIS, GBK, EUC-JP, ISO-8859-1,
KOI8-R) the test makes its locale with localedef into a temporary folder
and runs xn with LOCPATH pointing there, so no system locale is needed and
none is made.  A name reads back as itself in every column and on standard
error: a trail byte 0x5C of a two-byte character is never doubled (the
GB18030 and Big5 names of issue 51); no byte 0x80..0x9F that is a
character of its own reaches the terminal; every text xn writes to
standard error (option texts, file names, --display-known lines, codes)
goes through the same escaping.  Expected bytes come from Python's codecs
and RFC 3492 (the "punycode" codec), never from the program.

Exits 77 (skipped) when the build has no --locale or localedef is missing,
or when no charset's locale could be made; a charset whose charmap is
missing is named and left out.  Python 3 standard library only.
"""

import os
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import clilib  # noqa: E402
from clilib import check, has_locale, run  # noqa: E402

# locale name, localedef -i, -f, Python codec, names with a trail byte 0x5C
# (or, without one, ordinary names of the charset's script)
CHARSETS = [
    ("zh_CN.GB18030", "zh_CN", "GB18030", "gb18030", ["乗乗.中国", "十表.中国"]),
    ("zh_TW.BIG5", "zh_TW", "BIG5", "big5", ["許功蓋.tw", "中文.tw"]),
    ("ja_JP.SHIFT_JIS", "ja_JP", "SHIFT_JIS", "shift_jis", ["ソ表.jp", "能力.jp"]),
    ("zh_CN.GBK", "zh_CN", "GBK", "gbk", ["乗乗.中国", "十表.中国"]),
    ("ja_JP.EUC-JP", "ja_JP", "EUC-JP", "euc_jp", ["日本語.jp", "表示.jp"]),
    ("en_US.ISO-8859-1", "en_US", "ISO-8859-1", "latin-1", ["bücher.de", "façade.fr"]),
    ("ru_RU.KOI8-R", "ru_RU", "KOI8-R", "koi8-r", ["пример.рф", "почта.рф"]),
]

LOCPATH = None


def alabel(name):
    """The ASCII form of an NFC, lower-case name: RFC 3492 on each
    non-ASCII label."""
    return ".".join(l if l.isascii() else "xn--" + l.encode("punycode").decode("ascii")
                    for l in name.split("."))


def make_locales(d):
    """The locales of CHARSETS that localedef makes in d."""
    made = []
    for loc, src, charmap, codec, names in CHARSETS:
        p = subprocess.run(["localedef", "-i", src, "-f", charmap, os.path.join(d, loc)],
                           capture_output=True, text=True, timeout=300)
        # Shift_JIS is not ASCII-compatible at 0x5C and 0x7E: localedef
        # warns (exit 1) and still makes the locale.
        if os.path.isfile(os.path.join(d, loc, "LC_CTYPE")):
            made.append((loc, codec, names))
        else:
            print(f"note: localedef -i {src} -f {charmap} failed ({p.returncode}): "
                  f"{p.stderr.strip()[:200]}; {loc} not tested")
    return made


def env(loc):
    return {"LOCPATH": LOCPATH, "LC_ALL": loc, "LANGUAGE": ""}


def c1_byte(data):
    """The first byte 0x80..0x9F of data (text in an 8-bit charset: each
    byte a character), or None."""
    return next((f"0x{b:02X}" for b in data if 0x80 <= b <= 0x9F), None)


def test_names(made):
    for loc, codec, names in made:
        E = env(loc)
        for name in names:
            raw = name.encode(codec)
            ace = alabel(name)
            what = f"{loc} {name}"
            # To Unicode: the name, byte for byte, in every text column.
            r = run("--locale", "-u", "--status", "-", stdin=ace.encode() + b"\n", env=E)
            check(f"{what}: -u --status is the name", r.out == b"OK\t" + raw + b"\n" and
                  r.rc == 0, repr(r))
            check(f"{what}: 0x5C only where the name has it",
                  r.out.count(b"\\") == raw.count(b"\\"), repr(r))
            r = run("--locale", "-u", "--tsv", ace, env=E)
            check(f"{what}: -u --tsv result column", r.out == ace.encode() + b"\tOK\t" + raw +
                  b"\n", repr(r))
            r = run("--locale", "-u", ace, env=E)
            check(f"{what}: -u plain", r.out == raw + b"\n" and r.rc == 0, repr(r))
            # To ASCII: the input column is the name as given.
            r = run("--locale", "--tsv", stdin=raw + b"\n", env=E)
            check(f"{what}: --tsv input column", r.out == raw + b"\tOK\t" + ace.encode() + b"\n",
                  repr(r))
            # A failing name echoed on standard error as given.
            r = run("--locale", stdin=raw + b"_\n", env=E)
            check(f"{what}: the message shows the name as given",
                  r.rc == 1 and r.err.startswith(b"xn: " + raw + b"_: "), repr(r))


def test_eight_bit(made):
    # KOI8-R 0x9B is U+2321, a character of its own: the valid name
    # "a\u2321.com" is written with it escaped, so no 0x9B byte reaches an
    # 8-bit terminal; in Latin-1, U+009B is a C1 control.
    for loc, codec, _ in made:
        if codec not in ("koi8-r", "latin-1"):
            continue
        E = env(loc)
        ch = bytes([0x9B]).decode(codec)
        ace = alabel("a" + ch + ".com") if codec == "koi8-r" else None
        for args in ([], ["--status"], ["--tsv"], ["--json"]):
            r = run("--locale", *args, stdin=b"a\x9b.com\n", env=E)
            check(f"{loc} {args}: a\\x9B.com: no byte 0x9B written",
                  c1_byte(r.out) is None and c1_byte(r.err) is None, repr(r))
            if ace:
                r = run("--locale", "-u", *args, ace, env=E)
                check(f"{loc} -u {args}: U+2321 escaped, not 0x9B",
                      c1_byte(r.out) is None and b"\\u2321" in r.out and r.rc == 0, repr(r))


def test_stderr(made):
    # Issue 51: in a Latin-1 locale, each text xn writes to standard error
    # is escaped after its conversion: C3 9B is "\u00C3" and a CSI there.
    latin = [m for m in made if m[1] == "latin-1"]
    if not latin:
        print("note: no ISO-8859-1 locale made: standard error's texts not tested")
        return
    E = env(latin[0][0])
    csi = b"\xc3\x9b[31m"
    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d.encode(), b"k" + csi)
        known = os.path.join(d, "known.txt")
        with open(known, "wb") as f:
            # The file is read as UTF-8: C2 9B is U+009B, the C1 CSI.
            f.write(b"ok.com\n-x\xc2\x9b[31m.com\n")
        cases = [
            ("--file open error", ["--locale", b"-f", bad]),
            ("--display-known open error", ["--locale", b"--display-known=" + bad, "a.com"]),
            ("--display-known bad line", ["--locale", "--display-known=" + known, "a.com"]),
            ("unknown option", ["--locale", b"--x" + csi]),
            ("unknown option before --locale", [b"--x" + csi, "--locale"]),
            ("--profile=", ["--locale", b"--profile=" + csi]),
            ("--display-level=", ["--locale", b"--display-level=" + csi]),
            ("--explain's unknown code", ["--locale", "--explain", b"A" + csi]),
            ("a failing name", ["--locale", b"x" + csi + b"_.com"]),
            ("a mail address", ["--locale", "--email", b"x" + csi + b"@example.com"]),
        ]
        for what, args in cases:
            r = run(*args, env=E)
            shown = b"-x\\u009B[31m" if "line" in what else b"\xc3\\u009B[31m"
            check(f"Latin-1 {what}: no byte 0x80..0x9F on stderr", r.rc in (1, 2) and
                  c1_byte(r.err) is None and c1_byte(r.out) is None and shown in r.err, repr(r))
    # The mail address of issue 51, in every mode: refused, no raw 0x9B.
    for args in ([], ["--status"], ["--tsv"], ["--json"], ["-u"]):
        r = run("--locale", "--email", *args, stdin=b"x\xc2\x9b31my@example.com\n", env=E)
        check(f"Latin-1 --email {args}: refused, no 0x9B", r.rc == 1 and
              c1_byte(r.out) is None and c1_byte(r.err) is None, repr(r))
    # --json under a charset other than UTF-8 is ASCII: every non-ASCII
    # character as \uXXXX, which a JSON reader reads back.
    r = run("--locale", "-u", "--json", "xn--bcher-kva.de", env=E)
    check("Latin-1 --json: ASCII, the name as \\u escapes", r.out.isascii() and
          b'"output":"b\\u00FCcher.de"' in r.out, repr(r))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: test-cli-charsets.py PATH-TO-XN")
    clilib.XN = sys.argv[1]
    if not has_locale():
        print("SKIP: this build has no --locale (-Dcli_locale)")
        sys.exit(77)
    if not shutil.which("localedef"):
        print("SKIP: localedef is not installed: no locale of another charset can be made")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        LOCPATH = tmp
        made = make_locales(tmp)
        if not made:
            print("SKIP: localedef made none of the locales (charmaps missing?)")
            sys.exit(77)
        print("locales made: " + ", ".join(m[0] for m in made))
        sys.exit(clilib.main("cli-charsets", [lambda: test_names(made),
                                              lambda: test_eight_bit(made),
                                              lambda: test_stderr(made)]))
