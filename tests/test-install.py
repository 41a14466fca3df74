#!/usr/bin/env python3
"""What a packager and a consumer meet: `meson install` into a staging
directory puts every file where it belongs (the man pages and the CMake
package too); a program builds against the staged library through
`pkg-config --cflags --libs xn` and through CMake's find_package(xn), and
runs; the shared
library exports exactly the symbols of lib/xn.map; include/xn.h compiles
alone with -pedantic as C89, C99 and C11, and as C++98 and C++11.

usage: test-install.py BUILD_DIR SOURCE_DIR C_COMPILER [CXX_COMPILER]
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import testlib  # noqa: E402

check = testlib.Checks()


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def install_tags(build):
    """Every file meson installs has an install tag (`meson install
    --tags`), among the ones a packager splits by: runtime, devel, man, and
    the drop-in's own."""
    r = run(["meson", "introspect", build, "--install-plan"])
    check(r.returncode == 0, f"meson introspect --install-plan: {r.stderr.strip()}")
    if r.returncode != 0:
        return
    plan = json.loads(r.stdout)
    entries = [(info.get("tag"), info["destination"])
               for kind in plan.values() for info in kind.values()]
    untagged = [d for t, d in entries if not t]
    check(entries and not untagged, "every installed file has an install tag",
          f"untagged: {untagged[:10]}")
    odd = sorted({t for t, d in entries if t not in ("runtime", "devel", "man", "idn2-compat")})
    check(not odd, f"install tags are runtime, devel, man or idn2-compat: {odd}")


def tag_sets(build):
    """Each install tag set on its own, as a packager splits the install
    (`meson install --tags`): runtime, devel and man install xn without
    any file of the drop-in; idn2-compat installs the drop-in whole (its
    library, and beside the system's libidn2 its header and idn2-xn.pc)
    and nothing of xn's."""
    beside = os.environ.get("XN_IDN2_COMPAT_LIBDIR", "xn-idn2") != ""
    drop_in = r"libidn2\.so|xn-idn2/|idn2-xn\.pc$|/idn2\.h$"
    for tags in ("runtime,devel,man", "idn2-compat"):
        stage = tempfile.mkdtemp(prefix="xn-tags-")
        try:
            r = run(["meson", "install", "-C", build, "--destdir", stage, "--no-rebuild",
                     "--quiet", "--tags", tags])
            check(r.returncode == 0, f"meson install --tags {tags}: {r.stderr.strip()}")
            if r.returncode != 0:
                continue
            got = sorted(os.path.relpath(p, stage) for p in glob.glob(stage + "/**", recursive=True)
                         if os.path.isfile(p) or os.path.islink(p))
            ours = [f for f in got if re.search(drop_in, f)]
            if tags != "idn2-compat":
                check(got and not ours, f"--tags {tags} installs no file of the drop-in: {ours}")
                check(any(re.search(r"libxn\.so\.\d+$", f) for f in got) and
                      any(f.endswith("include/xn.h") for f in got) and
                      any(f.endswith("pkgconfig/xn.pc") for f in got) and
                      any(f.endswith("man1/xn.1") for f in got),
                      f"--tags {tags} installs libxn, xn.h, xn.pc and xn(1): {got[:12]}")
                continue
            check(ours == got, f"--tags idn2-compat installs the drop-in alone: "
                  f"{[f for f in got if f not in ours]}")
            lib = [f for f in got if re.search(r"libidn2\.so\.0$", f)]
            if beside:
                check(any(f.endswith("xn-idn2/libidn2.so.0") for f in lib) and
                      any(f.endswith("include/xn-idn2/idn2.h") for f in got) and
                      any(f.endswith("pkgconfig/idn2-xn.pc") for f in got),
                      f"--tags idn2-compat installs libidn2.so.0, idn2.h and idn2-xn.pc: {got}")
            else:
                # In place of libidn2-0 (-Didn2_compat_libdir=): the library
                # alone, neither header nor .pc.
                check(lib and not [f for f in got if f.endswith((".h", ".pc"))],
                      f"--tags idn2-compat installs libidn2.so.0, no header or .pc: {got}")
        finally:
            shutil.rmtree(stage, ignore_errors=True)


