#!/usr/bin/env python3
"""A fully static program on libxn.a, linked as `pkg-config --static`
says (xn.pc's Libs.private), converts the names that need NFC: no ICU can
be opened there (a static program must not dlopen() a C++ library; lib/icu.c),
so libunistring normalizes.  IDNA2003, which needs ICU, fails with
XN_E_ICU_UNAVAILABLE, and nothing crashes.

usage: test-static.py BUILD_DIR SOURCE_DIR C_COMPILER

Skipped (77) where a static program cannot be linked (no libc.a, no
libunistring.a) or pkg-config is missing; the build's own options say
whether libunistring is in (XN_NFC_UNISTRING=1 in the environment), ICU
on demand (XN_ICU_MODE) and the library sanitized (XN_SANITIZE).
"""
import os
import shlex
import struct
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import testlib  # noqa: E402

check = testlib.Checks()

PROGRAM = r"""
#include <stdio.h>
#include <string.h>
#include <xn.h>

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        char out[256];
        size_t n = 0;
        int rc = xn_to_ascii(argv[i], strlen(argv[i]), out, sizeof out, &n, 0, NULL);
        printf("%s\t%s\n", xn_strerror_name(rc), rc == XN_OK ? out : "");
    }
    {
        char out[256];
        size_t n = 0;
        int rc = xn_idna2003_to_ascii("b\xC3\xBC" "cher.de", 9, out, sizeof out, &n, 0, NULL);
        printf("idna2003\t%s\n", xn_strerror_name(rc));
    }
    return 0;
}
"""

# Each needs NFC beyond xn's quick check (decomposed Latin, Indic, Hangul
# jamo, Vietnamese with stacked marks), and its A-label.
NAMES = [
    ("e\u0301.com", "xn--9ca.com"),
    ("\u0b87\u0ba8\u0bcd\u0ba4\u0bbf\u0baf\u0bbe.example", "xn--xkc2dl3a5ee0h.example"),
    ("\u09ad\u09be\u09b0\u09a4.example", "xn--45brj9c.example"),
    ("\u1112\u1161\u11ab\u1100\u116e\u11a8.example", "xn--3e0b707e.example"),
    ("vie\u0323\u0302t.example", "xn--vit-5kz.example"),
]


def has_interpreter(path):
    """Whether the ELF file at path names a program interpreter (a
    PT_INTERP program header): a dynamically linked program does."""
    with open(path, "rb") as f:
        head = f.read(64)
        if head[:4] != b"\x7fELF":
            return True  # not ELF: not what this test built
        wide, order = head[4] == 2, "<" if head[5] == 1 else ">"
        if wide:
            phoff, = struct.unpack_from(order + "Q", head, 32)
            phentsize, phnum = struct.unpack_from(order + "HH", head, 54)
        else:
            phoff, = struct.unpack_from(order + "I", head, 28)
            phentsize, phnum = struct.unpack_from(order + "HH", head, 42)
        for i in range(phnum):
            f.seek(phoff + i * phentsize)
            p_type, = struct.unpack(order + "I", f.read(4))
            if p_type == 3:  # PT_INTERP
                return True
    return False


def main():
    build, source, cc = sys.argv[1:4]
    if os.environ.get("XN_SANITIZE", "none") != "none":
        check.skip("a sanitized build (%s): its libxn.a needs the sanitizers' runtime, which "
                   "has no static form" % os.environ["XN_SANITIZE"])
        return
    if os.environ.get("XN_ICU_MODE") != "on-demand" or os.environ.get("XN_NFC_UNISTRING") != "1":
        check.skip("a build with ICU on demand and libunistring (this one: ICU %s, "
                   "libunistring %s)" % (os.environ.get("XN_ICU_MODE"),
                                         os.environ.get("XN_NFC_UNISTRING")))
        return
    if subprocess.run(["pkg-config", "--version"], capture_output=True).returncode != 0:
        check.skip("pkg-config is missing")
        return
    env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(build, "meson-private"))
    r = subprocess.run(["pkg-config", "--static", "--libs", "xn"], env=env,
                       capture_output=True, text=True)
    check(r.returncode == 0, "pkg-config --static --libs xn (the xn.pc to be installed)",
          r.stderr.strip())
    if r.returncode != 0:
        return
    # The installed -L is of no use here: the build's libxn.a comes first.
    libs = [a for a in shlex.split(r.stdout) if not a.startswith("-L")]
    check(any("-lunistring" in a for a in libs) and "-Wl,-u,u32_normalize" in libs,
          "xn.pc's Libs.private names libunistring and the symbols libxn.a takes from it",
          r.stdout.strip())
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "static.c")
        exe = os.path.join(tmp, "static")
        with open(src, "w", encoding="utf-8") as f:
            f.write(PROGRAM)
        # Can this machine link a static program at all?
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w", encoding="utf-8") as f:
            f.write("int main(void) { return 0; }\n")
        r = subprocess.run([cc, "-static", "-o", os.path.join(tmp, "probe"), probe, "-lunistring",
                            "-lpthread"], capture_output=True, text=True)
        if r.returncode != 0:
            check.skip("no static C library or libunistring.a here: %s"
                       % r.stderr.strip().splitlines()[-1:])
            return
        cmd = [cc, "-static", "-I" + os.path.join(source, "include"), "-o", exe, src,
               "-L" + os.path.join(build, "lib")] + libs
        r = subprocess.run(cmd, capture_output=True, text=True)
        check(r.returncode == 0, "cc -static ... $(pkg-config --static --libs xn) links",
              " ".join(cmd) + "\n" + r.stderr.strip())
        if r.returncode != 0:
            return
        check(not has_interpreter(exe), "the program is fully static (no PT_INTERP)")
        r = subprocess.run([exe] + [n for n, _ in NAMES], capture_output=True, text=True,
                           timeout=60)
        check(r.returncode == 0, "the static program exits 0 (no crash)",
              "exit %d: %s" % (r.returncode, r.stderr.strip()))
        lines = r.stdout.splitlines()
        for (name, want), got in zip(NAMES, lines):
            check(got == "XN_OK\t" + want, "static: %s -> %s" % (ascii(name), want),
                  "got %r" % got)
        check(len(lines) == len(NAMES) + 1 and lines[-1] == "idna2003\tXN_E_ICU_UNAVAILABLE",
              "static: IDNA2003 fails with XN_E_ICU_UNAVAILABLE (no ICU in a static program)",
              "got %r" % lines[len(NAMES):])


if __name__ == "__main__":
    main()
    print("static: %d checks, %d failed" % (check.count, check.failed))
    sys.exit(check.exit_code())
