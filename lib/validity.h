/*
 * The rules of validity.c that other layers apply code point by code point
 * as they go: a label read by the mapping pass (mapping.c) is judged
 * "simple" on the way, so that the checks of UTS #46 §4.1 steps 5-8 and
 * RFC 5893 need no second pass over it.
 */
#ifndef XN_VALIDITY_H
#define XN_VALIDITY_H

#include "internal.h"
#include "props.h"

/* UTS #46 §4.1 step 5 with UseSTD3ASCIIRules: an ASCII code point of a
 * mapped label must be a lower-case letter, a digit or '-'. */
static inline bool xn__is_ldh_lower(uint32_t c)
{
    return c - 'a' < 26u || c - '0' < 10u || c == '-';
}

/* Step 8: a code point of status valid, or deviation when not
 * transitional. */
static inline bool xn__uts46_valid(unsigned status, bool transitional)
{
    return status == XN_STATUS_VALID || (status == XN_STATUS_DEVIATION && !transitional);
}

/*
 * A label is simple when it is not empty and
 *  - every ASCII code point is a lower-case letter, a digit or '-' (steps 5
 *    and 8, with or without STD3 rules);
 *  - every other one is valid, or a deviation when not transitional, and
 *    neither ZWNJ nor ZWJ (step 8; no CONTEXTJ to check);
 *  - the first is no combining mark (step 6);
 *  - the first has Bidi_Class L, the last L or EN, and every one a class
 *    RFC 5893 rule 5 allows: an LTR label that passes rules 1, 5 and 6, and
 *    no R, AL or AN to make the name a Bidi domain name.
 * So xn__check_uts46_code_points() would find nothing on it, and
 * xn__check_bidi() nothing either.  Anything else is not simple, which only
 * means that the full checks run.
 */
/* (xn__simple is in internal.h, for xn__mapped.) */

static inline void xn__simple_start(xn__simple *s)
{
    s->yes = true;
    s->last = XN_BIDI_L;
    s->n = 0;
}

/* Adds code point c, whose property word is p (any value for ASCII). */
static inline void xn__simple_add(xn__simple *s, uint32_t c, uint32_t p, bool transitional)
{
    unsigned bc;
    if (c < 0x80) {
        if (!xn__is_ldh_lower(c))
            s->yes = false;
        bc = c - '0' < 10u ? XN_BIDI_EN : c == '-' ? XN_BIDI_ES : XN_BIDI_L;
    } else {
        bc = xn__bidi(p);
        if (!xn__uts46_valid(xn__status(p), transitional) || c == 0x200C || c == 0x200D ||
            (s->n == 0 && (p & XN_PROP_MARK)))
            s->yes = false;
    }
    if (!(xn__bidi_bit(bc) & XN__LTR_ALLOWED) || (s->n == 0 && bc != XN_BIDI_L))
        s->yes = false;
    s->last = bc;
    s->n++;
}

/* The verdict on the label added so far. */
static inline bool xn__simple_end(const xn__simple *s)
{
    return s->yes && s->n > 0 && (xn__bidi_bit(s->last) & XN__LTR_END);
}

#endif
