"""Reading and checking the Unicode files.

Every file the generator reads is first checked against the SHA-256 its
folder's README.md gives; then each is parsed strictly.  Any problem raises
DataError with FILE:LINE (or FILE:- when no one line is to blame).
"""

import hashlib
import os
import re

NCP = 0x110000  # code points 0..10FFFF

# (file name in the data directory, the name its "# Name-X.Y.Z.txt" header
# line carries, or None for IdnaMappingTable.txt, whose version is on a
# "# Version: X.Y.Z" line).
INPUTS = [
    ("IdnaMappingTable.txt", None),
    ("DerivedBidiClass.txt", "DerivedBidiClass"),
    ("DerivedJoiningType.txt", "DerivedJoiningType"),
    ("DerivedCombiningClass.txt", "DerivedCombiningClass"),
    ("DerivedGeneralCategory.txt", "DerivedGeneralCategory"),
    ("DerivedNormalizationProps.txt", "DerivedNormalizationProps"),
    ("DerivedCoreProperties.txt", "DerivedCoreProperties"),
    ("PropList.txt", "PropList"),
    ("Scripts.txt", "Scripts"),
    ("Blocks.txt", "Blocks"),
    ("HangulSyllableType.txt", "HangulSyllableType"),
    ("DerivedAge.txt", "DerivedAge"),
]
# UnicodeData.txt has no version line: its folder's README vouches for it.
UNICODE_DATA = "UnicodeData.txt"
IDNA_MAPPING = "IdnaMappingTable.txt"


class DataError(Exception):
    pass


def fail(where, lineno, msg):
    raise DataError("%s:%s: %s" % (where, lineno, msg))


RANGE_RE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?$")
CP_RE = re.compile(r"^[0-9A-F]{4,6}$")
TOTAL_RE = re.compile(r"^# Total code points: (\d+)$")
UNLISTED_RE = re.compile(
    r"^# The above property value applies to (\d+) code points not listed "
    r"here\.$")
HEADER_RE = re.compile(r"^# ([A-Za-z]+)-(\d+\.\d+\.\d+)\.txt$")
VERSION_RE = re.compile(r"^# Version: (\d+\.\d+\.\d+)$")
SHA_ROW_RE = re.compile(
    r"^\|\s*([A-Za-z0-9_]+\.txt)\s*\|.*\|\s*([0-9a-f]{64})\s*\|\s*$")


def parse_range(where, lineno, text):
    """'XXXX' or 'XXXX..YYYY' as (lo, hi)."""
    m = RANGE_RE.match(text)
    if not m:
        fail(where, lineno, "malformed code point or range %r" % text)
    lo = int(m.group(1), 16)
    hi = int(m.group(2), 16) if m.group(2) else lo
    if lo > hi or hi >= NCP:
        fail(where, lineno, "invalid range %r" % text)
    return lo, hi


def parse_cps(where, lineno, text):
    """Space-separated code points (no surrogates) as a tuple."""
    cps = []
    for tok in text.split():
        if not CP_RE.match(tok):
            fail(where, lineno, "malformed code point %r" % tok)
        cp = int(tok, 16)
        if cp >= NCP or 0xD800 <= cp <= 0xDFFF:
            fail(where, lineno, "invalid code point %s" % tok)
        cps.append(cp)
    return tuple(cps)


def read_text(data_dir, name, encoding):
    """DIR/name, decoded strictly."""
    path = os.path.join(data_dir, name)
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise DataError("%s: cannot read: %s" % (path, e.strerror))
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as e:
        raise DataError("%s: not %s (byte %d)" % (name, encoding, e.start))


