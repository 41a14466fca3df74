#!/usr/bin/env python3
"""Tests for the xn command as scripts and coprocesses use it.

Usage: python3 tests/test-cli-script.py PATH-TO-XN

- --line-buffered: an answer for each line written into a pipe, before the
  next line is written;
- -f FILE / --file=FILE: names read from files, in their place among the
  operands, and errors that name the option, the file and the line;
- --json: "ok" on every object, true exactly when that name alone exits 0,
  and a failed name's output as the plain line has it;
- messages: the code, then a hint where an option or a documented limit
  explains it, options never quoted, an empty name shown as such;
- no C1 control, ESC, U+2028, U+2029 or format character (Cf) goes out
  raw in --status, --tsv or on standard error, in any --locale charset;
- --display shows deviation characters (-T keeps them as A-labels), and
  --display-level picks UTS #39's restriction level.

Expected values come from xn(1), UTS #46 and UTS #39, not from the program.
Prints every failure, then "cli-script: N passed, N failed"; exits 1 on any
failure.  Python 3 standard library only.
"""

import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import clilib  # noqa: E402
from clilib import check, enc, has_locale, run  # noqa: E402

# How long a coprocess answer may take before the test calls it missing: a
# bound for failure only, far above any real answer (no speed is measured).
PATIENCE = 30


# ---- --line-buffered ------------------------------------------------------

def read_lines(stream, q):
    for line in iter(stream.readline, b""):
        q.put(line)
    q.put(None)


