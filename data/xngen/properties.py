"""The UCD properties the tables are made from, one value per code point:
Bidi_Class and Joining_Type (read by xngen.bidi), Canonical_Combining_Class,
General_Category, NFC_Quick_Check, NFKC_Casefold, Full_Composition_Exclusion,
the binary properties RFC 5892 uses, Script, the blocks of RFC 5892 §2.4 and
Hangul_Syllable_Type."""

import re
from types import SimpleNamespace

from .bidi import read_bidi_joining
from .rfc5892 import IGNORABLE_BLOCKS
from .ucd import NCP, binary_value, check_all_disjoint, check_disjoint, fail, \
    fill_property, line_spans, parse_cps

# The scripts, in the order of the XN_SCRIPT_* numbers: only the ones the
# CONTEXTO rules need are kept, the others are OTHER.
SCRIPT = ["OTHER", "GREEK", "HEBREW", "HIRAGANA", "KATAKANA", "HAN"]
SCRIPT_OF = {"Greek": 1, "Hebrew": 2, "Hiragana": 3, "Katakana": 4, "Han": 5}
SCRIPT_RE = re.compile(r"^[A-Z][A-Za-z_]*$")

GENERAL_CATEGORIES = {
    "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc",
    "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl",
    "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
}

# NFC_Quick_Check: 0 Yes, 1 No, 2 Maybe.
QC_OF = {"Y": 0, "Yes": 0, "N": 1, "No": 1, "M": 2, "Maybe": 2}

HST_VALUES = {"Not_Applicable": "NA", "NA": "NA", "L": "L", "V": "V",
              "T": "T", "LV": "LV", "LVT": "LVT"}

CCC_RE = re.compile(r"^\d{1,3}$")


def read_properties(files):
    """The values of every code point, as a namespace of lists (but fce, a
    set, and blocks): bidi and jt (numbers, xngen.bidi), ccc, gc (the short
    name), nfc_qc (QC_OF), nfkc_cf (a tuple, None where it maps a code point
    to itself), fce (the Full_Composition_Exclusion code points),
    default_ignorable, white_space, nchar and join_control (bools), script
    (SCRIPT numbers), blocks ((lo, hi) of each IGNORABLE_BLOCKS block) and
    hst (HST_VALUES)."""
    p = SimpleNamespace()
    p.bidi, p.jt = read_bidi_joining(files)
    p.ccc = read_ccc(files["DerivedCombiningClass.txt"])
    p.gc = read_general_category(files["DerivedGeneralCategory.txt"])
    p.nfc_qc, p.nfkc_cf, p.fce = read_normalization_props(
        files["DerivedNormalizationProps.txt"])
    f = files["DerivedCoreProperties.txt"]
    check_all_disjoint(f)
    p.default_ignorable = binary_property(f, "Default_Ignorable_Code_Point")
    f = files["PropList.txt"]
    check_all_disjoint(f)
    p.white_space = binary_property(f, "White_Space")
    p.nchar = binary_property(f, "Noncharacter_Code_Point")
    p.join_control = binary_property(f, "Join_Control")
    p.script = read_scripts(files["Scripts.txt"])
    p.blocks = read_ignorable_blocks(files["Blocks.txt"])
    p.hst = read_hst(files["HangulSyllableType.txt"])
    return p


def binary_property(f, prop):
    """A binary property of a multi-property file: True where listed."""
    return fill_property(f, False, binary_value, prop=prop, nvalues=0,
                         need_missing=False)


def read_ccc(f):
    """Canonical_Combining_Class, 0..254."""
    def ccc_value(lineno, fields):
        v = fields[0]
        if v == "Not_Reordered":
            return 0
        if not CCC_RE.match(v) or int(v) > 254:
            fail(f.name, lineno, "bad Canonical_Combining_Class %r" % v)
        return int(v)
    return fill_property(f, None, ccc_value)


def read_general_category(f):
    """General_Category; the file lists every code point (Cn too)."""
    def gc_value(lineno, fields):
        if fields[0] not in GENERAL_CATEGORIES:
            fail(f.name, lineno, "unknown General_Category %r" % fields[0])
        return fields[0]
    gc = fill_property(f, None, gc_value, need_missing=False)
    for cp in range(NCP):
        if gc[cp] is None:
            fail(f.name, "-", "code point %04X has no General_Category" % cp)
    return gc


def read_normalization_props(f):
    """(nfc_qc, nfkc_cf, fce): NFC_Quick_Check, NFKC_Casefold and
    Full_Composition_Exclusion."""
    check_all_disjoint(f)

    def qc_value(lineno, fields):
        if fields[0] not in QC_OF:
            fail(f.name, lineno, "unknown NFC_Quick_Check %r" % fields[0])
        return QC_OF[fields[0]]
    nfc_qc = fill_property(f, 0, qc_value, prop="NFC_QC")

    def cf_value(lineno, fields):
        # None: maps to itself (the @missing "<code point>" default).
        if fields[0] == "<code point>":
            return None
        return parse_cps(f.name, lineno, fields[0])
    nfkc_cf = fill_property(f, None, cf_value, prop="NFKC_CF")
    fce = binary_property(f, "Full_Composition_Exclusion")
    fce = {cp for cp in range(NCP) if fce[cp]}
    for cp in range(NCP):
        if nfkc_cf[cp] == (cp,):
            nfkc_cf[cp] = None
    return nfc_qc, nfkc_cf, fce


def read_scripts(f):
    """Script, as a SCRIPT number; each script of SCRIPT_OF must occur."""
    def script_value(lineno, fields):
        if not SCRIPT_RE.match(fields[0]):
            fail(f.name, lineno, "malformed Script value %r" % fields[0])
        return SCRIPT_OF.get(fields[0], 0)
    script = fill_property(f, None, script_value)
    found = {s for lineno, lo, hi, fl in f.lines for s in fl[:1]}
    for s in sorted(SCRIPT_OF):
        if s not in found:
            fail(f.name, 1, "script %s not found" % s)
    return script


def read_ignorable_blocks(f):
    """Blocks: only the three of RFC 5892 §2.4 matter; returns their
    (lo, hi)."""
    check_disjoint(f.name, line_spans(f), "Blocks")
    blocks = []
    for lineno, lo, hi, fields in f.lines:
        if len(fields) != 1 or not fields[0]:
            fail(f.name, lineno, "malformed block line")
        if fields[0] in IGNORABLE_BLOCKS:
            blocks.append((lo, hi))
    if len(blocks) != len(IGNORABLE_BLOCKS):
        fail(f.name, 1, "not all of the blocks %s found"
             % ", ".join(IGNORABLE_BLOCKS))
    return blocks


def read_hst(f):
    """Hangul_Syllable_Type, as its short value."""
    def hst_value(lineno, fields):
        if fields[0] not in HST_VALUES:
            fail(f.name, lineno, "unknown Hangul_Syllable_Type %r"
                 % fields[0])
        return HST_VALUES[fields[0]]
    return fill_property(f, None, hst_value)
