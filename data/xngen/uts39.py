"""UTS #39 (Unicode Security Mechanisms) data for lib/uts39.c: per code
point its Script, its augmented Script_Extensions set (UTS #39 §5.1), the
General_Category classes the checks read (Mn, other M, Nd), Alphabetic,
Default_Ignorable_Code_Point, Soft_Dotted, Identifier_Status Allowed, the
display policy's allowed set, the value of a decimal digit, and a record of
its Canonical_Combining_Class, full canonical decomposition and confusable
prototype (confusables.txt)."""

import re

from .ucd import NCP, DataError, UcdFile, fail, fill_property, parse_cps, read_text

SCRIPT_EXTENSIONS = "ScriptExtensions.txt"
ALIASES = "PropertyValueAliases.txt"
CONFUSABLES = "confusables.txt"
ID_STATUS = "IdentifierStatus.txt"
ID_TYPE = "IdentifierType.txt"

# The files read here besides those of xngen.ucd.INPUTS, with their header
# names (None: a "# Version:" line instead of a "# Name-X.Y.Z.txt" one).
INPUTS = [
    (SCRIPT_EXTENSIONS, "ScriptExtensions"),
    (CONFUSABLES, None),
    (ID_STATUS, None),
    (ID_TYPE, None),
    ("Scripts.txt", "Scripts"),
    ("DerivedCombiningClass.txt", "DerivedCombiningClass"),
    ("DerivedGeneralCategory.txt", "DerivedGeneralCategory"),
    ("DerivedCoreProperties.txt", "DerivedCoreProperties"),
    ("PropList.txt", "PropList"),
]

# UTS #39 §5.1: the scripts the augmented sets add (ISO 15924 codes of
# writing systems, not Script values): Han with Bopomofo, Japanese, Korean.
AUGMENT = {"Hani": ["Hanb", "Jpan", "Kore"], "Hira": ["Jpan"], "Kana": ["Jpan"],
           "Hang": ["Kore"], "Bopo": ["Hanb"]}
EXTRA_SCRIPTS = [("Hanb", "Han_With_Bopomofo"), ("Jpan", "Japanese"), ("Kore", "Korean")]

# General_Category classes of the word.
GC_OTHER, GC_MN, GC_MARK, GC_ND = 0, 1, 2, 3

# Where the fields sit in the 32-bit word (lib/uts39.h reads the defines).
SCX_SHIFT, SCX_BITS = 8, 10
GC_SHIFT = 18
BIT_ALPHA, BIT_IGNORABLE, BIT_SOFT_DOTTED, BIT_ALLOWED, BIT_DISPLAY = 20, 21, 22, 23, 24
DIGIT_SHIFT = 25  # 4 bits
BIT_PLAIN = 29    # ccc 0, no decomposition, no prototype: its own skeleton
# The display policy's quick answers (lib/display.c): the skeleton of the
# code point alone, its nonspacing marks aside, is letters that read as
# Latin (BIT_LATIN_SKELETON); all of it is the skeletons of ASCII digits,
# '-' and decimal digits (BIT_DIGIT_SKELETON).
BIT_LATIN_SKELETON, BIT_DIGIT_SKELETON = 30, 31

# What the browsers take out of UTS #39's allowed characters for display
# (Chromium's spoof checker and Firefox's blocklist, as facts), [first,
# last]: signs that pass for ASCII punctuation, and blocks of Latin, Greek
# and Cyrillic letters so rare in names that a label holding one is more
# likely a lookalike than a word.
DISPLAY_REMOVED = [
    (0x01CD, 0x01DC),  # Latin Extended-B, Pinyin: ǔ passes for u
    (0x02BB, 0x02BC),  # modifier letters turned comma, apostrophe: quotes
    (0x02EC, 0x02EC),  # modifier letter voicing
    (0x0338, 0x0338),  # combining long solidus overlay: a slash
    (0x058A, 0x058A),  # Armenian hyphen (NV8 in IDNA2008 too)
    (0x1C80, 0x1C8F),  # Cyrillic Extended-C
    (0x1E00, 0x1E9B),  # Latin Extended Additional, but Vietnamese (1EA0..)
    (0x1F00, 0x1FFF),  # Greek Extended
    (0x2010, 0x2010),  # hyphen: passes for '-'
    (0x2019, 0x2019),  # right single quotation mark
    (0x2027, 0x2027),  # hyphenation point
    (0x30A0, 0x30A0),  # katakana-hiragana double hyphen: passes for '='
    (0xA640, 0xA69F),  # Cyrillic Extended-B
    (0xA720, 0xA7FF),  # Latin Extended-D
]
# ZWNJ and ZWJ, which IDNA's CheckJoiners confines to the contexts of RFC
# 5892 appendix A, are allowed for display.
DISPLAY_ADDED = [0x200C, 0x200D]

SHORT_RE = re.compile(r"^[A-Z][a-z]{3}$")