def main():
    build, source, cc = sys.argv[1], sys.argv[2], sys.argv[3]
    icu_mode = os.environ.get("XN_ICU_MODE", "on-demand")
    cxx = sys.argv[4] if len(sys.argv) > 4 else None
    stage = tempfile.mkdtemp(prefix="xn-install-")
    try:
        r = run(["meson", "install", "-C", build, "--destdir", stage, "--no-rebuild", "--quiet"])
        check(r.returncode == 0, f"meson install: {r.stderr.strip()}")
        if r.returncode != 0:
            return
        files = [os.path.relpath(p, stage) for p in glob.glob(stage + "/**", recursive=True)
                 if os.path.isfile(p) or os.path.islink(p)]

        def find(pattern):
            return [f for f in files if re.search(pattern, f)]

        check(find(r"include/xn\.h$"), "include/xn.h installed")
        check(find(r"lib[^/]*/(.*/)?libxn\.so\.\d+$"), "libxn.so.N (soname link) installed")
        check(find(r"lib[^/]*/(.*/)?libxn\.so$"), "libxn.so (development link) installed")
        check(find(r"lib[^/]*/(.*/)?libxn\.a$"), "libxn.a installed")
        check(find(r"pkgconfig/xn\.pc$"), "xn.pc installed")
        check(find(r"bin/xn$"), "bin/xn installed")
        check(find(r"share/man/man1/xn\.1$"), "share/man/man1/xn.1 installed")
        for man1 in find(r"share/man/man1/xn\.1$"):
            text = open(os.path.join(stage, man1), encoding="utf-8").read()
            check(".SH CODES" in text and "\n.B V6\n" in text and "@EXPLAIN-TABLE@" not in text,
                  "the installed xn(1) has its table of codes")
        check(find(r"share/man/man3/xn_to_ascii\.3$") and find(r"share/man/man3/xn\.3$"),
              "share/man/man3: the reference manual installed")
        check(find(r"cmake/xn/xnConfig\.cmake$") and find(r"cmake/xn/xnConfigVersion\.cmake$"),
              "the CMake package (xnConfig.cmake, xnConfigVersion.cmake) installed")
        install_tags(build)
        if compat_built(build):
            tag_sets(build)
        check(not find(r"internal\.h|props\.h|xn_tables"), "no private header installed")

        pcs = find(r"pkgconfig/xn\.pc$")
        sos = [f for f in find(r"libxn\.so\.\d+\.\d+\.\d+$")]
        if pcs:
            pcdir = os.path.join(stage, os.path.dirname(pcs[0]))
            pc = open(os.path.join(pcdir, "xn.pc")).read()
            priv = pc.split("Libs.private:")[-1].split("\n")[0] if "Libs.private:" in pc else ""
            words = priv.split()
            if icu_mode == "linked":
                # ICU is required by name (packaging tools read it), and a
                # static link still needs ICU's archives and then the C++
                # runtime they are written in, in that order: ICU's own .pc
                # files leave the runtime to a C++ linker, and pkg-config
                # puts a Requires.private package after our Libs.private.
                req = re.search(r"^Requires\.private:(.*)$", pc, re.M)
                check(req and "icu-uc" in req.group(1).split(),
                      f"xn.pc: Requires.private names icu-uc: {req.group(0) if req else None!r}")
                check("-licuuc" in words and "-lstdc++" in words and
                      words.index("-licuuc") < words.index("-lstdc++"),
                      f"xn.pc: Libs.private lists ICU, then the C++ runtime: {priv!r}")
            else:
                # ICU is loaded on demand: neither a shared nor a static
                # consumer links it.
                check(not any(w.startswith("-licu") or w == "-lstdc++" for w in words) and
                      "Requires" not in pc,
                      f"xn.pc (ICU on demand): Libs.private names no ICU and no C++ runtime: {priv!r}")
            check("XN_BUILDING" not in pc, "xn.pc carries no build-side defines")
            # The staged tree is a sysroot: pkg-config prefixes its paths.
            env = dict(os.environ, PKG_CONFIG_PATH=pcdir, PKG_CONFIG_SYSROOT_DIR=stage)
            flags = run(["pkg-config", "--cflags", "--libs", "xn"], env=env)
            check(flags.returncode == 0, f"pkg-config --cflags --libs xn: {flags.stderr.strip()}")
            consumer = os.path.join(stage, "consumer.c")
            with open(consumer, "w") as f:
                f.write(CONSUMER)
            exe = os.path.join(stage, "consumer")
            # A sanitized libxn needs a consumer built with the same runtime.
            sanitize = os.environ.get("XN_SANITIZE", "none")
            extra = [f"-fsanitize={sanitize}"] if sanitize not in ("", "none") else []
            r = run([cc, "-std=c99", "-Wall", "-Werror", consumer, "-o", exe] + extra
                    + flags.stdout.split())
            check(r.returncode == 0, f"consumer builds with pkg-config flags: {r.stderr.strip()}")
            if r.returncode == 0:
                libdir = [a[2:] for a in flags.stdout.split() if a.startswith("-L")]
                env = dict(os.environ, LD_LIBRARY_PATH=":".join(libdir))
                r = run([exe], env=env)
                check(r.returncode == 0 and r.stdout.strip() == "xn--bcher-kva.example",
                      f"consumer runs: {r.stdout.strip()} {r.stderr.strip()}")
                r = run(["ldd", exe], env=env)
                check(stage in r.stdout, "consumer loads the staged libxn")

            # A fully static consumer: `cc -static $(pkg-config --static
            # --libs xn)` must link (ICU needs its C++ runtime after it).
            icu_a = run([cc, "-print-file-name=libicuuc.a"]).stdout.strip()
            if extra:
                print("note: sanitized build: the static consumer is not linked")
            elif not os.path.isabs(icu_a):
                check(False, "no static ICU (libicuuc.a; Debian's libicu-dev has it): the "
                      "static consumer cannot be linked")
            else:
                env = dict(os.environ, PKG_CONFIG_PATH=pcdir, PKG_CONFIG_SYSROOT_DIR=stage)
                sflags = run(["pkg-config", "--static", "--cflags", "--libs", "xn"], env=env)
                check(sflags.returncode == 0, f"pkg-config --static: {sflags.stderr.strip()}")
                sexe = os.path.join(stage, "consumer-static")
                r = run([cc, "-std=c99", consumer, "-o", sexe, "-static"] + sflags.stdout.split())
                check(r.returncode == 0, "consumer links with -static and pkg-config --static: "
                      + "; ".join(l for l in r.stderr.splitlines() if "undefined" in l)[:600])
                if r.returncode == 0:
                    r = run([sexe])
                    check(r.returncode == 0 and r.stdout.strip() == "xn--bcher-kva.example",
                          f"static consumer runs: {r.stdout.strip()} {r.stderr.strip()}")

        cmake_consumer(stage, find, cc, header_version(source))

        if sos:
            so = os.path.join(stage, sos[0])
            r = run(["nm", "-D", "--defined-only", so])
            exported = sorted(l.split()[-1].split("@")[0] for l in r.stdout.splitlines()
                              if len(l.split()) >= 3 and l.split()[1] in "TDBRVW"
                              and not l.split()[-1].startswith("XN_"))
            mapped = sorted(re.findall(r"^\s*(xn_\w+);", open(os.path.join(source, "lib", "xn.map")).read(), re.M))
            check(exported == mapped, f"exported symbols equal lib/xn.map: only exported "
                  f"{sorted(set(exported) - set(mapped))}, only in map {sorted(set(mapped) - set(exported))}")
            r = run(["objdump", "-p", so])
            m = re.search(r"SONAME\s+(\S+)", r.stdout)
            check(m and re.fullmatch(r"libxn\.so\.\d+", m.group(1)), f"soname: {m and m.group(1)}")

        # ICU on demand: no installed binary needs ICU or the C++ runtime
        # at start-up (the first call that needs ICU loads it).
        if icu_mode == "on-demand":
            for pattern in (r"libxn\.so\.\d+\.\d+\.\d+$", r"bin/xn$", r"libidn2\.so\.0(\.\d+)*$"):
                for f in find(pattern):
                    p = os.path.join(stage, f)
                    if os.path.islink(p):
                        continue
                    r = run(["objdump", "-p", p])
                    needed = re.findall(r"NEEDED\s+(\S+)", r.stdout)
                    check(r.returncode == 0 and needed and
                          not [n for n in needed if n.startswith(("libicu", "libstdc++"))],
                          f"{f}: needs no ICU and no C++ runtime at start-up: {needed}")

        check_idn2_compat(build, stage, cc, find)

        # C and C++ consumers of every age include the header: C89 and C++98
        # refuse what later standards allow (a comma after the last
        # enumerator, for one).
        header = os.path.join(source, "include", "xn.h")
        for std in ("c89", "c99", "c11"):
            r = run([cc, f"-std={std}", "-pedantic", "-Wall", "-Wextra", "-Werror",
                     "-fsyntax-only", "-x", "c", header])
            check(r.returncode == 0, f"xn.h alone as {std} -pedantic: {r.stderr.strip()}")
        if cxx and shutil.which(cxx.split()[0]):
            for std in ("c++98", "c++11"):
                r = run([cxx, f"-std={std}", "-pedantic", "-Wall", "-Wextra", "-Werror",
                         "-fsyntax-only", "-x", "c++", header])
                check(r.returncode == 0, f"xn.h alone as {std} -pedantic: {r.stderr.strip()}")
        else:
            check.skip("no C++ compiler (the README's g++): xn.h not compiled as C++")
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def header_version(source):
    """MAJOR.MINOR of the release, as include/xn.h gives it."""
    text = open(os.path.join(source, "include", "xn.h")).read()
    major = re.search(r"#define XN_VERSION_MAJOR (\d+)", text).group(1)
    minor = re.search(r"#define XN_VERSION_MINOR (\d+)", text).group(1)
    return f"{major}.{minor}"


