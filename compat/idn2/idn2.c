/*
 * libidn2's interface on libxn.
 *
 * A thin adapter: it picks the libxn conversion a libidn2 flag set stands
 * for, turns xn's report into libidn2's one return code, converts between
 * UTF-8, UTF-32 and the locale's charset (libunistring), and hands results
 * out in malloc()ed memory.  Every IDNA rule is libxn's; README.md lists
 * where that makes a result differ from libidn2's.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <uniconv.h>
#include <unistr.h>

#include "idn2.h"
#include "xn.h"

#define KNOWN_FLAGS                                                                     \
    (IDN2_NFC_INPUT | IDN2_ALABEL_ROUNDTRIP | IDN2_TRANSITIONAL | IDN2_NONTRANSITIONAL | \
     IDN2_ALLOW_UNASSIGNED | IDN2_USE_STD3_ASCII_RULES | IDN2_NO_TR46 | IDN2_NO_ALABEL_ROUNDTRIP)

/* ---- results ------------------------------------------------------------- */

/* libidn2's code for what xn found wrong.  libidn2 stops at its first
 * failing check, in this order within a label (NFC, hyphens, leading
 * combining mark, the code points, joiners, CONTEXTO, unassigned, Bidi);
 * xn reports every rule at once, so the first in that order wins. */
static int rc_of_errors(uint64_t e)
{
    static const struct {
        uint64_t bits;
        int rc;
    } order[] = {
        {XN_ERR_P4 | XN_ERR_ALABEL | XN_ERR_A3, IDN2_ALABEL_ROUNDTRIP_FAILED},
        {XN_ERR_V1, IDN2_NOT_NFC},
        {XN_ERR_V2, IDN2_2HYPHEN},
        {XN_ERR_V3, IDN2_HYPHEN_STARTEND},
        {XN_ERR_V6, IDN2_LEADING_COMBINING},
        {XN_ERR_V5, IDN2_DOT_IN_LABEL},
        {XN_ERR_DISALLOWED | XN_ERR_V7 | XN_ERR_U1 | XN_ERR_V4, IDN2_DISALLOWED},
        {XN_ERR_C1 | XN_ERR_C2, IDN2_CONTEXTJ},
        {XN_ERR_CONTEXTO, IDN2_CONTEXTO},
        {XN_ERR_UNASSIGNED, IDN2_UNASSIGNED},
        {XN_ERR_B1 | XN_ERR_B2 | XN_ERR_B3 | XN_ERR_B4 | XN_ERR_B5 | XN_ERR_B6, IDN2_BIDI},
        {XN_ERR_MISMATCH, IDN2_UALABEL_MISMATCH},
        {XN_ERR_A4_2, IDN2_TOO_BIG_LABEL},
        {XN_ERR_A4_1, IDN2_TOO_BIG_DOMAIN},
    };
    size_t i;
    for (i = 0; i < sizeof order / sizeof order[0]; i++)
        if (e & order[i].bits)
            return order[i].rc;
    return IDN2_ENCODING_ERROR;
}

static int rc_of(int xn_rc, const xn_report *rep)
{
    switch (xn_rc) {
    case XN_OK:
        return IDN2_OK;
    case XN_E_NOMEM:
        return IDN2_MALLOC;
    case XN_E_TOO_LONG:
        return IDN2_TOO_BIG_LABEL;
    case XN_E_INVALID_DOMAIN:
        return rc_of_errors(rep->errors);
    default: /* XN_E_BAD_UTF8, and nothing else a valid call returns */
        return IDN2_ENCODING_ERROR;
    }
}

/* The DNS limits libidn2 holds a result to (xn checks them with the
 * lookup itself only as A4_1/A4_2; here every label is allowed to be
 * empty, as libidn2 allows "a..b"). */