def read_script_names(data_dir, version):
    """[(short, long)] of the sc values of PropertyValueAliases.txt, in file
    order, and the extra scripts of §5.1."""
    names = []
    lines = read_text(data_dir, ALIASES, "utf-8").split("\n")
    if lines[0] != "# PropertyValueAliases-%s.txt" % version:
        fail(ALIASES, 1, "not the header of PropertyValueAliases-%s.txt" % version)
    for lineno, line in enumerate(lines, 1):
        fields = [x.strip() for x in line.split("#", 1)[0].split(";")]
        if fields[0] != "sc":
            continue
        if len(fields) < 3 or not SHORT_RE.match(fields[1]):
            fail(ALIASES, lineno, "malformed sc line")
        names.append((fields[1], fields[2]))
    if len(names) < 100:
        fail(ALIASES, "-", "only %d scripts" % len(names))
    return names + EXTRA_SCRIPTS


def script_numbers(names):
    """Number of each script, short and long names: Common 0, Inherited 1,
    Unknown 2, then the others in sorted short-name order."""
    first = ["Zyyy", "Zinh", "Zzzz"]
    order = first + sorted(s for s, _ in names if s not in first)
    num = {s: i for i, s in enumerate(order)}
    for s, l in names:
        num[l] = num[s]
    if len(order) > 256:
        raise DataError("%d scripts: more than the word's 8 bits" % len(order))
    return order, num


def read_scripts_full(f, num):
    def value(lineno, fields):
        if fields[0] not in num:
            fail(f.name, lineno, "unknown script %r" % fields[0])
        return num[fields[0]]
    return fill_property(f, None, value)


def read_scx(f, script, num, nscripts):
    """Each code point's augmented Script_Extensions set, as a frozenset of
    numbers: ScriptExtensions.txt where it lists the code point, else its
    Script (§5.1 adds Hanb, Jpan, Kore)."""
    listed = [None] * NCP
    def value(lineno, fields):
        names = fields[0].split()
        if not names:
            fail(f.name, lineno, "empty set")
        for n in names:
            if n not in num:
                fail(f.name, lineno, "unknown script %r" % n)
        return frozenset(num[n] for n in names)
    for lineno, lo, hi, fields in f.lines:
        if len(fields) != 1:
            fail(f.name, lineno, "expected one value field")
        s = value(lineno, fields)
        for cp in range(lo, hi + 1):
            if listed[cp] is not None:
                fail(f.name, lineno, "code point %04X listed twice" % cp)
            listed[cp] = s
    aug = {num[k]: [num[x] for x in v] for k, v in AUGMENT.items()}
    out = []
    for cp in range(NCP):
        s = listed[cp] if listed[cp] is not None else frozenset([script[cp]])
        extra = [x for k, v in aug.items() if k in s for x in v]
        out.append(s | frozenset(extra) if extra else s)
    return out


def read_identifier(status_f, type_f):
    """Identifier_Status Allowed as a list of bools; checked against
    Identifier_Type (Allowed exactly where a type is Recommended or
    Inclusion)."""
    allowed = fill_property(status_f, False, lambda ln, fl: fl[0] == "Allowed")
    for lineno, lo, hi, fields in status_f.lines:
        if fields[0] not in ("Allowed", "Restricted"):
            fail(status_f.name, lineno, "unknown status %r" % fields[0])
    def types(lineno, fields):
        return frozenset(fields[0].split())
    ty = fill_property(type_f, frozenset(), types)
    for cp in range(NCP):
        if allowed[cp] != bool(ty[cp] & {"Recommended", "Inclusion"}):
            fail(type_f.name, "-", "U+%04X: Identifier_Status and Identifier_Type "
                 "disagree" % cp)
    return allowed


def read_confusables(f):
    """{cp: prototype tuple} of the MA lines."""
    proto = {}
    for lineno, lo, hi, fields in f.lines:
        if lo != hi or len(fields) != 2 or fields[1] != "MA":
            fail(f.name, lineno, "expected 'CP ; PROTOTYPE ; MA'")
        if lo in proto:
            fail(f.name, lineno, "U+%04X listed twice" % lo)
        p = parse_cps(f.name, lineno, fields[0])
        if not p or p == (lo,):
            fail(f.name, lineno, "an empty or identical prototype")
        proto[lo] = p
    if len(proto) < 6000:
        fail(f.name, "-", "only %d mappings" % len(proto))
    return proto


def digit_values(data_dir):
    """{cp: value} of UnicodeData.txt's decimal digit field (6)."""
    out = {}
    text = read_text(data_dir, "UnicodeData.txt", "ascii")
    for lineno, line in enumerate(text.split("\n"), 1):
        f = line.split(";")
        if len(f) != 15:
            continue  # the last, empty line (xngen.nfc checks the file)
        if f[6]:
            if not f[6].isdigit() or int(f[6]) > 9:
                fail("UnicodeData.txt", lineno, "decimal digit %r" % f[6])
            out[int(f[0], 16)] = int(f[6])
    return out


def full_decomposition(decomp):
    """{cp: tuple} of every canonical decomposition applied until no code
    point of it decomposes further (UAX #15; Hangul aside, lib/uts39.c
    computes it)."""
    def full(cp):
        if cp not in decomp:
            return (cp,)
        return tuple(x for d in decomp[cp] for x in full(d))
    return {cp: full(cp) for cp in decomp}


def read_files(data_dir):
    files = {}
    for name, header in INPUTS:
        files[name] = UcdFile(data_dir, name, header)
        files[name].data_dir = data_dir
    return files