def cmake_program(cmake, stage, cc, prefix, version, target):
    """consumer.c built by a CMake project that finds the staged package
    (find_package(xn VERSION)) and links target; its path, or None (a failed
    check said why)."""
    sanitize = os.environ.get("XN_SANITIZE", "none")
    cflags = f"-fsanitize={sanitize}" if sanitize not in ("", "none") else ""
    proj = tempfile.mkdtemp(prefix="xn-cmake-", dir=stage)
    with open(os.path.join(proj, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.13)\n"
                "project(xn_consumer C)\n"
                f"find_package(xn {version} REQUIRED)\n"
                "add_executable(consumer consumer.c)\n"
                f"target_link_libraries(consumer PRIVATE {target})\n")
    with open(os.path.join(proj, "consumer.c"), "w") as f:
        f.write(CONSUMER)
    r = run([cmake, "-S", proj, "-B", os.path.join(proj, "build"), f"-DCMAKE_C_COMPILER={cc}",
             f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_C_FLAGS={cflags}",
             f"-DCMAKE_EXE_LINKER_FLAGS={cflags}"])
    check(r.returncode == 0, f"cmake configures a consumer of {target} with find_package(xn): "
          f"{(r.stdout + r.stderr).strip()[-600:]}")
    if r.returncode != 0:
        return None
    r = run([cmake, "--build", os.path.join(proj, "build")])
    check(r.returncode == 0, f"cmake builds the consumer against {target}: "
          f"{(r.stdout + r.stderr).strip()[-600:]}")
    return os.path.join(proj, "build", "consumer") if r.returncode == 0 else None


