#!/usr/bin/env python3
"""Tests for the xn command: its input lines and streams, and what reaches a
terminal.

Usage: python3 tests/test-cli-stream.py PATH-TO-XN

One output line per input line, in order, whatever the line holds (CRLF,
no final newline, NUL, 1 MB); standard input streamed; messages written
whole and escaped so that no control or invisible character reaches a
terminal; --locale's charsets.  Expected values come from the standards
and from xn(1), not from the program.

--locale is tested only when the build has it: tests/meson.build passes
the feature's state in XN_TEST_CLI_LOCALE.

Prints every failure, then "cli-stream: N passed, N failed"; exits 1 on
any failure.  Python 3 standard library only.
"""

import os
import random
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import clilib  # noqa: E402
from clilib import NAME_CAP, check, expect_ok, has_locale, run  # noqa: E402


# The characters no terminal may get from xn as they are (xn(1), MESSAGES):
# C0 but the line feed, DEL, C1 (as UTF-8 and as bytes), and the bidi
# controls, as UTF-8.
BIDI = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",
        "\u2066", "\u2067", "\u2068", "\u2069"]


def unsafe_in(data, allowed=b"\n"):
    """The first thing in data a terminal must not get (but the bytes
    allowed: line feeds, and the tabs of --status), or None."""
    for b in data:
        if (b < 0x20 and b not in allowed) or b == 0x7F:
            return f"byte 0x{b:02X}"
    text = data.decode("utf-8", "replace")
    if "\ufffd" in text:
        return "ill-formed UTF-8"
    for c in text:
        if 0x80 <= ord(c) <= 0x9F or c in BIDI:
            return f"U+{ord(c):04X}"
    return None


