/*
 * libidn2's lookup and registration on libxn: the flag set picks the xn
 * conversion, xn's report becomes libidn2's one return code, and the result
 * is held to libidn2's limits and handed out in malloc()ed memory.
 */
#include <stdlib.h>
#include <string.h>

#include "idn2-errors.h"
#include "idn2-lookup.h"
#include "idn2.h"
#include "xn.h"


/* HOT_INLINE: inlined where the compiler allows, so that idn2__lookup()'s
 * default way is one function with direct calls; OUT_OF_LINE keeps the
 * other ways out of that function's frame. */
#if defined(__GNUC__)
#define HOT_INLINE inline __attribute__((always_inline))
#define OUT_OF_LINE __attribute__((noinline))
#else
#define HOT_INLINE inline
#define OUT_OF_LINE
#endif

/* Flag sets libidn2 refuses; bits it does not know it ignores, and so does
 * this library (a program built for a later libidn2 may pass them). */
static bool bad_flags(int flags)
{
    return ((flags & IDN2_TRANSITIONAL) && (flags & IDN2_NONTRANSITIONAL)) ||
           ((flags & IDN2_NO_TR46) && (flags & (IDN2_TRANSITIONAL | IDN2_NONTRANSITIONAL))) ||
           ((flags & IDN2_ALABEL_ROUNDTRIP) && (flags & IDN2_NO_ALABEL_ROUNDTRIP));
}

/* ---- what libidn2 holds a result to ------------------------------------- */

bool idn2__is_ace_label(const char *s, size_t n)
{
    return n >= 4 && (s[0] == 'x' || s[0] == 'X') && (s[1] == 'n' || s[1] == 'N') &&
           s[2] == '-' && s[3] == '-';
}

/* Letters, digits, '-' and '_': what libidn2's Punycode decoder takes back
 * in an A-label. */
static bool alabel_chars(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            return false;
    }
    return true;
}

/* What libidn2 holds a lookup result s[0..n) to, in one pass over its
 * labels:
 * - hyphens: no label starts or ends with '-' (libidn2's
 *   IDN2_HYPHEN_STARTEND even without STD3 rules; an A-label never does, so
 *   this is the rule on ASCII labels), named before the others;
 * - labels of at most 63 octets, every one allowed to be empty (libidn2
 *   lets "a..b" through); the name at most 253 octets without a root dot;
 * - alabels: each A-label only of alabel_chars().  UTS #46 mapping without
 *   UseSTD3ASCIIRules can put a SPACE or other non-host ASCII into a
 *   U-label (U+00A8 becomes SPACE + U+0308); libidn2 refuses the A-label of
 *   such a label, and so does this library.  ASCII labels stay as the
 *   caller gave them, as in libidn2.
 * A name of at most 63 octets needs no length check, and one without '-'
 * none of its hyphens. */
static HOT_INLINE int check_output(const char *s, size_t n, bool hyphens, bool alabels)
{
    const char *p = s, *end = s + n;
    int rc = IDN2_OK;

    if (!alabels && n <= IDN2_LABEL_MAX_LENGTH && (!hyphens || !memchr(s, '-', n)))
        return IDN2_OK;
    for (;;) {
        const char *dot = memchr(p, '.', (size_t)(end - p));
        size_t len = (size_t)((dot ? dot : end) - p);
        if (hyphens && len > 0 && (p[0] == '-' || p[len - 1] == '-'))
            return IDN2_HYPHEN_STARTEND;
        if (rc == IDN2_OK && len > IDN2_LABEL_MAX_LENGTH)
            rc = IDN2_TOO_BIG_LABEL;
        if (rc == IDN2_OK && alabels && idn2__is_ace_label(p, len) && !alabel_chars(p, len))
            rc = IDN2_ALABEL_ROUNDTRIP_FAILED;
        if (!dot)
            break;
        p = dot + 1;
    }
    if (rc != IDN2_OK)
        return rc;
    if (n > 0 && s[n - 1] == '.')
        n--;
    return n > XN_DNS_NAME_MAX ? IDN2_TOO_BIG_DOMAIN : IDN2_OK;
}

