/*
 * The rules of validity.c that other layers apply code point by code point
 * as they go: a label read by the mapping pass (mapping.c) is judged
 * "simple" on the way, so that the checks of UTS #46 §4.1 steps 5-8 and
 * RFC 5893 need no second pass over it.
 */
#ifndef XN_VALIDITY_H
#define XN_VALIDITY_H

#include "ascii.h"
#include "internal.h"
#include "props.h"

#define XN__ZWNJ 0x200Cu /* ZERO WIDTH NON-JOINER, RFC 5892 A.1 */
#define XN__ZWJ 0x200Du  /* ZERO WIDTH JOINER, RFC 5892 A.2 */

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

/* The Bidi_Class of an ASCII code point: letters, digits and '-' without a
 * table look-up. */
static inline unsigned xn__ascii_bidi(uint32_t c)
{
    if ((c | 0x20) - 'a' < 26u)
        return XN_BIDI_L;
    if (c - '0' < 10u)
        return XN_BIDI_EN;
    if (c == '-')
        return XN_BIDI_ES;
    return xn__bidi(xn__props(c));
}

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

/* RFC 5893 rules 1, 5 and 6 from what one pass over a non-empty label
 * gathered (the classes of its code points as xn__bidi_bit() masks, the
 * first and the last class): it starts with L, ends with L or EN, and
 * holds only classes rule 5 allows, so it passes as an LTR label, with no
 * R, AL or AN that would make the name a Bidi domain name.  (A label whose
 * last code point is an NSM is left to xn__check_bidi(), which looks past
 * it.) */
static inline bool xn__bidi_plain_ltr(unsigned first, unsigned last, uint32_t classes)
{
    return first == XN_BIDI_L && (xn__bidi_bit(last) & XN__LTR_END) &&
           !(classes & ~XN__LTR_ALLOWED);
}

/*
 * A label is simple when it is not empty and
 *  - every ASCII code point is a lower-case letter, a digit or '-' (steps 5
 *    and 8, with or without STD3 rules);
 *  - every other one is valid, or a deviation when not transitional, and
 *    neither ZWNJ nor ZWJ (step 8; no CONTEXTJ to check);
 *  - the first is no combining mark (step 6);
 *  - it is a plain LTR label (xn__bidi_plain_ltr()).
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