def cmake_consumer(stage, find, cc, version):
    """A CMake project finds the staged package (find_package(xn VERSION),
    the version file included: SameMajorVersion), links xn::xn, builds and
    runs; another links xn::xn_static and runs without libxn.so."""
    cmake = shutil.which("cmake")
    if cmake is None:
        check.skip("cmake not found (Debian package cmake): no CMake consumer built")
        return
    configs = find(r"cmake/xn/xnConfig\.cmake$")
    if not configs:
        return
    # The prefix: the config file is PREFIX/LIBDIR/cmake/xn/xnConfig.cmake.
    prefix = os.path.join(stage, configs[0].split("/lib")[0])
    exe = cmake_program(cmake, stage, cc, prefix, version, "xn::xn")
    if exe:
        libdirs = sorted({os.path.dirname(os.path.join(stage, f))
                          for f in find(r"libxn\.so\.\d+$")})
        r = run([exe], env=dict(os.environ, LD_LIBRARY_PATH=":".join(libdirs)))
        check(r.returncode == 0 and r.stdout.strip() == "xn--bcher-kva.example",
              f"the CMake consumer runs: {r.stdout.strip()} {r.stderr.strip()}")
    # xn::xn_static: the same program linked with libxn.a, run without the
    # staged libdir on the loader's path.
    exe = cmake_program(cmake, stage, cc, prefix, version, "xn::xn_static")
    if exe:
        r = run([exe])
        check(r.returncode == 0 and r.stdout.strip() == "xn--bcher-kva.example",
              f"the static CMake consumer runs: {r.stdout.strip()} {r.stderr.strip()}")
        r = run(["objdump", "-p", exe])
        check("libxn.so" not in r.stdout, "the static CMake consumer needs no libxn.so")
    # A request for another major version is refused by the version file.
    probe = tempfile.mkdtemp(prefix="xn-cmake-major-", dir=stage)
    with open(os.path.join(probe, "CMakeLists.txt"), "w") as f:
        f.write("cmake_minimum_required(VERSION 3.13)\nproject(p C)\n"
                "find_package(xn 99 QUIET)\n"
                "if(xn_FOUND)\n  message(FATAL_ERROR \"xn 99 found\")\nendif()\n")
    r = run([cmake, "-S", probe, "-B", os.path.join(probe, "build"), f"-DCMAKE_C_COMPILER={cc}",
             f"-DCMAKE_PREFIX_PATH={prefix}"])
    check(r.returncode == 0, "find_package(xn 99) must not accept this version")




