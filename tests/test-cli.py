#!/usr/bin/env python3
"""Tests for the xn command.

Usage: python3 tests/test-cli.py PATH-TO-XN

Runs the built program with subprocess and checks its options, its output
conventions (one line per name, in order; STATUS<TAB>RESULT with --status),
its exit status, stdin streaming, long and odd input lines, and --locale.
Expected values come from the standards (UTS #46 and its IdnaTestV2.txt,
RFC 3492, the WHATWG URL Standard), not from the program.

Prints every failure, then "cli: N passed, N failed"; exits 1 on any failure.
Python 3 standard library only.
"""

import os
import random
import re
import subprocess
import sys
import time

NAME_CAP = 65536  # the documented line limit of xn

passed = 0
failed = 0


def check(what, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}" + (f"\n      {detail}" if detail else ""))


def enc(s):
    return s.encode("utf-8") if isinstance(s, str) else s


class Result:
    def __init__(self, rc, out, err):
        self.rc = rc
        self.out = out
        self.err = err

    def lines(self):
        """stdout split into lines; every line must end with a newline."""
        if not self.out:
            return []
        assert self.out.endswith(b"\n"), f"output does not end with a newline: {self.out[-40:]!r}"
        return self.out[:-1].split(b"\n")

    def __repr__(self):
        return f"rc={self.rc} out={self.out[:300]!r} err={self.err[:300]!r}"


def run(*args, stdin=b"", env=None, stdout=subprocess.PIPE, timeout=120):
    full_env = dict(os.environ)
    if env:
        full_env.update(env)
    p = subprocess.run([XN, *[enc(a) for a in args]], input=enc(stdin), stdout=stdout,
                       stderr=subprocess.PIPE, env=full_env, timeout=timeout)
    return Result(p.returncode, p.stdout or b"", p.stderr)


def status_line(r, i=0):
    """(status, result) of output line i of a --status run."""
    lines = r.lines()
    if i >= len(lines) or b"\t" not in lines[i]:
        return (None, None)
    st, res = lines[i].split(b"\t", 1)
    return (st.decode("ascii", "replace"), res)


def expect_ok(what, args, name, want, **kw):
    """One name, as an argument and on stdin: converts to want, exit 0."""
    r = run(*args, "--", name, **kw)
    check(f"{what}: {name!r} -> {want!r} (argument)", r.rc == 0 and r.out == enc(want) + b"\n"
          and r.err == b"", repr(r))
    r = run(*args, stdin=enc(name) + b"\n", **kw)
    check(f"{what}: {name!r} -> {want!r} (stdin)", r.rc == 0 and r.out == enc(want) + b"\n"
          and r.err == b"", repr(r))
    r = run(*args, "--status", "--", name, **kw)
    check(f"{what}: {name!r} --status", r.out == b"OK\t" + enc(want) + b"\n" and r.rc == 0,
          repr(r))


def expect_fail(what, args, name, codes, result=b""):
    """One name fails; --status lists at least `codes` (a set of rule codes or
    one status name) and prints `result`; without --status the line is
    `result` and stderr names the input."""
    r = run(*args, "--status", "--", name)
    st, res = status_line(r)
    got = set(st.split(",")) if st else set()
    check(f"{what}: {name!r} status has {sorted(codes)}", r.rc == 1 and set(codes) <= got
          and "OK" not in got and res == enc(result) and len(r.lines()) == 1 and r.err == b"",
          repr(r))
    r = run(*args, "--", name)
    check(f"{what}: {name!r} fails with a message", r.rc == 1 and r.out == enc(result) + b"\n"
          and r.err.startswith(b"xn: ") and r.err.endswith(b"\n"), repr(r))
    for c in codes:
        check(f"{what}: {name!r} message names {c}", c.encode() in r.err, repr(r))


# ---------------------------------------------------------------------------

def test_help_version():
    for opt in ("--help", "-h"):
        r = run(opt)
        check(f"{opt} exits 0", r.rc == 0 and r.err == b"", repr(r))
        text = r.out.decode("utf-8", "replace")
        check(f"{opt} prints usage", text.startswith("Usage: xn"), text[:80])
        lines = text.rstrip("\n").split("\n")
        check(f"{opt} fits 80x24", len(lines) <= 23 and all(len(l) < 80 for l in lines),
              f"{len(lines)} lines, widest {max(len(l) for l in lines)}")
        for o in ("--to-ascii", "--to-unicode", "--profile", "--transitional", "--no-std3",
                  "--no-check-hyphens", "--no-check-bidi", "--no-check-joiners",
                  "--no-verify-dns-length", "--allow-root-dot", "--ignore-invalid-punycode",
                  "--status", "--locale", "--version"):
            check(f"{opt} mentions {o}", o in text)
    r = run("--version")
    check("--version exits 0", r.rc == 0 and r.err == b"", repr(r))
    check("--version format",
          re.fullmatch(rb"xn \d+\.\d+\.\d+ \(Unicode \d+\.\d+\.\d+, ICU \d+\.\d+(\.\d+)*\)\n",
                       r.out) is not None, repr(r))
    # The data set the build took (tests/meson.build passes it).
    want = os.environ["XN_TEST_UNICODE_VERSION"].encode()
    check(f"--version names the data set's Unicode {want.decode()}",
          b"(Unicode " + want + b", ICU " in r.out, repr(r))
    r = run("--help", stdin=b"example.com\n")
    check("--help does not read names", b"example.com" not in r.out, repr(r))