typedef int (*xn_conv)(const char *, size_t, char *, size_t, size_t *, unsigned, xn_report *);

/* ---- lookup -------------------------------------------------------------- */

/* Whether byte offset `at` of name[0..n) is in an "xn--" label; if so,
 * name[*start..*end) is that label. */
static bool ace_label_at(const char *name, size_t n, size_t at, size_t *start, size_t *end)
{
    if (at >= n)
        return false;
    *start = *end = at;
    while (*start > 0 && name[*start - 1] != '.')
        --*start;
    while (*end < n && name[*end] != '.')
        ++*end;
    return idn2__is_ace_label(name + *start, *end - *start);
}

/* libidn2's code when a lookup under UTS #46 processing fails with a
 * DISALLOWED code point at byte offset `at` of name[0..n): when that code
 * point came out of an A-label and UTS #46 itself does not allow it (not
 * only IDNA2008), libidn2's UTS #46 step refuses the name first, with
 * IDN2_INVALID_NONTRANSITIONAL (UTS #46 section 4.1 step 4 checks decoded
 * labels nontransitionally, whatever the flags). */
static int ace_rc(const char *name, size_t n, size_t at)
{
    const unsigned xf = XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH;
    size_t start, end, len = 0;
    char tmp[XN_DOMAIN_MAX];
    xn_report rep = XN_REPORT_INIT;

    if (!ace_label_at(name, n, at, &start, &end))
        return IDN2_DISALLOWED;
    if (xn_label_to_unicode(name + start, end - start, tmp, sizeof tmp, &len, xf, &rep) ==
            XN_E_INVALID_DOMAIN &&
        (rep.errors & XN_ERR_V7))
        return IDN2_INVALID_NONTRANSITIONAL;
    return IDN2_DISALLOWED;
}

/* libidn2's code when a lookup fails because the "xn--" label at byte
 * offset `at` of name[0..n) is no A-label (xn's P4): libidn2's Punycode
 * decoder refuses it first, with IDN2_PUNYCODE_OVERFLOW for a number too
 * large and IDN2_PUNYCODE_BAD_INPUT otherwise (no Punycode, or Punycode of
 * nothing or of ASCII alone).  Not for a label holding '_', which libidn2's
 * decoder takes and then fails to round-trip, nor, without the UTS #46
 * step, for one with non-ASCII characters (README.md's table). */
static int alabel_rc(const char *name, size_t n, size_t at, bool no_tr46)
{
    size_t start, end, i, k = 0;
    uint32_t dec[64];
    int rc;

    if (!ace_label_at(name, n, at, &start, &end))
        return IDN2_ALABEL_ROUNDTRIP_FAILED;
    for (i = start; i < end; i++) {
        if (name[i] == '_')
            return IDN2_ALABEL_ROUNDTRIP_FAILED;
        if ((unsigned char)name[i] >= 0x80)
            return no_tr46 ? IDN2_ALABEL_ROUNDTRIP_FAILED : IDN2_PUNYCODE_BAD_INPUT;
    }
    rc = xn_punycode_decode(name + start + 4, end - start - 4, dec, 64, &k, NULL);
    if (rc == XN_E_PUNYCODE_OVERFLOW)
        return IDN2_PUNYCODE_OVERFLOW;
    if (rc != XN_OK && rc != XN_E_BUFFER_TOO_SMALL && rc != XN_E_TOO_LONG)
        return IDN2_PUNYCODE_BAD_INPUT;
    for (i = 0; rc == XN_OK && i < k; i++)
        if (dec[i] >= 0x80)
            return IDN2_ALABEL_ROUNDTRIP_FAILED; /* a U-label: P4 is about another label */
    return rc == XN_OK ? IDN2_PUNYCODE_BAD_INPUT : IDN2_ALABEL_ROUNDTRIP_FAILED;
}

/* A lookup result res[0..len) held to check_output(), and handed out in
 * malloc()ed memory (*heap when it is that already, else a copy). */
