/*
 * xn's normalizer (ICU's engine on xn's own NFC data, or libunistring's)
 * against Unicode's NormalizationTest.txt of the data set's version, every
 * line:
 *
 *   argv[1] = the testdata folder (tests/data/unicode-<version>/)
 *
 * - Every line, every column: c2 == NFC(c1) == NFC(c2) == NFC(c3) and
 *   c4 == NFC(c4) == NFC(c5), through xn_nfc() (UTF-8, the public call).
 * - Part 1's closing rule: every code point that Part 1 does not list is its
 *   own NFC.
 * - The tables' NFC quick-check bit agrees with the normalizer's own quick
 *   check on every code point (not Yes exactly where ICU says No or Maybe).
 * - With an ICU whose engine is older than the data need (before 76), a
 *   column holding a code point that xn refuses there
 *   (XN_PROP_NFC_BOTH_WAYS) must give exactly XN_E_ICU_TOO_OLD when xn asks
 *   the engine (a column that xn's quick check finds in NFC is copied, and
 *   must then be right), and every other column must pass; from ICU 76 on
 *   no column may be refused.
 * - Built against libxn's objects with an ICU that cannot be loaded
 *   (TEST_NO_ICU, the test normalize-unistring), libunistring normalizes:
 *   every column whose code points its Unicode version knows must pass
 *   exactly, and a column the engine is asked for that holds a code point
 *   newer than that version which takes part in normalization must give
 *   exactly XN_E_NFC_TOO_OLD.  The ICU quick-check comparison is the ICU
 *   run's.
 *
 * Each failing line is reported; the counts end the output.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/unorm2.h>
#include <unicode/uversion.h>

#include "xn.h"
#include "normalize.h"
#include "props.h"
#include "test-version.h"
#include "testdata.h"
#include "xn_nfc_data.h"

#define NCP 0x110000u
#define OLD_ENGINE (U_ICU_VERSION_MAJOR_NUM < 76)

static unsigned long g_refused, g_lines;
/* The longest run of non-starters (XN_PROP_NON_STARTER) in any column, and
 * its line: xn refuses a run over 30 (XN_E_NOT_STREAM_SAFE). */
static size_t g_longest_run;
static unsigned g_longest_line;

/* One column: code points written in hex, separated by spaces. */
typedef struct column {
    uint32_t cp[64];
    size_t n;
    test_buf utf8;
} column;

static bool parse_column(const test_field *f, column *c)
{
    const char *p = f->p, *end = f->p + f->n;
    c->n = 0;
    test_buf_free(&c->utf8);
    test_buf_put(&c->utf8, "", 0);
    while (p < end) {
        if (c->n == sizeof c->cp / sizeof c->cp[0] || !test_read_hex(&p, end, 4, 6, &c->cp[c->n]))
            return false;
        test_buf_cp(&c->utf8, c->cp[c->n++]);
        if (p < end && *p++ != ' ')
            return false;
    }
    return c->n > 0;
}

/* The engine and the Unicode version of its data ((major << 8) | minor),
 * known after the first call that needed it (main()). */
static int g_engine;
static unsigned g_engine_unicode;

/* The Unicode version of cp by the tables when it takes part in
 * normalization and is newer than Unicode 9.0; 0 otherwise (a linear
 * search, apart from the library's binary one). */
static unsigned age_of(uint32_t cp)
{
    size_t i;
    for (i = 0; i < XN_NFC_AGE_COUNT; i++)
        if (xn__nfc_age_lo[i] <= cp && cp <= xn__nfc_age_hi[i])
            return xn__nfc_age[i];
    return 0;
}

/* The status the engine at hand must refuse cp[0..n) with, or XN_OK. */
static int refused_here(const uint32_t *cp, size_t n)
{
    size_t i;
    if (xn__nfc_quick_yes(cp, n)) /* the engine is not asked */
        return XN_OK;
    for (i = 0; i < n; i++) {
        if (g_engine == XN__NFC_UNISTRING && age_of(cp[i]) > g_engine_unicode)
            return XN_E_NFC_TOO_OLD;
        if (g_engine == XN__NFC_ICU && OLD_ENGINE && (xn__props(cp[i]) & XN_PROP_NFC_BOTH_WAYS))
            return XN_E_ICU_TOO_OLD;
    }
    return XN_OK;
}