def test_usage_errors():
    cases = [
        ("--bogus",), ("-z",), ("-az",), ("--profile=bogus",), ("--profile", "idna9"),
        ("--profile",), ("--status=yes",), ("--to-ascii=1",), ("--to",), ("--help=x",),
        ("--prof=uts46",),
        ("example.com", "--bogus"),
    ]
    for args in cases:
        r = run(*args, stdin=b"example.com\n")
        check(f"usage error {args}: exit 2", r.rc == 2, repr(r))
        check(f"usage error {args}: message and hint", r.err.startswith(b"xn: ")
              and b"--help" in r.err and r.out == b"", repr(r))


def test_each_flag():
    plain = [
        ["-a"], ["--to-ascii"], ["-u"], ["--to-unicode"], ["--profile=uts46"],
        ["--profile", "uts46"], ["--profile=whatwg"], ["--profile", "whatwg"], ["-T"],
        ["--transitional"], ["--no-std3"], ["--no-check-hyphens"], ["--no-check-bidi"],
        ["--no-check-joiners"], ["--no-verify-dns-length"], ["--allow-root-dot"],
        ["--ignore-invalid-punycode"], ["-uT"], ["-Tu"], ["-a", "-u"], ["-u", "-a"],
        ["--profile=whatwg", "--profile=uts46"],
        ["-T", "--no-std3", "--no-check-hyphens", "--no-check-bidi", "--no-check-joiners",
         "--no-verify-dns-length", "--allow-root-dot", "--ignore-invalid-punycode"],
    ]
    for args in plain:
        expect_ok(f"flag {' '.join(args)}", args, "Example.COM", "example.com")
    for args in (["--locale"], ["--locale", "-u"]):
        expect_ok(f"flag {' '.join(args)}", args, "Example.COM", "example.com",
                  env={"LC_ALL": "C.UTF-8"})
    # Options after names apply too; "--" ends the options.
    r = run("bücher.example", "--status")
    check("option after a name", r.out == b"OK\txn--bcher-kva.example\n" and r.rc == 0, repr(r))
    r = run("--profile=whatwg", "--", "-x.example", "--status")
    check("-- ends the options", r.out == b"-x.example\n--status\n" and r.rc == 0, repr(r))


