/*
 * UTS #46 §4 step 1, Map, for one label at a time, shared by the UTS #46
 * front end and IDNA2008 lookup with XN_IDNA2008_MAP (RFC 5895).  The
 * tables come from data/gen_tables.py; see props.h.
 */
#include "mapping.h"
#include "bytes.h"
#include "compiler.h"
#include "sink.h"
#include "validity.h"

/* What the pass keeps as it goes, in locals: kept in *m, every store to
 * the label would make the compiler reload it. */
typedef struct run {
    uint32_t *cp;
    size_t *offs;
    size_t n, cap;
    uint32_t all;    /* the property words and-ed: the simple verdict */
    uint32_t prev;   /* that of the last code point */
    uint32_t nfc_no; /* the NFC quick check, or-ed up */
    uint32_t high;   /* the code points or-ed: >= 0x80 when one is not ASCII */
} run;

/* Moves the n code points of the full small arrays to a heap block for
 * XN_LABEL_LIMIT of them (m->cp, m->offs), or fails when the label would
 * pass that limit.  Takes no pointer to the run, which stays in registers. */
XN__NOINLINE static int grow(xn__mapped *m, size_t n)
{
    uint32_t *cp;
    size_t *offs;
    if (m->cp != m->small_cp)
        return XN_E_TOO_LONG;
    m->heap = malloc(XN_LABEL_LIMIT * (sizeof *cp + sizeof *offs));
    if (!m->heap)
        return XN_E_NOMEM;
    offs = (size_t *)m->heap;
    cp = (uint32_t *)(offs + XN_LABEL_LIMIT);
    memcpy(cp, m->small_cp, n * sizeof *cp);
    memcpy(offs, m->small_offs, n * sizeof *offs);
    m->cp = cp;
    m->offs = offs;
    return XN_OK;
}

/* grow() for the run r, whose fields it updates from m. */
static XN__ALWAYS_INLINE int grow_run(xn__mapped *m, run *r)
{
    int rc = grow(m, r->n);
    r->cp = m->cp;
    r->offs = m->offs;
    r->cap = XN_LABEL_LIMIT;
    return rc;
}

/* Appends code point c, whose property word is p, read at input offset
 * at. */
static XN__ALWAYS_INLINE int push(xn__mapped *m, run *r, uint32_t c, uint32_t p, size_t at)
{
    int rc;
    if (r->n >= r->cap && (rc = grow_run(m, r)) != XN_OK)
        return rc;
    r->all &= p;
    r->high |= c;
    r->nfc_no |= xn__nfc_quick_no(r->prev, p);
    r->prev = p;
    r->cp[r->n] = c;
    r->offs[r->n++] = at;
    return XN_OK;
}

/* Appends c, one code point of a mapping read at input offset at: a
 * U+002E in it ends the label, and what follows opens the next one (the
 * carry). */
static XN__ALWAYS_INLINE int put_mapped(xn__mapped *m, run *r, xn__carry *cy, uint32_t c,
                                        size_t at, bool *dot, size_t *pdot_at)
{
    if (*dot) {
        if (cy->n >= XN__CARRY_MAX)
            return XN_E_INTERNAL;
        cy->cp[cy->n++] = c;
        cy->offset = at;
    } else if (c == '.') {
        *dot = true;
        *pdot_at = at;
    } else {
        return push(m, r, c, xn__props(c), at);
    }
    return XN_OK;
}

/* xn__map_label() for one mode, a constant in each of its three copies:
 * fewer live values, fewer spills. */
