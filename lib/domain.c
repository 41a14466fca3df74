/*
 * The name walk the profiles share (domain.h): the call state from entry to
 * exit, label splitting, label and name lengths, and the rules UTS #46 and
 * IDNA2008 apply alike to a label of code points.
 */
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

void xn__dom_next_label(xn__domain *d)
{
    xn__put(&d->out, ".", 1);
    d->name_len++;
    d->label++;
}

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

/* ---- the walk of a mapping profile ----------------------------------------- */

/* Scans the label at u[pos..in_len) while it is ASCII, up to its '.' or the
 * end, or-ing the byte classes into *classes; with out, copies it there
 * lower-cased.  Returns where the scan stopped and the class of that byte
 * in *stop (0 at the end). */
static size_t scan_ascii(const unsigned char *u, size_t pos, size_t in_len, char *out,
                         unsigned *classes, unsigned *stop)
{
    size_t e = pos;
    unsigned c = 0, all = 0;
    if (out) {
        while (e < in_len && !((c = xn__byte_class[u[e]]) & (XN__BC_DOT | XN__BC_NONASCII))) {
            all |= c;
            out[e - pos] = (char)(u[e] | ((c & XN__BC_UPPER) << 4)); /* A-Z to a-z */
            e++;
        }
    } else {
        while (e < in_len && !((c = xn__byte_class[u[e]]) & (XN__BC_DOT | XN__BC_NONASCII))) {
            all |= c;
            e++;
        }
    }
    *classes = all;
    *stop = e < in_len ? c : 0;
    return e;
}

int xn__dom_walk(xn__domain *d, const char *in, size_t in_len, const xn__profile *p)
{
    const unsigned char *u = (const unsigned char *)in;
    xn__carry cy;
    size_t pos = 0;
    int rc;

    cy.n = 0;
    cy.offset = 0;
    for (;;) {
        bool dot = false;
        size_t dot_at = pos;
        d->label_offset = pos;
        if (cy.n == 0) {
            /* A label of ASCII bytes up to its dot or the end takes the
             * profile's ASCII rules: no decoding, no ICU.  When the rest of
             * the input surely fits, the scan copies it to the output.  An
             * A-label, whose output is its decoding, is neither copied nor
             * classified: only its end is looked for. */
            bool ace = xn__has_ace_prefix_bytes(in + pos, in_len - pos);
            bool room = p->copy_ascii && !ace && d->out.buf && !d->out.full &&
                        d->out.cap - d->out.len >= in_len - pos;
            unsigned classes = 0, stop;
            size_t e = ace ? xn__ascii_label_end(u, pos, in_len, &stop)
                           : scan_ascii(u, pos, in_len, room ? d->out.buf + d->out.len : NULL,
                                        &classes, &stop);
            if (!(stop & XN__BC_NONASCII)) {
                rc = p->ascii_label(d, in + pos, e - pos, classes, room, e == in_len);
                if (rc != XN_OK || e == in_len)
                    return rc;
                dot = true;
                dot_at = e;
                pos = e + 1;
            }
        }
        if (!dot) {
            rc = p->general_label(d, u, in_len, &pos, &cy, &dot, &dot_at);
            if (rc != XN_OK || !dot)
                return rc;
        }
        if (d->one_label)
            xn__dom_record(d, XN_ERR_V5, dot_at, '.');
        xn__dom_next_label(d);
    }
}