/* NFC(src) must be want, or (on an older ICU) refused when src holds a
 * refused code point. */
static void check_nfc(unsigned line, const char *what, const column *src, const column *want)
{
    char out[1024];
    size_t len = 0;
    int rc = xn_nfc(src->utf8.s, src->utf8.n, out, sizeof out, &len);
    int refused = refused_here(src->cp, src->n);
    test_checks++;
    if (refused != XN_OK) {
        g_refused++;
        if (rc != refused) {
            test_failures++;
            printf("FAIL NormalizationTest.txt:%u %s: %s, want %s (engine on Unicode %u.%u)\n",
                   line, what, xn_strerror_name(rc), xn_strerror_name(refused),
                   g_engine_unicode >> 8, g_engine_unicode & 0xFF);
        }
        return;
    }
    if (rc != XN_OK || len != want->utf8.n || memcmp(out, want->utf8.s, len) != 0) {
        char a[512], b[512];
        test_failures++;
        test_escape(a, sizeof a, want->utf8.s, want->utf8.n);
        test_escape(b, sizeof b, rc == XN_OK ? out : "", rc == XN_OK ? len : 0);
        printf("FAIL NormalizationTest.txt:%u %s: %s \"%s\", want \"%s\"\n", line, what,
               xn_strerror_name(rc), b, a);
    }
}

/* Every line; marks Part 1's code points in listed[]. */
static bool run_file(const char *dir, unsigned char *listed)
{
    size_t len, n;
    char *data = test_read_file(dir, "unicode-" TEST_UNICODE_VERSION "/NormalizationTest.txt", &len);
    test_lines L;
    const char *line;
    column c[5];
    int part = -1, k;

    if (!data)
        return false;
    memset(c, 0, sizeof c);
    L = test_lines_of(data, len);
    while ((line = test_next_line(&L, &n)) != NULL) {
        test_field f[7];
        size_t nf, m = test_uncomment(line, n);
        if (m == 0)
            continue;
        if (line[0] == '@') {
            if (m < 6 || memcmp(line, "@Part", 5) != 0) {
                test_failures++;
                printf("FAIL NormalizationTest.txt:%u: unknown @ line\n", L.no);
                continue;
            }
            part = line[5] - '0';
            continue;
        }
        nf = test_split(line, m, ';', f, 6);
        /* Five columns and the empty field after the last ';'. */
        if (nf != 6 || f[5].n != 0 || part < 0 || !parse_column(&f[0], &c[0]) ||
            !parse_column(&f[1], &c[1]) || !parse_column(&f[2], &c[2]) ||
            !parse_column(&f[3], &c[3]) || !parse_column(&f[4], &c[4])) {
            test_failures++;
            printf("FAIL NormalizationTest.txt:%u: malformed line\n", L.no);
            continue;
        }
        g_lines++;
        if (part == 1) {
            if (c[0].n != 1) {
                test_failures++;
                printf("FAIL NormalizationTest.txt:%u: Part 1 line of %zu code points\n", L.no,
                       c[0].n);
            } else {
                listed[c[0].cp[0]] = 1;
            }
        }
        for (k = 0; k < 5; k++) {
            size_t i, run = 0;
            for (i = 0; i < c[k].n; i++) {
                run = (xn__props(c[k].cp[i]) & XN_PROP_NON_STARTER) ? run + 1 : 0;
                if (run > g_longest_run) {
                    g_longest_run = run;
                    g_longest_line = L.no;
                }
            }
        }
        check_nfc(L.no, "NFC(c1) == c2", &c[0], &c[1]);
        check_nfc(L.no, "NFC(c2) == c2", &c[1], &c[1]);
        check_nfc(L.no, "NFC(c3) == c2", &c[2], &c[1]);
        check_nfc(L.no, "NFC(c4) == c4", &c[3], &c[3]);
        check_nfc(L.no, "NFC(c5) == c4", &c[4], &c[3]);
    }
    for (k = 0; k < 5; k++)
        test_buf_free(&c[k].utf8);
    free(data);
    if (part != 5) {
        test_failures++;
        printf("FAIL NormalizationTest.txt: ends in part %d, not part 5: truncated?\n", part);
    }
    return true;
}

