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
Then the field's programs side by side with the system's libidn2: idn2
(to and from ASCII, transitional), curl and wget through the proxy, whois
against a server on 127.0.0.1 (the query it sends), dig against a DNS
server on 127.0.0.1 (the name on the wire, the question it prints back),
gnutls-cli against a server on 127.0.0.1 (the server name in its TLS
ClientHello), psl, getent ahosts (glibc's AI_IDN, with the bind-mounted
hosts file) and ping (glibc's AI_IDN and AI_CANONIDN: the address it
pings and the name it prints; a machine where ping cannot send is a
skip), each in the C,
C.UTF-8 and en_US.ISO-8859-1 locales with names in the locale's bytes and
names that need curl's and wget's transitional fallback (`ü¨`, `√`): every
run on xn's libidn2.so.0 must give exactly what the same run gives on the
system's libidn2 (exit status, output, and what the server saw).
A program that is not installed, or a namespace that cannot be made, is
reported as SKIPPED with the reason, and the test exits 77 (skipped): never
a pass.  What a build cannot run by its kind (a sanitized build under
valgrind, curl with a preloaded AddressSanitizer runtime) is said and left
out.
"""
import http.server
import os
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

import tally
from tally import check, skip


def not_for_this_build(what, why):
    """A check that does not apply to this kind of build (sanitized, or
    unreadable by valgrind): said, and left out of the count."""
    print(f"NOT FOR THIS BUILD: {what}: {why}")


def hangs_with_preload(prog):
    """Whether the system's prog, on the system's libraries, does not finish
    `prog --version` with the build's sanitizer runtime preloaded (seen with
    wget on bookworm: at exit, libp11-kit's destructor waits for glibc's
    locale lock): then no run of it through this library can say anything."""
    preload = os.environ.get("XN_SANITIZER_PRELOAD")
    if not preload:
        return False
    env = dict(os.environ, LD_PRELOAD=preload, LC_ALL="C.UTF-8",
               ASAN_OPTIONS="detect_leaks=0:verify_asan_link_order=0")
    env.pop("LD_LIBRARY_PATH", None)
    try:
        subprocess.run([prog, "--version"], capture_output=True, env=env, timeout=10)
    except subprocess.TimeoutExpired:
        return True
    return False


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
            not_for_this_build("idn2 under valgrind",
                               "a sanitized build does not run under valgrind")
        elif os.environ.get("XN_VALGRIND") == "no":
            not_for_this_build("idn2 under valgrind", "valgrind cannot read this "
                               "compiler's debug information (the gcc build runs it)")
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
        return not_for_this_build("curl", "curl does not finish with a preloaded "
                                  "AddressSanitizer runtime; the builds without sanitizers "
                                  "run this part")
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


HOSTS = ("127.0.0.9 xn--bcher-kva.example\n127.0.0.10 xn--fa-hia.de\n"
         "127.0.0.11 xn--jxalpdlp.xn--qxam\n")


def hosts_namespace(d, what):
    """The command that runs a program (its arguments follow) in a private
    mount namespace whose /etc/hosts is HOSTS (a file in folder d), so the
    machine's /etc is not changed; None, with what skipped, where no such
    namespace can be made here."""
    unshare = shutil.which("unshare")
    if not unshare:
        skip(what, "unshare (util-linux) is not installed")
        return None
    hosts = os.path.join(d, "hosts")
    with open(hosts, "w") as f:
        f.write(HOSTS)
    script = f'mount --bind "{hosts}" /etc/hosts && exec "$@"'
    cmd = [unshare, "-m", "--propagation", "private", "sh", "-c", script, "sh"]
    probe = subprocess.run(cmd + ["true"], capture_output=True, timeout=60)
    if probe.returncode != 0:
        skip(what, "no private mount namespace here (unshare -m and mount --bind need root): " +
             probe.stderr.decode(errors="replace").strip())
        return None
    return cmd


def test_getaddrinfo(compat, xnlib, gai):
    with tempfile.TemporaryDirectory() as d:
        cmd = hosts_namespace(d, "getaddrinfo AI_IDN")
        if cmd is None:
            return
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


LOCALES = ("C.UTF-8", "C", "en_US.ISO-8859-1")


def in_locale(text, loc):
    """text in the locale's bytes, or None when its charset cannot carry it."""
    enc = {"C.UTF-8": "utf-8", "C": "ascii", "en_US.ISO-8859-1": "latin-1"}[loc]
    try:
        return text.encode(enc)
    except UnicodeEncodeError:
        return None