class UcdFile:
    """One UCD-format file: its version, data lines and @missing lines.

    Each entry of .lines and .missing is (lineno, lo, hi, fields), where
    fields are the ';'-separated fields after the range, stripped of spaces.
    .totals counts the "# Total code points" lines, each checked against the
    code points of the lines above it.
    """

    def __init__(self, data_dir, name, header_name):
        self.name = name
        text = read_text(data_dir, name, "utf-8")
        if "\r" in text:
            raise DataError("%s: carriage return in file" % name)
        self.lines = []
        self.missing = []
        self.version = None
        all_lines = text.split("\n")
        if all_lines and all_lines[-1] == "":
            all_lines.pop()
        else:
            fail(name, len(all_lines), "no newline at end of file")
        if header_name is not None:
            self._read_header(all_lines, header_name)
        else:
            self._find_version(all_lines)
        self._read_body(all_lines)

    def _read_header(self, all_lines, header_name):
        """A '# Name-X.Y.Z.txt' first line and a '# EOF' last one."""
        m = HEADER_RE.match(all_lines[0]) if all_lines else None
        if not m or m.group(1) != header_name:
            fail(self.name, 1, "expected a header line '# %s-X.Y.Z.txt'"
                 % header_name)
        self.version = m.group(2)
        self.version_line = 1
        last = [l for l in all_lines if l.strip()]
        if not last or last[-1] != "# EOF":
            fail(self.name, len(all_lines),
                 "no '# EOF' line: truncated file?")

    def _find_version(self, all_lines):
        """A '# Version: X.Y.Z' line among the leading comment lines."""
        for i, line in enumerate(all_lines, 1):
            if not line.startswith("#"):
                break
            m = VERSION_RE.match(line)
            if m:
                self.version = m.group(1)
                self.version_line = i
                break
        if self.version is None:
            fail(self.name, 1, "no '# Version: X.Y.Z' line in the header")

    def _read_body(self, all_lines):
        name = self.name
        counted = 0  # code points since the last "# Total code points"
        self.totals = 0
        for lineno, line in enumerate(all_lines, 1):
            if line.startswith("# @missing:"):
                body = line[len("# @missing:"):].strip()
                fields = [x.strip() for x in body.split(";")]
                if len(fields) < 2:
                    fail(name, lineno, "malformed @missing line")
                lo, hi = parse_range(name, lineno, fields[0])
                self.missing.append((lineno, lo, hi, fields[1:]))
                continue
            m = UNLISTED_RE.match(line)
            if m:
                # Totals include the code points given the value by an
                # @missing line.
                counted += int(m.group(1))
                continue
            m = TOTAL_RE.match(line)
            if m:
                if int(m.group(1)) != counted:
                    fail(name, lineno, "total says %s code points, the lines "
                         "above it give %d" % (m.group(1), counted))
                counted = 0
                self.totals += 1
                continue
            if not line.strip() or line.startswith("#"):
                continue
            body = line.split("#", 1)[0]
            fields = [x.strip() for x in body.split(";")]
            if len(fields) < 2:
                fail(name, lineno, "malformed line (no ';')")
            lo, hi = parse_range(name, lineno, fields[0])
            self.lines.append((lineno, lo, hi, fields[1:]))
            counted += hi - lo + 1


def check_disjoint(name, spans, what):
    """spans: (lo, hi, lineno); fails on any two that share a code point."""
    spans = sorted(spans)
    for (lo1, hi1, ln1), (lo2, hi2, ln2) in zip(spans, spans[1:]):
        if lo2 <= hi1:
            fail(name, ln2, "%s: range %04X..%04X overlaps line %d"
                 % (what, lo2, hi2, ln1))


def line_spans(ucd):
    """The (lo, hi, lineno) of every data line of ucd."""
    return [(lo, hi, ln) for ln, lo, hi, _ in ucd.lines]


def check_all_disjoint(ucd):
    """For multi-property files: no property lists a code point twice."""
    by_prop = {}
    for lineno, lo, hi, fields in ucd.lines:
        by_prop.setdefault(fields[0], []).append((lo, hi, lineno))
    for prop in sorted(by_prop):
        check_disjoint(ucd.name, by_prop[prop], prop)


