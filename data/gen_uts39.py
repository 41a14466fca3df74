#!/usr/bin/env python3
"""Generates the UTS #39 tables of lib/uts39.c from the pinned Unicode files.

    python3 gen_uts39.py --data-dir DIR --allowed display-allowed.txt
                         --out-c xn_uts39.c --out-h xn_uts39.h

Reads Scripts.txt, ScriptExtensions.txt, PropertyValueAliases.txt,
DerivedGeneralCategory.txt, DerivedCombiningClass.txt,
DerivedCoreProperties.txt, PropList.txt, UnicodeData.txt and UTS #39's
confusables.txt, IdentifierStatus.txt and IdentifierType.txt from DIR (each
checked against the SHA-256 of DIR/README.md), and the display policy's
allowed characters (display-allowed.txt), and writes:

  * a two-stage table of a 32-bit word per code point: Script, the index of
    its augmented Script_Extensions set, the General_Category class (Mn,
    other M, Nd, other), Alphabetic, Default_Ignorable_Code_Point,
    Soft_Dotted, Identifier_Status Allowed, the display policy's allowed
    bit, the value of a decimal digit, and whether the code point is its own
    skeleton;
  * the sets, 64 scripts to a uint64_t;
  * a two-stage table of a record number per code point, and the records:
    Canonical_Combining_Class, the full canonical decomposition (Hangul
    syllables aside: lib/uts39.c computes them) and the confusable
    prototype, both as (offset, length) into one pool of code points.

Strict (a malformed line, an unknown script, a version that differs from
the folder's stops it with FILE:LINE) and deterministic.  Python 3 standard
library only.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
from gen_allowed import read as read_allowed_ranges
from xngen.c_out import c_array, write_file
from xngen.nfc import read_canonical_decompositions
from xngen.properties import binary_property, read_ccc, read_general_category
from xngen.ucd import DataError, check_all_disjoint, \
    check_checksums, fail
from xngen import uts39 as u

NCP = 0x110000
# The code points of the table of ASCII skeletons (ascii_skeletons()):
# Basic Latin, Latin-1, Latin Extended-A and -B.
ASCII_SKELETON_END = 0x250
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3


def three_stage(values, elem_bytes):
    """values as three stages: top[c >> (lo + mid)] picks a block of mid
    block numbers, each picking a block of 1 << lo values; both kinds of
    block deduplicated.  Returns (lo, mid, top, middle, data), the shifts
    giving the fewest bytes."""
    best = None
    for lo in range(3, 9):
        size = 1 << lo
        block_of, ids, data = {}, [], []
        for start in range(0, NCP, size):
            b = tuple(values[start:start + size])
            if b not in block_of:
                block_of[b] = len(block_of)
                data.extend(b)
            ids.append(block_of[b])
        for mid in range(2, 9):
            msize = 1 << mid
            mid_of, top, middle = {}, [], []
            for start in range(0, len(ids), msize):
                b = tuple(ids[start:start + msize])
                if b not in mid_of:
                    mid_of[b] = len(mid_of)
                    middle.extend(b)
                top.append(mid_of[b])
            total = 2 * len(top) + 2 * len(middle) + elem_bytes * len(data)
            if len(block_of) <= 0x10000 and (best is None or total < best[0]):
                best = (total, lo, mid, top, middle, data)
    return best[1:]


def hangul_or_full(cp, decomp):
    """The full canonical decomposition of cp, Hangul syllables by
    arithmetic (Unicode §3.12), as lib/uts39.c's decompose()."""
    s = cp - HANGUL_FIRST
    if 0 <= s <= HANGUL_LAST - HANGUL_FIRST:
        t = s % 28
        return (0x1100 + s // 588, 0x1161 + (s % 588) // 28) + ((0x11A7 + t,) if t else ())
    return decomp.get(cp, (cp,))


def cp_skeleton(cp, ignorable, proto, decomp):
    """The skeleton of cp alone (NFD, default ignorables dropped,
    prototypes, NFD: lib/uts39.c)."""
    out = []
    for x in hangul_or_full(cp, decomp):
        if ignorable[x]:
            continue
        for y in proto.get(x, (x,)):
            out.extend(hangul_or_full(y, decomp))
    return out


def ascii_skeletons(gc, ignorable, proto, decomp):
    """For each code point below ASCII_SKELETON_END, its skeleton alone
    without nonspacing marks when that is one or two ASCII characters, as
    c0 | c1 << 8, else 0: the key of a Latin label, accents aside, read
    from a table (lib/uts39.h; test-uts39 checks every entry against the
    library's own skeletons)."""
    out = []
    for cp in range(ASCII_SKELETON_END):
        sk = [z for z in cp_skeleton(cp, ignorable, proto, decomp) if gc[z] != "Mn"]
        ok = 1 <= len(sk) <= 2 and all(0 < z < 0x80 for z in sk)
        out.append(sk[0] | (sk[1] << 8 if len(sk) == 2 else 0) if ok else 0)
    return out


def skeleton_bits(script, num, gc, alpha, ignorable, proto, decomp):
    """For each code point, whether the skeleton of it alone (NFD, default
    ignorables dropped, prototypes, NFD: lib/uts39.c) is, nonspacing marks
    aside, letters that read as Latin (lib/display_rules.c's
    xn__display_latin_looking()), and whether all of it is the skeletons of
    ASCII digits, '-' and decimal digits (lib/display.c's
    digit_skeleton_only()).  A label's skeleton holds the code points of
    its code points' skeletons, reordered: either is true of a label only
    if it is of each of its code points (test-uts39 checks both bits on
    the library's own skeletons)."""
    def latin_looking(c):
        if c < 0x80:
            return chr(c).isalnum() or c == 0x2D
        if c in (0x0251, 0x0261, 0x0269):
            return True
        return 0xC0 <= c <= 0x24F and alpha[c] and script[c] == num["Latn"]

    digits = set()
    for d in range(0x30, 0x3A):
        sk = cp_skeleton(d, ignorable, proto, decomp)
        if len(sk) != 1:
            raise DataError("the skeleton of %s is not one code point" % chr(d))
        digits.add(sk[0])
    latin, digit = [0] * NCP, [0] * NCP
    for cp in range(NCP):
        sk = cp_skeleton(cp, ignorable, proto, decomp)
        latin[cp] = int(all(gc[z] == "Mn" or latin_looking(z) for z in sk))
        digit[cp] = int(all(z in digits or z == 0x2D or gc[z] == "Nd" for z in sk))
    return latin, digit


def words_and_records(data_dir, allowed_ranges):
    files = u.read_files(data_dir)
    version = os.path.basename(os.path.normpath(data_dir))
    for name, f in files.items():
        if f.version != version:
            fail(name, f.version_line, "Unicode %s in the folder of %s" % (f.version, version))
    names = u.read_script_names(data_dir, version)
    order, num = u.script_numbers(names)
    script = u.read_scripts_full(files["Scripts.txt"], num)
    scx = u.read_scx(files[u.SCRIPT_EXTENSIONS], script, num, len(order))
    ccc = read_ccc(files["DerivedCombiningClass.txt"])
    gc = read_general_category(files["DerivedGeneralCategory.txt"])
    f = files["DerivedCoreProperties.txt"]
    check_all_disjoint(f)
    alpha = binary_property(f, "Alphabetic")
    ignorable = binary_property(f, "Default_Ignorable_Code_Point")
    f = files["PropList.txt"]
    check_all_disjoint(f)
    soft = binary_property(f, "Soft_Dotted")
    allowed = u.read_identifier(files[u.ID_STATUS], files[u.ID_TYPE])
    proto = u.read_confusables(files[u.CONFUSABLES])
    decomp = u.full_decomposition(read_canonical_decompositions(data_dir, ccc))
    digits = u.digit_values(data_dir)

    display = list(allowed)
    for a, b in allowed_ranges:
        for cp in range(a, b + 1):
            display[cp] = True
    for a, b in u.DISPLAY_REMOVED:
        for cp in range(a, b + 1):
            display[cp] = False
    for cp in u.DISPLAY_ADDED:
        display[cp] = True

    latin_sk, digit_sk = skeleton_bits(script, num, gc, alpha, ignorable, proto, decomp)
    ascii_sk = ascii_skeletons(gc, ignorable, proto, decomp)

    sets, set_of = [], {}
    pool, pool_of = [], {}
    records, record_of = [(0, 0)], {(0, 0): 0}

    def pooled(seq):
        if seq not in pool_of:
            pool_of[seq] = len(pool)
            pool.extend(seq)
        return pool_of[seq]

    words, recs = [], []
    for cp in range(NCP):
        s = tuple(sorted(scx[cp]))
        if s not in set_of:
            set_of[s] = len(sets)
            sets.append(s)
        g = gc[cp]
        gcls = u.GC_MN if g == "Mn" else u.GC_MARK if g in ("Mc", "Me") else \
            u.GC_ND if g == "Nd" else u.GC_OTHER
        if (cp in digits) != (g == "Nd"):
            fail("UnicodeData.txt", "-", "U+%04X: a decimal digit value without Nd" % cp)
        d = decomp.get(cp, ())
        p = proto.get(cp, ())
        if len(d) > 15 or len(p) > 63:
            raise DataError("U+%04X: a decomposition or prototype too long" % cp)
        dword = (ccc[cp] << 24) | (pooled(d) << 4) | len(d) if d else ccc[cp] << 24
        pword = (pooled(p) << 6) | len(p) if p else 0
        rec = (dword, pword)
        if rec not in record_of:
            record_of[rec] = len(records)
            records.append(rec)
        recs.append(record_of[rec])
        w = script[cp] | (set_of[s] << u.SCX_SHIFT) | (gcls << u.GC_SHIFT)
        w |= alpha[cp] << u.BIT_ALPHA | ignorable[cp] << u.BIT_IGNORABLE
        w |= soft[cp] << u.BIT_SOFT_DOTTED | allowed[cp] << u.BIT_ALLOWED
        w |= display[cp] << u.BIT_DISPLAY | digits.get(cp, 0) << u.DIGIT_SHIFT
        if rec == (0, 0) and not (HANGUL_FIRST <= cp <= HANGUL_LAST):
            w |= 1 << u.BIT_PLAIN
        w |= latin_sk[cp] << u.BIT_LATIN_SKELETON | digit_sk[cp] << u.BIT_DIGIT_SKELETON
        words.append(w)
    if len(sets) >= 1 << u.SCX_BITS or len(records) > 0xFFFF or len(pool) >= 1 << 20:
        raise DataError("%d sets, %d records, %d pool entries: over the fields"
                        % (len(sets), len(records), len(pool)))
    return version, order, names, sets, words, recs, records, pool, \
        sum(allowed), sum(display), len(proto), ascii_sk


def generate(data_dir, allowed_path, out_c, out_h):
    allowed_ranges = read_allowed_ranges(allowed_path)  # first: its faults are found fast
    check_checksums(data_dir, [n for n, _ in u.INPUTS] + [u.ALIASES, "UnicodeData.txt"])
    version, order, names, sets, words, recs, records, pool, n_allowed, n_display, \
        n_proto, ascii_sk = words_and_records(data_dir, allowed_ranges)
    long_of = dict(names)
    nwords = (len(order) + 63) // 64
    wt = three_stage(words, 4)
    rt = three_stage(recs, 2)

    h = ["/* Generated by data/gen_uts39.py from data/%s/: do not edit. */" % version,
         "#ifndef XN_UTS39_TABLES_H", "#define XN_UTS39_TABLES_H", "",
         "#include <stdint.h>", "",
         '#define XN_UTS39_UNICODE_VERSION "%s"' % version,
         "/* Identifier_Status Allowed: %d code points; the display set: %d; "
         "confusables.txt: %d mappings. */" % (n_allowed, n_display, n_proto), "",
         "/* The scripts (Script values and the augmented sets' Hanb, Jpan, Kore). */"]
    for i, s in enumerate(order):
        h.append("#define XN_SC_%s %d /* %s */" % (long_of[s].upper(), i, s))
    h += ["#define XN_SC_COUNT %d" % len(order),
          "#define XN_SCX_WORDS %d" % nwords, "",
          "/* The word of a code point. */",
          "#define XN_U39_SCRIPT_MASK 0xFFu",
          "#define XN_U39_SCX_SHIFT %d" % u.SCX_SHIFT,
          "#define XN_U39_SCX_MASK 0x%Xu" % ((1 << u.SCX_BITS) - 1),
          "#define XN_U39_GC_SHIFT %d" % u.GC_SHIFT,
          "#define XN_U39_GC_MN %d" % u.GC_MN, "#define XN_U39_GC_MARK %d" % u.GC_MARK,
          "#define XN_U39_GC_ND %d" % u.GC_ND,
          "#define XN_U39_ALPHA (1u << %d)" % u.BIT_ALPHA,
          "#define XN_U39_IGNORABLE (1u << %d)" % u.BIT_IGNORABLE,
          "#define XN_U39_SOFT_DOTTED (1u << %d)" % u.BIT_SOFT_DOTTED,
          "#define XN_U39_ALLOWED (1u << %d)" % u.BIT_ALLOWED,
          "#define XN_U39_DISPLAY (1u << %d)" % u.BIT_DISPLAY,
          "#define XN_U39_DIGIT_SHIFT %d" % u.DIGIT_SHIFT,
          "#define XN_U39_PLAIN (1u << %d)" % u.BIT_PLAIN,
          "#define XN_U39_LATIN_SKELETON (1u << %d)" % u.BIT_LATIN_SKELETON,
          "#define XN_U39_DIGIT_SKELETON (1u << %d)" % u.BIT_DIGIT_SKELETON,
          "/* The shifts of the three-stage tables (lib/uts39.h). */",
          "#define XN_U39_WORD_LO %d" % wt[0], "#define XN_U39_WORD_MID %d" % wt[1],
          "#define XN_U39_REC_LO %d" % rt[0], "#define XN_U39_REC_MID %d" % rt[1], "",
          "/* A record: decomp = ccc << 24 | offset << 4 | length, proto = offset << 6 |",
          " * length, into xn__u39_pool. */",
          "typedef struct xn__u39_record {", "    uint32_t decomp, proto;",
          "} xn__u39_record;", "",
          "extern const uint16_t xn__u39_word_top[%d];" % len(wt[2]),
          "extern const uint16_t xn__u39_word_mid[%d];" % len(wt[3]),
          "extern const uint32_t xn__u39_word_data[%d];" % len(wt[4]),
          "extern const uint16_t xn__u39_rec_top[%d];" % len(rt[2]),
          "extern const uint16_t xn__u39_rec_mid[%d];" % len(rt[3]),
          "extern const uint16_t xn__u39_rec_data[%d];" % len(rt[4]),
          "extern const xn__u39_record xn__u39_records[%d];" % len(records),
          "extern const uint32_t xn__u39_pool[%d];" % max(len(pool), 1),
          "extern const uint64_t xn__u39_scx[%d][XN_SCX_WORDS];" % len(sets), "",
          "/* The skeleton of each code point below XN_U39_ASCII_SKELETON_END alone,",
          " * nonspacing marks left out, when it is one or two ASCII characters:",
          " * c0 | c1 << 8; 0 otherwise. */",
          "#define XN_U39_ASCII_SKELETON_END 0x%X" % ASCII_SKELETON_END,
          "extern const uint16_t xn__u39_ascii_skeleton_table[XN_U39_ASCII_SKELETON_END];", "",
          "#endif", ""]

    size = 2 * (len(wt[2]) + len(wt[3]) + len(rt[2]) + len(rt[3]) + len(rt[4])) + \
        4 * len(wt[4]) + 8 * len(records) + 4 * len(pool) + 8 * nwords * len(sets) + \
        2 * ASCII_SKELETON_END
    c = ["/* Generated by data/gen_uts39.py from data/%s/: do not edit." % version,
         " * %d bytes of tables. */" % size, '#include "xn_uts39.h"', ""]
    c.append(c_array("uint16_t", "xn__u39_word_top", wt[2], 4, 12))
    c.append(c_array("uint16_t", "xn__u39_word_mid", wt[3], 4, 12))
    c.append(c_array("uint32_t", "xn__u39_word_data", wt[4], 8, 8))
    c.append(c_array("uint16_t", "xn__u39_rec_top", rt[2], 4, 12))
    c.append(c_array("uint16_t", "xn__u39_rec_mid", rt[3], 4, 12))
    c.append(c_array("uint16_t", "xn__u39_rec_data", rt[4], 4, 12))
    c.append("const xn__u39_record xn__u39_records[%d] = {" % len(records))
    for i in range(0, len(records), 4):
        c.append("    " + " ".join("{0x%08X, 0x%08X}," % r for r in records[i:i + 4]))
    c.append("};\n")
    c.append(c_array("uint32_t", "xn__u39_pool", pool or [0], 4, 12))
    c.append("const uint64_t xn__u39_scx[%d][XN_SCX_WORDS] = {" % len(sets))
    for s in sets:
        bits = [0] * nwords
        for x in s:
            bits[x // 64] |= 1 << (x % 64)
        c.append("    {" + ", ".join("UINT64_C(0x%016X)" % b for b in bits) + "},")
    c.append("};\n")
    c.append(c_array("uint16_t", "xn__u39_ascii_skeleton_table", ascii_sk, 4, 12))
    write_file(out_h, "\n".join(h))
    write_file(out_c, "\n".join(c))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--allowed", required=True)
    ap.add_argument("--out-c", required=True)
    ap.add_argument("--out-h", required=True)
    a = ap.parse_args()
    try:
        generate(a.data_dir, a.allowed, a.out_c, a.out_h)
    except DataError as e:
        sys.exit("gen_uts39.py: %s" % e)


if __name__ == "__main__":
    main()
