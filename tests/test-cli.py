#!/usr/bin/env python3
"""Tests for the xn command: its options and output conventions.

Usage: python3 tests/test-cli.py PATH-TO-XN

Runs the built program with subprocess and checks its options, its output
conventions (one line per name, in order; STATUS<TAB>RESULT with --status),
and its exit status, under the UTS #46 and WHATWG profiles.  The input
lines, streaming, terminal safety and --locale are test-cli-stream.py's;
--line-buffered, --file, JSON's ok, the messages' hints and the escaping
of invisible characters test-cli-script.py's; the other profiles,
--display, --email and --dns, and the documented examples
test-cli-profiles.py's.
Expected values come from the standards (UTS #46 and its IdnaTestV2.txt,
RFC 3492, the WHATWG URL Standard), not from the program.

Prints every failure, then "cli: N passed, N failed"; exits 1 on any failure.
Python 3 standard library only.
"""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import clilib  # noqa: E402
from clilib import (NAME_CAP, check, expect_fail, expect_ok, has_locale, run,  # noqa: E402
                    status_line)


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
                  "--status", "--version", "--file", "--line-buffered", "--display-level"):
            check(f"{opt} mentions {o}", o in text)
        # --locale only where the build has it (-Dcli_locale).
        check(f"{opt} lists --locale exactly when the build has it",
              ("--locale" in text) == has_locale(), text)
    r = run("--version")
    check("--version exits 0", r.rc == 0 and r.err == b"", repr(r))
    check("--version format: the versions, then the normalizer",
          re.fullmatch(rb"xn \d+\.\d+\.\d+ \(Unicode \d+\.\d+\.\d+, ICU \d+\.\d+(\.\d+)*\)\n"
                       rb"normalizer: ICU \d+\.\d+(\.\d+)* \(xn's Unicode \d+\.\d+\.\d+ data\)\n",
                       r.out) is not None, repr(r))
    # The data set the build took (tests/meson.build passes it).
    want = os.environ["XN_TEST_UNICODE_VERSION"].encode()
    check(f"--version names the data set's Unicode {want.decode()}",
          b"(Unicode " + want + b", ICU " in r.out, repr(r))
    # xn(1), as built, shows this very line as --version's example, and
    # the version in its title.
    man = open(os.path.join(os.path.dirname(os.path.abspath(clilib.XN)), "xn.1"),
               encoding="utf-8").read()
    line, engine = r.out.decode().strip().split("\n")
    check("xn(1)'s --version example is what --version prints", f'.BR "{line}"' in man,
          line)
    check("xn(1)'s normalizer example is what --version prints", f'.BR "{engine}"' in man,
          engine)
    check("xn(1)'s title names this version",
          man.startswith('.TH XN 1 "') and f'"xn {line.split()[1]}"' in man.split("\n")[0],
          man.split("\n")[0])
    r = run("--help", stdin=b"example.com\n")
    check("--help does not read names", b"example.com" not in r.out, repr(r))


def test_usage_errors():
    cases = [
        ("--bogus",), ("-z",), ("-az",), ("--profile=bogus",), ("--profile", "idna9"),
        ("--profile",), ("--status=yes",), ("--to-ascii=1",), ("--to",), ("--help=x",),
        ("--prof=bogus",), ("--=x",), ("--no-check",),
        ("example.com", "--bogus"),
    ]
    for args in cases:
        r = run(*args, stdin=b"example.com\n")
        check(f"usage error {args}: exit 2", r.rc == 2, repr(r))
        check(f"usage error {args}: message and hint", r.err.startswith(b"xn: ")
              and b"--help" in r.err and r.out == b"", repr(r))