def system_env(loc="C.UTF-8"):
    """The environment of a run on the system's libidn2, in locale loc."""
    env = dict(os.environ, LC_ALL=loc)
    for v in ("LD_LIBRARY_PATH", "LD_PRELOAD"):
        env.pop(v, None)
    return env


def compare(what, run_one, compat, xnlib, differ=None):
    """run_one(env, locale) gives what a run shows (None: not for this
    locale); in each locale, a run on xn's libidn2.so.0 must show what the
    same run shows on the system's.  differ: {locale: (libidn2's, xn's, why)}
    for a listed difference, where each side must show exactly its own."""
    for loc in LOCALES:
        sys_env = system_env(loc)
        xn_env = env_for(compat, xnlib)
        xn_env["LC_ALL"] = loc
        a = run_one(sys_env, loc)
        b = run_one(xn_env, loc)
        if a is None and b is None:
            continue
        if differ and loc in differ:
            want_a, want_b, why = differ[loc]
            check(f"{what} [{loc}]: the listed difference ({why})", a == want_a and b == want_b,
                  f"system libidn2: {a!r} (listed {want_a!r})\n      xn: {b!r} (listed {want_b!r})")
            continue
        check(f"{what} [{loc}] as on the system's libidn2", a == b,
              f"system libidn2: {a!r}\n      xn: {b!r}")