def test_conversions():
    A = []
    U = ["-u"]
    W = ["--profile=whatwg"]
    # IdnaTestV2.txt and the URL Standard.
    expect_ok("to ASCII", A, "bücher.example", "xn--bcher-kva.example")
    expect_ok("to ASCII", A, "Bücher.Example", "xn--bcher-kva.example")
    expect_ok("to ASCII", A, "faß.de", "xn--fa-hia.de")
    expect_ok("to ASCII", A, "xn--bcher-kva.example", "xn--bcher-kva.example")
    expect_ok("to ASCII", A, "☃.example", "xn--n3h.example")
    expect_ok("to ASCII", A, "a\u094D\u200Cb", "xn--ab-fsf604u")
    expect_ok("transitional", ["-T"], "faß.de", "fass.de")
    expect_ok("transitional", ["--transitional"], "a\u200Cb", "ab")
    expect_ok("to Unicode", U, "xn--bcher-kva.example", "bücher.example")
    expect_ok("to Unicode", U, "XN--BCHER-KVA.example", "bücher.example")
    expect_ok("to Unicode", U, "xn--fa-hia.de", "faß.de")
    expect_ok("to Unicode", U, "bücher.example", "bücher.example")
    expect_ok("whatwg", W, "a_b.example", "a_b.example")
    expect_ok("whatwg", W, "-x.example", "-x.example")
    expect_ok("whatwg", W, "EXAMPLE.com", "example.com")
    expect_ok("whatwg", W, "faß.de", "xn--fa-hia.de")
    expect_ok("--no-std3", ["--no-std3"], "a_b.example", "a_b.example")
    expect_ok("--no-check-hyphens", ["--no-check-hyphens"], "-x.example", "-x.example")
    expect_ok("--no-check-hyphens", ["--no-check-hyphens"], "ab--c.example", "ab--c.example")
    expect_ok("--no-check-joiners", ["--no-check-joiners"], "a\u200Cb", "xn--ab-j1t")
    expect_ok("--no-check-bidi", ["--no-check-bidi"], "a\u05D0", "xn--a-0hc")
    expect_ok("--no-verify-dns-length", ["--no-verify-dns-length"], "a..b", "a..b")
    expect_ok("--allow-root-dot", ["--allow-root-dot"], "example.com.", "example.com.")

    expect_fail("uts46", A, "a_b.example", {"U1"})
    expect_fail("uts46", A, "-x.example", {"V3"})
    expect_fail("uts46", A, "ab--c.example", {"V2"})
    expect_fail("uts46", A, "a.b.\u0308c.d", {"V6"})
    expect_fail("uts46", A, "xn--a.example", {"V7"})
    expect_fail("uts46", A, "xn--a-ä.pt", {"P4"})
    expect_fail("uts46", A, "xn--a-9.example", {"P4"})
    expect_fail("uts46", A, "a\u200Cb", {"C1"})
    expect_fail("uts46", A, "a\u05D0", {"B5", "B6"})
    expect_fail("uts46", A, "a..b", {"A4_2"})
    expect_fail("uts46", A, "example.com.", {"A4_2"})
    expect_fail("uts46", A, "a" * 64 + ".example", {"A4_2"})
    expect_fail("whatwg", W, "a b.example", {"URL_FORBIDDEN"})
    expect_fail("whatwg", W, "xn--a.ß", {"V7"})  # IdnaTestV2: xn--a.pt [V7]
    # URL Standard, domain to Unicode: a name with an error comes back as it
    # was given, never as what ToUnicode made of it (google.com is another site).
    for name, codes in (("xn--google-.com", {"P4"}), ("xn--abc-", {"P4"}),
                        ("xn--8i7caa", {"V7"}), ("xn--bcher-kva.xn--a", {"V7"}),
                        ("XN--ABC-.Com", {"P4"})):
        expect_fail("whatwg -u", W + U, name, codes, name)
    expect_ok("whatwg -u", W + U, "XN--BCHER-KVA.example", "bücher.example")
    # With -u a name that breaks rules still has its converted form.
    expect_fail("to Unicode", U, "a.b.xn--c-bcb.d", {"V6"}, "a.b.\u0308c.d".encode())
    expect_fail("to Unicode", U, "xn--ab-j1t", {"C1"}, "a\u200Cb".encode())
    expect_fail("to Unicode", U, "a..b", {"X4_2"}, b"a..b")

    # The status column lists every rule, comma-separated, without spaces.
    r = run("--status", "--", "-a\u05D0")
    st, _ = status_line(r)
    check("several codes comma-separated", st is not None and re.fullmatch(r"[A-Z0-9_]+(,[A-Z0-9_]+)+", st)
          is not None and "V3" in st.split(","), repr(r))

    # IgnoreInvalidPunycode: no P4 for bad Punycode (the label is still no valid label).
    r = run("--status", "--ignore-invalid-punycode", "xn--a-9.example")
    st, _ = status_line(r)
    check("--ignore-invalid-punycode drops P4", st is not None and "P4" not in st.split(",")
          and st != "OK" and r.rc == 1, repr(r))

    # A name under uts46 and whatwg: the profile changes the outcome.
    r = run("--status", "a_b.example", "--", "-x.example")
    check("uts46 rejects a_b and -x", [l.split(b"\t")[0] for l in r.lines()] == [b"U1", b"V3"]
          and r.rc == 1, repr(r))
    r = run("--status", "--profile", "whatwg", "a_b.example", "--", "-x.example")
    check("whatwg accepts a_b and -x", r.lines() == [b"OK\ta_b.example", b"OK\t-x.example"]
          and r.rc == 0, repr(r))


