#!/usr/bin/env python3
"""Tests for the xn command: the profiles beyond UTS #46, the features
beyond the standards, and the examples the documentation shows.

Usage: python3 tests/test-cli-profiles.py PATH-TO-XN

--display, --email and --dns (issue #8); --profile=idna2008, --register,
--idna2008-map, --profile=idna2003 and --allow-unassigned (issue #4); every
"$ xn ..." example of the README and of xn(1) gives the output shown there.
Expected values come from the standards (UTS #39, RFC 5891/5892, RFC
3490/3491, RFC 6531) and the issues' examples, not from the program.

Prints every failure, then "cli-profiles: N passed, N failed"; exits 1 on
any failure.  Python 3 standard library only.
"""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import clilib  # noqa: E402
from clilib import check, enc, expect_fail, expect_ok, run, status_line  # noqa: E402


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
        b"CONFUSABLE,KNOWN_DOMAIN\txn--80ak6aa92e.com", enc("OK\tbücher.de"), enc("OK\tfaß.de")],
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
    # --register takes whole names (RFC 5890 section 2.3.2.3, JSON Schema's
    # idn-hostname): every label checked, then the name's length and Bidi
    # rules; the empty name breaks the lengths, as in every profile.
    expect_ok("register a name", ["--register"], "bücher.example", "xn--bcher-kva.example")
    expect_ok("register a name", ["--register"], "XN--BCHER-KVA.Example", "xn--bcher-kva.Example")
    expect_fail("register a name", ["--register"], "Bücher.a_b", {"DISALLOWED", "U1"})
    expect_fail("register a name", ["--register"], "ok.a_b", {"U1"})
    expect_fail("register a name", ["--register"], "1a.xn--mgbh0fb", {"B1"})
    expect_fail("register a name", ["--register"], "a..b", {"A4_2"})
    expect_fail("register a name", ["--register"], "a。b", {"DISALLOWED"})
    expect_fail("register a name", ["--register"], ".".join(["a" * 63] * 4), {"A4_1"})
    r = run("--register", "--status", "")
    check("register: the empty name is A4_1,A4_2", r.rc == 1 and r.out == b"A4_1,A4_2\t\n",
          repr(r))
    r = run("--register", "--json", "Bücher.a_b")
    check("register --json: both labels' codes", r.rc == 1 and
          b'"errors":["U1","DISALLOWED"]' in r.out, repr(r))
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
                "\\[:o]": "ö", "\\(:o": "ö", "\\[ss]": "ß", "\\(ss": "ß", "\\(pc": "·",
                "\\[`A]": "À"}


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
    # command reads (names.txt) holds two names that convert and one that
    # does not.
    import tempfile
    examples = documented_examples()
    check("README and xn(1) show examples", len(examples) >= 15, f"{len(examples)} found")
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(clilib.XN)) + os.pathsep
               + os.environ.get("PATH", ""), LC_ALL="C.UTF-8")
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "names.txt"), "w") as f:
            f.write("example.com\nbücher.example\na_b.example\n")
        for where, cmd, want in examples:
            if cmd is None:
                check(f"{where}: example block readable", False, f"unknown roff escape in {want!r}")
                continue
            p = subprocess.run(["sh", "-c", cmd], cwd=d, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=60)
            got = p.stdout.decode("utf-8", "replace").split("\n")[:-1]
            check(f"{where}: $ {cmd}", got == want and p.returncode in (0, 1),
                  f"rc={p.returncode} got {got!r} want {want!r} err={p.stderr[:200]!r}")


if __name__ == "__main__":
    sys.exit(clilib.main("cli-profiles", [test_documented_examples, test_extras,
                                          test_idna2008_2003]))
