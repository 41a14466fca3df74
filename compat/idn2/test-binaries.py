#!/usr/bin/env python3
"""Real, unmodified Debian programs on xn's libidn2.so.0.

usage: test-binaries.py COMPAT_LIBDIR XN_LIBDIR GAI_IDN_PROGRAM

Each program runs with LD_LIBRARY_PATH set to the compatible library's
folder, and LD_DEBUG=libs must show that this libidn2.so.0, not the
system's, is the one loaded:
- /usr/bin/idn2 (package idn2) converts a file of names;
- /usr/bin/curl (package curl) fetches http://bücher.example/ through a
  proxy this script runs on 127.0.0.1, which must see the A-label; a name
  only UTS #46 transitional processing accepts shows curl's fallback;
- glibc's getaddrinfo() with AI_IDN (a small program; glibc dlopen()s
  libidn2.so.0) resolves a Unicode name through a hosts file of this test,
  bind-mounted over /etc/hosts in a private mount namespace (unshare -m:
  the machine's /etc is not changed), and AI_CANONIDN gives Unicode back;
- /usr/bin/psl (package psl) answers for Unicode names.
A program that is not installed, or a namespace that cannot be made, is
reported as SKIPPED with the reason: never as a pass.  Exit 77 when
nothing could run at all.
"""
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading

passed = failed = skipped = 0


