/*
 * The API's small promises: every status has a text and a name, error bits
 * have their IdnaTestV2 codes, versions are what they claim, the strict
 * UTF-8 decoder accepts exactly the well-formed sequences, and every
 * conversion of entries.h keeps the calling contract of xn.h (arguments,
 * flags, size queries), checked once here for all of them.
 */
#include <unicode/uversion.h>

#include "utf8.h"
#include "xn.h"
#include "test-version.h"
#include "test.h"

static void test_status_strings(void)
{
    int s;
    for (s = -200; s <= 5; s++) {
        const char *text = xn_strerror(s), *name = xn_strerror_name(s);
        CHECK(text != NULL && text[0] != '\0');
        CHECK(name != NULL && strncmp(name, "XN_", 3) == 0);
    }
    CHECK(strcmp(xn_strerror_name(XN_OK), "XN_OK") == 0);
    CHECK(strcmp(xn_strerror_name(XN_E_BUFFER_TOO_SMALL), "XN_E_BUFFER_TOO_SMALL") == 0);
    CHECK(strcmp(xn_strerror_name(XN_E_INVALID_DOMAIN), "XN_E_INVALID_DOMAIN") == 0);
    CHECK(strcmp(xn_strerror_name(-1000), "XN_E_UNKNOWN") == 0);
    CHECK(strcmp(xn_strerror(-1000), "unknown status code") == 0);
    /* The values are a contract: they never change. */
    CHECK_EQ_INT(XN_E_INVALID_ARG, -1);
    CHECK_EQ_INT(XN_E_BUFFER_TOO_SMALL, -2);
    CHECK_EQ_INT(XN_E_PUNYCODE_OVERFLOW, -13);
    CHECK_EQ_INT(XN_E_INVALID_DOMAIN, -20);
}

static void test_error_names(void)
{
    static const struct {
        uint64_t bit;
        const char *name;
    } names[] = {
        {XN_ERR_P4, "P4"}, {XN_ERR_V1, "V1"}, {XN_ERR_V2, "V2"}, {XN_ERR_V3, "V3"},
        {XN_ERR_V4, "V4"}, {XN_ERR_V5, "V5"}, {XN_ERR_V6, "V6"}, {XN_ERR_V7, "V7"},
        {XN_ERR_U1, "U1"}, {XN_ERR_A3, "A3"}, {XN_ERR_A4_1, "A4_1"}, {XN_ERR_A4_2, "A4_2"},
        {XN_ERR_B1, "B1"}, {XN_ERR_B2, "B2"}, {XN_ERR_B3, "B3"}, {XN_ERR_B4, "B4"},
        {XN_ERR_B5, "B5"}, {XN_ERR_B6, "B6"}, {XN_ERR_C1, "C1"}, {XN_ERR_C2, "C2"},
        {XN_ERR_X4_2, "X4_2"}, {XN_ERR_URL_FORBIDDEN, "URL_FORBIDDEN"},
        {XN_ERR_URL_EMPTY, "URL_EMPTY"},
    };
    size_t i;
    char buf[64];
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK_MSG(strcmp(xn_error_name(names[i].bit), names[i].name) == 0, "bit %zu: %s", i,
                  xn_error_name(names[i].bit));
    CHECK(strcmp(xn_error_name(0), "?") == 0);
    CHECK(strcmp(xn_error_name(XN_ERR_P4 | XN_ERR_V1), "?") == 0);
    CHECK(strcmp(xn_error_name(UINT64_C(1) << 63), "?") == 0);

    CHECK_EQ_INT(xn_errors_format(XN_ERR_P4 | XN_ERR_V6 | XN_ERR_A4_2, buf, sizeof buf), 10);
    CHECK(strcmp(buf, "P4,V6,A4_2") == 0);
    CHECK_EQ_INT(xn_errors_format(0, buf, sizeof buf), 0);
    CHECK(buf[0] == '\0');
    /* Truncation keeps the NUL inside the buffer and reports the full length. */
    memset(buf, 'z', sizeof buf);
    CHECK_EQ_INT(xn_errors_format(XN_ERR_P4 | XN_ERR_V6, buf, 4), 5);
    CHECK(strcmp(buf, "P4,") == 0);
    CHECK(buf[4] == 'z');
    CHECK_EQ_INT(xn_errors_format(XN_ERR_P4, NULL, 0), 2);
}

