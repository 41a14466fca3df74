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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <uniconv.h>
#include <unistr.h>

#include "idn2.h"
#include "xn.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* HOT_INLINE: inlined where the compiler allows, so that lookup()'s
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

static bool is_ace_label(const char *s, size_t n)
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
        if (rc == IDN2_OK && alabels && is_ace_label(p, len) && !alabel_chars(p, len))
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

/* Whether an A-label in s[0..n) stands for a U-label that starts or ends
 * with '-': IDN2_HYPHEN_STARTEND, as libidn2 answers under UTS #46
 * processing (UTS #46 CheckHyphens, V3), where IDNA2008 lookup leaves that
 * rule to registration (RFC 5891 section 4.2.3.1).  Only an A-label with a
 * '-' after its prefix can: the U-label's '-' is a basic code point,
 * written out before the delimiter (RFC 3492 section 6.3). */
static int ulabel_hyphens(const char *s, size_t n)
{
    const char *p = s, *end = s + n;
    for (;;) {
        const char *dot = memchr(p, '.', (size_t)(end - p));
        size_t len = (size_t)((dot ? dot : end) - p), k = 0;
        uint32_t dec[64];
        if (is_ace_label(p, len) && memchr(p + 4, '-', len - 4) &&
            xn_punycode_decode(p + 4, len - 4, dec, 64, &k, NULL) == XN_OK && k > 0 &&
            (dec[0] == '-' || dec[k - 1] == '-'))
            return IDN2_HYPHEN_STARTEND;
        if (!dot)
            return IDN2_OK;
        p = dot + 1;
    }
}

typedef int (*xn_conv)(const char *, size_t, char *, size_t, size_t *, unsigned, xn_report *);

/* ---- lookup -------------------------------------------------------------- */

/* libidn2's code when a lookup under UTS #46 processing fails with a
 * DISALLOWED code point at byte offset `at` of name[0..n): when that code
 * point came out of an A-label and UTS #46 itself does not allow it (not
 * only IDNA2008), libidn2's UTS #46 step refuses the name first, with
 * IDN2_INVALID_NONTRANSITIONAL (UTS #46 section 4.1 step 4 checks decoded
 * labels nontransitionally, whatever the flags). */
static int ace_rc(const char *name, size_t n, size_t at)
{
    const unsigned xf = XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH;
    size_t start = at, end = at;
    char tmp[XN_DOMAIN_MAX];
    xn_report rep = XN_REPORT_INIT;
    size_t len = 0;

    if (at >= n)
        return IDN2_DISALLOWED;
    while (start > 0 && name[start - 1] != '.')
        start--;
    while (end < n && name[end] != '.')
        end++;
    if (!is_ace_label(name + start, end - start))
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
    size_t start = at, end = at, i, k = 0;
    uint32_t dec[64];
    int rc;

    if (at >= n)
        return IDN2_ALABEL_ROUNDTRIP_FAILED;
    while (start > 0 && name[start - 1] != '.')
        start--;
    while (end < n && name[end] != '.')
        end++;
    if (!is_ace_label(name + start, end - start))
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
                                    bool alabels, bool ulabels, char **lookupname)
{
    int rc = check_output(res, len, hyphens, alabels);
    char *out = heap;
    if (rc == IDN2_OK && ulabels)
        rc = ulabel_hyphens(res, len);
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
    rc = rc_of(rc, &rep);
    if (rc == IDN2_DISALLOWED && !(flags & IDN2_NO_TR46))
        rc = ace_rc(src, n, rep.offset);
    else if (rc == IDN2_ALABEL_ROUNDTRIP_FAILED && (rep.errors & XN_ERR_P4))
        rc = alabel_rc(src, n, rep.offset, (flags & IDN2_NO_TR46) != 0);
    return rc;
}