static XN__ALWAYS_INLINE int map_label(const unsigned char *u, size_t in_len, size_t *ppos,
                                       xn__carry *cy, const enum xn__map_mode mode,
                                       xn__mapped *m, bool *pdot, size_t *pdot_at)
{
    size_t pos = *ppos, i;
    bool dot = false;
    int rc;
    run r;
    /* The byte classes of the ASCII runs, or-ed; which of them is lowered. */
    unsigned ascii = 0, lower = mode == XN__MAP_NONE ? 0 : XN__BC_UPPER;

    m->cp = r.cp = m->small_cp;
    m->offs = r.offs = m->small_offs;
    m->heap = NULL;
    m->n = r.n = 0;
    r.cap = XN__SMALL_LABEL;
    r.all = ~UINT32_C(0);
    r.prev = r.nfc_no = r.high = 0;
    for (i = 0; i < cy->n; i++)
        if ((rc = push(m, &r, cy->cp[i], xn__props(cy->cp[i]), cy->offset)) != XN_OK)
            return rc;
    cy->n = 0;
    while (pos < in_len) {
        size_t at = pos, len;
        uint32_t c, p;
        const uint32_t *seq;
        unsigned k, status;
        if (u[pos] < 0x80) {
            /* A run of ASCII bytes: the byte classes say all the rest (an
             * ASCII code point is a starter, NFC_Quick_Check=Yes). */
            do {
                unsigned b = u[pos], bc = xn__byte_class[b];
                if (bc & (XN__BC_DOT | XN__BC_NONASCII))
                    break;
                if (r.n >= r.cap && (rc = grow_run(m, &r)) != XN_OK)
                    return rc;
                ascii |= bc;
                r.cp[r.n] = b | ((bc & lower) << 4); /* A-Z to a-z */
                r.offs[r.n++] = pos++;
            } while (pos < in_len);
            r.prev = 0;
            if (pos < in_len && u[pos] == '.') {
                dot = true;
                *pdot_at = pos++;
                break;
            }
            continue;
        }
        len = xn__utf8_decode(u + pos, in_len - pos, &c);
        if (len == 0)
            return XN_E_BAD_UTF8;
        pos += len;
        p = xn__props(c);
        status = mode == XN__MAP_NONE ? XN_STATUS_VALID : xn__status(p);
        if (status == XN_STATUS_MAPPED || status == XN_STATUS_IGNORED ||
            (status == XN_STATUS_DEVIATION && mode == XN__MAP_TRANSITIONAL)) {
            k = xn__mapping(c, &seq);
            for (i = 0; i < k; i++) {
                const uint32_t *dev;
                unsigned j, dk;
                /* Transitional: a deviation character in a mapping is
                 * mapped too (U+1E9E maps to U+00DF since Unicode 15.1,
                 * so to "ss"); deviation mappings hold none. */
                if (mode == XN__MAP_TRANSITIONAL &&
                    xn__status(xn__props(seq[i])) == XN_STATUS_DEVIATION) {
                    dk = xn__mapping(seq[i], &dev);
                    for (j = 0; j < dk; j++)
                        if ((rc = put_mapped(m, &r, cy, dev[j], at, &dot, pdot_at)) != XN_OK)
                            return rc;
                } else if ((rc = put_mapped(m, &r, cy, seq[i], at, &dot, pdot_at)) != XN_OK) {
                    return rc;
                }
            }
            if (dot)
                break;
        } else if ((rc = push(m, &r, c, p, at)) != XN_OK) {
            /* valid, deviation (nontransitional), disallowed: kept, and
             * judged by the validity step */
            return rc;
        }
    }
    m->n = r.n;
    m->nfc_yes = r.nfc_no == 0;
    m->ascii = r.high < 0x80;
    m->simple = r.n > 0 && !(ascii & (XN__BC_OTHER | (XN__BC_UPPER & ~lower))) &&
                xn__simple_verdict(r.all, xn__props(r.cp[0]),
                                   xn__props(r.cp[r.n - 1]), mode == XN__MAP_TRANSITIONAL);
    *ppos = pos;
    *pdot = dot;
    return XN_OK;
}

int xn__map_label(const unsigned char *u, size_t in_len, size_t *ppos, xn__carry *cy,
                  enum xn__map_mode mode, xn__mapped *m, bool *pdot, size_t *pdot_at)
{
    switch (mode) {
    case XN__MAP_NONE:
        return map_label(u, in_len, ppos, cy, XN__MAP_NONE, m, pdot, pdot_at);
    case XN__MAP_TRANSITIONAL:
        return map_label(u, in_len, ppos, cy, XN__MAP_TRANSITIONAL, m, pdot, pdot_at);
    default:
        return map_label(u, in_len, ppos, cy, XN__MAP_NONTRANSITIONAL, m, pdot, pdot_at);
    }
}