static HOT_INLINE int lookup_result(const char *res, size_t len, char *heap, bool hyphens,
                                    bool alabels, char **lookupname)
{
    int rc = check_output(res, len, hyphens, alabels);
    char *out = heap;
    if (rc == IDN2_OK && lookupname && !out) {
        out = malloc(len + 1);
        if (!out)
            return IDN2_MALLOC;
        memcpy(out, res, len);
    }
    if (rc == IDN2_OK && lookupname) {
        out[len] = '\0';
        *lookupname = out;
    } else {
        free(heap);
    }
    return rc;
}

/* A refused name (conv gave xn_rc), converted again for its report: with
 * the LDH rule when libidn2 counts it in (hyphens), as it names the first
 * check that fails, hyphens included. */
static OUT_OF_LINE int lookup_refused(xn_conv conv, const char *src, size_t n, unsigned xf,
                                    bool hyphens, int flags, int xn_rc)
{
    char small[XN_DOMAIN_MAX];
    size_t len = 0;
    xn_report rep = XN_REPORT_INIT;
    int rc = xn_rc;

    if (rc == XN_E_INVALID_DOMAIN) {
        rc = conv(src, n, small, sizeof small, &len, hyphens ? xf & ~XN_NO_STD3_RULES : xf,
                  &rep);
        if (rc != XN_E_INVALID_DOMAIN)
            return IDN2_ENCODING_ERROR; /* never: the same name, refused before */
    }
    rc = idn2__rc_of(rc, &rep);
    if (rc == IDN2_DISALLOWED && !(flags & IDN2_NO_TR46))
        rc = ace_rc(src, n, rep.offset);
    else if (rc == IDN2_ALABEL_ROUNDTRIP_FAILED && (rep.errors & XN_ERR_P4))
        rc = alabel_rc(src, n, rep.offset, (flags & IDN2_NO_TR46) != 0);
    return rc;
}

/* The conversion of idn2__lookup(): src[0..n) by conv with the xn flags xf into
 * *lookupname (malloc()ed; when lookupname is not NULL), held to
 * check_output() (hyphens: libidn2's hyphen rule is looked at there).  The
 * way most names take is one call into a buffer on the stack, with no
 * report, and one copy; a result that does not fit there is made again
 * into the heap; a refused name goes to lookup_refused(). */
static OUT_OF_LINE int lookup_with(xn_conv conv, const char *src, size_t n, unsigned xf,
                                    bool hyphens, int flags, char **lookupname)
{
    const bool alabels = conv == xn_to_ascii;
    char small[XN_DOMAIN_MAX], *heap;
    size_t len = 0;
    int rc = conv(src, n, small, sizeof small, &len, xf, NULL);

    if (rc == XN_OK) /* len may be sizeof small: it fits, then, without its NUL */
        return lookup_result(small, len, NULL, hyphens, alabels, lookupname);
    if (rc == XN_E_BUFFER_TOO_SMALL) {
        heap = malloc(len + 1);
        if (!heap)
            return IDN2_MALLOC;
        rc = conv(src, n, heap, len + 1, &len, xf, NULL);
        if (rc == XN_OK)
            return lookup_result(heap, len, heap, hyphens, alabels, lookupname);
        free(heap);
    }
    return lookup_refused(conv, src, n, xf, hyphens, flags, rc);
}

/* IDN2_NFC_INPUT: s[0..n) normalized to NFC by xn's normalizer (the one
 * normalization of the project: ICU's engine on xn's Unicode data), in a
 * malloc()ed copy. */
int idn2__nfc_dup(const char *s, size_t n, uint8_t **out, size_t *out_len)
{
    size_t len = 0;
    int rc = xn_nfc(s, n, NULL, 0, &len);
    *out = NULL;
    if (rc == XN_E_BUFFER_TOO_SMALL || rc == XN_OK) {
        *out = malloc(len + 1);
        if (!*out)
            return IDN2_MALLOC;
        rc = xn_nfc(s, n, (char *)*out, len + 1, &len);
    }
    if (rc == XN_OK) {
        *out_len = len;
        return IDN2_OK;
    }
    free(*out);
    *out = NULL;
    return rc == XN_E_NOMEM ? IDN2_MALLOC : rc == XN_E_BAD_UTF8 ? IDN2_ENCODING_ERROR : IDN2_NFC;
}