/* Part 1's rule for the code points it does not list, and the quick-check
 * bit against ICU's unorm2_quickCheck() on xn's normalizer. */
static void run_code_points(const unsigned char *listed)
{
    const UNormalizer2 *nfc;
    UErrorCode err = U_ZERO_ERROR;
    unsigned long own = 0, own_bad = 0, qc_bad = 0, qc_not_yes = 0, refused = 0;
    uint32_t cp;
    char buf[8], out[64];
    size_t len;

    /* The engine is chosen (main()); with ICU, xn's data are registered,
     * and ICU opens the same normalizer for the quick check. */
    nfc = NULL;
    if (g_engine == XN__NFC_ICU) {
        nfc = unorm2_getInstance(XN_NFC_PACKAGE, XN_NFC_ITEM, UNORM2_COMPOSE, &err);
        CHECK_MSG(U_SUCCESS(err) && nfc, "unorm2_getInstance(xn's package): %s",
                  u_errorName(err));
        if (!nfc)
            return;
    }
    for (cp = 0; cp < NCP; cp++) {
        UChar u[2];
        int32_t un = 0;
        UNormalizationCheckResult qc;
        bool bit_not_yes = (xn__props(cp) & XN_PROP_NFC_QC_NOT_YES) != 0;
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        if (refused_here(&cp, 1) != XN_OK) {
            refused++;
            continue;
        }
        /* Quick check (the ICU run's). */
        if (!nfc)
            goto own;
        if (cp < 0x10000) {
            u[un++] = (UChar)cp;
        } else {
            u[un++] = (UChar)(0xD7C0 + (cp >> 10));
            u[un++] = (UChar)(0xDC00 | (cp & 0x3FF));
        }
        err = U_ZERO_ERROR;
        qc = unorm2_quickCheck(nfc, u, un, &err);
        qc_not_yes += bit_not_yes;
        if (U_FAILURE(err) || bit_not_yes != (qc != UNORM_YES)) {
            qc_bad++;
            if (qc_bad <= 20)
                printf("FAIL U+%04X: the tables' quick check says %s, ICU's %s\n", (unsigned)cp,
                       bit_not_yes ? "not Yes" : "Yes",
                       U_FAILURE(err) ? u_errorName(err) : qc == UNORM_YES ? "Yes"
                                                         : qc == UNORM_NO  ? "No"
                                                                           : "Maybe");
        }
        /* Part 1: unlisted code points are their own NFC. */
    own:
        if (!listed[cp]) {
            test_buf b = {0};
            int rc;
            test_buf_cp(&b, cp);
            memcpy(buf, b.s, b.n);
            rc = xn_nfc(buf, b.n, out, sizeof out, &len);
            own++;
            if (rc != XN_OK || len != b.n || memcmp(out, buf, len) != 0) {
                own_bad++;
                if (own_bad <= 20)
                    printf("FAIL U+%04X (not in Part 1): NFC is not the code point itself (%s)\n",
                           (unsigned)cp, xn_strerror_name(rc));
            }
            test_buf_free(&b);
        }
    }
    test_checks += 2;
    test_failures += (unsigned long)(qc_bad != 0) + (unsigned long)(own_bad != 0);
    if (nfc)
        printf("quick check: %lu code points not Yes; %lu disagree with ICU's quick check\n",
               qc_not_yes, qc_bad);
    printf("Part 1: %lu unlisted code points, %lu not their own NFC; %lu refused code points "
           "not asked\n",
           own, own_bad, refused);
}