static void test_versions(void)
{
    CHECK(strcmp(xn_version(), XN_VERSION_STRING) == 0);
    /* The data set the build took (data/<version>/), whatever the ICU. */
    CHECK_MSG(strcmp(xn_unicode_version(), TEST_UNICODE_VERSION) == 0,
              "xn_unicode_version() is %s, the build's data set %s", xn_unicode_version(),
              TEST_UNICODE_VERSION);
    CHECK(strcmp(xn_icu_version(), U_ICU_VERSION) == 0);
    /* The ICU of the build loads (twice: the second finds it loaded). */
    CHECK_EQ_INT(xn_icu_load(), XN_OK);
    CHECK_EQ_INT(xn_icu_load(), XN_OK);
    /* ... and normalizes, on xn's data. */
    CHECK_MSG(strcmp(xn_nfc_engine(), "ICU " U_ICU_VERSION " (xn's Unicode " TEST_UNICODE_VERSION
                                      " data)") == 0,
              "xn_nfc_engine() = \"%s\"", xn_nfc_engine());
}

/* The reference for well-formedness: utf8.h's decoder, written differently
 * from lib/utf8.c (decode, then judge the value). */
static size_t ref_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    return test_utf8_get(s, n, cp, false);
}

static void test_utf8(void)
{
    unsigned long mismatches = 0;
    uint32_t c, a = 0, b = 0;
    unsigned char s[4];
    unsigned x;

    /* Every scalar value round-trips. */
    for (c = 0; c <= 0x10FFFF; c++) {
        char buf[4];
        size_t len;
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        len = xn__utf8_put(c, buf);
        if (len != xn__utf8_length(c) ||
            xn__utf8_decode((const unsigned char *)buf, len, &a) != len || a != c)
            mismatches++;
        /* Cut short, it is ill-formed. */
        if (len > 1 && xn__utf8_decode((const unsigned char *)buf, len - 1, &a) != 0)
            mismatches++;
    }
    CHECK_MSG(mismatches == 0, "%lu scalar values do not round-trip", mismatches);

    /* Every 1-, 2- and 3-byte sequence, and every 4-byte sequence whose last
     * two bytes are continuation bytes from a sample, agrees with the
     * reference on whether it is well-formed and what it means. */
    mismatches = 0;
    for (x = 0; x < 0x1000000; x++) {
        size_t r1, r2;
        s[0] = (unsigned char)(x >> 16);
        s[1] = (unsigned char)(x >> 8);
        s[2] = (unsigned char)x;
        s[3] = 0x80;
        r1 = xn__utf8_decode(s, 3, &a);
        r2 = ref_decode(s, 3, &b);
        if (r1 != r2 || (r1 && a != b))
            mismatches++;
    }
    for (x = 0; x < 0x10000; x++) {
        static const unsigned char tails[] = {0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF};
        size_t t, r1, r2;
        s[0] = (unsigned char)(x >> 8);
        s[1] = (unsigned char)x;
        for (t = 0; t < sizeof tails * sizeof tails; t++) {
            s[2] = tails[t / sizeof tails];
            s[3] = tails[t % sizeof tails];
            r1 = xn__utf8_decode(s, 4, &a);
            r2 = ref_decode(s, 4, &b);
            if (r1 != r2 || (r1 && a != b))
                mismatches++;
        }
    }
    CHECK_MSG(mismatches == 0, "%lu byte sequences judged differently", mismatches);

    /* The classic ill-formed cases, named. */
    {
        static const char *const bad[] = {
            "\xC0\xAF",         /* overlong '/' */
            "\xE0\x80\xAF",     /* overlong '/' */
            "\xF0\x80\x80\xAF", /* overlong '/' */
            "\xED\xA0\x80",     /* U+D800 */
            "\xED\xBF\xBF",     /* U+DFFF */
            "\xF4\x90\x80\x80", /* U+110000 */
            "\xF5\x80\x80\x80", "\xFF", "\x80", "\xBF",
        };
        size_t i;
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
            CHECK_MSG(xn__utf8_decode((const unsigned char *)bad[i], strlen(bad[i]), &a) == 0,
                      "case %zu accepted", i);
    }
}

/* Entry e (number k) refuses each of bad[0..n) with XN_E_BAD_UTF8 and
 * big[0..big_n) with XN_E_TOO_LONG (test_contract()). */
