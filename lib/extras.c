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

/* RFC 5321 §4.1.3 address literals, "[" and "]" already taken off:
 *   IPv4-address-literal  = Snum 3("." Snum), Snum = 1*3DIGIT of 0..255
 *   IPv6-address-literal  = "IPv6:" IPv6-addr
 *   General-address-literal = Standardized-tag ":" 1*dcontent
 * The Standardized-tag must be registered with IANA (§4.1.3), and the
 * registry of address literal tags holds "IPv6" alone: so a general
 * literal with any other tag is refused, and the IPv6 tag's content must
 * be an IPv6-addr.  ABNF strings match letters in any case ("ipv6:"). */

/* Snum at d[*i..n): 1 to 3 digits, 0..255.  Advances *i. */
static bool snum(const char *d, size_t n, size_t *i)
{
    unsigned v = 0;
    size_t k = 0;
    while (*i < n && k < 3 && (unsigned)(d[*i] - '0') < 10u) {
        v = v * 10 + (unsigned)(d[*i] - '0');
        (*i)++;
        k++;
    }
    return k > 0 && v <= 255 && !(*i < n && (unsigned)(d[*i] - '0') < 10u);
}

/* IPv4-address-literal: exactly d[0..n). */
static bool ipv4_literal(const char *d, size_t n)
{
    size_t i = 0;
    int part;
    for (part = 0; part < 4; part++) {
        if (part > 0 && (i >= n || d[i++] != '.'))
            return false;
        if (!snum(d, n, &i))
            return false;
    }
    return i == n;
}

static bool hex_digit(char c)
{
    unsigned u = (unsigned char)c;
    return u - '0' < 10u || (u | 0x20u) - 'a' < 6u;
}

/* A run of IPv6-hex groups separated by ':' at d[0..n), none or more:
 * the number of groups in *groups, false when a group is not 1*4HEXDIG. */
static bool hex_groups(const char *d, size_t n, size_t *groups)
{
    size_t i = 0, k;
    *groups = 0;
    if (n == 0)
        return true;
    for (;;) {
        for (k = 0; i < n && hex_digit(d[i]); i++)
            k++;
        if (k == 0 || k > 4)
            return false;
        (*groups)++;
        if (i == n)
            return true;
        if (d[i++] != ':' || i == n)
            return false;
    }
}

/* IPv6-addr (RFC 5321 §4.1.3): IPv6-full (8 groups), IPv6-comp (at most 6
 * groups beside "::"), IPv6v4-full (6 groups, then an IPv4 literal),
 * IPv6v4-comp (at most 4 groups beside "::" and the IPv4 literal). */
static bool ipv6_addr(const char *d, size_t n)
{
    size_t i, v4 = n, dc = n, before = 0, after = 0, end;
    /* An IPv4 literal ends it when a '.' follows the last ':'. */
    for (i = n; i > 0 && d[i - 1] != ':'; i--)
        ;
    if (i > 0 && memchr(d + i, '.', n - i)) {
        if (!ipv4_literal(d + i, n - i))
            return false;
        v4 = i; /* d[0..v4) ends with the ':' before the IPv4 part */
    }
    for (i = 0; i + 1 < v4; i++)
        if (d[i] == ':' && d[i + 1] == ':') {
            dc = i;
            break;
        }
    if (dc == n) { /* no "::": IPv6-full or IPv6v4-full */
        if (v4 == n)
            return hex_groups(d, n, &before) && before == 8;
        return v4 > 1 && hex_groups(d, v4 - 1, &before) && before == 6;
    }
    /* "::" once, groups on either side. */
    if (!hex_groups(d, dc, &before))
        return false;
    end = v4 == n ? n : v4;
    i = dc + 2;
    if (v4 != n) {
        /* IPv6v4-comp: "::" [groups ":"] IPv4; the ':' before IPv4 is the
         * second of "::" when no group stands between. */
        if (end < i)
            return false;
        if (end > i) {
            if (d[end - 1] != ':' || !hex_groups(d + i, end - 1 - i, &after) || after == 0)
                return false;
        }
        return before + after <= 4;
    }
    if (!hex_groups(d + i, end - i, &after))
        return false;
    return before + after <= 6;
}

/* The address literal d[0..n), brackets included. */
static bool address_literal(const char *d, size_t n)
{
    size_t i, colon;
    if (n < 3 || d[0] != '[' || d[n - 1] != ']')
        return false;
    d++;
    n -= 2;
    if ((unsigned)(d[0] - '0') < 10u && ipv4_literal(d, n))
        return true;
    /* Standardized-tag ":": an Ldh-str ending in a letter or digit. */
    for (colon = 0; colon < n && d[colon] != ':'; colon++)
        if (!xn__is_ldh((unsigned char)d[colon]))
            return false;
    if (colon == 0 || colon == n || d[colon - 1] == '-')
        return false;
    for (i = colon + 1; i < n; i++) {
        unsigned c = (unsigned char)d[i];
        if (c < 33 || c > 126 || c == '[' || c == '\\' || c == ']')
            return false;
    }
    if (colon == 4 && lower((unsigned char)d[0]) == 'i' && lower((unsigned char)d[1]) == 'p' &&
        lower((unsigned char)d[2]) == 'v' && d[3] == '6')
        return ipv6_addr(d + 5, n - 5);
    return false; /* no other tag is registered */
}