class LocalServer(threading.Thread):
    """A server on a free port of 127.0.0.1 that keeps in seen what each
    request asked for.  Over TCP, one request a connection: serve(conn)
    gives what it asked for (None: nothing came)."""

    def __init__(self, kind=socket.SOCK_STREAM):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_INET, kind)
        self.sock.bind(("127.0.0.1", 0))
        if kind == socket.SOCK_STREAM:
            self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.seen = []
        self.cv = threading.Condition()
        self.accepted = self.served = 0

    def run(self):
        # Non-blocking: a connection is taken off the queue and counted under
        # the lock in one step, so that settle() never sees one in between.
        self.sock.setblocking(False)
        while True:
            try:
                ready = select.select([self.sock], [], [], 0.5)[0]
            except (OSError, ValueError):
                return  # stop() closed the socket
            if not ready:
                continue
            with self.cv:
                try:
                    conn, _ = self.sock.accept()
                except BlockingIOError:
                    continue
                except OSError:
                    return
                self.accepted += 1
            with conn:
                conn.settimeout(10)
                asked = self.serve(conn)
                if asked is not None:
                    self.seen.append(asked)
            with self.cv:
                self.served += 1
                self.cv.notify_all()

    def settle(self, limit=10.0):
        """Waits until every connection a client made is served, so that
        seen is whole: a client may close its end and exit (gnutls-cli on
        the end of its input) while this thread still reads, or before it
        has even accepted.  Once the client has exited, a connection it
        made is either waiting in the queue or counted in accepted; this
        returns when the queue is empty and all accepted are served."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            with self.cv:
                if self.served == self.accepted:
                    try:
                        if not select.select([self.sock], [], [], 0)[0]:
                            return
                    except (OSError, ValueError):
                        return
            time.sleep(0.005)

    def stop(self):
        self.sock.close()


class WhoisServer(LocalServer):
    """Answers one whois query per connection and keeps what was asked."""

    def serve(self, conn):
        data = b""
        try:
            while not data.endswith(b"\n"):
                chunk = conn.recv(4096)
                if not chunk:
                    break
                data += chunk
            conn.sendall(b"% test whois server\n")
        except OSError:
            return None
        return data


class DnsServer(LocalServer):
    """Answers every DNS query on 127.0.0.1 with NXDOMAIN and keeps the
    names asked for, as the bytes on the wire."""

    def __init__(self):
        super().__init__(socket.SOCK_DGRAM)

    def run(self):
        while True:
            try:
                data, addr = self.sock.recvfrom(4096)
            except OSError:
                return
            i, labels = 12, []
            while i < len(data) and data[i]:
                labels.append(data[i + 1:i + 1 + data[i]])
                i += 1 + data[i]
            self.seen.append(b".".join(labels))
            resp = bytearray(data[:i + 5])
            resp[2] |= 0x80                       # a response
            resp[3] = (resp[3] & 0xF0) | 3        # NXDOMAIN
            resp[6:12] = bytes(6)                 # no records
            self.sock.sendto(bytes(resp), addr)


class SniServer(LocalServer):
    """Takes one TLS ClientHello per connection, keeps its server name
    (SNI, RFC 6066 section 3) and closes: the name a TLS client sent."""

    @staticmethod
    def server_name(rec):
        """The host name in the ClientHello record rec, b"" when none."""
        try:
            p = 5 + 4 + 2 + 32                      # record, handshake headers, random
            p += 1 + rec[p]                         # session id
            p += 2 + int.from_bytes(rec[p:p + 2], "big")  # cipher suites
            p += 1 + rec[p]                         # compression methods
            end = p + 2 + int.from_bytes(rec[p:p + 2], "big")
            p += 2
            while p + 4 <= end:
                kind = int.from_bytes(rec[p:p + 2], "big")
                size = int.from_bytes(rec[p + 2:p + 4], "big")
                if kind == 0:                       # server_name: list, type, name
                    n = int.from_bytes(rec[p + 7:p + 9], "big")
                    return rec[p + 9:p + 9 + n]
                p += 4 + size
        except IndexError:
            return b"(no ClientHello)"
        return b""

    def serve(self, conn):
        rec = b""
        try:
            while len(rec) < 5 or len(rec) < 5 + int.from_bytes(rec[3:5], "big"):
                chunk = conn.recv(4096)
                if not chunk:
                    break
                rec += chunk
        except OSError:
            pass
        return self.server_name(rec)


NAMES = ("bücher.example", "xn--bcher-kva.example", "Δοκιμή.ελ", "faß.de",
         "ü¨.example", "√.example", "e\u0301.example")


def served(prog_name, package, server, argv, compat, xnlib, stdout=False, differ=None):
    """prog_name side by side on every name, against server (started here
    and stopped after): argv(prog, port, name_bytes) is its command line.
    Compared in each locale: its exit code, its output (stdout), and what
    the server saw; differ(name): compare()'s listed differences.  Then
    that it loads xn's libidn2.so.0."""
    prog = shutil.which(prog_name)
    if not prog:
        skip(f"{prog_name} side by side",
             f"{prog_name} is not installed (Debian package {package})")
        return
    server.start()
    try:
        for name in NAMES:
            def run_one(env, loc, name=name):
                b = in_locale(name, loc)
                if b is None:
                    return None
                server.seen.clear()
                r = subprocess.run(argv(prog, server.port, b), input=b"", capture_output=True,
                                   env=env, timeout=60)
                server.settle()
                shown = (r.returncode, r.stdout) if stdout else (r.returncode,)
                return shown + (list(server.seen),)
            compare(f"{prog_name} {name}", run_one, compat, xnlib,
                    differ(name) if differ else None)
        ok, lines = loads_ours(argv(prog, server.port, "bücher.example"), compat, xnlib)
        check(f"{prog_name} loads xn's libidn2.so.0", ok, "\n".join(lines))
    finally:
        server.stop()