/* The conversion of lookup(): src[0..n) by conv with the xn flags xf into
 * *lookupname (malloc()ed; when lookupname is not NULL), held to
 * check_output() (hyphens: libidn2's hyphen rule is looked at there) and,
 * with ulabels, to ulabel_hyphens().  The
 * way most names take is one call into a buffer on the stack, with no
 * report, and one copy; a result that does not fit there is made again
 * into the heap; a refused name goes to lookup_refused(). */
static OUT_OF_LINE int lookup_with(xn_conv conv, const char *src, size_t n, unsigned xf,
                                    bool hyphens, int flags, char **lookupname)
{
    const bool ulabels = conv == xn_idna2008_lookup && !(flags & IDN2_NO_TR46);
    const bool alabels = conv == xn_to_ascii;
    char small[XN_DOMAIN_MAX], *heap;
    size_t len = 0;
    int rc = conv(src, n, small, sizeof small, &len, xf, NULL);

    if (rc == XN_OK) /* len may be sizeof small: it fits, then, without its NUL */
        return lookup_result(small, len, NULL, hyphens, alabels, ulabels, lookupname);
    if (rc == XN_E_BUFFER_TOO_SMALL) {
        heap = malloc(len + 1);
        if (!heap)
            return IDN2_MALLOC;
        rc = conv(src, n, heap, len + 1, &len, xf, NULL);
        if (rc == XN_OK)
            return lookup_result(heap, len, heap, hyphens, alabels, ulabels, lookupname);
        free(heap);
    }
    return lookup_refused(conv, src, n, xf, hyphens, flags, rc);
}

/* IDNA2008 alone (IDN2_NO_TR46): no mapping, so NFC only when asked for.
 * USE_STD3_ASCII_RULES belongs to UTS #46 and is ignored here, as by
 * libidn2: ASCII labels pass as they are. */
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

static int lookup_no_tr46(const char *src, char **lookupname, int flags)
{
    const unsigned xf = XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT | XN_NO_STD3_RULES;
    uint8_t *nfc = NULL;
    size_t n = strlen(src), nfc_len = 0;
    int rc;

    if (flags & IDN2_NFC_INPUT) {
        rc = nfc_dup(src, n, &nfc, &nfc_len);
        if (rc != IDN2_OK)
            return rc;
        src = (const char *)nfc;
        n = nfc_len;
    }
    rc = lookup_with(xn_idna2008_lookup, src, n, xf, false, flags, lookupname);
    free(nfc);
    return rc;
}

/* Whether s[0..n) holds "--", as every A-label does.  s has room for n
 * rounded up to a multiple of sixteen bytes, which are read whole; the
 * bytes from n on are masked off. */
static HOT_INLINE bool has_dashes(const char *s, size_t n)
{
    size_t i;
#if defined(__SSE2__)
    unsigned carry = 0;
    for (i = 0; i < n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned hy = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
        if (n - i < 16)
            hy &= (1u << (n - i)) - 1;
        if (hy & ((hy << 1) | carry))
            return true;
        carry = hy >> 15;
    }
#else
    for (i = 1; i < n; i++)
        if (s[i] == '-' && s[i - 1] == '-')
            return true;
#endif
    return false;
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
 * look at is the lengths (none in a result of at most 63 octets) and,
 * where the result holds "--", its U-labels' hyphens.  The block is the
 * name's length rounded up to sixteen bytes (xn writes a short name with
 * one store; has_dashes() reads whole blocks), and sixteen more, so that
 * most names with a U-label fit too.  A name that fails the LDH rule, or
 * whose result does not fit, is converted again without it, and
 * check_output() holds its result to the hyphen rule. */