static int check_lengths(const char *s, size_t n)
{
    size_t start = 0, i;
    for (i = 0; i <= n; i++) {
        if (i == n || s[i] == '.') {
            if (i - start > IDN2_LABEL_MAX_LENGTH)
                return IDN2_TOO_BIG_LABEL;
            start = i + 1;
        }
    }
    if (n > 0 && s[n - 1] == '.')
        n--;
    return n > XN_DNS_NAME_MAX ? IDN2_TOO_BIG_DOMAIN : IDN2_OK;
}

typedef int (*xn_conv)(const char *, size_t, char *, size_t, size_t *, unsigned, xn_report *);

/* Runs conv into a malloc()ed NUL-terminated string. */
static int convert(xn_conv conv, const char *in, size_t n, unsigned flags, char **out,
                   size_t *out_len, xn_report *rep)
{
    char small[XN_DOMAIN_MAX];
    size_t len = 0;
    int rc = conv(in, n, small, sizeof small, &len, flags, rep);

    *out = NULL;
    if (rc == XN_OK) {
        /* len may be sizeof small: it fits, then, but without its NUL. */
        *out = malloc(len + 1);
        if (!*out)
            return XN_E_NOMEM;
        memcpy(*out, small, len);
        (*out)[len] = '\0';
    } else if (rc == XN_E_BUFFER_TOO_SMALL) {
        *out = malloc(len + 1);
        if (!*out)
            return XN_E_NOMEM;
        rc = conv(in, n, *out, len + 1, &len, flags, rep);
        if (rc != XN_OK) {
            free(*out);
            *out = NULL;
        }
    }
    *out_len = len;
    return rc;
}

/* ---- lookup -------------------------------------------------------------- */

/* IDNA2008 lookup of the NUL-terminated UTF-8 name src, as libidn2's flags
 * ask, into *lookupname (malloc()ed) when that is not NULL. */
/* IDN2_NFC_INPUT: s[0..n) normalized to NFC by xn's normalizer (the one
 * normalization of the project: ICU's engine on xn's Unicode data), in a
 * malloc()ed copy. */
static int nfc_dup(const char *s, size_t n, uint8_t **out, size_t *out_len)
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

static int lookup(const char *src, char **lookupname, int flags)
{
    const unsigned common = XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT;
    bool std3 = (flags & IDN2_USE_STD3_ASCII_RULES) != 0;
    uint8_t *nfc = NULL;
    size_t n, nfc_len = 0, len = 0;
    char *out = NULL;
    xn_report rep = XN_REPORT_INIT;
    xn_conv conv;
    unsigned xf;
    int rc;

    if (lookupname)
        *lookupname = NULL;
    if ((flags & ~KNOWN_FLAGS) ||
        ((flags & IDN2_TRANSITIONAL) && (flags & IDN2_NONTRANSITIONAL)) ||
        ((flags & IDN2_NO_TR46) && (flags & (IDN2_TRANSITIONAL | IDN2_NONTRANSITIONAL))))
        return IDN2_INVALID_FLAGS;
    if (!src)
        return IDN2_OK;
    n = strlen(src);

    if (flags & IDN2_NO_TR46) {
        /* IDNA2008 alone: no mapping, so NFC only when asked for. */
        if (flags & IDN2_NFC_INPUT) {
            rc = nfc_dup(src, n, &nfc, &nfc_len);
            if (rc != IDN2_OK)
                return rc;
            src = (const char *)nfc;
            n = nfc_len;
        }
        /* USE_STD3_ASCII_RULES belongs to UTS #46 and is ignored here, as
         * by libidn2: ASCII labels pass as they are. */
        conv = xn_idna2008_lookup;
        xf = common | XN_NO_STD3_RULES;
    } else if (flags & IDN2_TRANSITIONAL) {
        /* UTS #46 ToASCII with Transitional_Processing. */
        conv = xn_to_ascii;
        xf = common | XN_TRANSITIONAL | (std3 ? 0 : XN_NO_STD3_RULES);
    } else {
        /* The default, IDN2_NONTRANSITIONAL: the UTS #46 mapping, then
         * IDNA2008 lookup.  Without STD3 rules libidn2 still refuses a
         * hyphen at either end of a label: xn's LDH rule is applied and only
         * its "not a letter, digit or hyphen" part (U1) forgiven. */
        conv = xn_idna2008_lookup;
        xf = common | XN_IDNA2008_MAP;
    }

    rc = convert(conv, src, n, xf, &out, &len, &rep);
    if (rc == XN_E_INVALID_DOMAIN && conv == xn_idna2008_lookup && !(flags & IDN2_NO_TR46) &&
        !std3 && (rep.errors & ~XN_ERR_U1) == 0)
        rc = convert(conv, src, n, xf | XN_NO_STD3_RULES, &out, &len, &rep);
    rc = rc_of(rc, &rep);
    if (rc == IDN2_OK)
        rc = check_lengths(out, len);
    if (rc == IDN2_OK && lookupname)
        *lookupname = out;
    else
        free(out);
    free(nfc);
    return rc;
}