static void contract_refuses(const test_entry *e, int k, const char *const *bad, size_t n,
                             const char *big, size_t big_n)
{
    bool email = k == TEST_EMAIL_TO_UNICODE || k == TEST_EMAIL_TO_ASCII;
    char out[64], esc[64];
    size_t len = 7, i, m;
    unsigned flags;
    for (i = 0; i < n; i++) {
        char in[32];
        m = strlen(bad[i]);
        memcpy(in, "a@", 2);
        memcpy(in + (email ? 2 : 0), bad[i], m);
        m += email ? 2 : 0;
        test_escape(esc, sizeof esc, in, m);
        CHECK_MSG(e->fn(in, m, out, sizeof out, &len, 0, NULL) == XN_E_BAD_UTF8,
                  "%s(%s) is not XN_E_BAD_UTF8", e->name, esc);
    }
    for (flags = 0;; flags = e->known & XN_IDNA2008_MAP) {
        char *in = (char *)test_xmalloc(big_n + 2);
        memcpy(in, "a@", 2);
        memcpy(in + (email ? 2 : 0), big, big_n);
        m = big_n + (email ? 2 : 0);
        CHECK_MSG(e->fn(in, m, out, sizeof out, &len, flags, NULL) == XN_E_TOO_LONG,
                  "%s, flags 0x%x: a label of XN_LABEL_LIMIT + 1 characters is not "
                  "XN_E_TOO_LONG", e->name, flags);
        free(in);
        if (flags || !(e->known & XN_IDNA2008_MAP))
            break;
    }
}

/* The calling contract of xn.h, for every conversion of entries.h's table:
 * NULL input with a length, NULL output with a capacity, no *out_len, a
 * flag bit the function does not take (with a report and without one),
 * and a *_alloc form without *out, are XN_E_INVALID_ARG; a NULL buffer of
 * capacity 0 is a size query that gives XN_E_BUFFER_TOO_SMALL and the
 * size; ill-formed UTF-8 is XN_E_BAD_UTF8, never replaced; a label of more
 * than XN_LABEL_LIMIT code points is XN_E_TOO_LONG (with XN_IDNA2008_MAP
 * too where it is taken).  The sample is a name every profile gives back
 * unchanged; the mail functions get each input as the domain of "a@". */
static void test_contract(void)
{
    static const char *const bad_utf8[] = {"a\xC3", "a\xED\xA0\x80", "\xC0\xAE", "\xED\xA0\x80"};
    size_t big_n;
    char *big = test_repeat("\xC3\xA9", XN_LABEL_LIMIT + 1, &big_n);
    int k;
    for (k = 0; k < TEST_ENTRIES; k++) {
        const test_entry *e = test_entry_of(k);
        const char *in = k == TEST_EMAIL_TO_UNICODE || k == TEST_EMAIL_TO_ASCII ? "a@abc" : "abc";
        size_t n = strlen(in), len = 7;
        char out[64];
        unsigned bit;
        xn_report rep = XN_REPORT_INIT;

        CHECK_MSG(e->fn(NULL, 1, out, sizeof out, &len, 0, &rep) == XN_E_INVALID_ARG,
                  "%s: NULL input of length 1 taken", e->name);
        CHECK_MSG(e->fn(in, n, NULL, 5, &len, 0, NULL) == XN_E_INVALID_ARG,
                  "%s: NULL output of capacity 5 taken", e->name);
        CHECK_MSG(e->fn(in, n, out, sizeof out, NULL, 0, NULL) == XN_E_INVALID_ARG,
                  "%s: NULL out_len taken", e->name);
        CHECK_MSG(e->fn(in, n, out, sizeof out, &len, ~0u, NULL) == XN_E_INVALID_ARG,
                  "%s: flags ~0 taken", e->name);
        for (bit = 0; bit < 32; bit++) {
            if (e->known & (1u << bit))
                continue;
            CHECK_MSG(e->fn("a", 1, out, sizeof out, &len, 1u << bit, &rep) == XN_E_INVALID_ARG,
                      "%s: unknown flag bit %u taken", e->name, bit);
            CHECK_MSG(e->fn("a", 1, out, sizeof out, &len, 1u << bit, NULL) == XN_E_INVALID_ARG,
                      "%s: unknown flag bit %u taken without a report", e->name, bit);
        }
        len = 0;
        CHECK_MSG(e->fn(in, n, NULL, 0, &len, 0, NULL) == XN_E_BUFFER_TOO_SMALL && len == n,
                  "%s: the size query of \"%s\" gives *out_len %zu, want %zu", e->name, in, len,
                  n);
        if (e->afn) {
            CHECK_MSG(e->afn(in, n, NULL, &len, 0, NULL) == XN_E_INVALID_ARG,
                      "%s_alloc: NULL out taken", e->name);
            CHECK_MSG(e->afn(in, n, NULL, NULL, 0, NULL) == XN_E_INVALID_ARG,
                      "%s_alloc: NULL out and out_len taken", e->name);
        }
        contract_refuses(e, k, bad_utf8, sizeof bad_utf8 / sizeof bad_utf8[0], big, big_n);
    }
    free(big);
}

int main(void)
{
    test_status_strings();
    test_error_names();
    test_versions();
    test_utf8();
    test_contract();
    return test_done("api");
}
