/*
 * xn's UTS #39 skeleton engine (lib/uts39.c) against ICU's, on ICU's own
 * data: the proof that the engine is right, not only that it agrees with
 * itself (issue 44).
 *
 * UTS #39 §4: skeleton(X) = NFD(map(NFD(X))), where map replaces each code
 * point by its prototype in confusables.txt.  ICU's uspoof_getSkeleton()
 * does that with the confusables of its own Unicode version.  This test
 * reads ICU's mapping back: for each code point c that ICU's NFD leaves as
 * it is, the prototype is ICU's skeleton of c alone (NFD of the prototype;
 * the final NFD makes that the same skeleton).  xn's engine, given that
 * table in place of its built-in one, must then give ICU's skeleton
 *  - of every code point ICU's version has assigned (its NFD, canonical
 *    ordering and the mapping of every piece), and
 *  - of every label of the Chromium and Firefox display cases (the
 *    arguments) whose code points ICU's version has all assigned;
 * every mismatch is reported.  A code point of a later Unicode version is
 * left out: ICU's NFD does not know its decomposition or class.
 *
 * The algorithm is that of the ICU's UTS #39 version: since Unicode 15.1
 * it removes the default ignorables after the first NFD (ICU 78 does, ICU
 * 72 does not); the test asks ICU and runs the engine so.
 *
 * The same run counts, as documentation and not as a failure, the code
 * points whose prototype in xn's own data (confusables.txt of the tables'
 * version, 18.0) differs from the ICU's.  Whatever ICU the test is built
 * with (ICU 72 on Debian bookworm with UTS #39 15.0, 76 on trixie, 78 on
 * sid with 17.0), it compares against that ICU's own data: it needs no
 * particular version and never skips.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#include "utf8.h"
#include "uts39.h"
#include "xn.h"
#include "test.h"

#define NCP 0x110000u

/* ICU's mapping: proto[c] = offset << 6 | length into pool, 0 when c maps
 * to itself (the layout of the built-in table). */
typedef struct icu_table {
    uint32_t *proto;
    uint32_t *pool;
    size_t pool_len, pool_cap, mapped;
} icu_table;

static size_t icu_prototype(const void *data, uint32_t c, const uint32_t **p)
{
    const icu_table *t = data;
    uint32_t r = c < NCP ? t->proto[c] : 0;
    *p = t->pool + (r >> 6);
    return r & 63u;
}

/* Code points of UTF-16 s[0..n) into out (cap); returns their number. */
static size_t utf16_cps(const UChar *s, int32_t n, uint32_t *out, size_t cap)
{
    int32_t i = 0;
    size_t k = 0;
    while (i < n && k < cap) {
        uint32_t c = s[i++];
        if (c >= 0xD800 && c <= 0xDBFF && i < n && s[i] >= 0xDC00 && s[i] <= 0xDFFF)
            c = 0x10000 + ((c - 0xD800) << 10) + (uint32_t)(s[i++] - 0xDC00);
        out[k++] = c;
    }
    return k;
}

/* ICU's skeleton of cp[0..n), as code points in out (cap); its length, or
 * (size_t)-1 when ICU fails. */
static size_t icu_skeleton(const USpoofChecker *sc, const uint32_t *cp, size_t n, uint32_t *out,
                           size_t cap)
{
    UChar in[512], sk[2048];
    int32_t in_len = 0, sk_len;
    UErrorCode err = U_ZERO_ERROR;
    size_t i;
    for (i = 0; i < n && in_len < 500; i++)
        U16_APPEND_UNSAFE(in, in_len, (UChar32)cp[i]);
    sk_len = uspoof_getSkeleton(sc, 0, in, in_len, sk, 2048, &err);
    if (U_FAILURE(err))
        return (size_t)-1;
    return utf16_cps(sk, sk_len, out, cap);
}

/* Whether ICU's version has assigned every code point of cp[0..n). */
static bool icu_knows(const uint32_t *cp, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (u_charType((UChar32)cp[i]) == U_UNASSIGNED && !u_hasBinaryProperty(
                (UChar32)cp[i], UCHAR_NONCHARACTER_CODE_POINT))
            return false;
    return true;
}

