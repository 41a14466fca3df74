"""The 32-bit property word of every code point (lib/props.h reads it), and
the byte classes (lib/bytes.h), both made with the one LDH set."""

from .bidi import BIDI, LTR_ALLOWED, LTR_END
from .rfc5892 import UNASSIGNED
from .ucd import NCP
from .uts46 import S_DEVIATION, S_DISALLOWED, S_VALID

# ---- the property word (keep in step with xn_tables.h, written by c_out) ---

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

# The word for values above U+10FFFF: disallowed, Bidi L, Joining_Type U,
# IDNA2008 UNASSIGNED, script other.
PROPS_INVALID = (S_DISALLOWED << STATUS_SHIFT) | (UNASSIGNED << IDNA2008_SHIFT)

MARKS = ("Mn", "Mc", "Me")

# LDH after the mapping (RFC 1123 section 2.1, UTS #46 UseSTD3ASCIIRules):
# the rule's one statement.  The class table lib/ reads names with
# (xn__byte_class, written to xn_tables.c) is made from it.
LDH = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def property_words(status, p, idna2008, decomp, both_ways):
    """The property word of every code point, from the UTS #46 status, the
    UCD properties p (xngen.properties), the RFC 5892 derived property, the
    canonical decompositions and the NFC_BOTH_WAYS set (xngen.nfc)."""
    ccc, gc = p.ccc, p.gc
    props = [0] * NCP
    for cp in range(NCP):
        w = (status[cp] << STATUS_SHIFT) | (p.bidi[cp] << BIDI_SHIFT) \
            | (p.jt[cp] << JT_SHIFT) | (idna2008[cp] << IDNA2008_SHIFT) \
            | (p.script[cp] << SCRIPT_SHIFT)
        if ccc[cp] == 9:
            w |= PROP_VIRAMA
        if gc[cp] in MARKS:
            w |= PROP_MARK
        if p.nfc_qc[cp]:
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
        w |= simple_bits(cp, status[cp], p.bidi[cp], gc[cp])
        props[cp] = w
    return props


def simple_bits(cp, st, bc, gc):
    """The PROP_SIMPLE* and PROP_LTR_* bits of a code point: valid (a
    deviation too, but for ZWNJ and ZWJ, when not transitional), an ASCII
    one a lower-case letter, digit or '-' (STD3), and of an LTR class."""
    w = 0
    if cp < 0x80:
        ok = chr(cp) in LDH
        ok_tr = ok
    else:
        ok = st == S_VALID or (st == S_DEVIATION
                               and cp not in (0x200C, 0x200D))
        ok_tr = st == S_VALID
    if bc in LTR_ALLOWED:
        w |= (PROP_SIMPLE if ok else 0) | (PROP_SIMPLE_TR if ok_tr else 0)
    if bc == BIDI.index("L") and gc not in MARKS:
        w |= PROP_LTR_START
    if bc in LTR_END:
        w |= PROP_LTR_END
    return w


# ---- the byte classes ------------------------------------------------------

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


def byte_classes():
    """xn__byte_class[]: the class bits of every byte."""
    return [byte_class(b) for b in range(256)]