def check(what, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL: {what}\n      {detail}")


def skip(what, why):
    global skipped
    skipped += 1
    print(f"SKIPPED: {what}: {why}")


def env_for(compat, xnlib, debug=False, ours=False):
    """The environment of a program; ours: built here (with the sanitizers
    of the build and their runtime), so nothing is preloaded."""
    e = dict(os.environ, LD_LIBRARY_PATH=f"{compat}:{xnlib}", LC_ALL="C.UTF-8")
    e.pop("LD_PRELOAD", None)
    preload = "" if ours else os.environ.get("XN_SANITIZER_PRELOAD", "")
    if preload:
        # A sanitized build: the programs load its runtime first.  Leaks are
        # the programs' own business here (test-idn2 checks ours).
        e["LD_PRELOAD"] = preload
        e["ASAN_OPTIONS"] = "detect_leaks=0:verify_asan_link_order=0"
    if debug:
        e["LD_DEBUG"] = "libs"
    return e


def loads_ours(cmd, compat, xnlib, stdin=b"", ours=False):
    """Whether cmd, run with LD_DEBUG=libs, initializes our libidn2.so.0."""
    r = subprocess.run(cmd, input=stdin, capture_output=True,
                       env=env_for(compat, xnlib, True, ours), timeout=60)
    ours = os.path.join(os.path.realpath(compat), "libidn2.so.0")
    lines = [l for l in r.stderr.decode(errors="replace").splitlines() if "calling init:" in l
             and "libidn2.so" in l]
    return any(os.path.realpath(l.split("calling init:")[1].strip()) ==
               os.path.realpath(ours) for l in lines), lines


def test_idn2(compat, xnlib):
    prog = shutil.which("idn2")
    if not prog:
        return skip("idn2", "the idn2 program is not installed (Debian package idn2)")
    names = "bücher.example\nΔοκιμή.ελ\nxn--bcher-kva.example\n例子.广告\nfaß.de\n"
    want = ("xn--bcher-kva.example\nxn--jxalpdlp.xn--qxam\nxn--bcher-kva.example\n"
            "xn--fsqu00a.xn--4rr70v\nxn--fa-hia.de\n")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(names)
    try:
        with open(f.name, "rb") as inp:
            r = subprocess.run([prog], stdin=inp, capture_output=True,
                               env=env_for(compat, xnlib), timeout=60)
        check("idn2 converts a file of names", r.returncode == 0 and r.stdout.decode() == want,
              f"rc {r.returncode} out {r.stdout!r} err {r.stderr!r}")
        ok, lines = loads_ours([prog, "bücher.example"], compat, xnlib)
        check("idn2 loads xn's libidn2.so.0", ok, "\n".join(lines))
        # The library's memory use inside a real program, under valgrind.
        vg = shutil.which("valgrind")
        if not vg:
            skip("idn2 under valgrind", "valgrind is not installed")
        elif os.environ.get("XN_SANITIZER_PRELOAD"):
            skip("idn2 under valgrind", "a sanitized build does not run under valgrind")
        elif os.environ.get("XN_VALGRIND") == "no":
            skip("idn2 under valgrind", "valgrind cannot read this compiler's debug "
                 "information (the gcc build runs it)")
        else:
            with open(f.name, "rb") as inp:
                r = subprocess.run([vg, "--quiet", "--error-exitcode=99", prog], stdin=inp,
                                   capture_output=True, env=env_for(compat, xnlib), timeout=300)
            check("idn2 on xn's libidn2.so.0 is valgrind-clean",
                  r.returncode == 0 and r.stdout.decode() == want,
                  f"rc {r.returncode} err {r.stderr.decode(errors='replace')[-800:]}")
    finally:
        os.unlink(f.name)


class Proxy(http.server.BaseHTTPRequestHandler):
    seen = []

    def do_GET(self):
        Proxy.seen.append(self.requestline)
        body = b"ok\n"
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_curl(compat, xnlib):
    prog = shutil.which("curl")
    if not prog:
        return skip("curl", "curl is not installed (Debian package curl)")
    if os.environ.get("XN_SANITIZER_PRELOAD"):
        return skip("curl", "curl does not finish with a preloaded AddressSanitizer runtime; "
                    "the builds without sanitizers run this part")
    server = http.server.HTTPServer(("127.0.0.1", 0), Proxy)
    port = server.server_address[1]
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        proxy = f"http://127.0.0.1:{port}"
        for url, want in (("http://bücher.example/", "GET http://xn--bcher-kva.example/ "),
                          # √ is DISALLOWED in IDNA2008, valid in UTS #46: curl's
                          # retry with IDN2_TRANSITIONAL must take it.
                          ("http://√.example/", "GET http://xn--19g.example/ ")):
            Proxy.seen.clear()
            r = subprocess.run([prog, "-sS", "--max-time", "20", "--noproxy", "", "-x", proxy, url],
                               capture_output=True, env=env_for(compat, xnlib), timeout=60)
            check(f"curl {url} through the proxy", r.returncode == 0 and r.stdout == b"ok\n" and
                  any(s.startswith(want) for s in Proxy.seen),
                  f"rc {r.returncode} out {r.stdout!r} err {r.stderr!r} proxy saw {Proxy.seen}")
        ok, lines = loads_ours([prog, "-sS", "--max-time", "20", "-x", proxy,
                                "http://bücher.example/"], compat, xnlib)
        check("curl loads xn's libidn2.so.0", ok, "\n".join(lines))
    finally:
        server.shutdown()
        server.server_close()


def test_getaddrinfo(compat, xnlib, gai):
    unshare = shutil.which("unshare")
    if not unshare:
        return skip("getaddrinfo AI_IDN", "unshare (util-linux) is not installed")
    with tempfile.TemporaryDirectory() as d:
        hosts = os.path.join(d, "hosts")
        with open(hosts, "w") as f:
            f.write("127.0.0.9 xn--bcher-kva.example\n")
        script = f'mount --bind "{hosts}" /etc/hosts && exec "$@"'
        cmd = [unshare, "-m", "--propagation", "private", "sh", "-c", script, "sh"]
        probe = subprocess.run(cmd + ["true"], capture_output=True, timeout=60)
        if probe.returncode != 0:
            return skip("getaddrinfo AI_IDN", "no private mount namespace here (unshare -m and "
                        "mount --bind need root): " + probe.stderr.decode(errors="replace").strip())
        r = subprocess.run(cmd + [gai, "bücher.example"], capture_output=True,
                           env=env_for(compat, xnlib, ours=True), timeout=60)
        check("getaddrinfo(AI_IDN) resolves bücher.example through its A-label, "
              "AI_CANONIDN gives Unicode",
              r.returncode == 0 and r.stdout.decode() == "127.0.0.9 bücher.example\n",
              f"rc {r.returncode} out {r.stdout!r} err {r.stderr!r}")
        ok, lines = loads_ours(cmd + [gai, "bücher.example"], compat, xnlib, ours=True)
        check("glibc dlopen()s xn's libidn2.so.0", ok, "\n".join(lines))


def test_psl(compat, xnlib):
    prog = shutil.which("psl")
    if not prog:
        return skip("psl", "psl is not installed (Debian package psl)")
    r = subprocess.run([prog, "--print-reg-domain", "www.bücher.co.uk", "www.食狮.公司.cn"],
                       capture_output=True, env=env_for(compat, xnlib), timeout=60)
    check("psl answers for Unicode names", r.returncode == 0 and r.stdout.decode() ==
          "www.bücher.co.uk: bücher.co.uk\nwww.食狮.公司.cn: 食狮.公司.cn\n",
          f"rc {r.returncode} out {r.stdout!r} err {r.stderr!r}")
    ok, lines = loads_ours([prog, "--print-reg-domain", "www.bücher.co.uk"], compat, xnlib)
    check("psl loads xn's libidn2.so.0", ok, "\n".join(lines))


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    compat, xnlib, gai = sys.argv[1:]
    test_idn2(compat, xnlib)
    test_curl(compat, xnlib)
    test_getaddrinfo(compat, xnlib, gai)
    test_psl(compat, xnlib)
    print(f"binaries: {passed} passed, {failed} failed, {skipped} skipped")
    if failed:
        return 1
    return 77 if passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