/* One text of the code points cps[0..n) (UTF-8) to xn_nfc(): its status. */
static int nfc_status(const uint32_t *cps, size_t n)
{
    test_buf b = {NULL, 0, 0, false};
    size_t i, len = 0;
    char *out;
    int rc;
    for (i = 0; i < n; i++)
        test_buf_cp(&b, cps[i]);
    out = test_xmalloc(3 * b.n + 1);
    rc = xn_nfc(b.s, b.n, out, 3 * b.n + 1, &len);
    free(out);
    test_buf_free(&b);
    return rc;
}

/* xn's Stream-Safe limit (lib/stream_safe.h, xn.h): 30 non-starters in a
 * row are normalized, 31 refused with XN_E_NOT_STREAM_SAFE, by xn_nfc() and
 * by every conversion that normalizes; a starter ends a run.  The issue's
 * reproducer, "a" + 20000 x (U+0345 U+0334), quadratic in ICU's canonical
 * reordering, is refused. */
static void check_stream_safe(void)
{
    static uint32_t cps[1 + 2 * 20000];
    char name[256], out[1024];
    size_t i, n, len;
    xn_report rep = XN_REPORT_INIT;

    cps[0] = 'a';
    for (i = 1; i <= 31; i++)
        cps[i] = i & 1 ? 0x0345 : 0x0334; /* classes 240 and 1, alternating */
    CHECK_EQ_INT(nfc_status(cps, 31), XN_OK);
    CHECK_EQ_INT(nfc_status(cps, 32), XN_E_NOT_STREAM_SAFE);
    /* A starter in the middle: two runs of 20. */
    cps[21] = 'b';
    CHECK_EQ_INT(nfc_status(cps, 41), XN_OK);
    /* U+0F73 has class 0 but decomposes to two non-starters: it counts. */
    for (i = 1; i <= 31; i++)
        cps[i] = 0x0F73;
    CHECK_EQ_INT(nfc_status(cps, 31), XN_OK);
    CHECK_EQ_INT(nfc_status(cps, 32), XN_E_NOT_STREAM_SAFE);
    CHECK(xn__props(0x0F73) & XN_PROP_NON_STARTER);
    CHECK(!(xn__props(0x00C0) & XN_PROP_NON_STARTER)); /* A + U+0300 starts with A */
    /* The reproducer. */
    for (n = 1; n < sizeof cps / sizeof cps[0]; n += 2) {
        cps[n] = 0x0345;
        cps[n + 1] = 0x0334;
    }
    CHECK_EQ_INT(nfc_status(cps, sizeof cps / sizeof cps[0]), XN_E_NOT_STREAM_SAFE);

    /* Through the conversions: a label "a" + 31 marks (valid code points,
     * NFC needed for the alternating classes) and its Punycode form, which
     * the decoded-label NFC check reads. */
    memcpy(name, "a", 1);
    for (i = 0, n = 1; i < 31; i++) {
        memcpy(name + n, i & 1 ? "\xCC\x81" : "\xCC\x96", 2); /* U+0301 230, U+0316 220 */
        n += 2;
    }
    CHECK_EQ_INT(xn_to_ascii(name, n - 2, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH, &rep),
                 XN_OK);
    CHECK_EQ_INT(xn_to_ascii(name, n, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH, &rep),
                 XN_E_NOT_STREAM_SAFE);
    CHECK_EQ_INT(xn_to_unicode(name, n, out, sizeof out, &len, XN_WHATWG, &rep),
                 XN_E_NOT_STREAM_SAFE);
    CHECK_EQ_INT(xn_idna2008_lookup(name, n, out, sizeof out, &len,
                                    XN_IDNA2008_MAP | XN_NO_VERIFY_DNS_LENGTH, &rep),
                 XN_E_NOT_STREAM_SAFE);
    {
        /* xn-- of "x" + 31 x U+0301 (no composite), made by the encoder:
         * the decoded label is checked for NFC (xn__is_nfc()). */
        uint32_t l[32];
        char ace[128] = "xn--";
        size_t alen = 0;
        l[0] = 'x';
        for (i = 1; i < 32; i++)
            l[i] = 0x0301;
        CHECK_EQ_INT(xn_punycode_encode(l, 32, NULL, ace + 4, sizeof ace - 4, &alen), XN_OK);
        CHECK_EQ_INT(xn_to_unicode(ace, 4 + alen, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH,
                                   &rep),
                     XN_E_NOT_STREAM_SAFE);
        CHECK_EQ_INT(xn_punycode_encode(l, 31, NULL, ace + 4, sizeof ace - 4, &alen), XN_OK);
        CHECK_EQ_INT(xn_to_unicode(ace, 4 + alen, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH,
                                   &rep),
                     XN_OK);
    }
    CHECK(strcmp(xn_strerror_name(XN_E_NOT_STREAM_SAFE), "XN_E_NOT_STREAM_SAFE") == 0);
    CHECK(strstr(xn_strerror(XN_E_NOT_STREAM_SAFE), "Stream-Safe") != NULL);
}

