/*
 * Beyond the standards, on top of the public entry points: mail addresses
 * (RFC 5321, RFC 6531) and name comparison over UTS #46, RFC 5890 label
 * categories over IDNA2008 registration.  No state; only the *_alloc
 * wrappers allocate (their result).
 */
#include <string.h>

#include "alloc.h"
#include "report.h"
#include "rules.h"
#include "sink.h"
#include "uts46.h"
#include "xn.h"

static unsigned lower(unsigned c)
{
    return c - 'A' < 26u ? c + 32u : c;
}

/* ---- mail addresses ------------------------------------------------------------ */

/* RFC 5321 §4.1.3 address-literal: "[" 1*dcontent "]" with dcontent the
 * printable ASCII characters other than '[', '\' and ']'. */
static bool address_literal(const char *d, size_t n)
{
    size_t i;
    if (n < 3 || d[n - 1] != ']')
        return false;
    for (i = 1; i + 1 < n; i++) {
        unsigned c = (unsigned char)d[i];
        if (c < 33 || c > 126 || c == '[' || c == '\\' || c == ']')
            return false;
    }
    return true;
}

static int email(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                 unsigned flags, xn_report *report, int *smtputf8, xn__convert_fn convert,
                 bool keep_on_violation)
{
    const unsigned char *u = (const unsigned char *)in;
    size_t at, i, prefix, dlen, conv_len = 0;
    const char *domain;
    int rc, wide = 0;

    xn__clear_report(report);
    if (smtputf8)
        *smtputf8 = 0;
    if (out_len)
        *out_len = 0;
    if (xn__overlap(in, in_len, out, out_cap))
        return XN_E_INVALID_ARG; /* before out[0] is written over the input */
    if (out && out_cap)
        out[0] = '\0';
    if ((!in && in_len) || (!out && out_cap) || !out_len || (flags & ~XN__UTS46_FLAGS) ||
        xn__report_bad(report))
        return XN_E_INVALID_ARG;

    /* The last '@' ends the local part. */
    for (at = in_len; at > 0 && in[at - 1] != '@'; at--)
        ;
    if (at == 0)
        return XN_E_BAD_ADDRESS;
    at--;
    if (at == 0 || at + 1 == in_len)
        return XN_E_BAD_ADDRESS;

    /* The local part: strict UTF-8 (RFC 6531 §3.3 UTF8-non-ascii), no
     * control characters (RFC 5321 §4.1.2 allows none, quoted or not). */
    for (i = 0; i < at;) {
        uint32_t c;
        size_t len;
        if (u[i] < 0x80) {
            if (u[i] < 0x20 || u[i] == 0x7F)
                return XN_E_BAD_ADDRESS;
            i++;
            continue;
        }
        len = xn__utf8_decode(u + i, at - i, &c);
        if (len == 0)
            return XN_E_BAD_UTF8;
        wide = 1;
        i += len;
    }

    domain = in + at + 1;
    dlen = in_len - at - 1;
    prefix = at + 1;
    if (domain[0] == '[') {
        if (!address_literal(domain, dlen))
            return XN_E_BAD_ADDRESS;
        if (smtputf8)
            *smtputf8 = wide;
        *out_len = in_len;
        if (in_len > out_cap) {
            if (out_cap)
                out[0] = '\0';
            return XN_E_BUFFER_TOO_SMALL;
        }
        memcpy(out, in, in_len);
        if (in_len < out_cap)
            out[in_len] = '\0';
        return XN_OK;
    }

    /* The domain goes straight to its place after "local@". */
    if (out_cap > prefix)
        rc = convert(domain, dlen, out + prefix, out_cap - prefix, &conv_len, flags, report);
    else
        rc = convert(domain, dlen, NULL, 0, &conv_len, flags, report);
    if (report && report->errors)
        report->offset += prefix;
    if (smtputf8)
        *smtputf8 = wide;
    if (rc != XN_OK && rc != XN_E_BUFFER_TOO_SMALL &&
        !(rc == XN_E_INVALID_DOMAIN && keep_on_violation)) {
        if (out_cap)
            out[0] = '\0';
        return rc;
    }
    /* Too small: for the domain, or (an empty domain result, as an
     * ignored-only domain gives) for "local@" alone. */
    if (rc == XN_E_BUFFER_TOO_SMALL || prefix > out_cap) {
        *out_len = prefix + conv_len;
        if (out_cap)
            out[0] = '\0';
        return XN_E_BUFFER_TOO_SMALL;
    }
    memcpy(out, in, at);
    out[at] = '@';
    *out_len = prefix + conv_len;
    return rc;
}

int
xn_email_to_ascii(const char *in, size_t in_len, char *out, size_t out_cap, size_t *out_len,
                  unsigned flags, xn_report *report, int *smtputf8)
{
    return email(in, in_len, out, out_cap, out_len, flags, report, smtputf8, xn_to_ascii, false);
}

int
xn_email_to_unicode(const char *in, size_t in_len, char *out, size_t out_cap,
                    size_t *out_len, unsigned flags, xn_report *report, int *smtputf8)
{
    return email(in, in_len, out, out_cap, out_len, flags, report, smtputf8, xn_to_unicode, true);
}

static int email_ascii_extra(const char *in, size_t in_len, char *out, size_t out_cap,
                             size_t *out_len, unsigned flags, xn_report *report, void *smtputf8)
{
    return xn_email_to_ascii(in, in_len, out, out_cap, out_len, flags, report, (int *)smtputf8);
}

static int email_unicode_extra(const char *in, size_t in_len, char *out, size_t out_cap,
                               size_t *out_len, unsigned flags, xn_report *report, void *smtputf8)
{
    return xn_email_to_unicode(in, in_len, out, out_cap, out_len, flags, report, (int *)smtputf8);
}

