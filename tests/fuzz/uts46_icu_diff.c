/*
 * Property: xn's UTS #46 ToASCII and ToUnicode agree with ICU's
 * (uidna_openUTS46 + uidna_nameToASCII_UTF8 / uidna_nameToUnicodeUTF8) on
 * any input: the same success or failure, and on success the same output.
 * Options: nontransitional both ways, CHECK_BIDI, CHECK_CONTEXTJ, and
 * USE_STD3_RULES when bit 0 of the last input byte is set (xn: flags 0 or
 * XN_NO_STD3_RULES; ToASCII with XN_ALLOW_ROOT_DOT, as ICU accepts one
 * trailing root dot).  ICU 72 implements UTS #46 for Unicode 15.0, the
 * data version of our tables; xn follows the current algorithm (the
 * revision for Unicode 18.0).  (With an ICU of another Unicode version the
 * target compares nothing and says so once.)  Differences that the algorithm changes
 * between those revisions explain are excused, each only where its cause
 * is shown on the input itself (see known_difference()); every other
 * difference is a failure.  With XN_FUZZ_SURVEY set in the environment,
 * every difference is printed with its class and the run goes on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uidna.h>

#include "fuzz.h"

typedef struct icu_result {
    bool ok;
    uint32_t errors;
    char *out;
    int32_t len;
} icu_result;

static const UIDNA *icu(bool std3)
{
    static UIDNA *idna[2];
    if (!idna[std3]) {
        UErrorCode err = U_ZERO_ERROR;
        uint32_t opt = UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE |
                       UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ |
                       (std3 ? (uint32_t)UIDNA_USE_STD3_RULES : 0u);
        idna[std3] = uidna_openUTS46(opt, &err);
        if (U_FAILURE(err) || !idna[std3]) {
            fprintf(stderr, "uidna_openUTS46: %s\n", u_errorName(err));
            abort();
        }
    }
    return idna[std3];
}

static icu_result icu_convert(bool to_ascii, bool std3, const char *in, int32_t n)
{
    icu_result r;
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    UErrorCode err = U_ZERO_ERROR;
    int32_t cap = 0, len;

    memset(&r, 0, sizeof r);
    for (;;) {
        char *buf = (char *)malloc((size_t)cap + 1);
        err = U_ZERO_ERROR;
        if (to_ascii)
            len = uidna_nameToASCII_UTF8(icu(std3), in, n, buf, cap, &info, &err);
        else
            len = uidna_nameToUnicodeUTF8(icu(std3), in, n, buf, cap, &info, &err);
        if (err == U_BUFFER_OVERFLOW_ERROR && cap == 0) {
            free(buf);
            cap = len;
            continue;
        }
        if (U_FAILURE(err) && err != U_STRING_NOT_TERMINATED_WARNING) {
            free(buf);
            r.ok = false;
            r.errors = 0x80000000u;
            return r;
        }
        buf[len] = '\0';
        r.out = buf;
        r.len = len;
        r.errors = info.errors;
        r.ok = info.errors == 0;
        return r;
    }
}

/* ------------------------------------------------------------------------
 * Known differences between UTS #46 for Unicode 15.0 (ICU 72) and the
 * current revision (xn); each returns its class name when it explains the
 * difference seen on this input.
 * --------------------------------------------------------------------- */

/* True when the UTF-8 s[0..n) holds U+2260, U+226E or U+226F. */
static bool has_std3_symbol(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i + 2 < n; i++)
        if ((unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x89 &&
            ((unsigned char)s[i + 2] == 0xA0 || (unsigned char)s[i + 2] == 0xAE ||
             (unsigned char)s[i + 2] == 0xAF))
            return true;
    return false;
}

static bool ldh_ascii_only(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 && !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                          c == '.'))
            return false;
    }
    return true;
}

/* Class "STD3 by table": until Unicode 15.0, UseSTD3ASCIIRules worked
 * through the mapping table's disallowed_STD3_valid status, which besides
 * ASCII covers U+2260 NOT EQUAL TO, U+226E NOT LESS-THAN and U+226F NOT
 * GREATER-THAN (their decompositions hold '=', '<', '>').  UTS #46 for
 * Unicode 15.1 turned STD3 into a validity criterion on ASCII code points
 * only (code U1), so these three are valid, also when they come from
 * '=' '<' '>' plus U+0338 composed by NFC, or from an A-label.  ICU 72 still
 * rejects them (UIDNA_ERROR_DISALLOWED, with INVALID_ACE_LABEL for an
 * A-label).  Shown when: STD3 is on, xn succeeds, its Unicode form holds one
 * of the three and no ASCII but LDH and dots, ICU's errors are only those
 * two, and ICU without STD3 returns exactly xn's result. */
