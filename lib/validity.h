/*
 * The rules of validity.c that other layers apply as they go: a label read
 * by the mapping pass (mapping.c), or decoded from an A-label (uts46.c), is
 * judged "simple" on the way, so that the checks of UTS #46 §4.1 steps 5-8
 * and RFC 5893 need no second pass over it; an ASCII label of letters,
 * digits and '-' skips the Bidi rule (both profiles).
 */
#ifndef XN_VALIDITY_H
#define XN_VALIDITY_H

#include "bytes.h"
#include "internal.h"
#include "props.h"

/* RFC 5893 §2 on an ASCII label of n > 0 bytes whose byte classes
 * (xn__byte_class[], or-ed) are classes: the violated rule bits.  A label
 * of letters, digits and '-' that starts with a letter and ends with a
 * letter or digit is a plain LTR label (L, EN and ES only, first L, last L
 * or EN) and passes without a look; classes ~0u when not known. */
static inline uint64_t xn__ascii_label_bidi(const char *s, size_t n, unsigned classes)
{
    unsigned a = (unsigned char)(s[0] | 0x20), z = (unsigned char)(s[n - 1] | 0x20);
    if (!(classes & XN__BC_OTHER) && a - 'a' < 26u && (z - 'a' < 26u || z - '0' < 10u))
        return 0;
    return xn__check_bidi_ascii(s, n);
}

/*
 * A label is simple when it is not empty and
 *  - every ASCII code point is a lower-case letter, a digit or '-' (steps 5
 *    and 8, with or without STD3 rules);
 *  - every other one is valid, or a deviation when not transitional, and
 *    neither ZWNJ nor ZWJ (step 8; no CONTEXTJ to check);
 *  - the first is no combining mark (step 6);
 *  - it is a plain LTR label: it starts with L, ends with L or EN, and
 *    holds only classes RFC 5893 rule 5 allows (no R, AL or AN either).
 * So xn__check_uts46_code_points() would find nothing on it, and
 * xn__check_bidi() nothing either.  Anything else is not simple, which only
 * means that the full checks run.  The tables hold each code point's part
 * of this (XN_PROP_SIMPLE, XN_PROP_SIMPLE_TR, XN_PROP_LTR_START,
 * XN_PROP_LTR_END), so a pass that looks the property words up anyway pays
 * one AND a code point.
 */

/* The verdict on a non-empty label: all, the AND of its property words;
 * first and last, those of its first and last code point. */
static inline bool xn__simple_verdict(uint32_t all, uint32_t first, uint32_t last,
                                      bool transitional)
{
    return (all & (transitional ? XN_PROP_SIMPLE_TR : XN_PROP_SIMPLE)) &&
           (first & XN_PROP_LTR_START) && (last & XN_PROP_LTR_END);
}

#endif