int
xn_email_to_ascii_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                        unsigned flags, xn_report *report, int *smtputf8)
{
    return xn__convert_alloc_extra(email_ascii_extra, smtputf8, false, in, in_len, out, out_len,
                                   flags, report);
}

int
xn_email_to_unicode_alloc(const char *in, size_t in_len, char **out, size_t *out_len,
                          unsigned flags, xn_report *report, int *smtputf8)
{
    return xn__convert_alloc_extra(email_unicode_extra, smtputf8, true, in, in_len, out, out_len,
                                   flags, report);
}

/* ---- RFC 5890 §2.3.1 label categories ------------------------------------------- */

/* RFC 5890 §2.3.2.1: a U-label is a string that IDNA2008 registration
 * accepts (RFC 5891 §4.2: NFC, PVALID or contextual code points in their
 * contexts, hyphens, leading mark, Bidi), and an A-label one that decodes
 * to a U-label and is its one encoding; both in at most 63 octets as an
 * A-label.  xn_idna2008_register() makes exactly these checks. */
static bool is_a_label(const char *label, size_t len)
{
    char out[XN_DNS_LABEL_MAX + 1];
    size_t n = 0;
    return xn_idna2008_register(NULL, 0, label, len, out, sizeof out, &n, 0, NULL) == XN_OK;
}

static bool is_u_label(const char *label, size_t len)
{
    char out[XN_DNS_LABEL_MAX + 1];
    size_t n = 0;
    return xn_idna2008_register(label, len, NULL, 0, out, sizeof out, &n, 0, NULL) == XN_OK;
}

xn_label_category
xn_label_class(const char *label, size_t len)
{
    const unsigned char *u = (const unsigned char *)label;
    bool ascii = true, ldh = true;
    uint64_t hyphens;
    size_t i;

    if (!label || len == 0)
        return XN_LABEL_NOT_A_LABEL;
    for (i = 0; i < len;) {
        uint32_t c;
        size_t n;
        if (u[i] == '.')
            return XN_LABEL_NOT_A_LABEL;
        if (u[i] < 0x80) {
            if (!xn__is_ldh(u[i]))
                ldh = false;
            i++;
            continue;
        }
        n = xn__utf8_decode(u + i, len - i, &c);
        if (n == 0)
            return XN_LABEL_NOT_A_LABEL;
        ascii = false;
        i += n;
    }
    if (!ascii) {
        /* Its A-label takes at least one character per code point after
         * "xn--", so a U-label has at most 59 code points. */
        if (len > 4 * (XN_DNS_LABEL_MAX - 4))
            return XN_LABEL_NON_ASCII;
        return is_u_label(label, len) ? XN_LABEL_U_LABEL : XN_LABEL_NON_ASCII;
    }
    if (!xn__label_length_ok(len))
        return XN_LABEL_NOT_A_LABEL;
    /* RFC 5890 §2.3.1: an LDH label neither starts nor ends with '-'. */
    hyphens = XN__HYPHEN_ERRORS(label, len);
    if (!ldh || (hyphens & XN_ERR_V3))
        return XN_LABEL_NON_LDH;
    if (!hyphens)
        return XN_LABEL_NR_LDH;
    if (!xn__has_ace_prefix_bytes(label, len))
        return XN_LABEL_RESERVED_LDH;
    return is_a_label(label, len) ? XN_LABEL_A_LABEL : XN_LABEL_FAKE_A_LABEL;
}

const char *
xn_label_class_name(xn_label_category category)
{
    switch (category) {
    case XN_LABEL_NOT_A_LABEL:
        return "not a label";
    case XN_LABEL_NR_LDH:
        return "NR-LDH";
    case XN_LABEL_RESERVED_LDH:
        return "R-LDH";
    case XN_LABEL_A_LABEL:
        return "A-label";
    case XN_LABEL_FAKE_A_LABEL:
        return "fake A-label";
    case XN_LABEL_NON_LDH:
        return "non-LDH";
    case XN_LABEL_U_LABEL:
        return "U-label";
    case XN_LABEL_NON_ASCII:
        return "non-ASCII";
    }
    return "?";
}

/* ---- comparison ------------------------------------------------------------------ */

/* The ASCII form of a name, without one trailing root dot. */
static int ascii_form(const char *in, size_t in_len, char *out, size_t *len, unsigned flags)
{
    int rc = xn_to_ascii(in, in_len, out, XN_DOMAIN_MAX, len, flags | XN_ALLOW_ROOT_DOT, NULL);
    if (rc == XN_E_BUFFER_TOO_SMALL)
        return XN_E_TOO_LONG;
    if (rc == XN_OK && *len > 0 && out[*len - 1] == '.')
        (*len)--;
    return rc;
}

int
xn_equal(const char *a, size_t a_len, const char *b, size_t b_len, unsigned flags,
         int *equal)
{
    char x[XN_DOMAIN_MAX], y[XN_DOMAIN_MAX];
    size_t xl = 0, yl = 0, i;
    int rc;

    if (!equal)
        return XN_E_INVALID_ARG;
    *equal = 0;
    rc = ascii_form(a, a_len, x, &xl, flags);
    if (rc != XN_OK)
        return rc;
    rc = ascii_form(b, b_len, y, &yl, flags);
    if (rc != XN_OK)
        return rc;
    if (xl != yl)
        return XN_OK;
    for (i = 0; i < xl; i++)
        if (lower((unsigned char)x[i]) != lower((unsigned char)y[i]))
            return XN_OK;
    *equal = 1;
    return XN_OK;
}