static bool same_result(const fuzz_result *x, const icu_result *c)
{
    bool xok = x->rc == XN_OK;
    return xok == c->ok &&
           (!xok || ((size_t)c->len == x->len && memcmp(c->out, x->out, x->len) == 0));
}

/* xn's result in Unicode holds U+2260, U+226E or U+226F and no ASCII but
 * LDH and dots: then STD3 changes nothing for ICU but its verdict on those
 * three (the std3-by-table class). */
static bool std3_symbols_only(const fuzz_result *x)
{
    char *uni = NULL;
    size_t ulen = 0;
    bool yes = xn_to_unicode_alloc(x->out, x->len, &uni, &ulen, 0, NULL) == XN_OK &&
               has_std3_symbol(uni, ulen) && ldh_ascii_only(uni, ulen);
    xn_free(uni);
    return yes;
}

static const char *std3_by_table(bool to_ascii, bool std3, const char *in, size_t n,
                                 const fuzz_result *x, const icu_result *c, const char *why)
{
    icu_result c2;
    if (!std3 || x->rc != XN_OK || c->ok ||
        (c->errors & ~(uint32_t)(UIDNA_ERROR_DISALLOWED | UIDNA_ERROR_INVALID_ACE_LABEL)) ||
        !std3_symbols_only(x))
        return NULL;
    c2 = icu_convert(to_ascii, false, in, (int32_t)n);
    if (!same_result(x, &c2))
        why = NULL;
    free(c2.out);
    return why;
}

/* Class "disallowed-before-NFC": UTS #46 for Unicode 15.0 recorded an error
 * for a disallowed code point in the Map step, before normalization; since
 * 15.1 it stays in the string and only the Validity Criteria (step 7, after
 * NFC) judge it.  Five CJK COMPATIBILITY IDEOGRAPHs are disallowed in the
 * 15.0 table while their canonical (NFC) forms are valid, so xn accepts them
 * as those forms and ICU 72 rejects them (Unicode 16.0's table maps them,
 * to the same result).  Shown when every difference goes away once they are
 * replaced by their NFC forms in the input given to ICU (composed with the
 * STD3 class above). */
static const struct {
    const char *from, *to; /* UTF-8 */
} compat_ideographs[] = {
    {"\xF0\xAF\xA1\xA8", "\xE3\x9B\xBC"},     /* U+2F868 -> U+36FC */
    {"\xF0\xAF\xA1\xB4", "\xE5\xBD\x93"},     /* U+2F874 -> U+5F53 */
    {"\xF0\xAF\xA4\x9F", "\xF0\xA4\x8E\xAB"}, /* U+2F91F -> U+243AB */
    {"\xF0\xAF\xA5\x9F", "\xE7\xAB\xAE"},     /* U+2F95F -> U+7AEE */
    {"\xF0\xAF\xA6\xBF", "\xE4\x97\x97"},     /* U+2F9BF -> U+45D7 */
};

/* in with the five replaced, or NULL when none occurs. */
static char *replace_compat(const char *in, size_t n, size_t *out_n)
{
    char *out = (char *)malloc(n + 1);
    size_t i = 0, o = 0, k;
    bool any = false;
    while (i < n) {
        for (k = 0; k < sizeof compat_ideographs / sizeof compat_ideographs[0]; k++) {
            if (n - i >= 4 && memcmp(in + i, compat_ideographs[k].from, 4) == 0)
                break;
        }
        if (k < sizeof compat_ideographs / sizeof compat_ideographs[0]) {
            size_t t = strlen(compat_ideographs[k].to);
            memcpy(out + o, compat_ideographs[k].to, t);
            o += t;
            i += 4;
            any = true;
        } else {
            out[o++] = in[i++];
        }
    }
    if (!any) {
        free(out);
        return NULL;
    }
    *out_n = o;
    return out;
}

/* Class "root-label-after-mapping": UTS #46 maps the whole name first and
 * splits it after, so a last label made only of ignored code points
 * ("a.\u00AD", "a.\u200B", "a.\uFE0F") is the empty root label of "a.".
 * ICU 72 reports UIDNA_ERROR_EMPTY_LABEL for it (its root-label test looks
 * at the input, where the label is not empty), with the same output.  Shown
 * when that is ICU's only error, the outputs are equal and end in the root
 * dot, and the input does not end in a label separator. */
static bool ends_with_separator(const char *in, size_t n)
{
    static const char *const seps[] = {".", "\xE3\x80\x82", "\xEF\xBC\x8E", "\xEF\xBD\xA1"};
    size_t k;
    for (k = 0; k < 4; k++) {
        size_t l = strlen(seps[k]);
        if (n >= l && memcmp(in + n - l, seps[k], l) == 0)
            return true;
    }
    return false;
}