int main(int argc, char **argv)
{
    const char *dir = test_testdata_arg(argc, argv);
    unsigned char *listed = test_xmalloc(NCP);

    setvbuf(stdout, NULL, _IOLBF, 0);
    memset(listed, 0, NCP);
    {
        /* The first text that needs a normalizer chooses the engine. */
        char out[8];
        size_t len = 0;
        CHECK(xn_nfc("e\xCC\x81", 3, out, sizeof out, &len) == XN_OK && len == 2);
        g_engine = xn__nfc_engine(&g_engine_unicode);
    }
#ifdef TEST_NO_ICU
    /* ICU's sonames name no file here: libunistring must normalize. */
    CHECK_MSG(g_engine == XN__NFC_UNISTRING, "engine %d, want libunistring's", g_engine);
#else
    CHECK_MSG(g_engine == XN__NFC_ICU, "engine %d, want ICU's", g_engine);
#endif
    printf("xn %s: Unicode %s; the engine: %s on Unicode %u.%u data%s\n", xn_version(),
           xn_unicode_version(), g_engine == XN__NFC_ICU ? "ICU" : "libunistring",
           g_engine_unicode >> 8, g_engine_unicode & 0xFF,
           g_engine != XN__NFC_ICU ? ": newer code points that take part in NFC refused"
           : OLD_ENGINE            ? ", ICU before 76: XN_PROP_NFC_BOTH_WAYS refused"
                                   : ", ICU 76 or later");
    if (dir && run_file(dir, listed)) {
        run_code_points(listed);
        printf("NormalizationTest %s: %lu lines, %lu columns refused, "
               "%lu of %lu checks failed\n",
               TEST_UNICODE_VERSION, g_lines, g_refused, test_failures, test_checks);
        /* Only an engine on older data, or an ICU before 76, refuses. */
        CHECK_MSG(g_refused == 0 || (g_engine == XN__NFC_ICU ? OLD_ENGINE
                                                             : g_engine_unicode < XN_NFC_AGE_DATA),
                  "the engine refused %lu columns", g_refused);
        /* A line with a longer run would fail above, refused as not
         * Stream-Safe: said here in so many words. */
        printf("NormalizationTest %s: longest run of non-starters %zu (line %u); xn refuses "
               "more than 30\n",
               TEST_UNICODE_VERSION, g_longest_run, g_longest_line);
        CHECK_MSG(g_longest_run > 0 && g_longest_run <= 30,
                  "NormalizationTest.txt:%u: a run of %zu non-starters, refused as not "
                  "Stream-Safe", g_longest_line, g_longest_run);
    }
    check_stream_safe();
    free(listed);
#ifdef TEST_NO_ICU
    return test_finish("normalize-unistring");
#else
    return test_finish("normalize");
#endif
}
