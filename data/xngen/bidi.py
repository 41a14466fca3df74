"""Bidi_Class and Joining_Type: their values, in the order of the XN_BIDI_*
and XN_JT_* numbers, the value of every code point, and the sets of
Bidi_Class values RFC 5893 names (XN_BIDI_SET_* in xn_tables.h)."""

from .ucd import enum_converter, fill_property

BIDI = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S",
        "WS", "ON", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI",
        "PDI"]
# Long value names (UCD PropertyValueAliases), used on @missing lines.
BIDI_LONG = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL",
    "European_Number": "EN", "European_Separator": "ES",
    "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM",
    "Boundary_Neutral": "BN", "Paragraph_Separator": "B",
    "Segment_Separator": "S", "White_Space": "WS", "Other_Neutral": "ON",
    "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO",
    "Right_To_Left_Embedding": "RLE", "Right_To_Left_Override": "RLO",
    "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI",
    "Right_To_Left_Isolate": "RLI", "First_Strong_Isolate": "FSI",
    "Pop_Directional_Isolate": "PDI",
}

JT = ["U", "D", "R", "L", "C", "T"]
JT_LONG = {
    "Non_Joining": "U", "Dual_Joining": "D", "Right_Joining": "R",
    "Left_Joining": "L", "Join_Causing": "C", "Transparent": "T",
}


def bidi_set(*names):
    """The numbers of the Bidi_Class values names."""
    return {BIDI.index(b) for b in names}


# The sets of Bidi_Class values RFC 5893 names.  They are written here
# only: the C code tests the masks xn_tables.h gets from this list.
RTL_CLASSES = bidi_set("R", "AL", "AN")
RTL_ALLOWED = bidi_set("R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN",
                       "NSM")
RTL_END = bidi_set("R", "AL", "EN", "AN")
LTR_ALLOWED = bidi_set("L", "EN", "ES", "CS", "ET", "ON", "BN", "NSM")
LTR_END = bidi_set("L", "EN")
BIDI_SETS = [
    ("RTL_CLASSES", RTL_CLASSES,
     "RFC 5893 section 1.4: a label holding one makes a Bidi domain name"),
    ("RTL_ALLOWED", RTL_ALLOWED, "rule 2: the classes of an RTL label"),
    ("RTL_END", RTL_END,
     "rule 3: what an RTL label ends with (before trailing NSMs)"),
    ("LTR_ALLOWED", LTR_ALLOWED, "rule 5: the classes of an LTR label"),
    ("LTR_END", LTR_END,
     "rule 6: what an LTR label ends with (before trailing NSMs)"),
]


def read_bidi_joining(files):
    """Returns (bidi[NCP], jt[NCP]): the Bidi_Class and Joining_Type
    numbers of every code point."""
    f = files["DerivedBidiClass.txt"]
    bidi = fill_property(f, None, enum_converter(f.name, BIDI, BIDI_LONG,
                                                 "Bidi_Class"))
    f = files["DerivedJoiningType.txt"]
    jt = fill_property(f, None, enum_converter(f.name, JT, JT_LONG,
                                               "Joining_Type"))
    return bidi, jt