static const char *root_label_after_mapping(const char *in, size_t n, const fuzz_result *x,
                                            const icu_result *c)
{
    if (x->rc == XN_OK && c->errors == UIDNA_ERROR_EMPTY_LABEL && c->out &&
        (size_t)c->len == x->len && memcmp(c->out, x->out, x->len) == 0 && x->len > 0 &&
        x->out[x->len - 1] == '.' && !ends_with_separator(in, n))
        return "root-label-after-mapping";
    return NULL;
}

/* Class "hyphens-3-4-by-utf16": ICU 72 looks for "--" in the third and
 * fourth positions of a label counting UTF-16 code units, so a
 * supplementary code point among the first two makes "\U000243AB--x" look
 * like "ab--x", and "a\U000243AB--x" (V2) like "a??-x"; UTS #46 §4.1 step 2
 * counts code points.  Shown when the only error of one side is the
 * hyphen rule (UIDNA_ERROR_HYPHEN_3_4, XN_ERR_V2), the other has none, the
 * outputs agree where both have one, and some label of the input or of
 * its mapped form (split at U+002E) has "--" at UTF-16 positions 3 and 4
 * but not at code point positions 3 and 4, or the other way round. */
static bool hyphens_by_utf16(const char *in, size_t n)
{
    const unsigned char *u = (const unsigned char *)in;
    size_t i = 0, cp = 0, u16 = 0;
    bool cp34[2] = {false, false}, u16_34[2] = {false, false};
    while (i <= n) {
        size_t len;
        if (i == n || u[i] == '.') {
            if ((u16_34[0] && u16_34[1]) != (cp34[0] && cp34[1]))
                return true;
            cp = u16 = 0;
            cp34[0] = cp34[1] = u16_34[0] = u16_34[1] = false;
            i++;
            continue;
        }
        len = u[i] < 0x80 ? 1 : u[i] < 0xE0 ? 2 : u[i] < 0xF0 ? 3 : 4;
        if (cp == 2 || cp == 3)
            cp34[cp - 2] = u[i] == '-';
        if (u16 == 2 || u16 == 3)
            u16_34[u16 - 2] = u[i] == '-';
        if (len == 4 && u16 + 1 >= 2 && u16 + 1 <= 3)
            u16_34[u16 - 1] = false; /* the low surrogate */
        cp++;
        u16 += len == 4 ? 2 : 1;
        i += len;
    }
    return false;
}

/* The hyphen rule judges labels after mapping ("\u00ADb\U0002B91F--x" is
 * "b\U0002B91F--x"): the input or its mapped form (xn's ToUnicode output,
 * written also when rules fail) shows the two counts disagreeing. */
static bool hyphens_differ(const char *in, size_t n, bool std3)
{
    char *u = NULL;
    size_t ul = 0;
    int rc;
    bool yes;
    if (hyphens_by_utf16(in, n))
        return true;
    rc = xn_to_unicode_alloc(in, n, &u, &ul, std3 ? 0u : XN_NO_STD3_RULES, NULL);
    yes = (rc == XN_OK || rc == XN_E_INVALID_DOMAIN) && hyphens_by_utf16(u, ul);
    xn_free(u);
    return yes;
}

static const char *hyphens_class(const char *in, size_t n, bool std3, const fuzz_result *x,
                                 const icu_result *c, const char *name)
{
    bool icu_only = x->rc == XN_OK && c->errors == UIDNA_ERROR_HYPHEN_3_4;
    bool xn_only = x->rc == XN_E_INVALID_DOMAIN && x->report.errors == XN_ERR_V2 && c->ok;
    if (!icu_only && !xn_only)
        return NULL;
    if (x->out && (!c->out || (size_t)c->len != x->len || memcmp(c->out, x->out, x->len) != 0))
        return NULL; /* ToASCII writes nothing on failure; where both wrote, the same */
    return hyphens_differ(in, n, std3) ? name : NULL;
}

/* Several classes on one input ("xn-\U0002F91F-a.\U0002F91F--a.a\u2260b"
 * shows all three): each cause the input shows is taken away in turn, the
 * compatibility ideographs replaced by their NFC forms and STD3 turned off
 * for ICU when only the three symbols depend on it, and ICU's result must
 * then equal xn's, or differ by the hyphen class alone. */
