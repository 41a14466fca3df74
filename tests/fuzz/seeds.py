#!/usr/bin/env python3
"""Writes the seed corpora tests/fuzz/<target>.in/ (run from anywhere).

    python3 tests/fuzz/seeds.py [TESTDATA_DIR]

The seeds are hand-made names (edge cases of each UTS #46 step, every CVE
input class of IDN libraries), plus, when TESTDATA_DIR (default
tests/data) holds them, the RFC 3492 section 7.1 samples and a
sample of the source column of IdnaTestV2.txt.  Existing files named
"seed-*" are replaced; libFuzzer's own files (hex names) are kept.

Input formats (see each target):
  names       UTF-8 name, then two bytes of flags (fuzz_flags() in
              fuzz_util.c) for to_ascii, to_unicode, to_ascii_then_unicode;
              one byte (bit 0: STD3) for uts46_icu_diff
  punycode    the Punycode string itself, for punycode_decode
  code points for punycode_roundtrip: a mode byte (bit 0: case flags), then
              code points as build() in punycode_roundtrip.c reads them
  names       also for idna2008, idna2003 and extras (with the names below
              for IDNA2008 contexts, IDNA2003, mail addresses and display)
  lines       for cli_lines: a mode byte (cli_lines.c), names joined by
              newlines (some CRLF), two bytes of flags
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Flag byte pairs (little-endian 16-bit v; v >> 14 is the kind).
def preset(i):
    v = (2 << 14) | i
    return bytes([v & 0xFF, v >> 8])

def bits(b):
    return bytes([b & 0xFF, (b >> 8) & 0x3F])

FLAG_SUFFIXES = [
    bits(0),          # the default profile
    preset(1),        # XN_WHATWG
    preset(2),        # XN_TRANSITIONAL
    bits(0x20 | 0x2), # no DNS length, no STD3
    bits(0x80),       # XN_ALLOW_ROOT_DOT
    bits(0x40),       # XN_IGNORE_INVALID_PUNYCODE
    bits(0x1C),       # no hyphens, no bidi, no joiners
    bytes([0x00, 0xC2]),  # kind 3: an unknown bit (0x200)
]

L63 = "a" * 63
NAMES = [
    # The everyday conversions.
    "bücher.example", "BÜCHER.Example", "Bu\u0308cher.example", "xn--bcher-kva.example",
    "XN--BCHER-KVA.Example", "www.example.com", "WWW.Example.COM", "中国", "xn--fiqs8s",
    "δοκιμή.ελ", "xn--jxalpdlp.xn--qxam", "ශ්\u200dරී", "نامه\u200cای", "日本語.jp",
    "münchen.de", "ÄÖÜ.ß", "i\u0307", "İstanbul", "ǅemal", "ＡＢＣ．ｄｅ",
    # Separators: the four dots, and a mapping that yields a dot.
    "a。b．c｡d", "a\u2488b", "\u2488\u2488\u2488", "a.b.c.d.e.f.g.h.i.j.k",
    # Deviations.
    "faß.de", "xn--fa-hia.de", "βόλος", "xn--nxasmm1c", "a\u200cb", "a\u200db",
    "\u200c", "\u200d", "क्\u200d", "क\u200d", "ل\u200cل", "ل\u200c",
    # Ignored code points and expanding mappings.
    "a\u00adb", "\u00ad", "\u200b", "\ufe0f", "\ufdfa", "\ufdfa" * 8, "\u3300", "\u3300" * 20,
    "\u33fa\u3327\u3380", "\u2474", "\u00bd", "\u2165", "\ufb01", "\u0149", "\u1e9e",
    "\u0130", "\u03a3", "\u03c2", "\u1f88",
    # Lengths.
    L63 + ".x", L63 + "a.x", ".".join([L63] * 4), ".".join([L63] * 3) + "." + "a" * 61,
    ".".join([L63] * 3) + "." + "a" * 62, "", ".", "..", "a..b", "a.", "a.b.", "a..",
    "." + L63, "ü" * 59, "ü" * 60, "xn--" + "a" * 59,
    # Hyphens.
    "-x", "x-", "-", "--", "ab--c", "xn--", "xn---", "xn--a", "xn--a-", "a-b", "a--b",
    "\u2010x", "ab\uff0d\uff0dc",
    # STD3 and URL forbidden code points.
    "a_b", "a b", "a!b", "a\uff01b", "a/b", "a:b", "a%b", "a@b", "a\x00b", "a\x7fb",
    "a\u2260b", "=\u0338", "a<\u0338b", "\u226e", "\u226f", "a#b", "[::1]", "a\\b", "a^b",
    "a|b", "a?b", "\u00a0", "\u3000", "a\tb", "a\nb",
    # Combining marks and NFC.
    "\u0301a", "a\u0301", "\u0301", "xn--pta", "e\u0301\u0302", "\u1100\u1161\u11a8",
    "\u0958", "\u0958" * 30, "\u2126", "\u212b", "\u037e", "\u1fef", "\u0344",
    "\u0f73", "\u0fb2\u0f81",
    # Bidi.
    "שלום.example", "0à.א", "א1", "1א", "אa", "a.א", "ا٠١", "ا0١", "ا\u0660\u06f0",
    "\u05d0\u0301", "\u05d0-", "\u0627\u200c\u0644", "a.xn--4db", "xn--4db.1",
    # CONTEXTO characters (no rule in UTS #46, must pass through).
    "l\u00b7l", "\u00b7", "\u0375a", "\u05f3", "\u30fb", "\u0660\u06f0",
    # Punycode and "xn--" labels: CVE inputs.
    "xn--0000h",                # decoded to U+127252 by one decoder: > U+10FFFF
    "xn--example-.org",         # RUSTSEC-2024-0421: ASCII only after decoding
    "xn--example-",
    "xn--ls8h",                 # valid emoji
    "xn--99999999999a",         # CVE-2017-14062 class: i overflows
    "xn--a" + "9" * 30,
    "xn--" + "z" * 40,
    "xn--" + "9" * 10 + "a",
    "xn--zzzzzzzzzzz",
    "xn--bcher-kva\u00fc.example",
    "xn--tešla",
    "xn--a!",
    "xn--ab-j1t",
    "xn--55qx5d.cn",
    "xn--ß",
    "Xn--bcher-kva", "XN--ZCA", "xn--ZCA", "xn--zca", "xn--Zca",
    "xn--bcher-KVA", "xn--Bcher-kva",  # case of basic letters: no second spelling
    "xn--mnchen-3ya", "xn--mnchen-3yA",
    "xn--" + "-" * 10, "xn--a-b-c-", "xn---a", "xn--d-",
    "xn--xn--bcher-kva-", "xn--xn--a-ecp",
    "xn--c1yn36f", "xn--c1yn36f.xn--c1yn36f",
    "xn--80ak6aa92e.com",  # the Cyrillic "apple" homograph: valid, stays as is
    # ICU 72 differences (uts46_icu_diff.c): a last label of ignored code
    # points, compatibility ideographs disallowed before NFC, STD3 symbols.
    "a.\u00ad", "a.b.\ufe0f", "\U0002f868", "\U0002f9bf.a", "\u2260\U0002f874",
    # Ill-formed UTF-8 at the start, in the middle and at the end.
    "\udcc0a", "a\udcc0", "a\udcc0.b",
]

RAW_NAMES = [
    b"\xc0\xaf.example", b"a\xc0\x80b", b"\xe0\x80\xaf", b"\xed\xa0\x80", b"\xed\xbf\xbf",
    b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xff", b"\xfe", b"a\x80", b"\x80a",
    b"a.\xbf.b", b"\xc3", b"a\xc3", b"\xe2\x82", b"a.\xe2\x82", b"\xf0\x9f\x98",
    b"\xf0\x9f\x98\x80", b"xn--\xc3\xbc", b"\xc3\xbc\xc3", b"\xef\xbf\xbf", b"\xef\xbf\xbe",
    b"\xf3\xa0\x80\x81", b"\xf0\x9f\x84\x80", b"\xc2\xad\xc2\xad",
]

PUNY = [
    "", "-", "a-", "abc-", "a-b-", "--", "-a", "a", "zca", "bcher-kva", "egbpdaj6bu4bxfgehfvwxn",
    "0000h", "99999999999a", "zzzzzzzzzzzz", "a" * 100, "9" * 50, "ls8h", "example-",
    "xn--", "A-", "ABC-DEF", "BCHER-KVA", "bcher-KVA", "ß", "a-ß", "\x80-a", "a\x00b-",
    "4db", "tda", "-ecp", "d-", "hq1bm8jm9l", "999999999", "b" * 1024, "b" * 1025,
    "wgv71a119e", "0" * 12, "yzzzzzzz", "aaaaaaab", "d9juau41awczczp",
    "mnchen-3ya", "mnchen-3yA", "Mnchen-3ya",
]

# For idna2008, idna2003 and extras besides NAMES: CONTEXTO and CONTEXTJ
# cases, IDNA2003 (Nameprep), mail addresses, names to display.
MORE_NAMES = [
    "l\u00b7l", "a\u00b7b", "\u00b7", "\u05d0\u05f3", "\u05f3", "\u0375\u03b1", "\u0375a",
    "\u30a2\u30fb\u30a2", "a\u30fb", "\u0660\u0661", "\u0660\u06f1", "\u06f0\u06f1",
    "xn--tda", "XN--TDA", "xn--Tda", "ab--c", "-ab", "_dmarc.example.com", "*.example.com",
    "Bücher.example", "bu\u0308cher", "\u2024", "a\u2024b", "\u0221", "\U000e0001",
    "\u0340", "\u200e", "\u05d0\u0031", "\u0627\u0031", "\u0627a",
    "用户@例子.广告", "a@b", "a@", "@b", "@", "a@@b", "\"a@b\"@example.com", "x@[192.0.2.1]",
    "x@[IPv6:2001:db8::1]", "x@[", "ü@bücher.de", "a\x01@b", "a@b@c.example",
    "аррӏе.com", "xn--80ak6aa92e.com", "pаypal.com", "xn--pypal-4ve.com", "сосо.com",
    "१2.example", "i\u0307.example", "a\u0301\u0301.example", "faß.de", "δοκιμή.ελ",
    "xn--ls8h", "☃.net", "xn--n3h.net",
    # idna2008 registration: U-label|A-label pairs (same, mismatched, LDH)
    "bücher|xn--bcher-kva", "bücher|XN--BCHER-KVA", "bücher|xn--mnchen-3ya", "abc|xn--abc",
    "XN--BCHER-KVA", "xn--bcher-kva|bücher",
]

def cps_seed(cps, flags_mode=0):
    """Code points in punycode_roundtrip.c's build() format."""
    out = bytearray([flags_mode])
    for c in cps:
        if c < 0x80:
            out.append(c)
        elif c < 0x80 + 0x4000:
            v = c - 0x80
            out += bytes([0x80 | (v >> 8), v & 0xFF])
        elif c < 0x100000:
            out += bytes([0xC0 | (c >> 16), (c >> 8) & 0xFF, c & 0xFF])
        else:
            out += bytes([0xF0]) + c.to_bytes(4, "big")
    return bytes(out)