/* IDNA2008 alone (IDN2_NO_TR46): no mapping, so NFC only when asked for.
 * USE_STD3_ASCII_RULES belongs to UTS #46 and is ignored here, as by
 * libidn2: ASCII labels pass as they are. */
static int lookup_no_tr46(const char *src, char **lookupname, int flags)
{
    const unsigned xf = XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT | XN_NO_STD3_RULES;
    uint8_t *nfc = NULL;
    size_t n = strlen(src), nfc_len = 0;
    int rc;

    if (flags & IDN2_NFC_INPUT) {
        rc = idn2__nfc_dup(src, n, &nfc, &nfc_len);
        if (rc != IDN2_OK)
            return rc;
        src = (const char *)nfc;
        n = nfc_len;
    }
    rc = lookup_with(xn_idna2008_lookup, src, n, xf, false, flags, lookupname);
    free(nfc);
    return rc;
}

/* The default way, IDN2_NONTRANSITIONAL without USE_STD3_ASCII_RULES: the
 * UTS #46 mapping, then IDNA2008 lookup (xf), with libidn2's hyphen rule
 * (no '-' at either end of a label) and no other part of the LDH rule.
 *
 * The name is converted first under the whole LDH rule (xf has no
 * XN_NO_STD3_RULES), which only adds errors and never changes a result:
 * a name that passes it has the result it has without it, and that result
 * keeps libidn2's hyphen rule (its ASCII labels by the LDH rule; an A-label
 * never starts or ends with '-').  So nothing is scanned before: the
 * conversion goes straight into the block handed out, and what is left to
 * look at is the lengths (none in a result of at most 63 octets): the
 * U-labels' hyphens are lib's to check (XN_IDNA2008_HYPHEN_ENDS in xf).
 * The block is the name's length and 32 bytes more: room for most names
 * with a U-label (its A-label is longer; a mapping can make the result
 * longer too: ⅷ, three bytes, is "viii").  A name that fails the LDH
 * rule, or whose result does not fit, is converted again without it, and
 * check_output() holds its result to the hyphen rule. */
static HOT_INLINE int lookup_nontransitional(const char *src, unsigned xf, int flags,
                                             char **lookupname)
{
    const size_t n = strlen(src), cap = n + 32;
    size_t len = 0;
    char *out;
    int rc;

    if (!lookupname)
        return lookup_with(xn_idna2008_lookup, src, n, xf | XN_NO_STD3_RULES, true, flags,
                           lookupname);
    out = malloc(cap);
    if (!out)
        return IDN2_MALLOC;
    if (xn_idna2008_lookup(src, n, out, cap, &len, xf, NULL) == XN_OK && len < cap) {
        /* NUL-terminated by xn */
        rc = check_output(out, len, false, false);
        if (rc == IDN2_OK)
            *lookupname = out;
        else
            free(out);
        return rc;
    }
    free(out);
    return lookup_with(xn_idna2008_lookup, src, n, xf | XN_NO_STD3_RULES, true, flags,
                       lookupname);
}

/* IDNA2008 lookup of the NUL-terminated UTF-8 name src, as libidn2's flags
 * ask, into *lookupname (malloc()ed) when that is not NULL.  One trailing
 * root dot and empty labels pass (libidn2's leniency); lengths are held to
 * libidn2's limits by check_output(). */
