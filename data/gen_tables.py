#!/usr/bin/env python3
"""Generates xn's per-code-point property tables from the pinned Unicode files.

    python3 gen_tables.py --data-dir DIR --out-c xn_tables.c --out-h xn_tables.h
                          --out-nfc xn_nfc.txt

Reads the Unicode Character Database and IDNA files listed in INPUTS from DIR
(each checked against the SHA-256 that DIR/README.md gives for it) and writes
two static, two-stage lookup tables (see lib/props.h):

  * the property word of every code point: UTS #46 status, Bidi_Class,
    Joining_Type, virama (ccc=9), General_Category=M, NFC_Quick_Check,
    ccc!=0, the RFC 5892 derived property (IDNA2008) and the scripts the
    RFC 5892 CONTEXTO rules need;
  * the UTS #46 mapping of every mapped, deviation or ignored code point, as
    (offset << 5) | length into a shared pool of code points.

The generator is strict: a malformed line, an unknown value, an overlapping
or duplicate range, a wrong "# Total code points" count, a missing "# EOF" or
a version that differs between files prints FILE:LINE and exits with status 1.
It is deterministic: the same inputs give byte-identical outputs.

Python 3 standard library only.
"""

import argparse
import os
import re
import sys

# Importing the modules next to this script must write nothing (no
# __pycache__) into the source tree.
sys.dont_write_bytecode = True
from xngen.ucd import (
    NCP, UNICODE_DATA, INPUTS, DataError, binary_value, check_all_disjoint,
    check_disjoint, fail, fill_property, parse_cps, read_inputs)
from xngen.uts46 import (
    STATUS, S_DEVIATION, S_DISALLOWED, S_VALID, mapping_entries,
    read_idna_mapping)
from xngen.bidi import (
    BIDI, BIDI_SETS, JT, LTR_ALLOWED, LTR_END, read_bidi_joining)
from xngen.nfc import nfc_both_ways, nfc_source, read_canonical_decompositions

# ---- the property word (keep in step with the header written below) -------

STATUS_SHIFT, STATUS_MASK = 0, 0x7
BIDI_SHIFT, BIDI_MASK = 3, 0x1F
JT_SHIFT, JT_MASK = 8, 0x7
PROP_VIRAMA = 1 << 11
PROP_MARK = 1 << 12
PROP_NFC_QC_NOT_YES = 1 << 13
PROP_CCC_NONZERO = 1 << 14
# The simple-label verdict of lib/validity.h, one AND a code point.
PROP_SIMPLE = 1 << 15
PROP_SIMPLE_TR = 1 << 22
PROP_LTR_START = 1 << 23
PROP_LTR_END = 1 << 24
# Combines with the character before it and starts a composition (new in
# Unicode 16.0), or canonically decomposes to a sequence holding one: ICU's
# normalizer handles these from ICU 76 on (ICU-22707).
PROP_NFC_BOTH_WAYS = 1 << 25
# A non-starter for xn's Stream-Safe limit (lib/stream_safe.h): ccc != 0, or
# a canonical decomposition that starts with a code point of ccc != 0
# (U+0F73, U+0F75, U+0F81 have ccc 0 but decompose to non-starters only).
PROP_NON_STARTER = 1 << 26
IDNA2008_SHIFT, IDNA2008_MASK = 16, 0x7
SCRIPT_SHIFT, SCRIPT_MASK = 19, 0x7

IDNA2008 = ["PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"]
PVALID, CONTEXTJ, CONTEXTO, DISALLOWED, UNASSIGNED = range(5)

SCRIPT = ["OTHER", "GREEK", "HEBREW", "HIRAGANA", "KATAKANA", "HAN"]
SCRIPT_OF = {"Greek": 1, "Hebrew": 2, "Hiragana": 3, "Katakana": 4, "Han": 5}

GENERAL_CATEGORIES = {
    "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc",
    "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl",
    "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
}

HST_VALUES = {"Not_Applicable": "NA", "NA": "NA", "L": "L", "V": "V",
              "T": "T", "LV": "LV", "LVT": "LVT"}

# LDH after the mapping (RFC 1123 section 2.1, UTS #46 UseSTD3ASCIIRules):
# the rule's one statement.  The class table lib/ reads names with
# (xn__byte_class, written to xn_tables.c) is made from it.
LDH = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")