int idn2_lookup_u8(const uint8_t *src, uint8_t **lookupname, int flags)
{
    return lookup((const char *)src, (char **)lookupname, flags);
}

/* The locale's charset to UTF-8 (libunistring), NUL-terminated. */
static int from_locale(const char *src, char **u8)
{
    *u8 = (char *)u8_strconv_from_locale(src);
    if (!*u8)
        return errno == ENOMEM ? IDN2_MALLOC : IDN2_ICONV_FAIL;
    return IDN2_OK;
}

/* UTF-8 to the locale's charset, replacing *s. */
static int to_locale(char **s)
{
    char *l = u8_strconv_to_locale((const uint8_t *)*s);
    free(*s);
    *s = l;
    if (!l)
        return errno == ENOMEM ? IDN2_MALLOC : IDN2_ICONV_FAIL;
    return IDN2_OK;
}

int idn2_lookup_ul(const char *src, char **lookupname, int flags)
{
    char *u8 = NULL;
    int rc;
    if (lookupname)
        *lookupname = NULL;
    if (!src)
        return lookup(NULL, lookupname, flags);
    rc = from_locale(src, &u8);
    if (rc == IDN2_OK)
        rc = lookup(u8, lookupname, flags);
    free(u8);
    return rc;
}

/* ---- registration -------------------------------------------------------- */