def compat_built(build):
    """Whether this build makes compat/idn2's libidn2.so.0 (meson's own
    account of the build's targets)."""
    r = run(["meson", "introspect", "--targets", build])
    if r.returncode != 0:
        check(False, f"meson introspect --targets: {r.stderr.strip()}")
        return False
    return any(t["name"] == "idn2" and t["type"] == "shared library" and t.get("installed")
               for t in json.loads(r.stdout))


def check_idn2_compat(build, stage, cc, find):
    if not compat_built(build):
        print("note: compat/idn2 is not built (-Didn2_compat=disabled): its install not checked")
        return
    if os.environ.get("XN_IDN2_COMPAT_LIBDIR", "xn-idn2") == "":
        # -Didn2_compat_libdir= (a package in place of libidn2-0): in the
        # library folder beside libxn.so.0, found by the loader, no rpath,
        # and nothing that would clash with libidn2-dev.
        libs = find(r"lib[^/]*/(.*/)?libidn2\.so\.0$")
        check(libs and all(os.path.dirname(l) == os.path.dirname(x)
                           for l in libs for x in find(r"libxn\.so\.0$")),
              f"libidn2.so.0 installed beside libxn.so.0: {libs}")
        for l in libs:
            r = run(["readelf", "-d", os.path.join(stage, l)])
            check("RUNPATH" not in r.stdout and "RPATH" not in r.stdout,
                  f"{l} has no rpath: {r.stdout.strip()[:300]}")
        check(not find(r"pkgconfig/idn2-xn\.pc$") and not find(r"include/xn-idn2/"),
              "no idn2-xn.pc and no xn-idn2/idn2.h installed")
        return
    libs = find(r"lib[^/]*/(.*/)?xn-idn2/libidn2\.so\.0$")
    pcs = find(r"pkgconfig/idn2-xn\.pc$")
    check(libs, "xn-idn2/libidn2.so.0 installed")
    check(pcs, "idn2-xn.pc installed")
    check(find(r"include/xn-idn2/idn2\.h$"), "include/xn-idn2/idn2.h installed")
    if not libs or not pcs:
        return
    compat_dir = os.path.join(stage, os.path.dirname(libs[0]))
    r = run(["readelf", "-d", os.path.join(stage, libs[0])])
    check(re.search(r"\(RUNPATH\)\s+Library runpath: \[\$ORIGIN/\.\.\]", r.stdout),
          f"libidn2.so.0 has RUNPATH $ORIGIN/..: {r.stdout.strip()[:300]}")
    sanitize = os.environ.get("XN_SANITIZE", "none")
    extra = [f"-fsanitize={sanitize}"] if sanitize not in ("", "none") else []
    base = dict(os.environ)
    for v in ("LD_LIBRARY_PATH", "LD_PRELOAD", "PKG_CONFIG_PATH", "PKG_CONFIG_SYSROOT_DIR"):
        base.pop(v, None)

    # The README's command: an unchanged program, LD_LIBRARY_PATH naming
    # the xn-idn2 folder alone.  A sanitized library needs its runtime
    # preloaded into a program not built with it.
    idn2 = shutil.which("idn2")
    if not idn2:
        check.skip("Debian's idn2 (package idn2) is not installed: no program run on the staged drop-in")
    else:
        env = dict(base, LD_LIBRARY_PATH=compat_dir, LD_DEBUG="libs", LC_ALL="C.UTF-8")
        if extra:
            rt = "libclang_rt.asan-x86_64.so" if "clang" in os.path.basename(cc) else "libasan.so"
            env["LD_PRELOAD"] = run([cc, f"-print-file-name={rt}"]).stdout.strip()
            env["ASAN_OPTIONS"] = "detect_leaks=0:verify_asan_link_order=0"
        r = run([idn2, "b\u00fccher.example"], env=env)
        check(r.returncode == 0 and r.stdout.strip() == "xn--bcher-kva.example",
              f"idn2 on the staged libidn2.so.0: {r.stdout.strip()} {r.stderr.strip()[-300:]}")
        loaded = [l for l in r.stderr.splitlines() if "calling init:" in l]
        check(any(compat_dir in l and "libidn2.so.0" in l for l in loaded),
              "idn2 loads the staged libidn2.so.0")
        check(any(stage in l and "libxn.so.0" in l for l in loaded),
              "the staged libidn2.so.0 loads the staged libxn.so.0 (RUNPATH)")

    # A consumer built with pkg-config's flags and nothing else.
    pcdir = os.path.join(stage, os.path.dirname(pcs[0]))
    prefix = re.search(r"^prefix=(.*)$", open(os.path.join(pcdir, "idn2-xn.pc")).read(), re.M)
    check(prefix, "idn2-xn.pc has a prefix")
    if not prefix:
        return
    env = dict(base, PKG_CONFIG_PATH=pcdir)
    flags = run(["pkg-config", f"--define-variable=prefix={stage}{prefix.group(1)}",
                 "--cflags", "--libs", "idn2-xn"], env=env)
    check(flags.returncode == 0, f"pkg-config --cflags --libs idn2-xn: {flags.stderr.strip()}")
    src = os.path.join(stage, "idn2-consumer.c")
    with open(src, "w") as f:
        f.write(IDN2_CONSUMER)
    exe = os.path.join(stage, "idn2-consumer")
    r = run([cc, src, "-o", exe, "-Wl,--trace"] + extra + flags.stdout.split())
    check(r.returncode == 0, f"cc x.c $(pkg-config --cflags --libs idn2-xn) links: "
          f"{r.stderr.strip()[:600]}")
    if r.returncode != 0:
        return
    # The link itself takes xn's library, not the system's libidn2.so.
    linked = [l for l in r.stdout.splitlines() if "libidn2" in l]
    check(linked and all(l.startswith(compat_dir) for l in linked),
          f"the linker reads libidn2 from the staged xn-idn2 alone: {linked}")
    r = run([exe], env=base)
    check(r.returncode == 0 and r.stdout.strip() == "2.3.8 xn--bcher-kva.example",
          f"the consumer runs on xn's libidn2 (version 2.3.8), not the system's: "
          f"{r.stdout.strip()} {r.stderr.strip()[-300:]}")
    r = run(["ldd", exe], env=base)
    lines = {l.split()[0]: l for l in r.stdout.splitlines() if "=>" in l}
    check(compat_dir in lines.get("libidn2.so.0", ""),
          f"ldd: libidn2.so.0 from the staged xn-idn2: {lines.get('libidn2.so.0')}")
    check(stage in lines.get("libxn.so.0", ""),
          f"ldd: libxn.so.0 from the staged prefix: {lines.get('libxn.so.0')}")