def test_field(compat, xnlib, gai):
    # idn2: to ASCII (default and transitional), and back.
    prog = shutil.which("idn2")
    if not prog:
        skip("idn2 side by side", "the idn2 program is not installed (Debian package idn2)")
    else:
        for args in ([], ["-T"], ["-d"]):
            for name in NAMES + ("xn--jxalpdlp.xn--qxam", "xn--fa-hia.de", "Bücher.EXAMPLE"):
                def run_idn2(env, loc, name=name, args=args):
                    b = in_locale(name, loc)
                    if b is None:
                        b = name.encode()  # the bytes of another charset: must fail alike
                    r = subprocess.run([prog] + args + [b], capture_output=True, env=env,
                                       timeout=60)
                    return r.returncode, r.stdout
                compare(f"idn2 {' '.join(args)} {name}", run_idn2, compat, xnlib)

    # curl and wget through the proxy: the request line it saw.
    tools = ("curl", "wget")
    if os.environ.get("XN_SANITIZER_PRELOAD"):
        not_for_this_build("curl side by side", "curl does not finish with a preloaded "
                           "AddressSanitizer runtime; the builds without sanitizers run "
                           "this part")
        tools = ("wget",)
    wget_hangs = shutil.which("wget") is not None and hangs_with_preload(shutil.which("wget"))
    if wget_hangs:
        not_for_this_build("wget side by side, and wget loads xn's libidn2.so.0",
                           "the system's wget on the system's libidn2 does not finish "
                           "`wget --version` with the sanitizer runtime preloaded; the builds "
                           "without sanitizers run this part")
        tools = tuple(t for t in tools if t != "wget")
    server = http.server.HTTPServer(("127.0.0.1", 0), Proxy)
    port = server.server_address[1]
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        for tool in tools:
            path = shutil.which(tool)
            if not path:
                skip(f"{tool} side by side", f"{tool} is not installed")
                continue
            for name in NAMES:
                def run_http(env, loc, name=name, tool=tool, path=path):
                    b = in_locale(name, loc)
                    if b is None:
                        return None
                    url = b"http://" + b + b"/"
                    proxy = f"http://127.0.0.1:{port}"
                    if tool == "curl":
                        cmd = [path, "-sS", "--max-time", "20", "--noproxy", "", "-x",
                               proxy, url]
                    else:
                        cmd = [path, "-q", "-O", "-", "--tries=1", "--timeout=20",
                               "-e", "use_proxy=on", "-e", f"http_proxy={proxy}", url]
                    Proxy.seen.clear()
                    r = subprocess.run(cmd, capture_output=True, env=env, timeout=60)
                    return r.returncode, r.stdout, list(Proxy.seen)
                compare(f"{tool} http://{name}/", run_http, compat, xnlib)
        wget = shutil.which("wget")
        if wget and not wget_hangs:
            ok, lines = loads_ours([wget, "-q", "-O", "-", "--tries=1", "-e", "use_proxy=on",
                                    "-e", f"http_proxy=http://127.0.0.1:{port}",
                                    "http://bücher.example/"], compat, xnlib)
            check("wget loads xn's libidn2.so.0", ok, "\n".join(lines))
    finally:
        server.shutdown()
        server.server_close()

    # whois: the query it sends.
    served("whois", "whois", WhoisServer(),
           lambda prog, port, b: [prog, "-h", "127.0.0.1", "-p", str(port), b], compat, xnlib)

    # dig: the name it asks for (+idnin, with its transitional retry) and the
    # question it prints back (+idnout).
    served("dig", "bind9-dnsutils", DnsServer(),
           lambda prog, port, b: [prog, "+idnin", "+idnout", "+tries=1", "+time=5", "+noall",
                                  "+question", "-p", str(port), "@127.0.0.1", b, "A"],
           compat, xnlib, stdout=True)

    # gnutls-cli: the server name its ClientHello carries.  GnuTLS asks for
    # UseSTD3ASCIIRules: libidn2 then deletes the SPACE that U+00A8 maps to
    # and sends another name (compat/idn2/README.md, the rows with
    # USE_STD3_ASCII_RULES); xn refuses the name, and gnutls-cli sends none.
    served("gnutls-cli", "gnutls-bin", SniServer(),
           lambda prog, port, b: [prog, "--insecure", "-p", str(port), "--sni-hostname", b,
                                  "127.0.0.1"], compat, xnlib,
           differ=lambda name: {"C.UTF-8": ((1, [b"xn--tda.example"]), (1, [b""]),
                                            "libidn2 deletes a SPACE under STD3 rules")
                                } if name == "\u00fc\u00a8.example" else None)

    # psl: the registrable domain it prints.
    prog = shutil.which("psl")
    if prog:
        side_by_side("psl --print-reg-domain", [prog, "--print-reg-domain"],
                     ("www.bücher.co.uk", "www.食狮.公司.cn", "b\u00fccher.EXAMPLE"), compat, xnlib)

    # getent ahosts: glibc's AI_IDN, through a bind-mounted hosts file.
    getent = shutil.which("getent")
    if not getent:
        skip("getent side by side", "getent is not installed (Debian package libc-bin)")
        return
    with tempfile.TemporaryDirectory() as d:
        cmd = hosts_namespace(d, "getent side by side")
        if cmd is None:
            return
        side_by_side("getent ahosts", cmd + [getent, "ahosts"],
                     ("bücher.example", "faß.de", "Δοκιμή.ελ", "xn--bcher-kva.example",
                      "xn--jxalpdlp.xn--qxam"), compat, xnlib)


