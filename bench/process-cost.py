#!/usr/bin/env python3
"""The per-process cost: a program that converts one name and exits.

usage: bench/process-cost.py BUILD_DIR [NAME...]

For each name (default: example.com, bücher.example, and three that need
a normalizer: e + U+0301 .com, இந்தியா.example, ভারত.example), runs whole
processes under callgrind (every instruction from the first of the
dynamic linker to exit: loading, relocation, start-up and the one call) and
once more for the peak resident set size (GNU time's %M), and prints them
side by side:

  one-name   BUILD_DIR/bench/one-name NAME (idn2_lookup_u8 once) on the
             system's libidn2, then on xn's libidn2.so.0
             (LD_LIBRARY_PATH=BUILD_DIR/compat/idn2:BUILD_DIR/lib)
  no ICU     the same, with ICU's common library unloadable, as on a
             system without ICU, where libunistring normalizes: run as
             root, each xn process gets a mount namespace of its own
             (unshare -m) in which every libicuuc.so.N that ldconfig
             knows is /dev/null bind-mounted; rows left out, with a note,
             where that cannot be done
  libxn      the same one-name on the system's libidn2 against
             BUILD_DIR/bench/xn-one-name NAME (xn_to_ascii once): a program
             that links libxn alone, with ICU and, as root, without it
  command    `idn2 NAME` against `BUILD_DIR/tools/xn NAME`

Instruction counts are repeatable for the same binaries and environment;
they do not depend on what else the machine does.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def plainly(cmd):
    return cmd


def instructions(cmd, env, wrap=plainly):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        r = subprocess.run(wrap(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
                                + cmd), env=env, capture_output=True, text=True, timeout=600)
        m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
        if r.returncode != 0 or not m:
            sys.exit(f"process-cost: {' '.join(cmd)} failed: {r.stderr.strip()[-400:]}")
        return int(m.group(1)), r.stdout.strip()


def peak_rss_kib(cmd, env, wrap=plainly):
    # GNU time, a small process, starts the command: Linux keeps a process's
    # peak RSS across exec, so a child forked from this Python would report
    # Python's own.
    r = subprocess.run(wrap(["/usr/bin/time", "-f", "%M"] + cmd), env=env, capture_output=True,
                       text=True, timeout=600)
    if r.returncode != 0:
        sys.exit(f"process-cost: {' '.join(cmd)} failed: {r.stderr.strip()[-400:]}")
    return int(r.stderr.strip().split("\n")[-1])


def without_icu():
    """A command prefix that runs a command where ICU's common library
    cannot be loaded, or None (with the reason) where it cannot be made."""
    if os.geteuid() != 0 or not shutil.which("unshare"):
        return None, "needs root and unshare(1)"
    r = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True)
    libs = sorted({line.split(" => ")[-1].strip() for line in r.stdout.splitlines()
                   if re.match(r"\s*libicuuc\.so\.\d+ ", line)})
    if not libs:
        return [], "ICU is not installed here"
    # sh -c SCRIPT sh N LIB... CMD...: N libraries hidden, then CMD run.
    script = ('n=$1; shift; while [ "$n" -gt 0 ]; do mount --bind /dev/null "$1" || exit 1; '
              'shift; n=$((n - 1)); done; exec "$@"')
    prefix = ["unshare", "--mount", "sh", "-c", script, "sh", str(len(libs))] + libs
    probe = subprocess.run(prefix + ["true"], capture_output=True, text=True)
    if probe.returncode != 0:
        return None, f"unshare -m cannot bind-mount here: {probe.stderr.strip()}"
    return (lambda cmd: prefix + cmd), ""


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    build = os.path.abspath(sys.argv[1])
    names = sys.argv[2:] or ["example.com", "b\u00fccher.example", "e\u0301.com",
                             "\u0b87\u0ba8\u0bcd\u0ba4\u0bbf\u0baf\u0bbe.example",
                             "\u09ad\u09be\u09b0\u09a4.example"]
    for tool, package in (("valgrind", "valgrind"), ("idn2", "idn2"), ("/usr/bin/time", "time")):
        if not shutil.which(tool):
            sys.exit(f"process-cost: {tool} is missing (Debian: apt-get install {package})")
    plain = {k: v for k, v in os.environ.items() if k not in ("LD_LIBRARY_PATH", "LD_PRELOAD")}
    plain["LC_ALL"] = "C.UTF-8"
    drop_in = dict(plain, LD_LIBRARY_PATH=os.path.join(build, "compat", "idn2") + ":" +
                   os.path.join(build, "lib"))
    one = os.path.join(build, "bench", "one-name")
    xn = os.path.join(build, "tools", "xn")
    xn_one = os.path.join(build, "bench", "xn-one-name")
    xn_lib = dict(plain, LD_LIBRARY_PATH=os.path.join(build, "lib"))
    hide_icu, why = without_icu()
    rows = []
    for name in names:
        rows.append((f"one-name {name}", [one, name], plain, [one, name], drop_in, plainly))
        if hide_icu:
            rows.append((f"one-name {name}, no ICU", [one, name], plain, [one, name], drop_in,
                         hide_icu))
        rows.append((f"libxn {name}", [one, name], plain, [xn_one, name], xn_lib, plainly))
        if hide_icu:
            rows.append((f"libxn {name}, no ICU", [one, name], plain, [xn_one, name], xn_lib,
                         hide_icu))
        rows.append((f"command {name}", ["idn2", name], plain, [xn, name], plain, plainly))
    if not hide_icu:
        print(f"process-cost: no rows without ICU ({why})")
    print(f"{'process':42} {'libidn2 instr':>14} {'xn instr':>12} {'ratio':>6} "
          f"{'libidn2 RSS':>12} {'xn RSS':>9}  output")
    for label, a_cmd, a_env, b_cmd, b_env, wrap in rows:
        a, a_out = instructions(a_cmd, a_env)
        b, b_out = instructions(b_cmd, b_env, wrap)
        if a_out != b_out:
            sys.exit(f"process-cost: {label}: libidn2 printed {a_out!r}, xn {b_out!r}")
        ra, rb = peak_rss_kib(a_cmd, a_env), peak_rss_kib(b_cmd, b_env, wrap)
        print(f"{label:42} {a:>14,} {b:>12,} {b / a:>6.2f} {ra:>9} KiB {rb:>5} KiB  {b_out}")


if __name__ == "__main__":
    main()