def test_abbreviations():
    # A long option may be shortened to any beginning no other shares, as
    # getopt_long() allows; the exact name wins over longer ones it begins.
    for args, name, want in (
            (["--to-uni"], "xn--bcher-kva.de", b"b\xc3\xbccher.de\n"),
            (["--to-u"], "xn--bcher-kva.de", b"b\xc3\xbccher.de\n"),
            (["--to-a"], "b\u00fccher.de", b"xn--bcher-kva.de\n"),
            (["--prof=whatwg"], "a_b.example", b"a_b.example\n"),
            (["--prof", "whatwg"], "a_b.example", b"a_b.example\n"),
            (["--no-s"], "a_b.example", b"a_b.example\n"),
            (["--display"], "b\u00fccher.de", b"b\xc3\xbccher.de\n"),
            (["--stat"], "example.com", b"OK\texample.com\n")):
        r = run(*args, "--", name)
        check(f"{args} abbreviates: {name!r} -> {want!r}", r.rc == 0 and r.out == want
              and r.err == b"", repr(r))
    for args, candidates in ((["--to"], [b"--to-ascii", b"--to-unicode"]),
                             (["--disp"], [b"--display", b"--display-known"]),
                             (["--no-check"], [b"--no-check-hyphens", b"--no-check-bidi",
                                               b"--no-check-joiners"])):
        r = run(*args, "example.com")
        check(f"{args} is ambiguous: exit 2, names every candidate", r.rc == 2 and r.out == b""
              and b"ambiguous" in r.err
              and all(re.search(b" " + re.escape(c) + rb"(\s|$)", r.err) for c in candidates)
              and b"--help" in r.err, repr(r))
    r = run("--stat=yes", "example.com")
    check("--stat=yes: an abbreviation of an option without value takes none",
          r.rc == 2 and b"takes no value" in r.err, repr(r))


