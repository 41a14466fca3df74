/*
 * UTS #46 §4 step 1, Map, for one label at a time, shared by the UTS #46
 * front end and IDNA2008 lookup with XN_IDNA2008_MAP (RFC 5895).  The
 * tables come from data/gen_tables.py; see props.h.
 */
#include "validity.h"

/* Moves the label to a heap block for XN_LABEL_LIMIT code points when the
 * small arrays are full, or fails when the label would pass that limit. */
static int grow(xn__mapped *m)
{
    uint32_t *cp;
    size_t *offs;
    if (m->cap >= XN_LABEL_LIMIT)
        return XN_E_TOO_LONG;
    m->heap = malloc(XN_LABEL_LIMIT * (sizeof *cp + sizeof *offs));
    if (!m->heap)
        return XN_E_NOMEM;
    offs = (size_t *)m->heap;
    cp = (uint32_t *)(offs + XN_LABEL_LIMIT);
    memcpy(cp, m->cp, m->n * sizeof *cp);
    memcpy(offs, m->offs, m->n * sizeof *offs);
    m->cp = cp;
    m->offs = offs;
    m->cap = XN_LABEL_LIMIT;
    return XN_OK;
}

/* Appends one code point, with the property word p of a non-ASCII one (0
 * for ASCII), for the NFC quick check and the simple-label verdict. */
static XN__ALWAYS_INLINE int push(xn__mapped *m, uint32_t c, uint32_t p, size_t at,
                                  bool transitional)
{
    int rc;
    xn__simple_add(&m->simple, c, p, transitional, m->n == 0);
    if (xn__nfc_quick_no(m->last_props, p))
        m->nfc_yes = false;
    m->last_props = p;
    if (m->n >= m->cap && (rc = grow(m)) != XN_OK)
        return rc;
    m->cp[m->n] = c;
    m->offs[m->n++] = at;
    return XN_OK;
}

/* An ASCII code point: a starter, NFC_Quick_Check=Yes. */
static inline int push_ascii(xn__mapped *m, uint32_t c, size_t at)
{
    return push(m, c, 0, at, false);
}

int xn__map_label(const unsigned char *u, size_t in_len, size_t *ppos, xn__carry *cy,
                  enum xn__map_mode mode, xn__mapped *m, bool *pdot, size_t *pdot_at)
{
    const bool tr = mode == XN__MAP_TRANSITIONAL;
    size_t pos = *ppos, i;
    bool dot = false;
    int rc;

    m->n = 0;
    m->cp = m->small_cp;
    m->offs = m->small_offs;
    m->cap = XN__SMALL_LABEL;
    m->heap = NULL;
    m->nfc_yes = true;
    m->last_props = 0;
    xn__simple_start(&m->simple);
    for (i = 0; i < cy->n; i++)
        if ((rc = push(m, cy->cp[i], xn__props(cy->cp[i]), cy->offset, tr)) != XN_OK)
            return rc;
    cy->n = 0;
    while (!dot && pos < in_len) {
        size_t at = pos, len;
        uint32_t c;
        const uint32_t *seq;
        unsigned k, status;
        uint32_t p;
        if (u[pos] < 0x80) {
            c = u[pos++];
            if (c == '.') {
                dot = true;
                *pdot_at = at;
                break;
            }
            if (mode != XN__MAP_NONE && xn__is_upper(c))
                c += 32;
            if ((rc = push_ascii(m, c, at)) != XN_OK)
                return rc;
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
                if (dot) { /* the rest of the mapping opens the next label */
                    if (cy->n >= XN__CARRY_MAX)
                        return XN_E_INTERNAL;
                    cy->cp[cy->n++] = seq[i];
                    cy->offset = at;
                } else if (seq[i] == '.') {
                    dot = true;
                    *pdot_at = at;
                } else if ((rc = push(m, seq[i], seq[i] < 0x80 ? 0 : xn__props(seq[i]),
                                      at, tr)) != XN_OK) {
                    return rc;
                }
            }
        } else if ((rc = push(m, c, p, at, tr)) != XN_OK) {
            /* valid, deviation (nontransitional), disallowed: kept, and
             * judged by the validity step */
            return rc;
        }
    }
    *ppos = pos;
    *pdot = dot;
    return XN_OK;
}