IDN2_CONSUMER = r"""
#include <stdio.h>
#include <idn2.h>
int main(void)
{
    char *out = NULL;
    int rc = idn2_lookup_u8((const uint8_t *)"b\xc3\xbc" "cher.example", (uint8_t **)&out, 0);
    if (rc != IDN2_OK)
        return 1;
    printf("%s %s\n", idn2_check_version(NULL), out);
    idn2_free(out);
    return 0;
}
"""

CONSUMER = r"""
#include <stdio.h>
#include <string.h>
#include <xn.h>
int main(void)
{
    char out[XN_DOMAIN_MAX];
    size_t len;
    const char *name = "b\xc3\xbc" "cher.example";
    if (xn_to_ascii(name, strlen(name), out, sizeof out, &len, 0, NULL) != XN_OK)
        return 1;
    puts(out);
    return strcmp(xn_version(), XN_VERSION_STRING) != 0;
}
"""

def readme_commands(source):
    """The install and build commands the README shows work as written on
    the machine its first command sets up (as root, a configured build/):
    no sudo (a fresh Debian has none), ldconfig beside every install of the
    build (until it runs, xn cannot find libxn.so.0), and no option given
    to `meson setup` on the folder already set up (meson says "already
    configured" and changes nothing)."""
    for doc in ("README.md", "compat/idn2/README.md", "tools/xn.1"):
        text = open(os.path.join(source, doc), encoding="utf-8").read()
        check(not re.search(r"\bsudo\b", text), f"{doc}: no sudo in a command",
              re.search(r".*\bsudo\b.*", text).group(0) if "sudo" in text else "")
    text = open(os.path.join(source, "README.md"), encoding="utf-8").read()
    spans = re.findall(r"`([^`]*)`", text.replace("\n  ", " "))
    installs = [s for s in spans if re.search(r"\bmeson install -C build\b", s)
                and "--destdir" not in s]
    check(installs, "README: shows the install command")
    for s in installs:
        check("ldconfig" in s, f"README: ldconfig beside the install: {s!r}")
    for s in spans:
        check(not re.search(r"\bmeson setup build\s+-", s),
              f"README: an option to `meson setup` on the existing build/: {s!r}")