def test_line_buffered():
    for mode in ([], ["--status"], ["--json"], ["-u"]):
        p = subprocess.Popen([clilib.XN, "--line-buffered", *mode], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        q = queue.Queue()
        threading.Thread(target=read_lines, args=(p.stdout, q), daemon=True).start()
        answers = []
        try:
            # Each name is written only after the answer to the one before
            # came back: the pipe stays open all along.
            for name in ("bücher.example", "a_b.example", "xn--bcher-kva.example"):
                p.stdin.write(enc(name) + b"\n")
                p.stdin.flush()
                try:
                    answers.append(q.get(timeout=PATIENCE))
                except queue.Empty:
                    answers.append(None)
                    break
        finally:
            p.stdin.close()
            rc = p.wait(timeout=PATIENCE)
        check(f"--line-buffered {mode}: an answer per line, before the next is written",
              len(answers) == 3 and None not in answers, repr(answers))
        check(f"--line-buffered {mode}: exit 1 (a_b failed)", rc == 1, repr(rc))
        if mode == ["--status"] and None not in answers:
            check("--line-buffered --status: the answers in order", answers == [
                b"OK\txn--bcher-kva.example\n", b"U1\t\n", b"OK\txn--bcher-kva.example\n"],
                repr(answers))
    # A failed name's message, too, arrives before the next name is written.
    p = subprocess.Popen([clilib.XN, "--line-buffered"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    q = queue.Queue()
    threading.Thread(target=read_lines, args=(p.stderr, q), daemon=True).start()
    try:
        p.stdin.write(b"a_b.example\n")
        p.stdin.flush()
        try:
            msg = q.get(timeout=PATIENCE)
        except queue.Empty:
            msg = None
    finally:
        p.stdin.close()
        p.wait(timeout=PATIENCE)
    check("--line-buffered: a message before the next line is written",
          msg is not None and msg.startswith(b"xn: a_b.example: "), repr(msg))
    r = run("--line-buffered", "--status", stdin=b"example.com\nb\xc3\xbccher.example\n")
    check("--line-buffered: the same lines as without it", r.out == run(
        "--status", stdin=b"example.com\nb\xc3\xbccher.example\n").out and r.rc == 0, repr(r))


# ---- -f FILE ----------------------------------------------------------------

def test_file():
    with tempfile.TemporaryDirectory() as d:
        a = os.path.join(d, "a.txt")
        b = os.path.join(d, "b names.txt")
        with open(a, "wb") as f:
            f.write("bücher.example\r\nexample.com\na_b.example".encode())
        with open(b, "wb") as f:
            f.write(b"xn--bcher-kva.example\n")
        r = run("-f", a)
        check("-f FILE: its names, one a line (CRLF, no last newline)",
              r.out == b"xn--bcher-kva.example\nexample.com\n\n" and r.rc == 1, repr(r))
        check("-f FILE: a failed line's message names the file and the line",
              r.err.startswith(b"xn: " + a.encode() + b":3: a_b.example: "), repr(r))
        r = run("--status", "x.example", f"--file={b}", "-f", a, "y.example")
        check("--file=FILE, repeated, in their place among the operands", r.lines() == [
            b"OK\tx.example", b"OK\txn--bcher-kva.example", b"OK\txn--bcher-kva.example",
            b"OK\texample.com", b"U1\t", b"OK\ty.example"] and r.rc == 1, repr(r))
        r = run("-u", "-f" + b, "-f", "-", stdin=b"xn--a.example\n")
        check("-fFILE and -f - (standard input)", len(r.lines()) == 2
              and r.lines()[0] == b"b\xc3\xbccher.example" and r.rc == 1 and b"xn: (standard input):1: xn--a.example: " in r.err, repr(r))
        r = run("--json", "-f", a)
        objs = [json.loads(l) for l in r.lines()]
        check("-f FILE --json: a line per name", [o["ok"] for o in objs] == [True, True, False],
              repr(r))
        missing = os.path.join(d, "missing.txt")
        r = run("-f", a, "-f", missing)
        check("-f missing file: exit 2 before any output, naming the option and the file",
              r.rc == 2 and r.out == b"" and r.err.startswith(b"xn: --file: " + missing.encode()
                                                              + b": "), repr(r))
        r = run("-f")
        check("-f without FILE: usage error", r.rc == 2 and b"needs a value" in r.err, repr(r))
    r = run("batch.txt")
    check("a NAME is never a file", r.out == b"batch.txt\n" and r.rc == 0, repr(r))


# ---- --json ok --------------------------------------------------------------

def test_json_ok():
    cases = [  # (options, name): one object, whose ok must be the name's own exit 0
        ([], "bücher.example"), ([], "a_b.example"), ([], ""), ([], "a.example."),
        (["-u"], "xn--bcher-kva.example"), (["-u"], "xn--a-yda.example"),
        (["-u"], "a\u0000b.com"), (["--display"], "xn--80ak6aa92e.com"),
        (["--display"], "xn--fa-hia.de"), (["--display", "-T"], "xn--fa-hia.de"),
        (["--email"], "jörg@bücher.de"), (["--email"], "@x.de"),
        (["--profile=whatwg"], "a_b.example"), (["--profile=idna2008"], "Bücher.example"),
    ]
    for args, name in cases:
        alone = run(*args, "--status", stdin=enc(name) + b"\n")
        r = run(*args, "--json", stdin=enc(name) + b"\n")
        obj = json.loads(r.lines()[0]) if len(r.lines()) == 1 else {}
        check(f"--json {args} {name!r}: ok is a boolean", isinstance(obj.get("ok"), bool),
              repr(r))
        check(f"--json {args} {name!r}: ok == (exit status 0)",
              obj.get("ok") == (alone.rc == 0) and r.rc == alone.rc, f"{r!r} / {alone!r}")
    r = run("-u", "--json", stdin=b"a\x00b.com\n")
    obj = json.loads(r.lines()[0])
    check("-u --json: a result holding NUL is no output, as in text mode",
          obj["output"] is None and obj["ok"] is False and "\u0000" not in (obj["output"] or ""),
          repr(r))
    r = run("-u", "--json", "xn--a-yda.example")
    obj = json.loads(r.lines()[0])
    check("-u --json: a name that breaks rules keeps its output, ok false",
          obj["output"] == "a\u00c0.example" and obj["ok"] is False and obj["status"] == "V7",
          repr(r))
    r = run("-u", "--json", "xn--q26g.com")  # U+1BCA0, a format character (Cf)
    check("--json: a format character above U+FFFF is a surrogate-pair escape",
          b"\\uD82F\\uDCA0" in r.out and json.loads(r.lines()[0])["output"] == "\U0001BCA0.com",
          repr(r))


# ---- messages ---------------------------------------------------------------

def message(*args, stdin=None):
    r = run(*args) if stdin is None else run(*args, stdin=stdin)
    return r.err.decode("utf-8", "replace")


def test_hints():
    m = message("a.example.")
    check("root dot: A4_2, then --allow-root-dot", re.search(r"A4_2.*--allow-root-dot", m), m)
    check("root dot: no 63-octet hint when the dot explains it", "63" not in m, m)
    m = message("--allow-root-dot", "a.example.")
    check("--allow-root-dot given: converts", m == "", m)
    m = message("user@bücher.de")
    check("'@': U1, then --email", re.search(r"U1.*--email", m), m)
    m = message("a" * 64 + ".com")
    check("64-octet label: A4_2 and the limit 63", re.search(r"A4_2.*\b63\b", m), m)
    m = message(".".join(["a" * 60] * 5))
    check("name over 253 octets: A4_1, the limit 253, no label or offset",
          re.search(r"A4_1.*\b253\b", m) and "label 4" not in m and "offset" not in m, m)
    m = message("ü" * 1100 + ".com")
    check("over the label limit: the documented numbers", "1024" in m and "8196" in m, m)
    for addr, part in (("@x.de", "local part"), ("x@", "domain"), ("abc.de", "no '@'"),
                       ("a\x01b@x.de", "control character")):
        m = message("--email", addr)
        check(f"--email {addr!r}: says which part is wrong", "not a mail address" in m
              and part in m, m)
    m = message(stdin=b"\n")
    check("empty name shown as such", m.startswith("xn: (empty name): ") and "A4_1" in m, m)
    with tempfile.TemporaryDirectory() as d:
        known = os.path.join(d, "known.txt")
        with open(known, "w", encoding="utf-8") as f:
            f.write("# known\nexample.com\na_b.example\n")
        r = run("--display-known=" + known, "example.com")
        m = r.err.decode()
        check("--display-known bad line: the file, the line and the rule code", r.rc == 2
              and ("%s:3: a_b.example: " % known) in m and "U1" in m, m)
        r = run("--display-known", os.path.join(d, "none.txt"), "example.com")
        m = r.err.decode()
        check("--display-known missing file: the option named", r.rc == 2
              and m.startswith("xn: --display-known: ") and "none.txt" in m, m)
    # Options are written as typed, never quoted; quotes hold what the user
    # typed.
    for args in (["--json", "--tsv"], ["--display", "--email"], ["--register", "-u"],
                 ["--profile=idna2003", "--display"], ["--profile=idna2003", "-T"],
                 ["--to"], ["--stat=yes"], ["--jsno"]):
        r = run(*args, "x.example")
        m = r.err.decode()
        known = re.findall(r"'(--[a-z0-9-]+)'", m)
        check(f"usage error {args}: no option of xn quoted", r.rc == 2 and not [
            k for k in known if not any(a.startswith(k) for a in args)], m)


# ---- what reaches a terminal ------------------------------------------------

def raw_unsafe(data):
    """A C1 byte or ESC, or U+2028, U+2029 or a format character, as it
    is in data (UTF-8 or bytes); None when there is none."""
    if b"\x1b" in data:
        return "ESC"
    if any(0x80 <= b <= 0x9F for b in data) and not data.decode("utf-8", "replace").isascii():
        # Raw C1 bytes: a continuation byte of UTF-8 is fine, a lone one is not.
        text = data.decode("utf-8", "replace")
        if "\ufffd" in text:
            return "a raw byte 0x80..0x9F"
    text = data.decode("utf-8", "replace")
    for c in text:
        if 0x80 <= ord(c) <= 0x9F or c in "\u2028\u2029\u200b\u200d\u2066\ufff9\ufeff" \
                or 0xE0000 <= ord(c) <= 0xE007F:
            return f"U+{ord(c):04X}"
    return None


def test_escapes():
    names = ["a\u2028b.com", "a\u2029b.com", "x\ufff9.com", "z\U000E0041.com", "a\u2066b.com",
             "a\u0085b.com", "a\u009b[31mb.com", "a\u200bb.com"]
    stdin = "\n".join(names).encode() + b"\n"
    for args in (["--status"], ["--tsv"], ["-u", "--status"], ["-u", "--tsv"], ["-u"], []):
        r = run(*args, stdin=stdin)
        check(f"{args}: no raw separator, control or format character",
              raw_unsafe(r.out) is None and raw_unsafe(r.err) is None and len(r.lines()) == len(
                  names), f"{raw_unsafe(r.out)} / {raw_unsafe(r.err)}: {r!r}")
    r = run("-u", "--tsv", "xn--ab-j1t")
    check("--tsv: ZWNJ (Cf) of a failed name escaped as \\u200C",
          r.out == b"xn--ab-j1t\tC1\ta\\u200Cb\n", repr(r))
    # Issue 51: a name that converts is the library's text in every column,
    # its ZWNJ and ZWJ (CONTEXTJ) as they are: Persian, Sinhala, Devanagari.
    for name in ("نامه\u200cای", "ශ්\u200dරී", "क्\u200dष"):
        ace = "xn--" + name.encode("punycode").decode("ascii")
        exact = name.encode("utf-8")
        r = run("-u", "--status", ace)
        check(f"{ace}: -u --status exact", r.out == b"OK\t" + exact + b"\n" and r.rc == 0, repr(r))
        r = run("-u", "--tsv", ace)
        check(f"{ace}: -u --tsv result column exact",
              r.out == ace.encode() + b"\tOK\t" + exact + b"\n", repr(r))
        r = run("-u", ace)
        check(f"{ace}: -u exact", r.out == exact + b"\n" and r.rc == 0, repr(r))
        r = run("-u", "--json", ace)
        check(f"{ace}: -u --json output exact", b'"output":"' + exact + b'"' in r.out, repr(r))
        r = run("--status", name)
        check(f"{ace}: to ASCII", r.out == b"OK\t" + ace.encode() + b"\n", repr(r))
    # What no valid name holds stays escaped in a name that converts: an
    # ASCII control --no-std3 lets through, in the plain line too, and
    # the backslash that starts an escape is doubled.
    for args in ([], ["--status"], ["--tsv"]):
        r = run("--no-std3", *args, "a\\b\x1b[31m.com")
        check(f"--no-std3 {args}: ESC escaped, backslash doubled", r.rc == 0 and
              r.out.split(b"\t")[-1] == b"a\\\\b\\x1B[31m.com\n", repr(r))
    r = run("--no-std3", "--json", "a\x1b[31m.com")
    check("--no-std3 --json: ESC as \\u001B", b'"output":"a\\u001B[31m.com"' in r.out, repr(r))
    # The mail address of issue 51 in every mode: refused, no raw CSI.
    for args in ([], ["--status"], ["--tsv"], ["--json"], ["-u"]):
        r = run("--email", *args, stdin=b"x\xc2\x9b31my@example.com\n")
        check(f"--email {args}: a C1 control in the local part is refused",
              r.rc == 1 and b"\x9b" not in r.out and b"\x9b" not in r.err and
              (b"BAD_ADDRESS" in r.out or b"C1 control" in r.err), repr(r))
    r = run("--tsv", "z\U000E0041.com")
    check("--tsv: a tag above U+FFFF as \\U000E0041", b"z\\U000E0041.com\t" in r.out, repr(r))
    r = run("-u", "a\u2028b.com")
    check("-u without --status: a failed result escaped, as documented",
          r.out == b"a\\u2028b.com\n" and r.rc == 1, repr(r))
    # F2: a Latin-1 locale; the bytes C3 9B are "Ã" and the C1 CSI there.
    latin1 = [l for l in subprocess.run(["locale", "-a"], capture_output=True,
                                         text=True).stdout.split()
              if re.search(r"\.(iso88591|iso-8859-1|latin1)$", l, re.I)]
    if not has_locale() or not latin1:
        print("note: no --locale in this build or no ISO-8859-1 locale: the 0x9B case is "
              "not run")
        return
    env = {"LC_ALL": latin1[0]}
    for args in (["--tsv", "-"], ["--status", "-"], ["-"], ["-u", "--tsv", "-"]):
        r = run("--locale", *args, stdin=b"a\xc3\x9b[31mb.com\n", env=env)
        check(f"--locale {latin1[0]} {args}: no 0x9B or ESC byte out",
              b"\x9b" not in r.out + r.err and b"\x1b" not in r.out + r.err
              and len(r.lines()) == 1, repr(r))
    r = run("--locale", "--tsv", stdin=b"b\xfccher.example\n", env=env)
    check(f"--locale {latin1[0]}: safe Latin-1 text stays as it is",
          r.out == b"b\xfccher.example\tOK\txn--bcher-kva.example\n", repr(r))


# ---- --display --------------------------------------------------------------

def test_display_policy():
    r = run("--display", "--status", "faß.de", "αβς.gr", "xn--fa-hia.de")
    check("--display: deviation characters shown (nontransitional)", r.lines() == [
        enc("OK\tfaß.de"), enc("OK\tαβς.gr"), enc("OK\tfaß.de")] and r.rc == 0, repr(r))
    r = run("--display", "-T", "--status", "xn--fa-hia.de")
    check("--display -T: a deviation stays an A-label", r.out == b"DEVIATION\txn--fa-hia.de\n",
          repr(r))
    # Latin with Devanagari: Moderately Restrictive, not Highly.
    name = "abc\u0915.com"
    got = {lvl: run(f"--display-level={lvl}", "--status", name).lines()
           for lvl in ("high", "moderate", "minimal")}
    check("--display-level=high: Latin with Devanagari kept", got["high"] == [
        b"MIXED_SCRIPT\txn--abc-ggh.com"], repr(got))
    check("--display-level=moderate and minimal: shown", got["moderate"] == got["minimal"] == [
        enc("OK\t" + name)], repr(got))
    got = [run(f"--display-level={lvl}", "--status", "xn--abcd-n6d.com").out
           for lvl in ("moderate", "minimal")]
    check("--display-level: Latin with Cyrillic is MIXED_SCRIPT only below minimal",
          b"MIXED_SCRIPT" in got[0] and b"MIXED_SCRIPT" not in got[1], repr(got))
    r = run("--display-level=strict", "x.com")
    check("--display-level: an unknown level is a usage error", r.rc == 2 and b"'strict'" in r.err
          and b"high" in r.err, repr(r))
    r = run("--display-level=minimal", "-a", "bücher.example")
    check("--display-level then -a: plain ToASCII", r.out == b"xn--bcher-kva.example\n"
          and r.rc == 0, repr(r))


# ---- --version ----------------------------------------------------------------

def test_version_icu():
    r = run("--version")
    check("--version names the ICU it loads, and ICU as the normalizer", re.fullmatch(
        rb"xn \d+\.\d+\.\d+ \(Unicode [\d.]+, ICU [\d.]+\)\n"
        rb"normalizer: ICU [\d.]+ \(xn's Unicode [\d.]+ data\)\n", r.out) is not None, repr(r))
    # The same program on a library whose ICU sonames name no file
    # (tests/meson.build passes it with ICU on demand).
    missing = os.environ.get("XN_TEST_XN_ICU_MISSING")
    if not missing:
        print("note: no xn with a missing ICU in this build (-Dicu=linked): case not run")
        return
    p = subprocess.run([missing, "--version"], capture_output=True)
    # In a build with libunistring, it normalizes then (lib/normalize.c).
    unistring = os.environ.get("XN_TEST_NFC_UNISTRING") == "1"
    engine = (rb"libunistring [\d.]+ \(Unicode [\d.]+ data\)" if unistring
              else rb"none \(ICU could not be loaded\)")
    check("--version without a loadable ICU says so, and names the normalizer then",
          p.returncode == 0 and re.fullmatch(
              rb"xn \d+\.\d+\.\d+ \(Unicode [\d.]+, ICU [\d.]+ could not be loaded\)\n"
              rb"normalizer: " + engine + rb"\n", p.stdout) is not None, repr(p))
    p = subprocess.run([missing, "b\u00fccher.example".encode()], capture_output=True)
    check("without ICU, a name in NFC still converts",
          p.stdout == b"xn--bcher-kva.example\n" and p.returncode == 0, repr(p))
    # Names that need NFC: decomposed Latin, Tamil and Bengali ccTLD names.
    names = ["e\u0301.com", "\u0b87\u0ba8\u0bcd\u0ba4\u0bbf\u0baf\u0bbe.example",
             "\u09ad\u09be\u09b0\u09a4.example"]
    p = subprocess.run([missing] + [n.encode() for n in names], capture_output=True)
    if unistring:
        check("without ICU, libunistring converts the names that need NFC",
              p.returncode == 0 and p.stdout == b"xn--9ca.com\nxn--xkc2dl3a5ee0h.example\n"
              b"xn--45brj9c.example\n", repr(p))
    else:
        check("without ICU or libunistring, the names that need NFC fail, saying why",
              p.returncode == 1 and b"ICU is needed" in p.stderr, repr(p))
    p = subprocess.run([missing, "--profile=idna2003", "b\u00fccher.de".encode()],
                       capture_output=True)
    check("without ICU, IDNA2003 fails, naming the library that is missing",
          p.returncode == 1 and b"libicuuc.so." in p.stderr, repr(p))


if __name__ == "__main__":
    sys.exit(clilib.main("cli-script", [
        test_line_buffered, test_file, test_json_ok, test_hints, test_escapes,
        test_display_policy, test_version_icu]))