/* Whether a local part may hold cp (non-ASCII): not a C1 control (RFC 5198
 * §2, Net-Unicode, which RFC 6532's UTF-8 text follows: avoid them), a bidi
 * control (Bidi_Control: U+061C, U+200E, U+200F, U+202A..U+202E,
 * U+2066..U+2069) or U+2028, U+2029, which change how an address reads or
 * break its line: xn's rule, beyond RFC 6531 §3.3 and RFC 6532 §3.2, which
 * admit any UTF8-non-ascii. */
static bool local_char_ok(uint32_t cp)
{
    return !(cp <= 0x9F || cp == 0x061C || cp == 0x200E || cp == 0x200F ||
             (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
             cp == 0x2028 || cp == 0x2029);
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
     * ASCII control (RFC 5321 §4.1.2 allows none, quoted or not), and no
     * C1 control, bidi control, U+2028 or U+2029 (local_char_ok()). */
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
        if (!local_char_ok(c))
            return XN_E_BAD_ADDRESS;
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

/* ---- IDNA2008 registration of a whole name ------------------------------------- */

/* RFC 5891 §4 on each label of a name split at U+002E (IDNA2008 has no
 * other separator), then the name's own rules: no empty label (A4_2), at
 * most XN_DNS_NAME_MAX octets (A4_1), and, once every label passed, the
 * RFC 5893 Bidi rule across the labels, as xn_idna2008_lookup() applies it
 * to the name in A-labels.  The registered labels are joined into name[]. */
int
xn_idna2008_register_name(const char *in, size_t in_len, char *out, size_t out_cap,
                          size_t *out_len, unsigned flags, xn_report *report)
{
    char name[XN_DOMAIN_MAX];
    char label_out[XN_DNS_LABEL_MAX + 1];
    size_t n = 0, start = 0, end, label = 0;
    uint64_t errors = 0;
    xn__where first = {false, 0, 0, 0};
    int rc;

    xn__clear_report(report);
    if (out_len)
        *out_len = 0;
    if (xn__overlap(in, in_len, out, out_cap))
        return XN_E_INVALID_ARG;
    if (out && out_cap)
        out[0] = '\0';
    if ((!in && in_len) || (!out && out_cap) || !out_len || flags || xn__report_bad(report))
        return XN_E_INVALID_ARG;
    if (in_len == 0) {
        /* No label and no name: both lengths are broken. */
        xn__note(&first, 0, 0, XN_NO_CODE_POINT);
        xn__fill_report(report, XN_ERR_A4_1 | XN_ERR_A4_2, &first);
        return XN_E_INVALID_DOMAIN;
    }
    for (;;) {
        const char *s = in + start;
        size_t len, got = 0;
        xn_report rep = XN_REPORT_INIT;
        for (end = start; end < in_len && in[end] != '.'; end++)
            ;
        len = end - start;
        if (len == 0) {
            errors |= XN_ERR_A4_2;
            xn__note(&first, label, start, XN_NO_CODE_POINT);
        } else {
            if (xn__has_ace_prefix_bytes(s, len))
                rc = xn_idna2008_register(NULL, 0, s, len, label_out, sizeof label_out, &got, 0,
                                          &rep);
            else
                rc = xn_idna2008_register(s, len, NULL, 0, label_out, sizeof label_out, &got, 0,
                                          &rep);
            if (rc == XN_E_INVALID_DOMAIN) {
                errors |= rep.errors;
                xn__note(&first, label, start + rep.offset, rep.code_point);
            } else if (rc != XN_OK) {
                return rc; /* XN_E_BAD_UTF8, XN_E_TOO_LONG, XN_E_NOMEM ... */
            } else if (!errors) {
                if (n + (n > 0) + got > XN_DNS_NAME_MAX) {
                    errors |= XN_ERR_A4_1;
                    xn__note(&first, label, start, XN_NO_CODE_POINT);
                } else {
                    if (n > 0)
                        name[n++] = '.';
                    memcpy(name + n, label_out, got);
                    n += got;
                }
            }
        }
        if (end == in_len)
            break;
        start = end + 1;
        label++;
    }
    if (!errors) {
        /* The labels passed: the name's rules, on its A-label form. */
        char ascii[XN_DOMAIN_MAX];
        size_t got = 0, i, at = 0;
        xn_report rep = XN_REPORT_INIT;
        rc = xn_idna2008_lookup(name, n, ascii, sizeof ascii, &got, 0, &rep);
        if (rc == XN_E_INVALID_DOMAIN) {
            /* Its offsets count bytes of the A-label form: the place is
             * the start of the label in the input. */
            for (i = 0, label = 0; i < in_len && label < rep.label; i++)
                if (in[i] == '.') {
                    label++;
                    at = i + 1;
                }
            errors = rep.errors;
            xn__note(&first, rep.label, at, rep.code_point);
        } else if (rc != XN_OK) {
            return rc;
        }
    }
    if (errors) {
        xn__fill_report(report, errors, &first);
        return XN_E_INVALID_DOMAIN;
    }
    {
        xn__sink s = {out, out_cap, 0, false};
        xn__put(&s, name, n);
        return xn__finish(&s, 0, false, out, out_cap, out_len);
    }
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