/* Reads ICU's mapping into *t from the skeletons of single code points. */
static bool read_icu_table(const USpoofChecker *sc, const UNormalizer2 *nfd, icu_table *t)
{
    uint32_t c, sk[64];
    t->proto = calloc(NCP, sizeof *t->proto);
    t->pool_cap = 65536;
    t->pool = malloc(t->pool_cap * sizeof *t->pool);
    t->pool_len = 0;
    if (!t->proto || !t->pool)
        return false;
    for (c = 0; c < NCP; c++) {
        UChar s[2];
        int32_t sn = 0;
        UErrorCode err = U_ZERO_ERROR;
        size_t n;
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        U16_APPEND_UNSAFE(s, sn, (UChar32)c);
        if (!unorm2_isNormalized(nfd, s, sn, &err) || U_FAILURE(err))
            continue; /* decomposes: never looked up after the first NFD */
        n = icu_skeleton(sc, &c, 1, sk, 64);
        if (n == (size_t)-1 || n > 63)
            return false;
        if (n == 1 && sk[0] == c)
            continue;
        if (t->pool_len + n > t->pool_cap)
            return false;
        memcpy(t->pool + t->pool_len, sk, n * sizeof *sk);
        t->proto[c] = (uint32_t)(t->pool_len << 6 | n);
        t->pool_len += n;
        t->mapped++;
    }
    return true;
}

/* xn's skeleton of cp[0..n) with table t equals ICU's; what says what the
 * input was when it does not. */
static bool same_skeleton(const USpoofChecker *sc, const xn__u39_confusables *t,
                          const uint32_t *cp, size_t n, const char *what)
{
    uint32_t want[1024], small[256];
    xn__cps got;
    size_t wn = icu_skeleton(sc, cp, n, want, 1024), i;
    bool same;
    xn__cps_init(&got, small, 256);
    CHECK(xn__u39_skeleton(t, cp, n, &got) == XN_OK);
    same = wn == got.len && memcmp(want, got.p, wn * sizeof *want) == 0;
    if (!same) {
        char g[256] = "", w[256] = "";
        size_t k = 0;
        for (i = 0; i < got.len && k + 10 < sizeof g; i++)
            k += (size_t)snprintf(g + k, sizeof g - k, " %04X", (unsigned)got.p[i]);
        k = 0;
        for (i = 0; i < wn && wn != (size_t)-1 && k + 10 < sizeof w; i++)
            k += (size_t)snprintf(w + k, sizeof w - k, " %04X", (unsigned)want[i]);
        CHECK_MSG(false, "%s: xn's skeleton on ICU's data is%s, ICU's%s", what, g, w);
    }
    xn__cps_free(&got);
    return same;
}

/* Every code point ICU has assigned: the engine on ICU's data gives ICU's
 * skeleton.  Then the code points whose prototype differs between ICU's
 * data and xn's own (each prototype compared in NFD), counted. */
static void test_code_points(const USpoofChecker *sc, const xn__u39_confusables *t)
{
    uint32_t c;
    size_t tried = 0, differ = 0, only_xn = 0, shown = 0;
    for (c = 0; c < NCP; c++) {
        char what[32];
        uint32_t a_small[64], b_small[64];
        xn__cps a, b;
        if ((c >= 0xD800 && c <= 0xDFFF))
            continue;
        if (!icu_knows(&c, 1)) {
            const uint32_t *p;
            only_xn += xn__u39_builtin.prototype(NULL, c, &p) != 0;
            continue;
        }
        snprintf(what, sizeof what, "U+%04X", (unsigned)c);
        tried++;
        same_skeleton(sc, t, &c, 1, what);
        xn__cps_init(&a, a_small, 64);
        xn__cps_init(&b, b_small, 64);
        CHECK(xn__u39_skeleton(t, &c, 1, &a) == XN_OK &&
              xn__u39_skeleton(&xn__u39_builtin, &c, 1, &b) == XN_OK);
        if (a.len != b.len || memcmp(a.p, b.p, a.len * sizeof *a.p) != 0) {
            differ++;
            if (shown++ < 5)
                printf("  differs: U+%04X\n", (unsigned)c);
        }
        xn__cps_free(&a);
        xn__cps_free(&b);
    }
    printf("ICU %s (Unicode %s): %zu code points compared; their skeleton differs between "
           "ICU's data and confusables.txt %s on %zu; %zu code points ICU has not assigned "
           "have a prototype in %s\n",
           U_ICU_VERSION, U_UNICODE_VERSION, tried, XN_UTS39_UNICODE_VERSION, differ, only_xn,
           XN_UTS39_UNICODE_VERSION);
    CHECK_MSG(tried > 100000, "only %zu code points compared", tried);
}

