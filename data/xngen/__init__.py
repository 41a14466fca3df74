"""The parts of data/gen_tables.py, one module for each thing it makes.

ucd        reads and checks the Unicode files (checksums, format, versions)
uts46      the UTS #46 mapping table: statuses, and the mappings pooled
bidi       Bidi_Class and Joining_Type, and the Bidi sets of RFC 5893
nfc        the canonical decompositions, the NFC_BOTH_WAYS set, xn_nfc.txt
properties the other UCD properties, one value per code point
rfc5892    the IDNA2008 derived property (RFC 5892 section 3)
word       the 32-bit property word, and the byte classes
c_out      the two-stage tables, xn_tables.h and xn_tables.c
"""