def test_bad_input():
    for bad in (b"\xff.example", b"b\xfccher.example", b"\xc3\x28", b"\xed\xa0\x80.example",
                b"\xc0\xaf.example", b"example.\xf4\x90\x80\x80"):
        r = run("--status", stdin=bad + b"\n")
        check(f"ill-formed UTF-8 {bad!r} is BAD_UTF8", r.out == b"BAD_UTF8\t\n" and r.rc == 1,
              repr(r))
        r = run(bad)
        check(f"ill-formed UTF-8 {bad!r} message", r.out == b"\n" and r.rc == 1
              and r.err.startswith(b"xn: ") and b"\\x" in r.err, repr(r))
    # Latin-1 text given without --locale: the message points at --locale;
    # with --status the column says BAD_UTF8 and standard error stays empty,
    # as xn(1) promises for --status.
    r = run(b"b\xfccher.example")
    check("BAD_UTF8 message suggests --locale", r.rc == 1 and b"--locale" in r.err, repr(r))
    r = run("--status", stdin=b"b\xfccher.example\n\xff.example\n")
    check("--status BAD_UTF8: nothing on standard error",
          r.out == b"BAD_UTF8\t\nBAD_UTF8\t\n" and r.err == b"" and r.rc == 1, repr(r))
    r = run("--status", stdin=b"\xff.bad\n")
    check("--status \\xff.bad: nothing on standard error",
          r.out == b"BAD_UTF8\t\n" and r.err == b"" and r.rc == 1, repr(r))
    r = run("--status", "--locale", stdin=b"\xff.bad\n", env={"LC_ALL": "xx_YY.none"})
    check("--status --locale, locale missing: nothing on standard error",
          r.err == b"" and len(r.lines()) == 1, repr(r))
    r = run("--locale", stdin=b"\xff.example\n", env=dict(os.environ, LC_ALL="C.UTF-8"))
    check("--locale given: no --locale suggestion", r.rc == 1 and b"use --locale" not in r.err,
          repr(r))
    # -u does not produce output for a name that is not UTF-8 at all.
    r = run("-u", "--status", stdin=b"\xff\n")
    check("-u BAD_UTF8", r.out == b"BAD_UTF8\t\n" and r.rc == 1, repr(r))

    # Embedded NUL: the whole line goes to the library (never cut to "a").
    for line in (b"a\x00", b"a\x00b.example", b"\x00", b"example.com\x00"):
        r = run("--status", stdin=line + b"\n" + b"example.com\n")
        lines = r.lines()
        check(f"NUL in {line!r} fails, next line fine", len(lines) == 2 and lines[0] != b""
              and not lines[0].startswith(b"OK") and lines[1] == b"OK\texample.com" and r.rc == 1,
              repr(r))
        r = run(stdin=line + b"\n")
        check(f"NUL in {line!r} message escaped", r.out == b"\n" and b"\\x00" in r.err, repr(r))

    # Line breaks inside an argument can never split an output line.
    for args in (["a\nb"], ["--no-std3", "a\nb"], ["--no-std3", "a\rb"], ["-u", "--no-std3", "a\nb"],
                 ["--profile=whatwg", "a\nb"]):
        r = run("--status", *args)
        check(f"line break in {args!r}: one line", len(r.lines()) == 1 and r.rc == 1
              and r.out.count(b"\n") == 1 and b"\r" not in r.out, repr(r))


def strace_writes(args, stdin):
    """The write(2) calls of xn to fd 2, each as the bytes it wrote, or None
    without strace on the machine."""
    strace = next((os.path.join(d, "strace") for d in os.environ.get("PATH", "").split(":")
                   if os.access(os.path.join(d, "strace"), os.X_OK)), None)
    if not strace:
        return None
    # LeakSanitizer cannot run under ptrace and says so on fd 2: off here.
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0")
    p = subprocess.run([strace, "-f", "-qq", "-e", "trace=write", "-e", "signal=none",
                        "-e", "abbrev=none", "-x", "-s", "1000000", "-o", "/dev/stdout", XN,
                        *args], input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=300, env=env)
    writes = []
    for line in p.stdout.split(b"\n"):
        m = re.search(rb'write\(2, "((?:[^"\\]|\\.)*)", \d+\)', line)
        if m:
            writes.append(m.group(1).decode("unicode_escape").encode("latin-1"))
    return writes


def test_message_writes():
    # Standard error is written in blocks of whole messages: a write(2) per
    # message (or, unbuffered, per character) made the error path many
    # times slower than --status on hostile input.  Every write ends at the
    # end of a line, so a message never lands in two pieces.  Counted with
    # strace when the machine has it.
    names = b"".join(b"-bad%d.example\n" % i for i in range(50)) + b"\xff.x\n" * 10
    writes = strace_writes([], names)
    if writes is None:
        print("note: strace not installed; write(2) calls of messages not checked")
        return
    text = b"".join(writes)
    check("60 messages, all there", text.count(b"\n") == 60 and text.count(b"xn: ") == 60,
          repr(text[:300]))
    check("60 short messages: far fewer writes than messages", 1 <= len(writes) <= 6,
          f"{len(writes)} writes to fd 2 for 60 messages")
    # Messages far beyond the buffer: each write still holds whole lines.
    rnd = random.Random(23)
    names = b"".join(bytes(rnd.randrange(256) for _ in range(300)).replace(b"\n", b"")
                     + b"\n" for _ in range(600))
    writes = strace_writes([], names)
    text = b"".join(writes)
    lines = text.count(b"\n")
    check("600 long messages: all there", lines == 600, f"{lines} lines")
    check("600 long messages: several writes, each of whole lines", len(writes) > 1 and
          all(w.endswith(b"\n") for w in writes),
          f"{len(writes)} writes; ends: {[w[-20:] for w in writes[:5]]!r}")