int idn2_register_u8(const uint8_t *ulabel, const uint8_t *alabel, uint8_t **insertname,
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
    if (u && (flags & IDN2_NFC_INPUT)) {
        rc = nfc_dup(u, ulen, &nfc, &nfc_len);
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
    rc = rc_of(rc, &rep);
    if (rc == IDN2_OK && insertname) {
        *insertname = malloc(len + 1);
        if (!*insertname)
            return IDN2_MALLOC;
        memcpy(*insertname, small, len); /* len may be sizeof small, without a NUL */
        (*insertname)[len] = 0;
    }
    return rc;
}

int idn2_register_ul(const char *ulabel, const char *alabel, char **insertname, int flags)
{
    char *u8 = NULL;
    int rc = IDN2_OK;
    if (insertname)
        *insertname = NULL;
    if (ulabel)
        rc = from_locale(ulabel, &u8);
    if (rc == IDN2_OK)
        rc = idn2_register_u8((const uint8_t *)u8, (const uint8_t *)alabel,
                              (uint8_t **)insertname, flags);
    free(u8);
    return rc;
}

/* ---- to ASCII ------------------------------------------------------------ */

int idn2_to_ascii_8z(const char *input, char **output, int flags)
{
    return lookup(input, output, flags);
}

int idn2_to_ascii_lz(const char *input, char **output, int flags)
{
    return idn2_lookup_ul(input, output, flags);
}

/* UTF-32 to NUL-terminated UTF-8 (malloc()ed); an embedded U+0000 ends
 * the name there, as in libidn2. */
static int u32_to_u8z(const uint32_t *in, size_t n, uint8_t **out)
{
    size_t len = 0;
    uint8_t *u8 = u32_to_u8(in, n, NULL, &len), *z;
    *out = NULL;
    if (!u8)
        return errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
    z = realloc(u8, len + 1);
    if (!z) {
        free(u8);
        return IDN2_MALLOC;
    }
    z[len] = 0;
    *out = z;
    return IDN2_OK;
}

int idn2_to_ascii_4i2(const uint32_t *input, size_t inlen, char **output, int flags)
{
    uint8_t *u8;
    int rc;

    if (output)
        *output = NULL;
    if (!input)
        return lookup(NULL, output, flags);
    rc = u32_to_u8z(input, inlen, &u8);
    if (rc != IDN2_OK)
        return rc;
    rc = lookup((const char *)u8, output, flags);
    free(u8);
    return rc;
}

int idn2_to_ascii_4i(const uint32_t *input, size_t inlen, char *output, int flags)
{
    char *out = NULL;
    int rc;
    if (!input) {
        if (output)
            *output = '\0';
        return IDN2_OK;
    }
    rc = idn2_to_ascii_4i2(input, inlen, &out, flags);
    if (rc == IDN2_OK) {
        /* libidn2 documents this buffer as IDN2_LABEL_MAX_LENGTH + 1 bytes;
         * a longer result is refused rather than written past it. */
        size_t len = strlen(out);
        if (len > IDN2_LABEL_MAX_LENGTH)
            rc = IDN2_TOO_BIG_DOMAIN;
        else if (output)
            memcpy(output, out, len + 1);
    }
    free(out);
    return rc;
}

int idn2_to_ascii_4z(const uint32_t *input, char **output, int flags)
{
    size_t n = 0;
    if (output)
        *output = NULL;
    if (!input)
        return IDN2_OK;
    while (input[n])
        n++;
    return idn2_to_ascii_4i2(input, n, output, flags);
}

/* ---- to Unicode ---------------------------------------------------------- */

/* UTS #46 ToUnicode, nontransitional, lenient where libidn2 is (no STD3 or
 * hyphen rules, no lengths), of a NUL-terminated UTF-8 name. */
static int to_unicode(const char *input, char **output)
{
    const unsigned xf = XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH;
    xn_report rep = XN_REPORT_INIT;
    size_t len = 0;
    int rc;

    *output = NULL;
    if (!input)
        return IDN2_OK;
    rc = convert(xn_to_unicode, input, strlen(input), xf, output, &len, &rep);
    if (rc == XN_E_INVALID_DOMAIN && (rep.errors & XN_ERR_P4))
        return IDN2_PUNYCODE_BAD_INPUT; /* as libidn2 says of an "xn--" label it cannot decode */
    return rc_of(rc, &rep);
}

int idn2_to_unicode_8z8z(const char *input, char **output, int flags)
{
    char *out = NULL;
    int rc;
    (void)flags; /* libidn2 takes none here */
    if (output)
        *output = NULL;
    rc = to_unicode(input, &out);
    if (rc == IDN2_OK && output)
        *output = out;
    else
        free(out);
    return rc;
}

int idn2_to_unicode_8zlz(const char *input, char **output, int flags)
{
    char *out = NULL;
    int rc = idn2_to_unicode_8z8z(input, &out, flags);
    if (output)
        *output = NULL;
    if (rc == IDN2_OK && out)
        rc = to_locale(&out);
    if (rc == IDN2_OK && output)
        *output = out;
    else
        free(out);
    return rc;
}

int idn2_to_unicode_lzlz(const char *input, char **output, int flags)
{
    char *u8 = NULL;
    int rc = IDN2_OK;
    if (output)
        *output = NULL;
    if (input)
        rc = from_locale(input, &u8);
    if (rc == IDN2_OK)
        rc = idn2_to_unicode_8zlz(u8, output, flags);
    free(u8);
    return rc;
}

int idn2_to_unicode_8z4z(const char *input, uint32_t **output, int flags)
{
    char *out = NULL;
    int rc = idn2_to_unicode_8z8z(input, &out, flags);
    if (output)
        *output = NULL;
    if (rc == IDN2_OK && out && output) {
        size_t n = 0;
        uint32_t *u32 = u8_to_u32((const uint8_t *)out, strlen(out) + 1, NULL, &n);
        if (!u32)
            rc = errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
        *output = u32;
    }
    free(out);
    return rc;
}

int idn2_to_unicode_4z4z(const uint32_t *input, uint32_t **output, int flags)
{
    uint8_t *u8 = NULL;
    int rc;
    if (output)
        *output = NULL;
    if (input) {
        size_t n = 0, k = 0;
        while (input[k])
            k++;
        u8 = u32_to_u8(input, k + 1, NULL, &n); /* with the terminating 0 */
        if (!u8)
            return errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
    }
    rc = idn2_to_unicode_8z4z((const char *)u8, output, flags);
    free(u8);
    return rc;
}

int idn2_to_unicode_44i(const uint32_t *in, size_t inlen, uint32_t *out, size_t *outlen,
                        int flags)
{
    uint8_t *u8;
    uint32_t *res = NULL;
    size_t k = 0;
    int rc;

    if (!in) {
        if (outlen)
            *outlen = 0;
        return IDN2_OK;
    }
    rc = u32_to_u8z(in, inlen, &u8);
    if (rc != IDN2_OK)
        return rc;
    rc = idn2_to_unicode_8z4z((const char *)u8, &res, flags);
    free(u8);
    if (rc == IDN2_OK) {
        while (res[k])
            k++;
        /* As libidn2: *outlen is the room in out, in code points; the
         * result is cut to it. */
        if (outlen) {
            if (k > *outlen)
                k = *outlen;
            if (out)
                memcpy(out, res, k * sizeof *res);
            *outlen = k;
        }
    }
    free(res);
    return rc;
}

/* ---- Punycode (RFC 3492), as libidn2 exports it -------------------------- */

/* Not in idn2.h, as not in libidn2's: exported for the programs that
 * linked against them. */
_IDN2_API int _idn2_punycode_encode(size_t input_length, const uint32_t input[],
                                    size_t *output_length, char output[]);
_IDN2_API int _idn2_punycode_decode(size_t input_length, const char input[],
                                    size_t *output_length, uint32_t output[]);

static int punycode_rc(int rc)
{
    switch (rc) {
    case XN_OK:
        return IDN2_OK;
    case XN_E_BUFFER_TOO_SMALL:
    case XN_E_TOO_LONG:
        return IDN2_PUNYCODE_BIG_OUTPUT;
    case XN_E_PUNYCODE_OVERFLOW:
        return IDN2_PUNYCODE_OVERFLOW;
    default:
        return IDN2_PUNYCODE_BAD_INPUT;
    }
}

/* *output_length: the room in output on entry, the length on return. */
int _idn2_punycode_encode(size_t input_length, const uint32_t input[], size_t *output_length,
                          char output[])
{
    size_t n = 0;
    int rc;
    if (!output_length)
        return IDN2_PUNYCODE_BAD_INPUT;
    rc = xn_punycode_encode(input, input_length, NULL, output, *output_length, &n);
    if (rc == XN_OK)
        *output_length = n;
    return punycode_rc(rc);
}

int _idn2_punycode_decode(size_t input_length, const char input[], size_t *output_length,
                          uint32_t output[])
{
    size_t n = 0;
    int rc;
    if (!output_length)
        return IDN2_PUNYCODE_BAD_INPUT;
    rc = xn_punycode_decode(input, input_length, output, *output_length, &n, NULL);
    if (rc == XN_OK)
        *output_length = n;
    return punycode_rc(rc);
}

/* ---- errors, version, memory --------------------------------------------- */

#define IDN2_RC_LIST(X)                                                               \
    X(IDN2_OK, "success")                                                             \
    X(IDN2_MALLOC, "out of memory")                                                   \
    X(IDN2_NO_CODESET, "the locale's charset could not be found")                     \
    X(IDN2_ICONV_FAIL, "the text could not be converted between charsets")            \
    X(IDN2_ENCODING_ERROR, "the text is not well-formed Unicode")                     \
    X(IDN2_NFC, "the text could not be normalized to NFC")                            \
    X(IDN2_PUNYCODE_BAD_INPUT, "invalid Punycode")                                    \
    X(IDN2_PUNYCODE_BIG_OUTPUT, "the Punycode result does not fit")                   \
    X(IDN2_PUNYCODE_OVERFLOW, "Punycode arithmetic overflow")                         \
    X(IDN2_TOO_BIG_DOMAIN, "the domain name is too long")                             \
    X(IDN2_TOO_BIG_LABEL, "a label is too long")                                      \
    X(IDN2_INVALID_ALABEL, "not a valid A-label")                                     \
    X(IDN2_UALABEL_MISMATCH, "the U-label and the A-label do not match")              \
    X(IDN2_INVALID_FLAGS, "flags that do not go together")                            \
    X(IDN2_NOT_NFC, "a label is not in NFC")                                          \
    X(IDN2_2HYPHEN, "a label has \"--\" in its third and fourth positions")           \
    X(IDN2_HYPHEN_STARTEND, "a label starts or ends with a hyphen")                   \
    X(IDN2_LEADING_COMBINING, "a label starts with a combining mark")                 \
    X(IDN2_DISALLOWED, "a code point is DISALLOWED")                                  \
    X(IDN2_CONTEXTJ, "a ZERO WIDTH JOINER or NON-JOINER is out of context")           \
    X(IDN2_CONTEXTJ_NO_RULE, "a CONTEXTJ code point has no rule")                     \
    X(IDN2_CONTEXTO, "a CONTEXTO code point is out of context")                       \
    X(IDN2_CONTEXTO_NO_RULE, "a CONTEXTO code point has no rule")                     \
    X(IDN2_UNASSIGNED, "a code point is unassigned")                                  \
    X(IDN2_BIDI, "the name breaks the Bidi rule")                                     \
    X(IDN2_DOT_IN_LABEL, "a label contains a dot")                                    \
    X(IDN2_INVALID_TRANSITIONAL, "not valid under transitional processing")           \
    X(IDN2_INVALID_NONTRANSITIONAL, "not valid under nontransitional processing")     \
    X(IDN2_ALABEL_ROUNDTRIP_FAILED, "an A-label does not encode back to itself")

const char *idn2_strerror(int rc)
{
    switch (rc) {
#define TEXT(name, text) \
    case name:           \
        return text;
        IDN2_RC_LIST(TEXT)
#undef TEXT
    default:
        return "unknown error";
    }
}

const char *idn2_strerror_name(int rc)
{
    switch (rc) {
#define NAME(name, text) \
    case name:           \
        return #name;
        IDN2_RC_LIST(NAME)
#undef NAME
    default:
        return "IDN2_UNKNOWN";
    }
}

/* "2.3.8" and the like, to one comparable number; -1 if not that form. */
static long version_number(const char *v)
{
    long part[3] = {0, 0, 0};
    int k = 0;
    if (!*v)
        return -1;
    while (*v && k < 3) {
        if (*v < '0' || *v > '9')
            return -1;
        while (*v >= '0' && *v <= '9') {
            part[k] = part[k] * 10 + (*v - '0');
            if (part[k] > 9999)
                return -1;
            v++;
        }
        k++;
        if (*v == '.')
            v++;
        else
            break;
    }
    return part[0] * 100000000L + part[1] * 10000L + part[2];
}

const char *idn2_check_version(const char *req_version)
{
    if (!req_version)
        return IDN2_VERSION;
    return version_number(req_version) >= 0 &&
                   version_number(req_version) <= version_number(IDN2_VERSION)
               ? IDN2_VERSION
               : NULL;
}

void idn2_free(void *ptr)
{
    free(ptr);
}