def test_terminal_safety():
    # The reproducer: a bad line of a --display-known file, with
    # ESC, BEL and 0xFF, is shown escaped.
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        known = os.path.join(d, "k.txt")
        with open(known, "wb") as f:
            f.write(b"ok.com\n\x1b]0;pwned\x07\xff.com\n")
        r = run(f"--display-known={known}", stdin=b"b.com\n")
        check("--display-known bad line: usage failure", r.rc == 2 and r.out == b"", repr(r))
        check("--display-known bad line: stderr safe", unsafe_in(r.err) is None,
              f"{unsafe_in(r.err)} in {r.err!r}")
        check("--display-known bad line: escaped, line number",
              b"k.txt:2: \\x1B]0;pwned\\x07\\xFF.com: " in r.err, repr(r))
        for bad in ("a\u202eb.com", "a\x1bb.com", "\u0085x.com", "\u2066.com"):
            with open(known, "wb") as f:
                f.write(b"ok.com\n" + bad.encode() + b"\n")
            r = run(f"--display-known={known}", stdin=b"b.com\n")
            check(f"--display-known line {bad!r}: stderr safe", r.rc == 2 and
                  unsafe_in(r.err) is None, repr(r))
        # The path is shown escaped as well.
        path = os.path.join(d, "k\u202e\x1b.txt")
        r = run(f"--display-known={path}", stdin=b"b.com\n")
        check("--display-known missing file with controls in its path: stderr safe",
              r.rc == 2 and unsafe_in(r.err) is None and b"\\u202E\\x1B" in r.err, repr(r))

    # Every kind of unsafe character in a name, in every place of a
    # message: escaped on standard error, one message per name.
    names = [("a" + c + "b.com").encode() for c in BIDI]
    names += [b"a\x1b[31mb.com", b"a\x7fb.com", b"a\xc2\x85b.com", b"a\xc2\x9bb.com",
              b"a\x9bb.com", b"a\xffb.com", b"a\x07b.com", b"\xe2\x80.com"]
    tabs = b"\n\t"
    for args in ([], ["-u"], ["--profile=idna2008"], ["--profile=idna2003", "-u"],
                 ["--profile=whatwg", "-u"], ["--display"], ["--email"]):
        stdin = b"\n".join((b"x@" + n if args == ["--email"] else n) for n in names) + b"\n"
        r = run(*args, stdin=stdin)
        check(f"unsafe names {args}: stderr safe", r.rc == 1 and unsafe_in(r.err) is None,
              f"{unsafe_in(r.err)} in {r.err!r}")
        # (IDNA2003 ToUnicode and the URL Standard's domain to Unicode
        # let ASCII controls through: those names convert.)
        check(f"unsafe names {args}: a message for each that fails",
              r.err.count(b"\n") >= len(BIDI) and b"\\u202E" in r.err and
              b"\\u0085" in r.err and b"\\xC2" not in r.err, repr(r.err[:300]))
        # --status: every line, the result column included, is safe.
        r = run("--status", *args, stdin=stdin)
        check(f"unsafe names {args} --status: stdout safe, stderr empty",
              r.rc == 1 and unsafe_in(r.out, tabs) is None and r.err == b"" and
              len(r.lines()) == len(names), f"{unsafe_in(r.out, tabs)} in {r.out!r}")
    r = run("-u", "--status", "a\u202eb.com")
    check("-u --status: the failed result escaped", r.out == b"V7\ta\\u202Eb.com\n", repr(r))
    r = run("-u", "--status", "--no-std3", "a\\b\x1b.com")
    check("-u --status: backslash doubled, so the column reads back",
          r.out == b"OK\ta\\\\b\\x1B.com\n", repr(r))
    # Without --status, a failed -u name is escaped as in the status
    # column (xn(1)): no bidi control reaches the terminal from stdout.
    r = run("-u", "a\u202eb.com")
    check("-u: failed result on stdout escaped", r.out == b"a\\u202Eb.com\n" and
          r.rc == 1 and unsafe_in(r.err) is None, repr(r))
    # A usage error echoes the argument escaped.
    r = run("--\x1b]0;x\x07", "a.com")
    check("unknown option: escaped", r.rc == 2 and unsafe_in(r.err) is None and
          b"\\x1B]0;x\\x07" in r.err, repr(r))
    r = run("--profile=\u202ex", "a.com")
    check("unknown profile: escaped", r.rc == 2 and unsafe_in(r.err) is None, repr(r))

    # U+0000 (xn.h: refused in every profile): never a raw NUL on stdout.
    for args in ([], ["-u"], ["--profile=idna2003", "-u"], ["--profile=idna2003"],
                 ["--profile=whatwg", "-u"], ["--no-std3", "-u"], ["--profile=idna2008", "-u",
                                                                     "--no-std3"]):
        r = run(*args, stdin=b"example.com\x00.evil.com\n")
        check(f"NUL {args}: fails, no NUL written", r.rc == 1 and b"\x00" not in r.out and
              b"\x00" not in r.err and r.out == b"\n", repr(r))
        r = run("--status", *args, stdin=b"example.com\x00.evil.com\n")
        check(f"NUL {args} --status: fails, no NUL written", r.rc == 1 and b"\x00" not in r.out
              and not r.out.startswith(b"OK"), repr(r))

    # --locale: text in the locale's charset is shown as it is, a character
    # at a time; a C1 control is escaped as its character (Latin-1 0x85 is
    # U+0085), and the rest of the name stays as it is.
    latin1 = [l for l in locales() if re.search(r"\.(iso88591|iso-8859-1|latin1)$", l, re.I)]
    if latin1 and has_locale():
        L = {"LC_ALL": latin1[0]}
        r = run("--locale", stdin=b"a\x85\xfc.com\n", env=L)
        check(f"--locale {latin1[0]}: C1 character escaped as itself", r.rc == 1 and
              b"\x85" not in r.err and b"a\\u0085\xfc.com" in r.err, repr(r))
        r = run("--locale", stdin=b"a_\xfc.com\n", env=L)
        check(f"--locale {latin1[0]}: Latin-1 text shown as it is", r.rc == 1 and
              b"a_\xfc.com" in r.err, repr(r))


def test_error_path():
    # The error path on 2 MB of random bytes ends, with exit status 1 with
    # and without --status.  How fast the two runs are is printed as a
    # note, for a reader, and decides nothing (the count of its write(2)
    # calls is test-cli-strace.py's).
    rnd = random.Random(2026)
    data = bytes(rnd.randrange(256) for _ in range(2_000_000))

    def once(*args):
        t = time.monotonic()
        p = subprocess.run([clilib.XN, *args], input=data, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=300)
        return p.returncode, time.monotonic() - t

    (rc, plain), (rc_status, status) = once(), once("--status")
    check("2 MB of random bytes: both runs exit 1", rc == 1 and rc_status == 1,
          f"{rc}, {rc_status} with --status")
    print(f"note: 2 MB random bytes: {plain * 1000:.1f} ms, --status {status * 1000:.1f} ms "
          "(one run each, not checked)")


