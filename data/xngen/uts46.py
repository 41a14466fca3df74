"""The UTS #46 mapping table: the status of every code point, and its
mapping as (offset << 5) | length into a shared pool of code points."""

from .ucd import NCP, DataError, check_disjoint, fail, line_spans, parse_cps

# The statuses, in the order of the XN_STATUS_* numbers.
STATUS = ["VALID", "IGNORED", "MAPPED", "DEVIATION", "DISALLOWED"]
S_VALID, S_IGNORED, S_MAPPED, S_DEVIATION, S_DISALLOWED = range(5)

# The statuses of the file.  The 15.0 file still has two that the current
# UTS #46 model folds away, STD3 being a validity criterion (code U1) and
# not a status: disallowed_STD3_valid -> valid, disallowed_STD3_mapped ->
# mapped (keeping its mapping).
STATUS_OF = {
    "valid": S_VALID, "ignored": S_IGNORED, "mapped": S_MAPPED,
    "deviation": S_DEVIATION, "disallowed": S_DISALLOWED,
    "disallowed_STD3_valid": S_VALID,
    "disallowed_STD3_mapped": S_MAPPED,
}

MAP_LEN_BITS = 5
MAP_LEN_MAX = (1 << MAP_LEN_BITS) - 1


def read_idna_mapping(ucd):
    """Returns (status[NCP], mapping[NCP]) from IdnaMappingTable.txt, the
    statuses folded as STATUS_OF says; mapping[cp] is None but for mapped,
    deviation and ignored code points."""
    name = ucd.name
    status = [None] * NCP
    mapping = [None] * NCP
    if ucd.missing:
        fail(name, ucd.missing[0][0], "unexpected @missing line")
    if ucd.totals != 1:
        fail(name, 1, "expected one '# Total code points' line")
    check_disjoint(name, line_spans(ucd), "IDNA mapping")
    for lineno, lo, hi, fields in ucd.lines:
        st, seq = read_mapping_line(name, lineno, fields)
        n = hi - lo + 1
        status[lo:hi + 1] = [st] * n
        if st in (S_MAPPED, S_DEVIATION, S_IGNORED):
            mapping[lo:hi + 1] = [seq] * n
    for cp in range(NCP):
        if status[cp] is None:
            fail(name, "-", "code point %04X has no status" % cp)
    return status, mapping


def read_mapping_line(name, lineno, fields):
    """The status and mapping of one line: STATUS; MAPPING; IDNA2008, the
    last two optional."""
    if len(fields) > 3:
        fail(name, lineno, "too many fields")
    fields = fields + [""] * (3 - len(fields))
    raw_status, raw_map, idna2008 = fields
    if raw_status not in STATUS_OF:
        fail(name, lineno, "unknown status %r" % raw_status)
    if idna2008 not in ("", "NV8", "XV8"):
        fail(name, lineno, "unknown IDNA2008 status %r" % idna2008)
    if idna2008 and raw_status not in ("valid", "disallowed_STD3_valid"):
        fail(name, lineno, "IDNA2008 status on a %s line" % raw_status)
    seq = parse_cps(name, lineno, raw_map)
    if raw_status in ("mapped", "disallowed_STD3_mapped"):
        if not seq:
            fail(name, lineno, "%s without a mapping" % raw_status)
    elif raw_status == "deviation":
        pass  # may be empty (U+200C, U+200D)
    elif seq:
        fail(name, lineno, "mapping on a %s line" % raw_status)
    if len(seq) > MAP_LEN_MAX:
        fail(name, lineno, "mapping of %d code points does not fit in "
             "%d bits" % (len(seq), MAP_LEN_BITS))
    return STATUS_OF[raw_status], seq


def build_pool(mapping):
    """Pools the distinct mapping sequences.

    Longest first (ties in code point order, so the result is deterministic):
    a sequence already inside the pool is shared, otherwise it is appended,
    overlapping the longest tail of the pool that is one of its prefixes.
    Returns (pool, offset_of) with offset_of[seq] the offset of seq.
    """
    seqs = sorted({s for s in mapping if s}, key=lambda s: (-len(s), s))
    pool = []
    pool_str = ""
    offset_of = {(): 0}
    for s in seqs:
        s_str = "".join(map(chr, s))
        at = pool_str.find(s_str)
        if at < 0:
            k = len(s) - 1
            while k > 0 and not pool_str.endswith(s_str[:k]):
                k -= 1
            at = len(pool) - k
            pool.extend(s[k:])
            pool_str += s_str[k:]
        offset_of[s] = at
    return pool, offset_of


def mapping_entries(mapping):
    """Returns (pool, entries): the pooled mappings, and for every code
    point (offset << MAP_LEN_BITS) | length, 0 for one without a mapping."""
    pool, offset_of = build_pool(mapping)
    if len(pool) >= 1 << (32 - MAP_LEN_BITS):
        raise DataError("mapping pool of %d code points too large" % len(pool))
    entries = [0] * NCP
    for cp in range(NCP):
        seq = mapping[cp]
        if seq is not None:
            entries[cp] = (offset_of[seq] << MAP_LEN_BITS) | len(seq)
            assert tuple(pool[offset_of[seq]:offset_of[seq] + len(seq)]) == seq
    return pool, entries