def test_error_path_speed():
    # The error path costs at most 3 times --status on 2 MB of random bytes
    # (it was 8 times: a write(2) and an fprintf() per escaped byte).  The
    # two are run in turn, seven times each, and the best of each counts, so
    # a busy machine (the other suites run beside this one) does not decide.
    rnd = random.Random(2026)
    data = bytes(rnd.randrange(256) for _ in range(2_000_000))

    def once(*args):
        t = time.monotonic()
        p = subprocess.run([XN, *args], input=data, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=300)
        return time.monotonic() - t if p.returncode == 1 else None

    runs = [(once(), once("--status")) for _ in range(7)]
    if any(a is None or b is None for a, b in runs):
        plain = status = None
    else:
        plain, status = min(a for a, _ in runs), min(b for _, b in runs)
    check("2 MB of random bytes: both runs exit 1", plain is not None and status is not None)
    if plain is not None and status is not None:
        print(f"note: 2 MB random bytes: {plain * 1000:.1f} ms, --status {status * 1000:.1f} ms, "
              f"ratio {plain / status:.2f}")
        check("error path at most 3 times --status", plain <= 3 * status,
              f"{plain:.3f} s against {status:.3f} s")


def test_stdin_dash():
    # "-" as a NAME is standard input, read where it stands.
    r = run("--status", "a.example", "-", "B.example", stdin=b"X.example\nb\xc3\xbccher.example\n")
    check("- reads standard input in place", r.rc == 0 and r.lines() == [
        b"OK\ta.example", b"OK\tx.example", b"OK\txn--bcher-kva.example", b"OK\tb.example"],
        repr(r))
    r = run("--status", "--", "-", stdin=b"example.com\n")
    check("- after -- is standard input too", r.rc == 0 and r.out == b"OK\texample.com\n",
          repr(r))
    r = run("-", stdin=b"")
    check("- on empty input: nothing, exit 0", r.rc == 0 and r.out == b"" and r.err == b"",
          repr(r))


# The option of each flag the profiles may take, and which profile takes
# which (xn.h: the flags of each entry point).  Every other pairing is a
# usage error naming the option and the profile.
FLAG_OPTIONS = ["--transitional", "--no-std3", "--no-check-hyphens", "--no-check-bidi",
                "--no-check-joiners", "--no-verify-dns-length", "--allow-root-dot",
                "--ignore-invalid-punycode", "--idna2008-map", "--allow-unassigned", "--dns"]
UTS46_TAKES = set(FLAG_OPTIONS) - {"--idna2008-map", "--allow-unassigned"}
PROFILE_TAKES = {
    "uts46": UTS46_TAKES,
    "whatwg": UTS46_TAKES,
    "idna2008": {"--no-std3", "--no-verify-dns-length", "--allow-root-dot", "--idna2008-map",
                 "--dns"},
    "idna2003": {"--no-std3", "--allow-root-dot", "--allow-unassigned"},
}


def test_profile_options():
    for prof, takes in PROFILE_TAKES.items():
        for direction in ([], ["-u"]):
            for opt in FLAG_OPTIONS:
                args = [f"--profile={prof}", *direction, opt]
                r = run(*args, "--status", "example.com")
                if opt in takes:
                    check(f"{' '.join(args)} is taken", r.rc == 0 and r.err == b"", repr(r))
                else:
                    check(f"{' '.join(args)}: usage error", r.rc == 2 and r.out == b""
                          and r.err.count(b"\n") == 2 and opt.encode() in r.err
                          and f"--profile={prof}".encode() in r.err and b"--help" in r.err,
                          repr(r))
    # The example, the option given short: named as typed too.
    r = run("-T", "--profile=idna2003", "faß.de")
    check("-T --profile=idna2003: usage error", r.rc == 2 and r.out == b"" and b"-T" in r.err
          and b"--transitional" in r.err and b"idna2003" in r.err
          and b"invalid argument" not in r.err, repr(r))
    # --register checks a label as RFC 5891 section 4 says: no option changes that.
    for opt in FLAG_OPTIONS:
        r = run("--register", opt, "example")
        check(f"--register {opt}: usage error", r.rc == 2 and opt.encode() in r.err
              and b"--register" in r.err, repr(r))
    # --display and --email: UTS #46 settings only.
    for mode in ("--display", "--email"):
        for opt in ("--idna2008-map", "--allow-unassigned"):
            r = run(mode, opt, "a@example.com")
            check(f"{mode} {opt}: usage error", r.rc == 2 and opt.encode() in r.err
                  and mode.encode() in r.err, repr(r))


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
    print(f"note: {n} names in {elapsed:.2f} s")
    check(f"{n} lines in reasonable time", elapsed < 60, f"{elapsed:.1f} s")