# The classes of a byte (lib/bytes.h), one bit each.  UPPER must stay 2:
# lib/ lower-cases a byte by or-ing in its UPPER bit shifted left by 4.
BYTE_CLASSES = [
    ("LDH", 1, "a-z 0-9 '-': LDH after mapping"),
    ("UPPER", 2, "A-Z: mapped to lower case (the bit is 0x20 >> 4)"),
    ("OTHER", 4, "any other ASCII but '.'"),
    ("DOT", 8, "'.'"),
    ("NONASCII", 16, "a byte of a multi-byte UTF-8 sequence"),
    ("HYPHEN", 32, "'-', which is also LDH"),
    ("NUL", 64, "the byte 0 (also OTHER): U+0000, refused everywhere (xn.h)"),
]
BC = {name: bit for name, bit, _ in BYTE_CLASSES}


def byte_class(b):
    """The class bits of byte b in xn__byte_class[]."""
    if b >= 0x80:
        return BC["NONASCII"]
    ch = chr(b)
    if ch in LDH:
        return BC["LDH"] | (BC["HYPHEN"] if ch == "-" else 0)
    if ch.isupper() and ch.lower() in LDH:
        return BC["UPPER"]
    if b == 0:
        return BC["OTHER"] | BC["NUL"]
    return BC["DOT"] if ch == "." else BC["OTHER"]


def simple_bits(cp, st, bc, gc):
    """The PROP_SIMPLE* and PROP_LTR_* bits of a code point: valid (a
    deviation too, but for ZWNJ and ZWJ, when not transitional), an ASCII
    one a lower-case letter, digit or '-' (STD3), and of an LTR class."""
    w = 0
    if cp < 0x80:
        ok = chr(cp) in LDH
        ok_tr = ok
    else:
        ok = st == S_VALID or (st == S_DEVIATION and cp not in (0x200C, 0x200D))
        ok_tr = st == S_VALID
    if bc in LTR_ALLOWED:
        w |= (PROP_SIMPLE if ok else 0) | (PROP_SIMPLE_TR if ok_tr else 0)
    if bc == BIDI.index("L") and gc not in ("Mn", "Mc", "Me"):
        w |= PROP_LTR_START
    if bc in LTR_END:
        w |= PROP_LTR_END
    return w


# ---- RFC 5892: the IDNA2008 derived property -------------------------------

# RFC 5892 §2.6, Exceptions (F): the code points whose derived property the
# RFC fixes by hand.
EXCEPTIONS = {}
for _cp in (0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007):
    EXCEPTIONS[_cp] = PVALID
for _cp in (0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB):
    EXCEPTIONS[_cp] = CONTEXTO
for _cp in list(range(0x0660, 0x066A)) + list(range(0x06F0, 0x06FA)):
    EXCEPTIONS[_cp] = CONTEXTO
for _cp in (0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034,
            0x3035, 0x303B):
    EXCEPTIONS[_cp] = DISALLOWED

# RFC 5892 §2.7, BackwardCompatible (G): empty (RFC 5892 itself and its
# updates, RFC 6452 for Unicode 6.0 and later, added nothing).
#
# U+19DA NEW TAI LUE THAM DIGIT ONE: Unicode 6.0 changed its General_Category
# from Nd to No, so the rules give DISALLOWED (it fails LetterDigits, A), and
# RFC 6452 chose not to keep it PVALID here.  Unicode's published Idna2008
# files said PVALID until their 2023-11-13 revision, which made them agree
# with the rules; no data-level exception is needed.
BACKWARD_COMPATIBLE = {}

# RFC 5892 §2.4, IgnorableBlocks (D).
IGNORABLE_BLOCKS = ("Combining Diacritical Marks for Symbols",
                    "Musical Symbols", "Ancient Greek Musical Notation")

# RFC 5892 §2.1, LetterDigits (A).
LETTER_DIGITS = {"Ll", "Lu", "Lo", "Nd", "Lm", "Mn", "Mc"}