def test_lines():
    names = ["bücher.example", "a_b.example", "", "example.com", "xn--bcher-kva.example",
             "a..b", "☃.example", "-x.example", "faß.de", "xn--a-ä.pt", "EXAMPLE.ORG"]
    want = [b"OK\txn--bcher-kva.example", None, None, b"OK\texample.com",
            b"OK\txn--bcher-kva.example", None, b"OK\txn--n3h.example", None,
            b"OK\txn--fa-hia.de", None, b"OK\texample.org"]
    data = "".join(n + "\n" for n in names).encode()
    r = run("--status", stdin=data)
    lines = r.lines()
    check("one line per input line", len(lines) == len(names), repr(r))
    for i, (n, w) in enumerate(zip(names, want)):
        got = lines[i] if i < len(lines) else None
        if w is None:
            check(f"line {i} ({n!r}) fails in place", got is not None and not got.startswith(b"OK\t")
                  and got.endswith(b"\t"), repr(got))
        else:
            check(f"line {i} ({n!r})", got == w, repr(got))
    check("exit 1 when some failed", r.rc == 1, repr(r))

    # Argument mode gives the same lines (the empty name included).
    r2 = run("--status", "--", *names)
    check("arguments and stdin agree", r2.out == r.out and r2.rc == r.rc, f"{r2!r}\n      {r!r}")

    # Without --status: results, empty lines for failures, one message each.
    r = run(stdin=data)
    lines = r.lines()
    check("plain: one line per input line", len(lines) == len(names), repr(r))
    check("plain: failures are empty lines",
          [l == b"" for l in lines] == [w is None for w in want], repr(lines))
    check("plain: one message per failure", r.err.count(b"\nxn: ") + r.err.startswith(b"xn: ")
          == sum(w is None for w in want), repr(r.err))
    check("plain: message names the input and the rule",
          b"xn: a_b.example: " in r.err and b"U1" in r.err, repr(r.err))
    check("plain: message gives the location",
          re.search(rb"xn: a_b\.example: [^\n]*: U1 \(label 0, byte offset 1, U\+005F\)", r.err)
          is not None, repr(r.err))

    # CRLF, a missing last newline, one "\r" stripped, empty input and lines.
    r = run("--status", stdin=b"b\xc3\xbccher.example\r\nexample.com\r\n")
    check("CRLF input", r.out == b"OK\txn--bcher-kva.example\nOK\texample.com\n" and r.rc == 0,
          repr(r))
    r = run("--status", stdin=b"example.com\nb\xc3\xbccher.example")
    check("last line without newline", r.out == b"OK\texample.com\nOK\txn--bcher-kva.example\n"
          and r.rc == 0, repr(r))
    r = run("--status", stdin=b"example.com\r\r\n")
    check("only one CR is stripped", len(r.lines()) == 1 and not r.out.startswith(b"OK") and r.rc == 1,
          repr(r))
    r = run(stdin=b"")
    check("empty input: no output, exit 0", r.out == b"" and r.err == b"" and r.rc == 0, repr(r))
    r = run("--status", stdin=b"\n\n")
    check("empty lines fail, one line each", len(r.lines()) == 2 and r.rc == 1
          and all(l.endswith(b"\t") and not l.startswith(b"OK") for l in r.lines()), repr(r))
    r = run("--status", "--profile=whatwg", stdin=b"\n")
    check("whatwg: empty name is URL_EMPTY", r.out == b"URL_EMPTY\t\n", repr(r))

    # Exit status 0 when all converted.
    r = run("example.com", "bücher.example")
    check("exit 0 when all converted", r.rc == 0 and r.err == b"", repr(r))


