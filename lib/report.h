/*
 * The first place a rule broke, the caller's xn_report filled as the
 * caller's size allows, and the end of a conversion (xn__finish()).
 */
#ifndef XN_REPORT_H
#define XN_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sink.h"
#include "xn.h"

/* Where the first rule violation of a call was found: the xn_report fields
 * besides the error bits. */
typedef struct xn__where {
    bool set;
    size_t label;
    size_t offset;
    uint32_t cp;
} xn__where;

/* Keeps the first place only. */
static inline void xn__note(xn__where *w, size_t label, size_t offset, uint32_t cp)
{
    if (!w->set) {
        w->set = true;
        w->label = label;
        w->offset = offset;
        w->cp = cp;
    }
}


/* The smallest size a caller's xn_report may give: that of its first
 * layout, which ends with code_point. */
#define XN__REPORT_MIN_SIZE (offsetof(xn_report, code_point) + sizeof(uint32_t))

/* A report the caller gave with a size too small to be one (NULL is fine). */
static inline bool xn__report_bad(const xn_report *r)
{
    return r && r->size < XN__REPORT_MIN_SIZE;
}

/* Fills *r (r may be NULL; a bad one is left alone) with the error bits and
 * the first violation (first is read only when errors is not 0), writing
 * only the bytes the caller's size covers. */
static inline void xn__fill_report(xn_report *r, uint64_t errors, const xn__where *first)
{
    xn_report full;

    if (!r || xn__report_bad(r))
        return;
    memset(&full, 0, sizeof full);
    full.size = r->size;
    full.errors = errors;
    full.code_point = XN_NO_CODE_POINT;
    if (errors && first->set) {
        full.label = first->label;
        full.offset = first->offset;
        full.code_point = first->cp;
    }
    memcpy(r, &full, r->size < sizeof full ? r->size : sizeof full);
}

/* The report of a call that found nothing yet (or failed before looking). */
static inline void xn__clear_report(xn_report *r)
{
    xn__fill_report(r, 0, NULL);
}

/* Adds the RFC 5893 violations found in a name that turned out to be a
 * Bidi domain name, keeping whichever first place comes first. */
static inline void xn__merge_bidi(uint64_t *errors, xn__where *first, uint64_t bidi,
                                  const xn__where *first_bidi)
{
    *errors |= bidi;
    if (!first->set || first_bidi->label < first->label ||
        (first_bidi->label == first->label && first_bidi->offset < first->offset))
        *first = *first_bidi;
}

/* Ends a conversion into out[0..out_cap): with violations, ToASCII-like
 * calls (keep_output false) write nothing and return XN_E_INVALID_DOMAIN;
 * otherwise *out_len is the length, XN_E_BUFFER_TOO_SMALL when it did not
 * fit (out[0] cleared), else the output is NUL-terminated when there is
 * room and the status is XN_OK or XN_E_INVALID_DOMAIN. */
static inline int xn__finish(const xn__sink *s, uint64_t errors, bool keep_output, char *out,
                             size_t out_cap, size_t *out_len)
{
    if (errors && !keep_output) {
        if (out_cap)
            out[0] = '\0';
        *out_len = 0;
        return XN_E_INVALID_DOMAIN;
    }
    *out_len = s->len;
    if (s->full || s->len > out_cap) {
        if (out_cap)
            out[0] = '\0';
        return XN_E_BUFFER_TOO_SMALL;
    }
    if (s->len < out_cap)
        out[s->len] = '\0';
    return errors ? XN_E_INVALID_DOMAIN : XN_OK;
}


#endif