def fill_property(ucd, default, convert, prop=None, nvalues=1,
                  need_missing=True):
    """Returns a list of NCP values of one property of ucd.

    prop: for files with several properties (first field = property name),
    the one to read; None for single-property files.  nvalues: the number of
    value fields expected (0 for a binary property).  convert(lineno, fields)
    maps the value fields to the stored value.  @missing lines for the
    property set the defaults in file order (later, narrower ones override
    earlier ones), then the data lines, which must not overlap, override them.
    """
    def select(entries):
        out = []
        for lineno, lo, hi, fields in entries:
            if prop is not None:
                if fields[0] != prop:
                    continue
                fields = fields[1:]
            if len(fields) != nvalues:
                fail(ucd.name, lineno, "expected %d value field(s), found %d"
                     % (nvalues, len(fields)))
            out.append((lineno, lo, hi, fields))
        return out

    values = [default] * NCP
    missing = select(ucd.missing)
    if need_missing and not missing:
        fail(ucd.name, 1, "no @missing line for %s" % (prop or "the property"))
    for lineno, lo, hi, fields in missing:
        values[lo:hi + 1] = [convert(lineno, fields)] * (hi - lo + 1)
    data = select(ucd.lines)
    if prop is not None and not data:
        fail(ucd.name, 1, "property %s not found" % prop)
    check_disjoint(ucd.name, [(lo, hi, ln) for ln, lo, hi, _ in data],
                   prop or "data")
    for lineno, lo, hi, fields in data:
        values[lo:hi + 1] = [convert(lineno, fields)] * (hi - lo + 1)
    return values


def binary_value(lineno, fields):
    """The converter of a binary property: listed means true."""
    return True


def enum_converter(ucd_name, table, long_names=None, what="value"):
    """A converter to the index in table of a value (or of its long name)."""
    def convert(lineno, fields):
        v = fields[0]
        if long_names and v in long_names:
            v = long_names[v]
        if v not in table:
            fail(ucd_name, lineno, "unknown %s %r" % (what, fields[0]))
        return table.index(v)
    return convert


# ---- the data set as a whole ------------------------------------------------

def check_checksums(data_dir, names):
    """Every file the generator reads must be listed in DIR/README.md with
    its SHA-256 (a table row "| NAME | ... | SHA-256 |"), and match it."""
    readme = os.path.join(data_dir, "README.md")
    try:
        with open(readme, "r", encoding="utf-8") as f:
            rows = f.read().split("\n")
    except OSError as e:
        raise DataError("%s: cannot read: %s" % (readme, e.strerror))
    want = {}
    for lineno, line in enumerate(rows, 1):
        m = SHA_ROW_RE.match(line)
        if m:
            if m.group(1) in want:
                fail("README.md", lineno, "%s listed twice" % m.group(1))
            want[m.group(1)] = (m.group(2), lineno)
    for name in names:
        if name not in want:
            fail("README.md", "-", "no SHA-256 row for %s" % name)
        with open(os.path.join(data_dir, name), "rb") as f:
            got = hashlib.sha256(f.read()).hexdigest()
        if got != want[name][0]:
            fail("README.md", want[name][1], "%s has SHA-256 %s, the README "
                 "says %s: not the published file" % (name, got, want[name][0]))


def read_inputs(data_dir):
    """Checks the checksums, reads every file of INPUTS and checks that all
    carry one version, the folder's name.  Returns (version, {name: UcdFile})
    (UnicodeData.txt, checksummed here, is read by xngen.nfc)."""
    check_checksums(data_dir, [n for n, _ in INPUTS] + [UNICODE_DATA])
    files = {}
    for name, header_name in INPUTS:
        files[name] = UcdFile(data_dir, name, header_name)
    idna = files[IDNA_MAPPING]
    version = idna.version
    folder = os.path.basename(os.path.normpath(data_dir))
    if folder != version:
        fail(IDNA_MAPPING, idna.version_line,
             "Unicode %s in a folder named %s" % (version, folder))
    for name, _ in INPUTS:
        f = files[name]
        if f.version != version:
            fail(name, f.version_line, "Unicode version %s differs from "
                 "%s's %s (its line %d)"
                 % (f.version, IDNA_MAPPING, version, idna.version_line))
    return version, files