int idn2__lookup(const char *src, char **lookupname, int flags)
{
    const unsigned common = XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT;
    const unsigned std3 = (flags & IDN2_USE_STD3_ASCII_RULES) ? 0 : XN_NO_STD3_RULES;
    const unsigned tr46 = XN_IDNA2008_MAP | XN_IDNA2008_HYPHEN_ENDS;

    if (lookupname)
        *lookupname = NULL;
    if (bad_flags(flags))
        return IDN2_INVALID_FLAGS;
    if (!src)
        return IDN2_OK;
    if (flags & IDN2_NO_TR46)
        return lookup_no_tr46(src, lookupname, flags);
    if (flags & IDN2_TRANSITIONAL) /* UTS #46 ToASCII with Transitional_Processing */
        return lookup_with(xn_to_ascii, src, strlen(src), common | XN_TRANSITIONAL | std3,
                           false, flags, lookupname);
    /* The default, IDN2_NONTRANSITIONAL: the UTS #46 mapping, then IDNA2008
     * lookup, with no U-label starting or ending with '-' (libidn2 applies
     * UTS #46 CheckHyphens' V3 there: IDN2_HYPHEN_STARTEND); with
     * USE_STD3_ASCII_RULES, under the whole LDH rule. */
    if (std3 == 0)
        return lookup_with(xn_idna2008_lookup, src, strlen(src), common | tr46, false, flags,
                           lookupname);
    return lookup_nontransitional(src, common | tr46, flags, lookupname);
}

int
idn2_lookup_u8(const uint8_t *src, uint8_t **lookupname, int flags)
{
    return idn2__lookup((const char *)src, (char **)lookupname, flags);
}

int
idn2_to_ascii_8z(const char *input, char **output, int flags)
{
    return idn2__lookup(input, output, flags);
}

/* ---- registration -------------------------------------------------------- */

static bool has_upper(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (s[i] >= 'A' && s[i] <= 'Z')
            return true;
    return false;
}

int
idn2_register_u8(const uint8_t *ulabel, const uint8_t *alabel, uint8_t **insertname,
                 int flags)
{
    const char *u = (const char *)ulabel;
    uint8_t *nfc = NULL;
    size_t ulen = u ? strlen(u) : 0, alen = alabel ? strlen((const char *)alabel) : 0;
    size_t len = 0, nfc_len = 0;
    xn_report rep = XN_REPORT_INIT;
    char small[XN_DOMAIN_MAX];
    int rc;

    if (insertname)
        *insertname = NULL;
    if (!ulabel && !alabel)
        return IDN2_OK;
    /* As libidn2: an empty A-label is none; an empty U-label alone
     * registers as the empty label. */
    if (alabel && (alen == 0 || has_upper((const char *)alabel, alen)))
        return IDN2_INVALID_ALABEL; /* registration takes the A-label's one, lower-case, form */
    if (!alabel && ulen == 0) {
        if (insertname) {
            *insertname = calloc(1, 1);
            if (!*insertname)
                return IDN2_MALLOC;
        }
        return IDN2_OK;
    }
    if (u && (flags & IDN2_NFC_INPUT)) {
        rc = idn2__nfc_dup(u, ulen, &nfc, &nfc_len);
        if (rc != IDN2_OK)
            return rc;
        u = (const char *)nfc;
        ulen = nfc_len;
    }
    rc = xn_idna2008_register(u, ulen, (const char *)alabel, alen, small, sizeof small, &len, 0,
                              &rep);
    free(nfc);
    /* An A-label given alone that is no A-label ("xn--" and Punycode of a
     * valid U-label, in its one spelling). */
    if (alabel && !ulabel &&
        (rc == XN_E_BAD_UTF8 ||
         (rc == XN_E_INVALID_DOMAIN && (rep.errors & (XN_ERR_ALABEL | XN_ERR_P4)))))
        return IDN2_INVALID_ALABEL;
    if (rc == XN_E_INVALID_DOMAIN && (rep.errors & XN_ERR_ALABEL))
        return IDN2_INVALID_ALABEL;
    if (rc == XN_E_BUFFER_TOO_SMALL || rc == XN_E_TOO_LONG)
        return IDN2_TOO_BIG_LABEL;
    rc = idn2__rc_of(rc, &rep);
    if (rc == IDN2_OK && insertname) {
        *insertname = malloc(len + 1);
        if (!*insertname)
            return IDN2_MALLOC;
        memcpy(*insertname, small, len); /* len may be sizeof small, without a NUL */
        (*insertname)[len] = 0;
    }
    return rc;
}