def locales():
    try:
        out = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    except OSError:
        return []
    return out


def test_locale():
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


def test_write_error():
    if not os.path.exists("/dev/full"):
        print("note: no /dev/full; write-error case skipped")
        return
    with open("/dev/full", "wb") as full:
        r = run("example.com", stdout=full)
        check("write error: exit 2", r.rc == 2 and b"xn: " in r.err, repr(r))
        r = run(stdin=b"example.com\n" * 10000, stdout=full)
        check("write error on stdin batch: exit 2", r.rc == 2 and b"xn: " in r.err, repr(r))
        r = run("--version", stdout=full)
        check("write error on --version: exit 2", r.rc == 2, repr(r))


def test_extras():
    """--display, --email and --dns (issue #8): the issue's examples."""
    # Display policy (UTS #39): Unicode where safe, else the A-label, and why.
    apple = "\u0430\u0440\u0440\u04cf\u0435.com"          # Cyrillic аррӏе
    paypal = "p\u0430ypal.com"                             # Cyrillic а
    for args in (["-u", "--display"], ["--display"], ["--display", "-u"]):
        for name in ("bücher.de", "中国", "δοκιμή.ελ"):
            expect_ok(f"display {' '.join(args)}", args, name, name)
        expect_ok(f"display {' '.join(args)}", args, "xn--bcher-kva.de", "bücher.de")
    for name, want, why in ((apple, "xn--80ak6aa92e.com", {"CONFUSABLE"}),
                            (paypal, "xn--pypal-4ve.com", {"MIXED_SCRIPT"})):
        r = run("-u", "--display", "--", name)
        check(f"display {name!r} stays {want}", r.rc == 0 and r.out == enc(want) + b"\n", repr(r))
        check(f"display {name!r}: reasons on stderr", r.err.startswith(b"xn: ") and
              b"label 0" in r.err and all(w.encode() in r.err for w in why), repr(r))
        r = run("-u", "--display", "--status", "--", name)
        st, res = status_line(r)
        check(f"display {name!r} --status", r.rc == 0 and res == enc(want) and st is not None
              and why <= set(st.split(",")) and r.err == b"", repr(r))
    r = run("--display", "--status", stdin=enc(apple + "\nbücher.de\nfaß.de\n"))
    check("display on stdin", r.rc == 0 and r.lines() == [
        b"CONFUSABLE\txn--80ak6aa92e.com", enc("OK\tbücher.de"), b"DEVIATION\txn--fa-hia.de"],
        repr(r))
    # A name that is no valid name is not displayed at all.
    expect_fail("display", ["--display"], "xn--a.com", {"V7"})
    # -a after --display converts to ASCII again.
    expect_ok("display then -a", ["--display", "-a"], "bücher.de", "xn--bcher-kva.de")

    # Mail addresses: the domain converted, the local part kept; SMTPUTF8.
    addr = "用户@例子.广告"
    r = run("--email", "--", addr)
    check("email to ASCII", r.rc == 0 and r.out == enc("用户@xn--fsqu00a.xn--4rr70v\n")
          and r.err == b"", repr(r))
    r = run("--email", "--status", "--", addr)
    check("email: SMTPUTF8 in the status", r.rc == 0 and r.out == enc(
        "SMTPUTF8\t用户@xn--fsqu00a.xn--4rr70v\n"), repr(r))
    expect_ok("email", ["--email"], "User@Bücher.DE", "User@xn--bcher-kva.de")
    expect_ok("email -u", ["--email", "-u"], "user@xn--bcher-kva.de", "user@bücher.de")
    r = run("-u", "--email", "--", "用户@xn--fsqu00a.xn--4rr70v")
    check("email to Unicode", r.rc == 0 and r.out == enc(addr + "\n"), repr(r))
    for bad, code in (("example.com", b"BAD_ADDRESS"), ("@example.com", b"BAD_ADDRESS"),
                      ("user@", b"BAD_ADDRESS"), ("a b\x01@example.com", b"BAD_ADDRESS"),
                      (b"\xc3@example.com", b"BAD_UTF8")):
        r = run("--email", "--status", "--", bad)
        check(f"email {bad!r}: {code}", r.rc == 1 and r.out == code + b"\t\n", repr(r))
        r = run("--email", "--", bad)
        check(f"email {bad!r}: message", r.rc == 1 and r.out == b"\n" and
              r.err.startswith(b"xn: "), repr(r))
    expect_fail("email", ["--email"], "user@a_b.example", {"U1"})

    # DNS-aware labels.
    for name in ("_sip._tcp.example", "*.example", "_dmarc.Example.COM"):
        expect_ok("--dns", ["--dns"], name, name.lower())
    expect_fail("without --dns", [], "_sip._tcp.example", {"U1"})
    expect_fail("--dns: * only first", ["--dns"], "a.*.example", {"U1"})
    r = run("--dns", "--display", "--", "_sip._tcp.bücher.de")
    check("--dns --display", r.rc == 0 and r.out == enc("_sip._tcp.bücher.de\n"), repr(r))

    # Help and usage.
    r = run("--help")
    for o in ("--display", "--email", "--dns"):
        check(f"--help mentions {o}", o.encode() in r.out, repr(r))
    for args in (("--display", "--email"), ("--profile=idna2008", "--display"),
                 ("--profile=idna2003", "--email"), ("--display=1",)):
        r = run(*args, "example.com")
        check(f"usage error {args}", r.rc == 2 and r.out == b"" and b"--help" in r.err, repr(r))