def test_long_lines():
    # A 1 MB line is refused as TOO_LONG; the next line is still converted.
    big = b"a" * 1_000_000
    r = run("--status", stdin=big + b"\nexample.com\n")
    check("1 MB line: TOO_LONG, then goes on", r.out == b"TOO_LONG\t\nOK\texample.com\n" and r.rc == 1,
          repr(r))
    r = run(stdin=big + b"\nexample.com\n")
    check("1 MB line: message", r.out == b"\nexample.com\n" and b"65536" in r.err and r.rc == 1
          and len(r.err) < 1000, repr(r))
    r = run("--status", stdin=big)
    check("1 MB line without newline", r.out == b"TOO_LONG\t\n", repr(r))

    # Exactly NAME_CAP bytes is accepted (and gives a long result, well past
    # the stack buffer); one more is TOO_LONG.  Labels of 64 'a' need
    # --no-verify-dns-length.
    name = (b"a" * 63 + b".") * 1023 + b"a" * 64
    assert len(name) == NAME_CAP
    for term in (b"\n", b"\r\n", b""):
        r = run("--no-verify-dns-length", stdin=name + term + b"example.com\n" * bool(term))
        check(f"{NAME_CAP}-byte line ({term!r}) converts", r.out.split(b"\n")[0] == name
              and r.rc == 0, repr(r))
    r = run("--no-verify-dns-length", name)
    check(f"{NAME_CAP}-byte argument converts", r.out == name + b"\n" and r.rc == 0, repr(r))
    r = run("--status", "--no-verify-dns-length", stdin=b"a" + name + b"\r\nexample.com\n")
    check(f"{NAME_CAP + 1}-byte line is TOO_LONG", r.out == b"TOO_LONG\t\nOK\texample.com\n", repr(r))
    r = run("--status", "--no-verify-dns-length", b"a" + name, "example.com")
    check(f"{NAME_CAP + 1}-byte argument is TOO_LONG", r.out == b"TOO_LONG\t\nOK\texample.com\n",
          repr(r))
    # Long non-ASCII results with -u (heap buffer in the program).
    label = "xn--bcher-kva"
    r = run("-u", "--no-verify-dns-length", stdin=(".".join([label] * 2000) + "\n").encode())
    check("long -u result", r.out == (".".join(["bücher"] * 2000) + "\n").encode() and r.rc == 0,
          repr(r))

    # A --display-known line is refused once it passes NAME_CAP bytes, not
    # read to its end: a file without line ends (/dev/zero) ends the run
    # with a usage error instead of reading forever.  (The timeout only
    # keeps a hang from stalling the suite; nothing is timed.)
    import tempfile
    if os.path.exists("/dev/zero"):
        try:
            r = run("--display-known=/dev/zero", "a.com", timeout=60)
            check("--display-known=/dev/zero: refused, exit 2", r.rc == 2 and r.out == b"" and
                  b"/dev/zero:1: line longer than" in r.err, repr(r))
        except subprocess.TimeoutExpired:
            check("--display-known=/dev/zero: refused, exit 2", False, "still reading after 60 s")
    with tempfile.TemporaryDirectory() as d:
        known = os.path.join(d, "k.txt")
        with open(known, "wb") as f:
            f.write(b"test.net\n" + b"x" * (NAME_CAP + 1) + b"\nexample.com\n")
        r = run("--display-known=" + known, "a.com")
        check("--display-known: a line over the cap names its line", r.rc == 2 and r.out == b""
              and b"k.txt:2: line longer than" in r.err, repr(r))
        with open(known, "wb") as f:
            f.write(b"test.net\n" + b"x" * (NAME_CAP // 2) + b".com\n")
        r = run("--display-known=" + known, "a.com")
        check("--display-known: a long line under the cap is judged as a name", r.rc == 2 and
              b"k.txt:2: " in r.err and b"line longer" not in r.err, repr(r))


def test_stream():
    n = 100_000
    names = []
    want = []
    for i in range(n):
        if i % 10 == 3:
            names.append(f"bücher{i}.example")
            want.append(None)
        elif i % 10 == 7:
            names.append(f"a_{i}.example")
            want.append(b"")
        else:
            names.append(f"Host{i}.Example")
            want.append(f"host{i}.example".encode())
    data = "".join(s + "\n" for s in names).encode()
    t = time.monotonic()
    r = run(stdin=data, timeout=300)
    elapsed = time.monotonic() - t
    lines = r.lines()
    check(f"{n} lines in, {n} lines out", len(lines) == n, f"got {len(lines)} lines, rc={r.rc}")
    bad = [i for i in range(min(n, len(lines))) if want[i] is not None and lines[i] != want[i]]
    check(f"{n} lines in order", not bad, f"first mismatch at line {bad[0]}: {lines[bad[0]]!r}"
          if bad else "")
    check(f"{n} lines: bücher lines converted",
          len(lines) > 3 and lines[3] == b"xn--bcher3-3ya.example", repr(lines[3:4]))
    check(f"{n} lines: exit 1", r.rc == 1, repr(r.rc))
    print(f"note: {n} names in {elapsed:.2f} s (not checked: speed is bench/'s)")


def locales():
    try:
        out = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    except OSError:
        return []
    return out


def test_locale():
    if not has_locale():
        print("note: this build has no --locale (-Dcli_locale): its cases are not run")
        return
    U8 = {"LC_ALL": "C.UTF-8"}
    expect_ok("--locale UTF-8", ["--locale"], "bücher.example", "xn--bcher-kva.example", env=U8)
    expect_ok("--locale UTF-8 -u", ["--locale", "-u"], "xn--bcher-kva.example", "bücher.example",
              env=U8)
    r = run("--locale", "--status", stdin=b"\xff.example\nexample.com\n", env=U8)
    check("--locale UTF-8: ill-formed input", r.out == b"BAD_LOCALE_INPUT\t\nOK\texample.com\n"
          and r.rc == 1, repr(r))

    # The C locale's charset is ASCII: non-ASCII in or out fails for that line.
    C = {"LC_ALL": "C"}
    r = run("--locale", "--status", stdin="bücher.example\nexample.com\n".encode(), env=C)
    check("--locale C: non-ASCII input", r.out == b"BAD_LOCALE_INPUT\t\nOK\texample.com\n"
          and r.rc == 1, repr(r))
    r = run("--locale", "--status", "xn--bcher-kva.example", env=C)
    check("--locale C: A-label to ASCII", r.out == b"OK\txn--bcher-kva.example\n" and r.rc == 0,
          repr(r))
    r = run("--locale", "-u", "--status", stdin=b"xn--bcher-kva.example\nexample.com\n", env=C)
    check("--locale C: -u result not in ASCII", r.out == b"UNREPRESENTABLE\t\nOK\texample.com\n"
          and r.rc == 1, repr(r))
    r = run("--locale", "-u", stdin=b"xn--bcher-kva.example\n", env=C)
    check("--locale C: -u message", r.out == b"\n" and r.rc == 1 and b"charset" in r.err
          and b"?" not in r.out, repr(r))
    r = run("--locale", "-u", "--status", "a.b.xn--c-bcb.d", env=C)
    check("--locale C: -u rule codes stay", r.out == b"V6\t\n" and r.rc == 1, repr(r))

    latin1 = [l for l in locales() if re.search(r"\.(iso88591|iso-8859-1|latin1)$", l, re.I)]
    if not latin1:
        print("note: no ISO-8859-1 locale installed (locale -a); Latin-1 --locale case skipped")
        return
    L = {"LC_ALL": latin1[0]}
    r = run("--locale", stdin=b"b\xfccher.example\n", env=L)
    check(f"--locale {latin1[0]}: Latin-1 input", r.out == b"xn--bcher-kva.example\n" and r.rc == 0,
          repr(r))
    r = run("--locale", "-u", stdin=b"xn--bcher-kva.example\n", env=L)
    check(f"--locale {latin1[0]}: Latin-1 output", r.out == b"b\xfccher.example\n" and r.rc == 0,
          repr(r))
    r = run("--locale", "-u", "--status", stdin=b"xn--n3h.example\n", env=L)
    check(f"--locale {latin1[0]}: snowman not in Latin-1", r.out == b"UNREPRESENTABLE\t\n"
          and r.rc == 1, repr(r))


if __name__ == "__main__":
    sys.exit(clilib.main("cli-stream", [
        test_error_path, test_lines, test_long_lines, test_stream,
        test_locale, test_terminal_safety]))