/* The label s[0..n) (UTF-8, or an A-label) as code points; its number, 0
 * when it does not decode. */
static size_t label_cps(const char *s, size_t n, uint32_t *out, size_t cap)
{
    size_t k = 0, i = 0;
    if (n > 4 && (s[0] | 0x20) == 'x' && (s[1] | 0x20) == 'n' && s[2] == '-' && s[3] == '-')
        return xn_punycode_decode(s + 4, n - 4, out, cap, &k, NULL) == XN_OK ? k : 0;
    while (i < n && k < cap) {
        uint32_t c;
        size_t len = xn__utf8_decode((const unsigned char *)s + i, n - i, &c);
        if (len == 0)
            return 0;
        out[k++] = c;
        i += len;
    }
    return k;
}

/* Every label of the hosts in the first column of a TSV file (the
 * Chromium cases) or its first two (the Firefox ones): the engine on ICU's
 * data gives ICU's skeleton. */
static size_t test_labels(const USpoofChecker *sc, const xn__u39_confusables *t,
                          const char *path, int columns)
{
    size_t len = 0, tried = 0;
    char *text = test_slurp(path, &len), *line, *next;
    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text)
        return 0;
    for (line = text; *line; line = next) {
        char *nl = strchr(line, '\n'), *f = line;
        int col;
        next = nl ? nl + 1 : line + strlen(line);
        if (nl)
            *nl = '\0';
        if (*line == '#')
            continue;
        for (col = 0; col < columns && f; col++) {
            char *tab = strchr(f, '\t'), *p = f, *end;
            if (tab)
                *tab = '\0';
            end = f + strlen(f);
            while (p < end) {
                char *dot = memchr(p, '.', (size_t)(end - p)), what[300];
                size_t ln = (dot ? (size_t)(dot - p) : (size_t)(end - p)), cn;
                uint32_t cp[256];
                cn = ln && ln < 250 ? label_cps(p, ln, cp, 256) : 0;
                if (cn && icu_knows(cp, cn)) {
                    snprintf(what, sizeof what, "%s: label %.*s", path, (int)ln, p);
                    tried++;
                    same_skeleton(sc, t, cp, cn, what);
                }
                p += ln + 1;
            }
            f = tab ? tab + 1 : NULL;
        }
    }
    free(text);
    return tried;
}

int main(int argc, char **argv)
{
    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&err);
    USpoofChecker *sc = uspoof_open(&err);
    icu_table table = {NULL, NULL, 0, 0, 0};
    xn__u39_confusables t = {icu_prototype, &table, false};
    size_t labels;

    if (argc != 3) {
        fprintf(stderr, "usage: %s idn_cases.tsv test_idn_urls.tsv\n", argv[0]);
        return 2;
    }
    CHECK_MSG(U_SUCCESS(err), "ICU: %s", u_errorName(err));
    if (U_FAILURE(err))
        return test_done("skeleton-icu");
    CHECK_MSG(read_icu_table(sc, nfd, &table), "ICU's mapping could not be read");
    {
        /* Which UTS #39 §4 the ICU applies: since Unicode 15.1 its step 2
         * removes the default ignorables (ICU 78: the skeleton of U+200B
         * is empty; ICU 72: U+200B). */
        uint32_t zwsp = 0x200B, sk[4];
        t.drop_ignorable = icu_skeleton(sc, &zwsp, 1, sk, 4) == 0;
        printf("ICU's skeleton %s the default ignorables\n",
               t.drop_ignorable ? "removes" : "keeps");
    }
    printf("ICU's mapping: %zu code points with a prototype other than themselves\n",
           table.mapped);
    test_code_points(sc, &t);
    labels = test_labels(sc, &t, argv[1], 1);
    labels += test_labels(sc, &t, argv[2], 2);
    printf("%zu labels of the Chromium and Firefox cases compared\n", labels);
    CHECK_MSG(labels > 400, "only %zu labels compared", labels);
    uspoof_close(sc);
    free(table.proto);
    free(table.pool);
    return test_done("skeleton-icu");
}