CPS = [
    [], [0x61], [0xFC], [0x62, 0xFC, 0x63, 0x68, 0x65, 0x72], [0x10FFFF], [0x110000],
    [0xD800], [0xDFFF], [0x61, 0xD800], [0xFFFFFFFF], [0x7F, 0x80], [0x1F600] * 5,
    [0x41, 0x42, 0x100], [0x10FFFF, 0x80] * 20, list(range(0x80, 0x80 + 300)),
    [0x4E2D, 0x6587] * 10, [0x10FFFF] * 1024, [0x80] * 1025,
]


def write(target, name, data):
    d = os.path.join(HERE, target + ".in")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def main():
    testdata = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "data")
    names = [n.encode("utf-8", "surrogatepass") if "\udcc0" not in n
             else n.replace("\udcc0", "\x00").encode().replace(b"\x00", b"\xc0")
             for n in NAMES] + RAW_NAMES
    puny = [p.encode("utf-8") for p in PUNY]
    cps = list(CPS)

    rfc = os.path.join(testdata, "rfc3492", "rfc3492-7.1-samples.tsv")
    if os.path.exists(rfc):
        for line in open(rfc, encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            points = [int(x, 16) for x in f[1].split()]
            cps.append(points)
            puny.append(f[3].encode())
            puny.append(f[4].encode())
            names.append(("xn--" + f[4]).encode())
            try:
                names.append("".join(map(chr, points)).encode())
            except UnicodeEncodeError:
                pass
    # The newest tests/data/unicode-X.Y.Z/ (the data set's version).
    versions = sorted((tuple(map(int, d.split(".")[-3:])), d)
                      for d in os.listdir(testdata)
                      if re.fullmatch(r"unicode-\d+\.\d+\.\d+", d))
    idna = os.path.join(testdata, versions[-1][1] if versions else "unicode-missing",
                        "IdnaTestV2.txt")
    if os.path.exists(idna):
        rows = [l for l in open(idna, encoding="utf-8") if l.strip() and not l.startswith("#")]
        for l in rows[::32]:
            src = l.split(";")[0].strip()
            src = re.sub(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}",
                         lambda m: chr(int(m.group(1) or m.group(2), 16)), src)
            names.append(src.encode("utf-8", "surrogatepass"))

    for t in ["to_ascii", "to_unicode", "to_ascii_then_unicode", "label_to_ascii",
              "label_to_unicode", "uts46_icu_diff", "idna2008", "idna2003", "extras",
              "cli_lines"]:
        d = os.path.join(HERE, t + ".in")
        if os.path.isdir(d):
            for f in os.listdir(d):
                if f.startswith("seed-"):
                    os.unlink(os.path.join(d, f))
    for t in ["punycode_decode", "punycode_roundtrip"]:
        d = os.path.join(HERE, t + ".in")
        if os.path.isdir(d):
            for f in os.listdir(d):
                if f.startswith("seed-"):
                    os.unlink(os.path.join(d, f))

    seen = set()
    k = 0
    for i, n in enumerate(names):
        if n in seen:
            continue
        seen.add(n)
        k += 1
        for t in ["to_ascii", "to_unicode", "to_ascii_then_unicode", "label_to_ascii",
                  "label_to_unicode"]:
            # Every name with the default flags; the others in turn.
            write(t, "seed-%04d" % k, n + FLAG_SUFFIXES[0])
            write(t, "seed-%04d-f" % k, n + FLAG_SUFFIXES[1 + k % (len(FLAG_SUFFIXES) - 1)])
        write("uts46_icu_diff", "seed-%04d" % k, n + bytes([k & 1]))
    more = list(dict.fromkeys(names + [n.encode("utf-8", "surrogatepass") for n in MORE_NAMES]))
    for k, n in enumerate(more):
        for t in ["idna2008", "idna2003", "extras"]:
            write(t, "seed-%04d" % k, n + FLAG_SUFFIXES[0])
            write(t, "seed-%04d-f" % k, n + FLAG_SUFFIXES[1 + k % (len(FLAG_SUFFIXES) - 1)])
    for k in range(0, len(more), 8):
        lines = more[k:k + 8]
        text = b"".join(l + (b"\r\n" if j % 3 == 2 else b"\n") for j, l in enumerate(lines))
        if k % 16 == 8:
            text = text[:-1]  # a last line without its newline
        write("cli_lines", "seed-%04d" % k, bytes([k & 0x7F]) + text + FLAG_SUFFIXES[0])
    for i, p in enumerate(dict.fromkeys(puny)):
        write("punycode_decode", "seed-%04d" % i, p)
    for i, c in enumerate(cps):
        write("punycode_roundtrip", "seed-%04d" % i, cps_seed(c, 0))
        write("punycode_roundtrip", "seed-%04d-c" % i, cps_seed(c, 0x55))
    print("%d names, %d Punycode strings, %d code point strings" % (k, len(set(puny)), len(cps)))


if __name__ == "__main__":
    main()