def side_by_side(what, argv, names, compat, xnlib, shows=lambda r: (r.returncode, r.stdout)):
    """argv and a name, on every name, in each locale, on the system's
    libidn2 and on xn's (compare()): shows(the run) must be the same.  Then
    that argv loads xn's libidn2.so.0."""
    for name in names:
        def run_one(env, loc, name=name):
            b = in_locale(name, loc)
            if b is None:
                return None
            return shows(subprocess.run(argv + [b], capture_output=True, env=env, timeout=60))
        compare(f"{what} {name}", run_one, compat, xnlib)
    ok, lines = loads_ours(argv + ["bücher.example"], compat, xnlib)
    check(f"{what} loads xn's libidn2.so.0", ok, "\n".join(lines))


def ping_shows(r):
    """What a run of ping shows, less what changes from run to run (the
    round-trip times)."""
    out = re.sub(rb"time[=<]?[0-9.]+ ?ms", b"time", r.stdout)
    out = re.sub(rb"rtt min/avg/max/mdev = [0-9./]+ ms", b"rtt", out)
    return r.returncode, out, r.stderr


def test_ping(compat, xnlib):
    """ping (iputils) resolves its host with glibc's getaddrinfo, AI_IDN and
    AI_CANONIDN: the name it prints is the one libidn2 gave back, and the
    address the one the hosts file gives the A-label."""
    prog = shutil.which("ping")
    if not prog:
        return skip("ping side by side", "ping is not installed (Debian package iputils-ping)")
    with tempfile.TemporaryDirectory() as d:
        cmd = hosts_namespace(d, "ping side by side")
        if cmd is None:
            return
        ping = cmd + [prog, "-c1", "-W1"]
        probe = subprocess.run(ping + ["127.0.0.9"], capture_output=True, env=system_env(),
                               timeout=60)
        if probe.returncode != 0:
            return skip("ping side by side", "ping cannot send an echo request here (no raw "
                        "socket, and no ping socket for this group: net.ipv4.ping_group_range): "
                        + probe.stderr.decode(errors="replace").strip())
        side_by_side("ping", ping, ("bücher.example", "faß.de", "Δοκιμή.ελ",
                                    "xn--bcher-kva.example", "ü¨.example"),
                     compat, xnlib, ping_shows)


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    compat, xnlib, gai = sys.argv[1:]
    test_idn2(compat, xnlib)
    test_curl(compat, xnlib)
    test_getaddrinfo(compat, xnlib, gai)
    test_psl(compat, xnlib)
    test_field(compat, xnlib, gai)
    test_ping(compat, xnlib)
    print(f"binaries: {tally.passed} passed, {tally.failed} failed, {tally.skipped} skipped")
    if tally.failed:
        return 1
    # A check this machine could not make is no pass, however much else ran.
    return 77 if tally.skipped or tally.passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
