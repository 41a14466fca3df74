/*
 * The state of one call that walks a domain name label by label, shared by
 * the UTS #46 (uts46.c) and IDNA2008 (idna2008.c) profiles: the output, the
 * rules broken so far and where the first one was, the RFC 5893 verdicts
 * kept aside until the name turns out to be a Bidi domain name, and the
 * label at hand.  Each profile uses the fields it needs.
 */
#ifndef XN_DOMAIN_H
#define XN_DOMAIN_H

#include "internal.h"

typedef struct xn__domain {
    unsigned flags;
    xn__sink out;
    uint64_t errors;      /* violations found so far */
    xn__where first;      /* the first of them */
    uint64_t bidi;        /* RFC 5893 violations, counted only in a Bidi domain name */
    xn__where first_bidi;
    bool bidi_name;       /* a label holds R, AL or AN (RFC 5893 §1.4) */
    bool last_empty;      /* the last label is empty (a trailing root dot) */
    size_t label;         /* index of the label at hand */
    size_t label_offset;  /* its first byte in the input */
    /* UTS #46 */
    bool to_ascii;
    bool one_label;       /* xn_label_to_*: a separator is a V5 violation */
    bool url_forbidden;   /* the output holds a forbidden domain code point */
    /* IDNA2008 */
    bool to_unicode;
    bool registration;
    size_t ace_len;       /* the name's length in A-label form so far */
} xn__domain;

/* Keeps the first place of a violation (or of a Bidi verdict) in *w. */
static inline void xn__dom_note(xn__where *w, const xn__domain *d, size_t offset, uint32_t cp)
{
    xn__note(w, d->label, offset, cp);
}

/* Adds violations (none when bits is 0) found at offset, blaming cp. */
static inline void xn__dom_record(xn__domain *d, uint64_t bits, size_t offset, uint32_t cp)
{
    if (bits) {
        d->errors |= bits;
        xn__dom_note(&d->first, d, offset, cp);
    }
}

/* The input offset of code point i of a label, where it is known (offs),
 * else the label's first byte. */
static inline size_t xn__dom_offset_of(const xn__domain *d, const size_t *offs, size_t i,
                                       size_t n)
{
    return offs && i < n ? offs[i] : d->label_offset;
}

/* The report of a call: d NULL (nothing found yet, or a failure before
 * looking) gives an empty one. */
static inline void xn__dom_fill_report(xn_report *r, const xn__domain *d)
{
    xn__fill_report(r, d ? d->errors : 0, d ? &d->first : NULL);
}

/* The end of a walk: RFC 5893 holds for every label once some label made
 * the name a Bidi domain name, and, when ascii_len is not (size_t)-1, the
 * name in ASCII form is 1 to 253 octets without a trailing root dot (A4_1;
 * UTS #46 §4.2 step 4.1, RFC 1034 §3.1). */
static inline void xn__dom_end(xn__domain *d, size_t ascii_len)
{
    if (d->bidi && d->bidi_name)
        xn__merge_bidi(&d->errors, &d->first, d->bidi, &d->first_bidi);
    if (ascii_len != (size_t)-1) {
        size_t len = ascii_len - (d->label > 0 && d->last_empty ? 1 : 0);
        if (len == 0 || len > XN_DNS_NAME_MAX)
            xn__dom_record(d, XN_ERR_A4_1, 0, XN_NO_CODE_POINT);
    }
}

/* XN_DNS_LABELS: an underscore label ("_" then letters of either case,
 * digits, '-' and '_', as in SRV and TLSA names), or "*" as the first
 * label (domain.c). */
bool xn__dns_label(const char *s, size_t n, bool first);

#endif