static const char *composed_classes(bool to_ascii, bool std3, const char *in, size_t n,
                                    const fuzz_result *x)
{
    static const char *const names[8] = {
        NULL,
        "disallowed-before-NFC",
        "std3-by-table",
        "disallowed-before-NFC+std3-by-table",
        NULL,
        "disallowed-before-NFC+hyphens-3-4-by-utf16",
        "std3-by-table+hyphens-3-4-by-utf16",
        "disallowed-before-NFC+std3-by-table+hyphens-3-4-by-utf16",
    };
    unsigned used = 0;
    size_t n2 = 0;
    char *in2;
    const char *s, *why = NULL;
    size_t sn;
    icu_result c2;
    if (x->rc != XN_OK)
        return NULL;
    in2 = replace_compat(in, n, &n2);
    s = in2 ? in2 : in;
    sn = in2 ? n2 : n;
    if (in2)
        used |= 1;
    if (std3 && std3_symbols_only(x))
        used |= 2;
    if (!used) {
        free(in2);
        return NULL;
    }
    c2 = icu_convert(to_ascii, std3 && !(used & 2), s, (int32_t)sn);
    if (same_result(x, &c2))
        why = names[used];
    else if (hyphens_class(s, sn, std3, x, &c2, "hyphens") != NULL)
        why = names[used | 4];
    free(c2.out);
    free(in2);
    return why;
}

static const char *known_difference(bool to_ascii, bool std3, const char *in, size_t n,
                                    const fuzz_result *x, const icu_result *c)
{
    const char *why = root_label_after_mapping(in, n, x, c);
    if (why)
        return why;
    why = std3_by_table(to_ascii, std3, in, n, x, c, "std3-by-table");
    if (why)
        return why;
    why = hyphens_class(in, n, std3, x, c, "hyphens-3-4-by-utf16");
    if (why)
        return why;
    return composed_classes(to_ascii, std3, in, n, x);
}

static void compare(bool to_ascii, bool std3, const char *in, size_t n)
{
    unsigned flags = (std3 ? 0u : XN_NO_STD3_RULES) | (to_ascii ? XN_ALLOW_ROOT_DOT : 0u);
    fuzz_result x = fuzz_convert(to_ascii, in, n, flags);
    icu_result c = icu_convert(to_ascii, std3, in, (int32_t)n);
    const char *why;

    /* XN_LABEL_LIMIT and the Stream-Safe limit are xn's by contract. */
    if (x.rc == XN_E_TOO_LONG || x.rc == XN_E_NOT_STREAM_SAFE || same_result(&x, &c))
        goto out;
    why = known_difference(to_ascii, std3, in, n, &x, &c);
    if (getenv("XN_FUZZ_SURVEY")) { /* list every difference and go on */
        printf("%s %s%s: \"%s\": xn %s 0x%llX \"%s\", ICU %s 0x%X \"%s\"\n",
               why ? why : "UNEXPLAINED", to_ascii ? "ToASCII" : "ToUnicode",
               std3 ? " STD3" : "", fuzz_show(in, n), xn_strerror_name(x.rc),
               (unsigned long long)x.report.errors, x.out ? fuzz_show(x.out, x.len) : "",
               c.ok ? "OK" : "fails", (unsigned)c.errors,
               c.out ? fuzz_show(c.out, (size_t)c.len) : "");
        goto out;
    }
    FUZZ_ASSERT(why != NULL,
                "%s%s: xn %s 0x%llX \"%s\", ICU %s 0x%X \"%s\"",
                to_ascii ? "ToASCII" : "ToUnicode", std3 ? " STD3" : "",
                xn_strerror_name(x.rc), (unsigned long long)x.report.errors,
                x.out ? fuzz_show(x.out, x.len) : "", c.ok ? "OK" : "fails",
                (unsigned)c.errors, c.out ? fuzz_show(c.out, (size_t)c.len) : "");
out:
    fuzz_result_free(&x);
    free(c.out);
}

/* The comparison means something only when ICU's Unicode data is the
 * version of xn's data set (major and minor: ICU's "18.0" for xn's
 * 18.0.0, as with ICU 79); with an older ICU (Debian bookworm's 72, trixie's
 * 76, sid's 78) the target says so once and compares nothing. */
static bool same_unicode_version(void)
{
    static int same = -1;
    if (same < 0) {
        UVersionInfo v;
        char icu_v[32];
        const char *ours = xn_unicode_version();
        u_getUnicodeVersion(v);
        snprintf(icu_v, sizeof icu_v, "%u.%u.", (unsigned)v[0], (unsigned)v[1]);
        same = strncmp(ours, icu_v, strlen(icu_v)) == 0;
        if (!same)
            fprintf(stderr, "uts46_icu_diff: ICU has Unicode %u.%u, xn %s: no comparison\n",
                    (unsigned)v[0], (unsigned)v[1], ours);
    }
    return same != 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bool std3;
    char *in;

    fuzz_set_input(data, size);
    if (size == 0 || size > 65536 || !same_unicode_version())
        return 0;
    std3 = (data[size - 1] & 1) != 0;
    size--;
    in = fuzz_copy(data, size);
    compare(true, std3, in, size);
    compare(false, std3, in, size);
    free(in);
    return 0;
}
