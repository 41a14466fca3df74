#!/usr/bin/env python3
"""Generates xn's per-code-point property tables from the pinned Unicode files.

    python3 gen_tables.py --data-dir DIR --out-c xn_tables.c --out-h xn_tables.h
                          --out-nfc xn_nfc.txt

Reads the Unicode Character Database and IDNA files listed in INPUTS
(xngen/ucd.py) from DIR (each checked against the SHA-256 that DIR/README.md
gives for it) and writes two static, two-stage lookup tables (see
lib/props.h):

  * the property word of every code point: UTS #46 status, Bidi_Class,
    Joining_Type, virama (ccc=9), General_Category=M, NFC_Quick_Check,
    ccc!=0, the RFC 5892 derived property (IDNA2008) and the scripts the
    RFC 5892 CONTEXTO rules need;
  * the UTS #46 mapping of every mapped, deviation or ignored code point, as
    (offset << 5) | length into a shared pool of code points;
  * the Unicode version (DerivedAge) of each code point that takes part in
    NFC and is newer than Unicode 9.0, for a normalizer on older data
    (libunistring's).

The generator is strict: a malformed line, an unknown value, an overlapping
or duplicate range, a wrong "# Total code points" count, a missing "# EOF" or
a version that differs between files prints FILE:LINE and exits with status 1.
It is deterministic: the same inputs give byte-identical outputs.

It also writes xn_nfc.txt, xn's NFC data in the text format of ICU's
gennorm2.  The work is done by the modules of data/xngen/, one for each part
(see data/xngen/__init__.py); this script is their entry point.

Python 3 (3.9 or later) standard library only.
"""

import argparse
import sys

# Importing the modules next to this script must write nothing (no
# __pycache__) into the source tree.
sys.dont_write_bytecode = True
from xngen.c_out import header_text, source_text, two_stage_tables, write_file
from xngen.nfc import OLDEST_ENGINE, nfc_both_ways, nfc_source, \
    normalization_ages, read_ages, read_canonical_decompositions
from xngen.properties import read_properties
from xngen.rfc5892 import derive_idna2008
from xngen.ucd import IDNA_MAPPING, DataError, read_inputs
from xngen.uts46 import mapping_entries, read_idna_mapping
from xngen.word import property_words


def generate(data_dir, out_c, out_h, out_nfc):
    """Reads and checks the data set in data_dir, then writes the three
    outputs; raises DataError (with FILE:LINE) on any problem, before
    writing anything."""
    version, files = read_inputs(data_dir)
    status, mapping = read_idna_mapping(files[IDNA_MAPPING])
    p = read_properties(files)
    decomp = read_canonical_decompositions(data_dir, p.ccc)
    both_ways = nfc_both_ways(decomp, p.fce, p.nfc_qc)
    idna2008 = derive_idna2008(p)
    props = property_words(status, p, idna2008, decomp, both_ways)
    pool, map_entries = mapping_entries(mapping)
    tables = two_stage_tables(props, map_entries, pool)
    tables.nfc_ages = normalization_ages(
        p.ccc, decomp, read_ages(files["DerivedAge.txt"]))
    tables.nfc_oldest = OLDEST_ENGINE
    major, minor, _ = (int(x) for x in version.split("."))
    tables.nfc_data_version = (major, minor)
    write_file(out_h, header_text(version, tables, len(both_ways)))
    write_file(out_c, source_text(version, tables))
    write_file(out_nfc, nfc_source(version, p.ccc, decomp, p.fce))


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
