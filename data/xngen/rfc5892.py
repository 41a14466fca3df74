"""RFC 5892: the IDNA2008 derived property of every code point (PVALID,
CONTEXTJ, CONTEXTO, DISALLOWED or UNASSIGNED), computed by its section 3
from the UCD properties."""

from .ucd import NCP

# The values, in the order of the XN_IDNA2008_* numbers.
IDNA2008 = ["PVALID", "CONTEXTJ", "CONTEXTO", "DISALLOWED", "UNASSIGNED"]
PVALID, CONTEXTJ, CONTEXTO, DISALLOWED, UNASSIGNED = range(5)


def _exceptions():
    """RFC 5892 §2.6, Exceptions (F): the code points whose derived
    property the RFC fixes by hand."""
    out = {}
    for cp in (0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007):
        out[cp] = PVALID
    for cp in (0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB):
        out[cp] = CONTEXTO
    for cp in list(range(0x0660, 0x066A)) + list(range(0x06F0, 0x06FA)):
        out[cp] = CONTEXTO
    for cp in (0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033,
               0x3034, 0x3035, 0x303B):
        out[cp] = DISALLOWED
    return out


EXCEPTIONS = _exceptions()

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


def derive_idna2008(p):
    """RFC 5892 §3: the derived property of every code point, in the RFC's
    order (the first rule that applies wins).  p: the UCD properties, as
    xngen.properties.read_properties returns them."""
    gc, nchar, hst, nfkc_cf = p.gc, p.nchar, p.hst, p.nfkc_cf
    join_control, white_space = p.join_control, p.white_space
    default_ignorable = p.default_ignorable
    out = [0] * NCP
    ignorable_block = bytearray(NCP)
    for lo, hi in p.blocks:
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
