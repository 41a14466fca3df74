/*
 * The rules of validity.c that other layers apply as they go: a label read
 * by the mapping pass (mapping.c), or decoded from an A-label (uts46.c), is
 * judged "simple" on the way, so that the checks of UTS #46 §4.1 steps 5-8
 * and RFC 5893 need no second pass over it; an ASCII label of letters,
 * digits and '-' skips the Bidi rule (both profiles).
 */
#ifndef XN_VALIDITY_H
#define XN_VALIDITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bytes.h"
#include "props.h"
#include "xn.h"

/* ---- validity.c: UTS #46 §4.1, RFC 5892 appendix A, RFC 5893 §2 -------- */

/* Each xn__check_* works on one label of n code points (n may be 0) and
 * returns the XN_ERR_* bits it violates, 0 when it holds.  Where a `where` pointer
 * is given, it receives the index of the first offending code point, or n
 * when the violation is about the label as a whole. */

/* RFC 5892 A.1 (ZWNJ, C1) and A.2 (ZWJ, C2). */
uint64_t xn__check_joiners(const uint32_t *label, size_t n, size_t *where);

/* RFC 5893 §2 rules 1-6 (B1-B6) as they apply to one label of a Bidi
 * domain name.  Empty labels pass. */
uint64_t xn__check_bidi(const uint32_t *label, size_t n, size_t *where);

/* True when the label holds a character of Bidi_Class R, AL or AN, which
 * makes the whole name a Bidi domain name (RFC 5893 §1.4). */
bool xn__is_rtl_label(const uint32_t *label, size_t n);

/* xn__check_bidi() for a label of ASCII bytes, without decoding it. */
uint64_t xn__check_bidi_ascii(const char *label, size_t n);

/* RFC 5892 A.3-A.9 (CONTEXTO: MIDDLE DOT, GREEK KERAIA, HEBREW GERESH and
 * GERSHAYIM, KATAKANA MIDDLE DOT, ARABIC-INDIC and EXTENDED ARABIC-INDIC
 * digits): XN_ERR_CONTEXTO when a CONTEXTO code point of the label breaks
 * its rule (or has none). */
uint64_t xn__check_contexto(const uint32_t *label, size_t n, size_t *where);

/* What the code-point checks below saw in a label, for the rules after
 * them: a character of Bidi_Class R, AL or AN (the name is a Bidi domain
 * name), a ZWNJ or ZWJ (CONTEXTJ), a CONTEXTO code point; that the label
 * plainly passes RFC 5893 as an LTR label (xn__check_bidi() would give 0:
 * no need to call it); that the NFC quick check cannot say the label is in
 * NFC (xn__nfc_quick_yes() false: ICU must judge). */
enum {
    XN__FOUND_RTL = 1,
    XN__FOUND_JOINER = 2,
    XN__FOUND_CONTEXTO = 4,
    XN__FOUND_LTR_OK = 8,
    XN__FOUND_NFC_MAYBE = 16
};

/* UTS #46 §4.1 steps 5-8 on every code point of a label: no U+002E (V5),
 * only LDH in ASCII with std3 (U1), no leading combining mark (V6), every
 * code point valid, or a deviation unless transitional (V7).  *found gets
 * the XN__FOUND_* bits (RTL, JOINER, LTR_OK, NFC_MAYBE). */
uint64_t xn__check_uts46_code_points(const uint32_t *label, size_t n, bool transitional,
                                     bool std3, size_t *where, unsigned *found);

/* RFC 5891 §5.4 / §4.2.2-4.2.3.2 on every code point of a putative U-label:
 * no leading combining mark (V6), no DISALLOWED code point (V5 for U+002E,
 * else DISALLOWED), none UNASSIGNED.  *found gets the XN__FOUND_* bits (all
 * five). */
uint64_t xn__check_idna2008_code_points(const uint32_t *label, size_t n, size_t *where,
                                        unsigned *found);

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
