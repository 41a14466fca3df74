"""What the two test programs of the xn command share (test-cli.py and
test-cli-profiles.py): running the built program, and the checks of one
name converted or refused, as an argument, on standard input and with
--status.

    clilib.main("cli", [test_a, test_b])  runs each group; argv[1] is xn
    run(*args, stdin=..., env=...)        a Result: rc, out, err, lines()
    expect_ok / expect_fail               one name, every way it can be given
    check(what, cond, detail)             testlib's counter

Python 3 standard library only.
"""

import os
import subprocess
import sys

import testlib

NAME_CAP = 65536  # the documented line limit of xn
# Whether the build has --locale (tests/meson.build passes -Dcli_locale's
# outcome); run by hand without it, the program is asked (--help lists it).
LOCALE_ENV = os.environ.get("XN_TEST_CLI_LOCALE")
XN = None  # the program under test, set by main()

CHECKS = testlib.Checks()


def check(what, cond, detail=""):
    return CHECKS(cond, what, detail)


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


def has_locale():
    """Whether the xn under test has --locale: as the build says, else as
    its --help says."""
    if LOCALE_ENV in ("enabled", "disabled"):
        return LOCALE_ENV == "enabled"
    return b"--locale" in run("--help").out


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


def expect_fail(what, args, name, codes, result=b"", status_result=None):
    """One name fails; --status lists at least `codes` (a set of rule codes or
    one status name) and prints `status_result` (by default `result`, which
    holds nothing --status escapes); without --status the line is `result`
    and stderr names the input."""
    r = run(*args, "--status", "--", name)
    st, res = status_line(r)
    got = set(st.split(",")) if st else set()
    want = enc(result) if status_result is None else status_result
    check(f"{what}: {name!r} status has {sorted(codes)}", r.rc == 1 and set(codes) <= got
          and "OK" not in got and res == want and len(r.lines()) == 1 and r.err == b"",
          repr(r))
    r = run(*args, "--", name)
    check(f"{what}: {name!r} fails with a message", r.rc == 1 and r.out == enc(result) + b"\n"
          and r.err.startswith(b"xn: ") and r.err.endswith(b"\n"), repr(r))
    for c in codes:
        check(f"{what}: {name!r} message names {c}", c.encode() in r.err, repr(r))


def main(name, groups):
    """Runs every group (a function) against argv[1], the xn program; a
    crash in one group is a failure that does not hide the others.  Prints
    "NAME: N passed, N failed"; returns the exit status."""
    global XN
    if len(sys.argv) != 2:
        print(f"usage: {os.path.basename(sys.argv[0])} PATH-TO-XN", file=sys.stderr)
        return 2
    XN = sys.argv[1]
    for t in groups:
        try:
            t()
        except Exception as e:  # a crash in one group must not hide the others
            check(f"{t.__name__} ran to its end", False, f"{type(e).__name__}: {e}")
    print(f"{name}: {CHECKS.passed} passed, {CHECKS.failed} failed")
    return CHECKS.exit_code()