def configure_without_unistring(source):
    """A packager's build with neither compat/idn2, the command's --locale
    nor libxn's NFC without ICU configures without looking for
    libunistring, and without CMake."""
    d = tempfile.mkdtemp(prefix="xn-setup-")
    try:
        # And without CMake: a cmake first in PATH that fails as a missing
        # one would (the CMake package is written without it).
        fake = os.path.join(d, "bin")
        os.mkdir(fake)
        with open(os.path.join(fake, "cmake"), "w") as f:
            f.write("#!/bin/sh\necho 'cmake: not installed here' >&2\nexit 127\n")
        os.chmod(os.path.join(fake, "cmake"), 0o755)
        env = dict(os.environ, PATH=fake + os.pathsep + os.environ.get("PATH", ""))
        r = run(["meson", "setup", os.path.join(d, "b"), source, "-Didn2_compat=disabled",
                 "-Dcli_locale=disabled", "-Dnfc_unistring=disabled"], env=env)
        check(r.returncode == 0, "meson setup -Didn2_compat=disabled -Dcli_locale=disabled "
              "-Dnfc_unistring=disabled, with no working cmake",
              (r.stdout + r.stderr)[-600:])
        log = os.path.join(d, "b", "meson-logs", "meson-log.txt")
        text = open(log, encoding="utf-8", errors="replace").read() if os.path.exists(log) else ""
        check(text and not re.search(r"(?i)library unistring|unistr\.h", text),
              "that configuration does not look for libunistring",
              "\n".join(l for l in text.split("\n") if "unistr" in l)[:400])
    finally:
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    readme_commands(sys.argv[2])
    configure_without_unistring(sys.argv[2])
    main()
    print(f"install: {check.passed} passed, {check.failed} failed")
    sys.exit(check.exit_code())