def header_codes():
    """The codes of include/xn.h's lists: rule codes, status names, display
    reasons."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "include", "xn.h")
    text = open(path, encoding="utf-8").read()
    rules = re.search(r"#define XN_ERROR_LIST\(X\)(.*?)\n(?=\S)", text, re.S).group(1)
    statuses = re.search(r"#define XN_STATUS_LIST\(X\)(.*?)\n(?=\S)", text, re.S).group(1)
    return (re.findall(r"X\((\w+), \d+\)", rules),
            re.findall(r"X\((XN_\w+), -?\d+,", statuses),
            re.findall(r"#define XN_UNSAFE_(\w+) 0x", text))


def test_explain():
    rules, statuses, reasons = header_codes()
    check("xn.h's lists read", len(rules) >= 30 and len(statuses) >= 15 and len(reasons) >= 10,
          f"{rules} {statuses} {reasons}")
    r = run("--explain")
    rows = [l.split(b"\t") for l in r.lines()] if r.out.endswith(b"\n") else []
    table = {row[0].decode(): row for row in rows}
    check("--explain alone: the table, exit 0", r.rc == 0 and r.err == b"" and rows
          and all(len(row) == 3 and row[1] and row[2] for row in rows), repr(r))
    for code in rules + statuses + reasons + ["OK", "SMTPUTF8", "BAD_LOCALE_INPUT",
                                              "UNREPRESENTABLE", "LINE_BREAK"]:
        check(f"--explain's table has {code}", code in table, sorted(table))
    # The codes a user meets, each with its meaning and the standard's section.
    for code, words, section in (
            ("V6", b"combining mark", b"UTS #46 \xc2\xa74.1"), ("U1", b"ASCII", b"UseSTD3ASCIIRules"),
            ("A4_2", b"label empty or longer than 63", b"UTS #46 \xc2\xa74.2"),
            ("P4", b"Punycode", b"UTS #46 \xc2\xa74 "), ("B1", b"first character", b"RFC 5893 \xc2\xa72, rule 1"),
            ("C1", b"NON-JOINER", b"RFC 5892 Appendix A.1"), ("X4_2", b"empty label", b"UTS #46 \xc2\xa74.3"),
            ("NUL", b"U+0000", b"xn"), ("URL_FORBIDDEN", b"forbidden", b"URL Standard"),
            ("URL_EMPTY", b"empty", b"URL Standard"), ("BAD_UTF8", b"UTF-8", b"RFC 3629"),
            ("XN_E_INVALID_DOMAIN", b"breaks IDNA rules", b"UTS #46"),
            ("NOT_STREAM_SAFE", b"combining marks", b"UAX #15")):
        r = run("--explain", code)
        row = r.lines()[0].split(b"\t") if r.lines() else []
        check(f"--explain {code}: one line, meaning and section", r.rc == 0 and r.err == b""
              and len(r.lines()) == 1 and len(row) == 3 and words in row[1]
              and section in row[2], repr(r))
    r = run("--explain", "p4,v6", "xn_err_v7")
    check("--explain: a status column's list, any case, the macro's name",
          r.rc == 0 and [l.split(b"\t")[0] for l in r.lines()] == [b"P4", b"V6", b"V7"], repr(r))
    r = run("--explain", "V6", "ZZ9", "example.com")
    check("--explain: an unknown code is named, exit 2, the others explained",
          r.rc == 2 and b"'ZZ9'" in r.err and b"'example.com'" in r.err
          and [l.split(b"\t")[0] for l in r.lines()] == [b"V6"], repr(r))
    # Every code the status column shows can be looked up as it is shown.
    r = run("--status", stdin="a_b.example\n-x.example\nxn--a.example\n\xe0.\n"
            "\u05d0a.example\n\xff\nxn--bcher-kva.example\n".encode("utf-8", "surrogateescape")
            .replace(b"\xc3\xbf", b"\xff"))
    column = [l.split(b"\t")[0].decode() for l in r.lines()]
    check("--status shows codes to explain", len(column) == 7 and "BAD_UTF8" in column, repr(r))
    r = run("--explain", *column)
    check("--explain takes every code of the status column", r.rc == 0 and r.err == b"",
          repr(r))
    # xn(1), as built, lists every code of the table.
    man = os.path.join(os.path.dirname(os.path.abspath(clilib.XN)), "xn.1")
    text = open(man, encoding="utf-8").read()
    for code in table:
        check(f"xn(1) explains {code}", f"\n.B {code}\n" in text)


def unescape(b):
    """The bytes a --status/--tsv column stands for (\\\\, \\xHH, \\uXXXX)."""
    out, i = bytearray(), 0
    while i < len(b):
        if b[i:i + 2] == b"\\\\":
            out += b"\\"
            i += 2
        elif b[i:i + 2] == b"\\x":
            out.append(int(b[i + 2:i + 4], 16))
            i += 4
        elif b[i:i + 2] == b"\\u":
            out += chr(int(b[i + 2:i + 6], 16)).encode("utf-8")
            i += 6
        else:
            out.append(b[i])
            i += 1
    return bytes(out)


def test_machine_output():
    import json
    names = [b"a_b.example", "b\u00fccher.example".encode(), b"xn--a.example", b"b\xfcr.de",
             b"a\\b\tc.example", "\u202eevil.example".encode(), b"", b"-x.example",
             "\u05d0a.example".encode(), b"a" * (NAME_CAP + 5), b"\x00.example"]
    stdin = b"\n".join(names) + b"\n"
    status = run("--status", stdin=stdin)
    columns = [l.split(b"\t", 1) for l in status.lines()]
    check("--status: a line per name", len(columns) == len(names), repr(status))

    r = run("--tsv", stdin=stdin)
    check("--tsv: a line per name, exit 1, no messages", len(r.lines()) == len(names)
          and r.rc == 1 and r.err == b"", repr(r))
    for name, line, col in zip(names, r.lines(), columns):
        cells = line.split(b"\t")
        want = name[:NAME_CAP]
        check(f"--tsv {name[:40]!r}: the input first, without loss, then --status's columns",
              len(cells) == 3 and unescape(cells[0]) == want and cells[1:] == col,
              f"{line[:200]!r} vs {col!r}")

    r = run("--json", stdin=stdin)
    check("--json: a line per name, exit 1, no messages", len(r.lines()) == len(names)
          and r.rc == 1 and r.err == b"", repr(r))
    p = subprocess.run([sys.executable, "-m", "json.tool", "--json-lines"], input=r.out,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    check("--json: python3 -m json.tool --json-lines reads it", p.returncode == 0, p.stderr)
    objs = []
    for line in r.lines():
        try:
            objs.append(json.loads(line))
        except ValueError as e:
            check("--json: a line is a JSON object", False, f"{line[:200]!r}: {e}")
            objs.append({})
    for name, o, col in zip(names, objs, columns):
        if "input_hex" in o:
            got = bytes.fromhex(o["input_hex"])
            check(f"--json {name[:40]!r}: input_hex only for ill-formed UTF-8",
                  o["input"] is None and got == name, repr(o)[:200])
        else:
            got = o.get("input", "").encode("utf-8")
        check(f"--json {name[:40]!r}: the input without loss", got == name[:NAME_CAP],
              repr(o)[:200])
        check(f"--json {name[:40]!r}: status and output as --status has them",
              o.get("status", "").encode() == col[0]
              and (o.get("output") or "").encode("utf-8") == unescape(col[1]), repr(o)[:200])
        check(f"--json {name[:40]!r}: every key", {"input", "output", "status", "errors",
              "label", "offset", "code_point"} <= set(o), repr(o)[:200])
    o = objs[0]
    check("--json a_b.example: U1 at label 0, byte offset 1, U+005F",
          o.get("errors") == ["U1"] and o.get("label") == 0 and o.get("offset") == 1
          and o.get("code_point") == "U+005F" and o.get("output") is None, repr(o))
    o = objs[1]
    check("--json b\u00fccher.example: converted, no errors",
          o.get("output") == "xn--bcher-kva.example" and o.get("status") == "OK"
          and o.get("errors") == [] and o.get("label") is None, repr(o))
    check("--json: a line past the limit says so", objs[9].get("input_truncated") is True
          and objs[9].get("status") == "TOO_LONG", repr(objs[9])[:200])
    check("--json: no control or bidi control as it is on the line",
          not re.search(rb"[\x00-\x1f\x7f]|\xe2\x80\xae", r.out.replace(b"\n", b"")),
          repr(r.out[:300]))

    r = run("--json", "--display", "\u0430\u0440\u0440\u04cf\u0435.com", "b\u00fccher.de")
    objs = [json.loads(l) for l in r.lines()]
    check("--json --display: the reasons, per label", r.rc == 0 and len(objs) == 2
          and objs[0]["reasons"] == ["CONFUSABLE", "KNOWN_DOMAIN"]
          and objs[0]["label_reasons"][0] == ["CONFUSABLE", "KNOWN_DOMAIN"]
          and objs[1]["reasons"] == [] and objs[1]["output"] == "b\u00fccher.de", repr(r))
    r = run("--json", "--email", "j\u00f6rg@b\u00fccher.de", "joe@example.com", "nobody")
    objs = [json.loads(l) for l in r.lines()]
    check("--json --email: SMTPUTF8", r.rc == 1 and len(objs) == 3
          and [o["smtputf8"] for o in objs] == [True, False, False]
          and objs[2]["status"] == "BAD_ADDRESS", repr(r))
    r = run("--json", "--tsv", "example.com")
    check("--json with --tsv: usage error", r.rc == 2 and r.out == b"", repr(r))


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
    for args in (["--locale"], ["--locale", "-u"]) if has_locale() else ():
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
    # IdnaTestV2.txt and the URL Standard: (what, options, {name: result}).
    for what, args, names in (
            ("to ASCII", A, {"bücher.example": "xn--bcher-kva.example", "faß.de": "xn--fa-hia.de",
                             "Bücher.Example": "xn--bcher-kva.example",
                             "xn--bcher-kva.example": "xn--bcher-kva.example",
                             "☃.example": "xn--n3h.example", "a\u094D\u200Cb": "xn--ab-fsf604u"}),
            ("transitional", ["-T"], {"faß.de": "fass.de"}),
            ("transitional", ["--transitional"], {"a\u200Cb": "ab"}),
            ("to Unicode", U, {"xn--bcher-kva.example": "bücher.example",
                               "XN--BCHER-KVA.example": "bücher.example",
                               "xn--fa-hia.de": "faß.de", "bücher.example": "bücher.example"}),
            ("whatwg", W, {"a_b.example": "a_b.example", "-x.example": "-x.example",
                           "EXAMPLE.com": "example.com", "faß.de": "xn--fa-hia.de"}),
            ("--no-std3", ["--no-std3"], {"a_b.example": "a_b.example"}),
            ("--no-check-hyphens", ["--no-check-hyphens"], {"-x.example": "-x.example",
                                                            "ab--c.example": "ab--c.example"}),
            ("--no-check-joiners", ["--no-check-joiners"], {"a\u200Cb": "xn--ab-j1t"}),
            ("--no-check-bidi", ["--no-check-bidi"], {"a\u05D0": "xn--a-0hc"}),
            ("--no-verify-dns-length", ["--no-verify-dns-length"], {"a..b": "a..b"}),
            ("--allow-root-dot", ["--allow-root-dot"], {"example.com.": "example.com."})):
        for name, want in names.items():
            expect_ok(what, args, name, want)

    # Refused under UTS #46: {name: the rule codes its status has at least}.
    for name, codes in {"a_b.example": {"U1"}, "-x.example": {"V3"}, "ab--c.example": {"V2"},
                        "a.b.\u0308c.d": {"V6"}, "xn--a.example": {"V7"}, "xn--a-ä.pt": {"P4"},
                        "xn--a-9.example": {"P4"}, "a\u200Cb": {"C1"}, "a\u05D0": {"B5", "B6"},
                        "a..b": {"A4_2"}, "example.com.": {"A4_2"},
                        "a" * 64 + ".example": {"A4_2"}}.items():
        expect_fail("uts46", A, name, codes)
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
    # A name that fails is text to escape: its ZWNJ (Cf) is \u200C in the
    # plain line and the status column alike.
    expect_fail("to Unicode", U, "xn--ab-j1t", {"C1"}, b"a\\u200Cb")
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
    check("BAD_UTF8 message suggests --locale where the build has it",
          r.rc == 1 and (b"--locale" in r.err) == has_locale(), repr(r))
    r = run("--status", stdin=b"b\xfccher.example\n\xff.example\n")
    check("--status BAD_UTF8: nothing on standard error",
          r.out == b"BAD_UTF8\t\nBAD_UTF8\t\n" and r.err == b"" and r.rc == 1, repr(r))
    r = run("--status", stdin=b"\xff.bad\n")
    check("--status \\xff.bad: nothing on standard error",
          r.out == b"BAD_UTF8\t\n" and r.err == b"" and r.rc == 1, repr(r))
    if has_locale():
        r = run("--status", "--locale", stdin=b"\xff.bad\n", env={"LC_ALL": "xx_YY.none"})
        check("--status --locale, locale missing: nothing on standard error",
              r.err == b"" and len(r.lines()) == 1, repr(r))
        r = run("--locale", stdin=b"\xff.example\n", env=dict(os.environ, LC_ALL="C.UTF-8"))
        check("--locale given: no --locale suggestion",
              r.rc == 1 and b"use --locale" not in r.err, repr(r))
    else:
        r = run("--locale", "example.com")
        check("--locale in a build without it: usage error", r.rc == 2 and r.out == b""
              and b"--locale" in r.err, repr(r))
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


if __name__ == "__main__":
    sys.exit(clilib.main("cli", [
        test_help_version, test_usage_errors, test_abbreviations, test_explain, test_machine_output,
        test_each_flag, test_conversions, test_bad_input, test_stdin_dash, test_profile_options,
        test_write_error]))