def test_idna2008_2003():
    """--profile=idna2008 (lookup), --register, --idna2008-map, --profile=idna2003 and
    --allow-unassigned (issue #4).  Expected values: RFC 5891/5892, RFC 3490/3491."""
    P8 = ["--profile=idna2008"]
    P3 = ["--profile=idna2003"]
    # IDNA2008 lookup: no mapping, so upper case is DISALLOWED (RFC 5892 rule B);
    # ASCII labels pass unchanged; A-labels are lower-cased (RFC 5891 section 5.3).
    expect_ok("idna2008", P8, "bücher.Example", "xn--bcher-kva.Example")
    expect_ok("idna2008", P8, "XN--BCHER-KVA.example", "xn--bcher-kva.example")
    expect_ok("idna2008", P8, "faß.de", "xn--fa-hia.de")
    expect_fail("idna2008", P8, "Bücher.example", {"DISALLOWED"})
    expect_fail("idna2008", P8, "a·b", {"CONTEXTO"})
    expect_fail("idna2008", P8, "a\u200cb", {"C1"})
    expect_ok("idna2008 map", P8 + ["--idna2008-map"], "Bücher.example", "xn--bcher-kva.example")
    expect_ok("idna2008 map", ["--idna2008-map", "--profile", "idna2008"], "a\u3002b", "a.b")
    expect_ok("idna2008 -u", P8 + ["-u"], "xn--bcher-kva.example", "bücher.example")
    expect_fail("idna2008 -u", P8 + ["-u"], "xn--n3h.example", {"DISALLOWED"},
                result="☃.example")
    expect_ok("idna2008 --no-std3", P8 + ["--no-std3"], "a_b.example", "a_b.example")
    expect_fail("idna2008", P8, "a_b.example", {"U1"})
    # Registration: one label, a U-label or an A-label in; the A-label out.
    for args in (["--register"], ["--register", "--profile=idna2008"],
                 ["--profile=idna2008", "--register"]):
        expect_ok("register", args, "bücher", "xn--bcher-kva")
        expect_ok("register", args, "xn--bcher-kva", "xn--bcher-kva")
        expect_ok("register", args, "example", "example")
    expect_fail("register", ["--register"], "a·b", {"CONTEXTO"})
    expect_fail("register", ["--register"], "ab--c", {"V2"})
    expect_fail("register", ["--register"], "ü-", {"V3"})
    r = run("--register", "--status", stdin=enc("bücher\nxn--bcher-kva\nl·l\nxn--idn-\n"))
    check("register on stdin", r.rc == 1 and r.lines() == [
        b"OK\txn--bcher-kva", b"OK\txn--bcher-kva", b"OK\txn--ll-0ea", b"P4\t"], repr(r))
    # IDNA2003: Nameprep maps; ASCII labels unchanged; the four dots.
    expect_ok("idna2003", P3, "faß.de", "fass.de")
    expect_ok("idna2003", P3, "BÜCHER.Example", "xn--bcher-kva.Example")
    expect_ok("idna2003", P3, "a。b．c｡d", "a.b.c.d")
    expect_fail("idna2003", P3, "a_b.example", {"U1"})
    expect_ok("idna2003 --no-std3", P3 + ["--no-std3"], "a_b.example", "a_b.example")
    expect_fail("idna2003", P3, "\u0237\u00eddn", {"NAMEPREP_UNASSIGNED"})
    expect_ok("idna2003 --allow-unassigned", P3 + ["--allow-unassigned"], "\u0237\u00eddn",
              "xn--dn-mja33k")
    expect_ok("idna2003 -u", P3 + ["-u"], "xn--bcher-kva.example", "bücher.example")
    # ToUnicode never fails: the label comes back as it was, with a status.
    expect_fail("idna2003 -u", P3 + ["-u"], "xn--fa-hia.de", {"ROUNDTRIP"},
                result="xn--fa-hia.de")
    # Settings a profile does not have are usage errors (test_profile_options);
    # --register takes no -u.
    for args in (("--register", "-u"), ("--register", "--profile=idna2003"),
                 ("--profile=whatwg", "--register"), ("--profile=idna2009",)):
        r = run(*args, "example")
        check(f"usage error {args}", r.rc == 2 and r.out == b"" and b"--help" in r.err, repr(r))
    r = run("--help")
    for o in ("idna2008", "idna2003", "--register", "--idna2008-map", "--allow-unassigned"):
        check(f"--help mentions {o}", o.encode() in r.out, repr(r))
    # ... and says what each does: the option alone at the start of its line,
    # then words of its own.
    for o, words in (("--register", b"registration"), ("--idna2008-map", b"map"),
                     ("--allow-unassigned", b"unassigned")):
        line = next((l for l in r.out.split(b"\n") if l.strip().startswith(o.encode())), b"")
        rest = line.strip()[len(o):]
        check(f"--help says what {o} does", rest.startswith(b" ") and words in rest
              and b"--" not in rest, repr(line))