def derive_idna2008(gc, nchar, default_ignorable, white_space, join_control,
                    hst, blocks, nfkc_cf):
    """RFC 5892 §3: the derived property of every code point, in the RFC's
    order (the first rule that applies wins)."""
    out = [0] * NCP
    ignorable_block = bytearray(NCP)
    for lo, hi in blocks:
        ignorable_block[lo:hi + 1] = b"\1" * (hi - lo + 1)
    for cp in range(NCP):
        if cp in EXCEPTIONS:                           # F
            v = EXCEPTIONS[cp]
        elif cp in BACKWARD_COMPATIBLE:                # G
            v = BACKWARD_COMPATIBLE[cp]
        elif gc[cp] == "Cn" and not nchar[cp]:         # J
            v = UNASSIGNED
        elif cp == 0x2D or 0x30 <= cp <= 0x39 or 0x61 <= cp <= 0x7A:  # K
            v = PVALID
        elif join_control[cp]:                         # H
            v = CONTEXTJ
        elif nfkc_cf[cp] is not None:                  # B
            # Unstable: toNFKC(toCaseFold(toNFKC(cp))) != cp.  The NFKC_CF
            # mapping is that function (applied until it is stable, which
            # changes no answer to "is cp its own image?") except that it
            # also maps every Default_Ignorable_Code_Point to nothing.  So
            # "NFKC_CF(cp) != cp" differs from B only on default ignorables
            # that B leaves alone.  By this step the unassigned ones have
            # been settled by J and U+200C/U+200D by H; all the others are
            # DISALLOWED by C below if B does not catch them, so the result
            # is the same.  The whole-table test (tests/test-tables.c)
            # against Unicode's Idna2008 file confirms it.
            v = DISALLOWED
        elif default_ignorable[cp] or white_space[cp] or nchar[cp]:  # C
            v = DISALLOWED
        elif ignorable_block[cp]:                      # D
            v = DISALLOWED
        elif hst[cp] in ("L", "V", "T"):               # I
            v = DISALLOWED
        elif gc[cp] in LETTER_DIGITS:                  # A
            v = PVALID
        else:
            v = DISALLOWED
        out[cp] = v
    return out


# ---- two-stage tables ------------------------------------------------------

def two_stage(values, elem_bytes, shifts=range(4, 11)):
    """Splits values into aligned blocks of 1 << shift, deduplicated.

    Returns (shift, index, data) for the shift that gives the fewest bytes
    (the smallest such shift on a tie).  index holds block numbers (uint16).
    """
    best = None
    for shift in shifts:
        size = 1 << shift
        block_of = {}
        index = []
        data = []
        for start in range(0, NCP, size):
            block = tuple(values[start:start + size])
            n = block_of.get(block)
            if n is None:
                n = len(block_of)
                block_of[block] = n
                data.extend(block)
            index.append(n)
        if len(block_of) > 0x10000:
            continue
        total = 2 * len(index) + elem_bytes * len(data)
        if best is None or total < best[0]:
            best = (total, shift, index, data)
    if best is None:
        raise DataError("no block size gives fewer than 65536 blocks")
    return best[1], best[2], best[3]


# ---- output ------------------------------------------------------------------

def c_array(ctype, name, values, digits, per_line):
    out = ["const %s %s[%d] = {" % (ctype, name, len(values))]
    fmt = "0x%%0%dX" % digits
    for i in range(0, len(values), per_line):
        out.append("    " + ", ".join(fmt % v for v in values[i:i + per_line])
                   + ",")
    out.append("};")
    return "\n".join(out) + "\n"


def write_file(path, text):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(text.encode("utf-8"))
    os.replace(tmp, path)