static HOT_INLINE int lookup_nontransitional(const char *src, unsigned xf, int flags,
                                             char **lookupname)
{
    const size_t n = strlen(src), cap = (n | 15) + 1 + 16;
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
        if (rc == IDN2_OK && has_dashes(out, len))
            rc = ulabel_hyphens(out, len);
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
static int lookup(const char *src, char **lookupname, int flags)
{
    const unsigned common = XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT;
    const unsigned std3 = (flags & IDN2_USE_STD3_ASCII_RULES) ? 0 : XN_NO_STD3_RULES;

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
     * lookup; with USE_STD3_ASCII_RULES, under the whole LDH rule. */
    if (std3 == 0)
        return lookup_with(xn_idna2008_lookup, src, strlen(src), common | XN_IDNA2008_MAP,
                           false, flags, lookupname);
    return lookup_nontransitional(src, common | XN_IDNA2008_MAP, flags, lookupname);
}

int idn2_lookup_u8(const uint8_t *src, uint8_t **lookupname, int flags)
{
    return lookup((const char *)src, (char **)lookupname, flags);
}

/* ---- the locale's charset ----------------------------------------------- */

/* No conversion here ever substitutes or transliterates: a character the
 * target charset cannot carry fails the call.  ASCII and UTF-8 are checked
 * and copied here; any other charset goes through libunistring with the
 * error handler, and the result must convert back to exactly the bytes it
 * came from (iconv may transliterate even then). */
typedef enum { CHARSET_ASCII, CHARSET_UTF8, CHARSET_OTHER } charset_kind;

static charset_kind locale_kind(const char **name)
{
    static const char *const ascii[] = {"ASCII", "ANSI_X3.4-1968", "US-ASCII", "646"};
    const char *cs = locale_charset();
    size_t i;
    *name = cs;
    if (strcmp(cs, "UTF-8") == 0)
        return CHARSET_UTF8;
    for (i = 0; i < sizeof ascii / sizeof ascii[0]; i++)
        if (strcmp(cs, ascii[i]) == 0)
            return CHARSET_ASCII;
    return CHARSET_OTHER;
}


static bool all_ascii(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

/* A malloc()ed NUL-terminated copy of s[0..n); NULL when out of memory. */
static char *copy_z(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

/* The NUL-terminated string src, in the locale's charset, to UTF-8
 * (malloc()ed, NUL-terminated).  Text the charset does not hold, or a
 * character it cannot be converted from, is IDN2_ICONV_FAIL, as with
 * libidn2. */
static int from_locale(const char *src, char **u8)
{
    const char *cs;
    size_t n = strlen(src), len = 0, back_len = 0;
    uint8_t *conv;
    char *back;
    bool same;

    *u8 = NULL;
    switch (locale_kind(&cs)) {
    case CHARSET_UTF8:
        if (u8_check((const uint8_t *)src, n))
            return IDN2_ICONV_FAIL;
        break;
    case CHARSET_ASCII:
        if (!all_ascii(src, n))
            return IDN2_ICONV_FAIL;
        break;
    case CHARSET_OTHER:
        if (all_ascii(src, n))
            break; /* glibc's locale charsets all spell ASCII as ASCII */
        conv = u8_conv_from_encoding(cs, iconveh_error, src, n, NULL, NULL, &len);
        if (!conv)
            return errno == ENOMEM ? IDN2_MALLOC : IDN2_ICONV_FAIL;
        back = u8_conv_to_encoding(cs, iconveh_error, conv, len, NULL, NULL, &back_len);
        same = back && back_len == n && memcmp(back, src, n) == 0;
        free(back);
        if (!same) {
            int rc = !back && errno == ENOMEM ? IDN2_MALLOC : IDN2_ICONV_FAIL;
            free(conv);
            return rc;
        }
        *u8 = copy_z((const char *)conv, len);
        free(conv);
        return *u8 ? IDN2_OK : IDN2_MALLOC;
    }
    *u8 = copy_z(src, n);
    return *u8 ? IDN2_OK : IDN2_MALLOC;
}

/* The NUL-terminated UTF-8 string *s to the locale's charset, replacing
 * *s (freed either way; NULL on failure).  A character the charset cannot
 * carry is IDN2_ENCODING_ERROR, as libidn2 answers for to_unicode. */
static int to_locale(char **s)
{
    const char *cs, *u = *s;
    size_t n = strlen(u), len = 0, back_len = 0;
    char *conv = NULL;
    uint8_t *back;
    bool same;
    int rc = IDN2_OK;

    switch (locale_kind(&cs)) {
    case CHARSET_UTF8:
        return IDN2_OK; /* already well-formed UTF-8 */
    case CHARSET_ASCII:
        if (all_ascii(u, n))
            return IDN2_OK;
        rc = IDN2_ENCODING_ERROR;
        break;
    case CHARSET_OTHER:
        if (all_ascii(u, n))
            return IDN2_OK;
        conv = u8_conv_to_encoding(cs, iconveh_error, (const uint8_t *)u, n, NULL, NULL, &len);
        if (!conv) {
            rc = errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
            break;
        }
        back = u8_conv_from_encoding(cs, iconveh_error, conv, len, NULL, NULL, &back_len);
        same = back && back_len == n && memcmp(back, u, n) == 0;
        if (!same)
            rc = !back && errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
        free(back);
        break;
    }
    free(*s);
    *s = NULL;
    if (rc == IDN2_OK) {
        *s = copy_z(conv, len);
        if (!*s)
            rc = IDN2_MALLOC;
    }
    free(conv);
    return rc;
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
    /* libidn2 documents that the locale forms normalize to NFC. */
    if (rc == IDN2_OK)
        rc = lookup(u8, lookupname, flags | IDN2_NFC_INPUT);
    free(u8);
    return rc;
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
                              (uint8_t **)insertname, flags | IDN2_NFC_INPUT);
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

/* ToUnicode as libidn2 does it, on a NUL-terminated UTF-8 name: the name
 * is split at U+002E only; each label that starts with "xn--" (in any case)
 * is decoded, and every other label is returned exactly as given (case,
 * compatibility characters and all).  Unlike libidn2, what a label decodes
 * to is checked as UTS #46 ToUnicode checks one label (nontransitional, no
 * STD3, hyphen or length rules: xn_label_to_unicode()); a label that does
 * not pass fails the call with the rule's code. */
static int to_unicode(const char *input, char **output)
{
    const unsigned xf = XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH;
    size_t n, start, i, o = 0, cap;
    char *out;

    *output = NULL;
    if (!input)
        return IDN2_OK;
    n = strlen(input);
    if (u8_check((const uint8_t *)input, n))
        return IDN2_ENCODING_ERROR;
    /* A label of k bytes decodes to at most 4 (k - 4) bytes of UTF-8: each
     * code point costs at least one byte of Punycode. */
    cap = 4 * n + 1;
    out = malloc(cap);
    if (!out)
        return IDN2_MALLOC;
    for (start = 0, i = 0; i <= n; i++) {
        size_t len;
        if (i < n && input[i] != '.')
            continue;
        len = i - start;
        if (is_ace_label(input + start, len)) {
            xn_report rep = XN_REPORT_INIT;
            size_t got = 0;
            int rc;
            if (!all_ascii(input + start, len)) {
                free(out);
                return IDN2_PUNYCODE_BAD_INPUT; /* Punycode is ASCII (RFC 3492 section 5) */
            }
            rc = xn_label_to_unicode(input + start, len, out + o, cap - o, &got, xf, &rep);
            if (rc != XN_OK) {
                free(out);
                if (rc == XN_E_INVALID_DOMAIN && (rep.errors & XN_ERR_P4))
                    /* as libidn2 says of a label it cannot decode */
                    return IDN2_PUNYCODE_BAD_INPUT;
                if (rc == XN_E_TOO_LONG)
                    return IDN2_PUNYCODE_BIG_OUTPUT;
                return rc_of(rc, &rep);
            }
            o += got;
        } else {
            memcpy(out + o, input + start, len);
            o += len;
        }
        if (i < n)
            out[o++] = '.';
        start = i + 1;
    }
    out[o] = '\0';
    *output = out;
    return IDN2_OK;
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
    /* libidn2's own spelling of this one name, which programs print. */
    if (rc == IDN2_NO_CODESET)
        return "IDN2_NO_NODESET";
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