# The roff escapes the examples of xn(1) use, as the text they stand for.
ROFF_ESCAPES = {"\\-": "-", "\\e": "\\", "\\&": "", "\\[:u]": "ü", "\\(:u": "ü",
                "\\[:o]": "ö", "\\(:o": "ö", "\\[ss]": "ß", "\\(ss": "ß", "\\(pc": "·"}


def roff_text(line):
    """The text of one line of an .EX block; None when it holds an escape
    this table does not know (so a new one fails the test, never passes
    unread)."""
    out, i = [], 0
    while i < len(line):
        if line[i] != "\\":
            out.append(line[i])
            i += 1
            continue
        for esc, text in ROFF_ESCAPES.items():
            if line.startswith(esc, i):
                out.append(text)
                i += len(esc)
                break
        else:
            return None
    return "".join(out)


def documented_examples():
    """(where, command, expected stdout lines) for every "$ " line of the
    README's console blocks and of the .EX blocks of xn(1)."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    examples = []

    def collect(where, lines):
        cmd, want = None, []
        for line in lines + ["$ "]:
            if line.startswith("$ "):
                if cmd:
                    examples.append((where, cmd, want))
                cmd, want = line[2:], []
            elif cmd is not None:
                want.append(line)

    readme = open(os.path.join(src, "README.md"), encoding="utf-8").read()
    for block in re.findall(r"^```console\n(.*?)^```", readme, re.S | re.M):
        collect("README.md", block.rstrip("\n").split("\n"))
    man = open(os.path.join(src, "tools", "xn.1"), encoding="utf-8").read()
    for block in re.findall(r"^\.EX\n(.*?)^\.EE", man, re.S | re.M):
        lines = [roff_text(l) for l in block.rstrip("\n").split("\n")]
        if None in lines:
            examples.append(("xn.1", None, block))
            continue
        collect("xn.1", lines)
    return examples


def test_documented_examples():
    # Every xn command shown in the README and in xn(1) gives the output
    # shown there, run by the shell with this xn first on PATH.  A file the
    # command reads (names.txt) holds names that all convert.
    import tempfile
    examples = documented_examples()
    check("README and xn(1) show examples", len(examples) >= 15, f"{len(examples)} found")
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(XN)) + os.pathsep
               + os.environ.get("PATH", ""), LC_ALL="C.UTF-8")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "names.txt"), "w") as f:
            f.write("example.com\nbücher.example\n")
        for where, cmd, want in examples:
            if cmd is None:
                check(f"{where}: example block readable", False, f"unknown roff escape in {want!r}")
                continue
            p = subprocess.run(["sh", "-c", cmd], cwd=d, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=60)
            got = p.stdout.decode("utf-8", "replace").split("\n")[:-1]
            check(f"{where}: $ {cmd}", got == want and p.returncode in (0, 1),
                  f"rc={p.returncode} got {got!r} want {want!r} err={p.stderr[:200]!r}")


def main():
    global XN
    if len(sys.argv) != 2:
        print("usage: test-cli.py PATH-TO-XN", file=sys.stderr)
        return 2
    XN = sys.argv[1]
    for t in (test_help_version, test_usage_errors, test_each_flag, test_conversions,
              test_bad_input, test_message_writes, test_error_path_speed, test_stdin_dash,
              test_profile_options, test_documented_examples, test_lines, test_long_lines, test_stream, test_locale,
              test_write_error, test_extras, test_idna2008_2003):
        try:
            t()
        except Exception as e:  # a crash in one group must not hide the others
            check(f"{t.__name__} ran to its end", False, f"{type(e).__name__}: {e}")
    print(f"cli: {passed} passed, {failed} failed")
    return 1 if failed else 0


XN = None

if __name__ == "__main__":
    sys.exit(main())