def generate(data_dir, out_c, out_h, out_nfc):
    version, files = read_inputs(data_dir)

    # UTS #46 status and mapping.
    status, mapping = read_idna_mapping(files["IdnaMappingTable.txt"])

    bidi, jt = read_bidi_joining(files)

    # Canonical_Combining_Class.
    f = files["DerivedCombiningClass.txt"]

    def ccc_value(lineno, fields, name=f.name):
        v = fields[0]
        if v == "Not_Reordered":
            return 0
        if not re.match(r"^\d{1,3}$", v) or int(v) > 254:
            fail(name, lineno, "bad Canonical_Combining_Class %r" % v)
        return int(v)
    ccc = fill_property(f, None, ccc_value)

    # General_Category; the file lists every code point (Cn too).
    f = files["DerivedGeneralCategory.txt"]

    def gc_value(lineno, fields, name=f.name):
        if fields[0] not in GENERAL_CATEGORIES:
            fail(name, lineno, "unknown General_Category %r" % fields[0])
        return fields[0]
    gc = fill_property(f, None, gc_value, need_missing=False)
    for cp in range(NCP):
        if gc[cp] is None:
            fail(f.name, "-", "code point %04X has no General_Category" % cp)

    # NFC_Quick_Check and NFKC_Casefold.
    f = files["DerivedNormalizationProps.txt"]
    check_all_disjoint(f)
    qc_of = {"Y": 0, "Yes": 0, "N": 1, "No": 1, "M": 2, "Maybe": 2}

    def qc_value(lineno, fields, name=f.name):
        if fields[0] not in qc_of:
            fail(name, lineno, "unknown NFC_Quick_Check %r" % fields[0])
        return qc_of[fields[0]]
    nfc_qc = fill_property(f, 0, qc_value, prop="NFC_QC")

    def cf_value(lineno, fields, name=f.name):
        # None: maps to itself (the @missing "<code point>" default).
        if fields[0] == "<code point>":
            return None
        return parse_cps(name, lineno, fields[0])
    nfkc_cf = fill_property(f, None, cf_value, prop="NFKC_CF")
    fce = fill_property(f, False, lambda lineno, fields: True,
                        prop="Full_Composition_Exclusion", nvalues=0,
                        need_missing=False)
    fce = {cp for cp in range(NCP) if fce[cp]}
    for cp in range(NCP):
        if nfkc_cf[cp] == (cp,):
            nfkc_cf[cp] = None

    # Binary properties.
    binary = binary_value
    f = files["DerivedCoreProperties.txt"]
    check_all_disjoint(f)
    default_ignorable = fill_property(f, False, binary,
                                      prop="Default_Ignorable_Code_Point",
                                      nvalues=0, need_missing=False)
    f = files["PropList.txt"]
    check_all_disjoint(f)
    white_space = fill_property(f, False, binary, prop="White_Space",
                                nvalues=0, need_missing=False)
    nchar = fill_property(f, False, binary, prop="Noncharacter_Code_Point",
                          nvalues=0, need_missing=False)
    join_control = fill_property(f, False, binary, prop="Join_Control",
                                 nvalues=0, need_missing=False)

    # Script (only the ones the CONTEXTO rules need are kept).
    f = files["Scripts.txt"]

    def script_value(lineno, fields, name=f.name):
        if not re.match(r"^[A-Z][A-Za-z_]*$", fields[0]):
            fail(name, lineno, "malformed Script value %r" % fields[0])
        return SCRIPT_OF.get(fields[0], 0)
    script = fill_property(f, None, script_value)
    found = {s for lineno, lo, hi, fl in f.lines for s in fl[:1]}
    for s in sorted(SCRIPT_OF):
        if s not in found:
            fail(f.name, 1, "script %s not found" % s)

    # Blocks: only the three of RFC 5892 §2.4 matter.
    f = files["Blocks.txt"]
    check_disjoint(f.name, [(lo, hi, ln) for ln, lo, hi, _ in f.lines],
                   "Blocks")
    blocks = []
    for lineno, lo, hi, fields in f.lines:
        if len(fields) != 1 or not fields[0]:
            fail(f.name, lineno, "malformed block line")
        if fields[0] in IGNORABLE_BLOCKS:
            blocks.append((lo, hi))
    if len(blocks) != len(IGNORABLE_BLOCKS):
        fail(f.name, 1, "not all of the blocks %s found"
             % ", ".join(IGNORABLE_BLOCKS))

    # Hangul_Syllable_Type.
    f = files["HangulSyllableType.txt"]

    def hst_value(lineno, fields, name=f.name):
        if fields[0] not in HST_VALUES:
            fail(name, lineno, "unknown Hangul_Syllable_Type %r" % fields[0])
        return HST_VALUES[fields[0]]
    hst = fill_property(f, None, hst_value)

    decomp = read_canonical_decompositions(data_dir, ccc)
    both_ways = nfc_both_ways(decomp, fce, nfc_qc)

    idna2008 = derive_idna2008(gc, nchar, default_ignorable, white_space,
                               join_control, hst, blocks, nfkc_cf)

    # The property words.
    props = [0] * NCP
    for cp in range(NCP):
        w = (status[cp] << STATUS_SHIFT) | (bidi[cp] << BIDI_SHIFT) \
            | (jt[cp] << JT_SHIFT) | (idna2008[cp] << IDNA2008_SHIFT) \
            | (script[cp] << SCRIPT_SHIFT)
        if ccc[cp] == 9:
            w |= PROP_VIRAMA
        if gc[cp] in ("Mn", "Mc", "Me"):
            w |= PROP_MARK
        if nfc_qc[cp]:
            w |= PROP_NFC_QC_NOT_YES
        if ccc[cp]:
            w |= PROP_CCC_NONZERO
        if cp in both_ways:
            w |= PROP_NFC_BOTH_WAYS
        first = cp
        while first in decomp:  # the full decomposition's first code point
            first = decomp[first][0]
        if ccc[cp] or ccc[first]:
            w |= PROP_NON_STARTER
        w |= simple_bits(cp, status[cp], bidi[cp], gc[cp])
        props[cp] = w
    props_invalid = (S_DISALLOWED << STATUS_SHIFT) \
        | (UNASSIGNED << IDNA2008_SHIFT)

    # The mappings.
    pool, map_entries = mapping_entries(mapping)

    prop_shift, prop_index, prop_data = two_stage(props, 4)
    map_shift, map_index, map_data = two_stage(map_entries, 4)

    sizes = [
        ("xn__prop_index", "uint16_t", len(prop_index), 2),
        ("xn__prop_data", "uint32_t", len(prop_data), 4),
        ("xn__map_index", "uint16_t", len(map_index), 2),
        ("xn__map_data", "uint32_t", len(map_data), 4),
        ("xn__map_pool", "uint32_t", len(pool), 4),
    ]
    total = sum(n * b for _, _, n, b in sizes)
    banner = ["Generated by data/gen_tables.py; do not edit.",
              "",
              "Unicode %s, from these files of data/:" % version]
    banner += ["  " + n for n, _ in INPUTS + [(UNICODE_DATA, None)]]
    banner += ["",
              "Tables (bytes):"]
    for name, ctype, n, b in sizes:
        banner.append("  %-16s %-8s [%7d] %8d" % (name, ctype, n, n * b))
    banner.append("  %-16s %-8s  %7s  %8d" % ("total", "", "", total))
    banner.append("Block sizes: properties %d, mappings %d code points."
                  % (1 << prop_shift, 1 << map_shift))
    comment = "/*\n" + "".join(
        (" * " + l).rstrip() + "\n" for l in banner) + " */\n"

    h = [comment,
         "#ifndef XN_TABLES_H\n#define XN_TABLES_H\n\n#include <stdint.h>\n\n",
         "#define XN_TABLES_UNICODE_VERSION \"%s\"\n\n" % version,
         "/* The property word of a code point. */\n",
         "#define XN_PROP_STATUS_SHIFT %d\n" % STATUS_SHIFT,
         "#define XN_PROP_STATUS_MASK 0x%Xu\n" % STATUS_MASK]
    for i, s in enumerate(STATUS):
        h.append("#define XN_STATUS_%s %d\n" % (s, i))
    h.append("\n#define XN_PROP_BIDI_SHIFT %d\n" % BIDI_SHIFT)
    h.append("#define XN_PROP_BIDI_MASK 0x%Xu\n" % BIDI_MASK)
    for i, s in enumerate(BIDI):
        h.append("#define XN_BIDI_%s %d\n" % (s, i))
    h.append("/* Sets of Bidi_Class values, bit XN_BIDI_x for class x. */\n")
    for name, members, why in BIDI_SETS:
        h.append("#define XN_BIDI_SET_%s 0x%Xu /* %s */\n"
                 % (name, sum(1 << b for b in members), why))
    h.append("\n#define XN_PROP_JT_SHIFT %d\n" % JT_SHIFT)
    h.append("#define XN_PROP_JT_MASK 0x%Xu\n" % JT_MASK)
    for i, s in enumerate(JT):
        h.append("#define XN_JT_%s %d\n" % (s, i))
    h.append("\n/* Canonical_Combining_Class = 9 (Virama). */\n")
    h.append("#define XN_PROP_VIRAMA (1u << %d)\n"
             % (PROP_VIRAMA.bit_length() - 1))
    h.append("/* General_Category Mn, Mc or Me. */\n")
    h.append("#define XN_PROP_MARK (1u << %d)\n"
             % (PROP_MARK.bit_length() - 1))
    h.append("/* NFC_Quick_Check No or Maybe. */\n")
    h.append("#define XN_PROP_NFC_QC_NOT_YES (1u << %d)\n"
             % (PROP_NFC_QC_NOT_YES.bit_length() - 1))
    h.append("/* Canonical_Combining_Class != 0. */\n")
    h.append("#define XN_PROP_CCC_NONZERO (1u << %d)\n"
             % (PROP_CCC_NONZERO.bit_length() - 1))
    h.append("/* Simple (lib/validity.h) without, and with, transitional "
             "processing; may\n * start, and may end, a plain LTR label. */\n")
    for name, bit in (("SIMPLE", PROP_SIMPLE), ("SIMPLE_TR", PROP_SIMPLE_TR),
                      ("LTR_START", PROP_LTR_START),
                      ("LTR_END", PROP_LTR_END)):
        h.append("#define XN_PROP_%s (1u << %d)\n"
                 % (name, bit.bit_length() - 1))
    h.append("/* Combines with the character before and starts a composition, "
             "or decomposes\n * to a sequence holding one: ICU's normalizer "
             "needs its ICU 76 engine\n * for these (%d code points). */\n"
             % len(both_ways))
    h.append("#define XN_PROP_NFC_BOTH_WAYS (1u << %d)\n"
             % (PROP_NFC_BOTH_WAYS.bit_length() - 1))
    h.append("/* Canonical_Combining_Class != 0, or a canonical decomposition "
             "that starts\n * with such a code point: a non-starter for the "
             "Stream-Safe limit. */\n")
    h.append("#define XN_PROP_NON_STARTER (1u << %d)\n"
             % (PROP_NON_STARTER.bit_length() - 1))
    h.append("\n/* The RFC 5892 derived property. */\n")
    h.append("#define XN_PROP_IDNA2008_SHIFT %d\n" % IDNA2008_SHIFT)
    h.append("#define XN_PROP_IDNA2008_MASK 0x%Xu\n" % IDNA2008_MASK)
    for i, s in enumerate(IDNA2008):
        h.append("#define XN_IDNA2008_%s %d\n" % (s, i))
    h.append("\n/* Script, as far as the RFC 5892 CONTEXTO rules need it. */\n")
    h.append("#define XN_PROP_SCRIPT_SHIFT %d\n" % SCRIPT_SHIFT)
    h.append("#define XN_PROP_SCRIPT_MASK 0x%Xu\n" % SCRIPT_MASK)
    for i, s in enumerate(SCRIPT):
        h.append("#define XN_SCRIPT_%s %d\n" % (s, i))
    h.append("\n/* The word for code points above U+10FFFF: disallowed, Bidi L, "
             "Joining_Type U,\n * IDNA2008 UNASSIGNED, script other. */\n")
    h.append("#define XN_PROPS_INVALID 0x%Xu\n" % props_invalid)
    h.append("\n/* The class bits of a byte in xn__byte_class[] "
             "(lib/bytes.h). */\n")
    for name, bit, why in BYTE_CLASSES:
        h.append("#define XN__BC_%s %d /* %s */\n" % (name, bit, why))
    h.append("extern const unsigned char xn__byte_class[256];\n")
    h.append("\n/* Property words: xn__prop_data[(xn__prop_index[cp >> "
             "XN_PROP_SHIFT] << XN_PROP_SHIFT)\n"
             " *                               | (cp & ((1 << XN_PROP_SHIFT)"
             " - 1))]. */\n")
    h.append("#define XN_PROP_SHIFT %d\n" % prop_shift)
    h.append("extern const uint16_t xn__prop_index[];\n")
    h.append("extern const uint32_t xn__prop_data[];\n")
    h.append("\n/* Mappings, looked up the same way: each entry is "
             "(offset << 5) | length,\n * the code points being "
             "xn__map_pool[offset .. offset + length). */\n")
    h.append("#define XN_MAP_SHIFT %d\n" % map_shift)
    h.append("extern const uint16_t xn__map_index[];\n")
    h.append("extern const uint32_t xn__map_data[];\n")
    h.append("extern const uint32_t xn__map_pool[];\n")
    h.append("\n#endif\n")

    c = [comment, "#include \"xn_tables.h\"\n\n",
         c_array("uint16_t", "xn__prop_index", prop_index, 4, 12), "\n",
         c_array("uint32_t", "xn__prop_data", prop_data, 6, 8), "\n",
         c_array("uint16_t", "xn__map_index", map_index, 4, 12), "\n",
         c_array("uint32_t", "xn__map_data", map_data, 6, 8), "\n",
         c_array("uint32_t", "xn__map_pool", pool, 4, 10), "\n",
         c_array("unsigned char", "xn__byte_class",
                 [byte_class(b) for b in range(256)], 2, 16)]

    write_file(out_h, "".join(h))
    write_file(out_c, "".join(c))
    write_file(out_nfc, nfc_source(version, ccc, decomp, fce))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--out-c", required=True)
    ap.add_argument("--out-h", required=True)
    ap.add_argument("--out-nfc", required=True)
    args = ap.parse_args(argv)
    try:
        generate(args.data_dir, args.out_c, args.out_h, args.out_nfc)
    except DataError as e:
        sys.stderr.write("gen_tables.py: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
