/*
 * The name walk the profiles share (domain.h): the call state from entry to
 * exit, label splitting, label and name lengths, and the rules UTS #46 and
 * IDNA2008 apply alike to a label of code points.
 */
#include <string.h>

#include "domain.h"

#include "bytes.h"
#include "normalize.h"
#include "rules.h"
#include "validity.h"

/* ---- rules on a label of code points ---------------------------------------- */

/* RFC 5893 §2 on a label, given what the code-point checks found: R, AL or
 * AN mark the name a Bidi domain name; a plain LTR label passes as it is. */
static void check_bidi(xn__domain *d, const uint32_t *l, size_t n, const size_t *offs,
                       unsigned found)
{
    bool rtl = (found & XN__FOUND_RTL) != 0;
    size_t at;
    uint64_t bits;
    if (rtl)
        d->bidi_name = true;
    if ((d->flags & XN_NO_CHECK_BIDI) || (found & XN__FOUND_LTR_OK))
        return;
    bits = xn__check_bidi(l, n, &at);
    if (d->registration) {
        /* RFC 5891 §4.2.3.4: a label with right-to-left characters must
         * satisfy the rule on its own. */
        if (rtl)
            xn__dom_record_at(d, bits, l, n, offs, at);
    } else if (bits) {
        xn__dom_keep_bidi(d, bits, xn__dom_offset_of(d, offs, at, n),
                          at < n ? l[at] : XN_NO_CODE_POINT);
    }
}

/* The bit of U+0000 in a profile: a forbidden domain code point under the
 * URL Standard's rules, XN_ERR_NUL in the others. */
static uint64_t nul_bit(const xn__domain *d)
{
    return (d->flags & XN_URL_RULES) ? XN_ERR_URL_FORBIDDEN : XN_ERR_NUL;
}

int xn__dom_check_label(xn__domain *d, const uint32_t *l, size_t n, const size_t *offs,
                        const xn__label_rules *r)
{
    unsigned found;
    size_t at, cp_at;
    uint64_t bits, cp_bits;

    if (n == 0)
        return XN_OK;
    /* One pass over the code points first: it also tells whether NFC needs
     * ICU's word.  The verdicts are recorded in the rules' order. */
    if (r->idna2008) {
        cp_bits = xn__check_idna2008_code_points(l, n, &cp_at, &found);
    } else {
        cp_bits = xn__check_uts46_code_points(l, n, r->transitional, r->std3, &cp_at, &found);
    }
    if (r->check_nfc && (found & XN__FOUND_NFC_MAYBE)) {
        bool nfc;
        int rc = xn__is_nfc(l, n, &nfc);
        if (rc != XN_OK)
            return rc;
        if (!nfc)
            xn__dom_record_label(d, XN_ERR_V1);
    }
    bits = xn__check_hyphens(l, n, r->check_hyphens) & r->hyphen_bits;
    xn__dom_record_label(d, bits);
    if (cp_bits & XN_ERR_NUL)
        cp_bits = (cp_bits & ~XN_ERR_NUL) | nul_bit(d);
    xn__dom_record_at(d, cp_bits, l, n, offs, cp_at);

    if ((found & XN__FOUND_JOINER) && r->joiners) {
        bits = xn__check_joiners(l, n, &at);
        xn__dom_record_at(d, bits, l, n, offs, at);
    }
    if (found & XN__FOUND_CONTEXTO) {
        bits = xn__check_contexto(l, n, &at);
        xn__dom_record_at(d, bits, l, n, offs, at);
    }
    check_bidi(d, l, n, offs, found);
    return XN_OK;
}

/* ---- labels and lengths ---------------------------------------------------- */

bool xn__dns_label(const char *s, size_t n, bool first)
{
    size_t i;
    if (n == 1 && s[0] == '*')
        return first;
    if (n < 2 || s[0] != '_')
        return false;
    for (i = 1; i < n; i++)
        if (!xn__is_ldh((unsigned char)s[i]) && s[i] != '_')
            return false;
    return true;
}

/* The length of a label separator at u[0..n) (n > 0), or 0. */
static size_t separator_length(const unsigned char *u, size_t n)
{
    if (u[0] == '.')
        return 1;
    if (n < 3)
        return 0;
    if (u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x82) /* U+3002 IDEOGRAPHIC FULL STOP */
        return 3;
    if (u[0] == 0xEF && u[1] == 0xBC && u[2] == 0x8E) /* U+FF0E FULLWIDTH FULL STOP */
        return 3;
    if (u[0] == 0xEF && u[1] == 0xBD && u[2] == 0xA1) /* U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP */
        return 3;
    return 0;
}

size_t xn__dom_label_end(const unsigned char *u, size_t n, size_t pos, size_t *sep_len)
{
    for (; pos < n; pos++) {
        size_t sep = separator_length(u + pos, n - pos);
        if (sep) {
            *sep_len = sep;
            return pos;
        }
    }
    *sep_len = 0;
    return n;
}

XN__NOINLINE void xn__dom_find_nul(xn__domain *d, const char *s, size_t n, size_t offset)
{
    const char *nul = memchr(s, 0, n);
    if (nul)
        xn__dom_record(d, nul_bit(d), offset + (size_t)(nul - s), 0);
}
