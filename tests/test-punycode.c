/*
 * The Punycode codec (RFC 3492) on its own.
 *
 * Always run (no external data):
 *   - every failure class, with inputs crafted for this file (the arithmetic
 *     behind each is in its comment), and the argument checks;
 *   - the §6.4 overflow checks of the encoder at a smaller maxint;
 *   - round trips of generated strings, with and without case flags;
 *   - a differential test against GNU libidn's punycode_encode/decode when
 *     built with HAVE_LIBIDN.
 * From the testdata folder (argv[1], meson's -Dtestdata, by default tests/data):
 *   - RFC 3492 §7.1 samples (A)-(S), with and without case flags;
 *   - rust-url's punycode_tests.json and bad_punycode_tests.json.
 * Every vector, both ways, is run at every capacity from 0 to the size
 * needed, in exact-size heap buffers (for ASan) and in guarded ones.
 *
 * A missing data file prints "SKIP: <path> not found" and, when everything
 * else passed, exits 77 (meson: SKIP).
 */
#include <ctype.h>
#include <stdbool.h>

#include "internal.h"
#include "json.h"
#include "testdata.h"

#ifdef HAVE_LIBIDN
#include <punycode.h>
#endif

#define GUARD 16
#define GUARD_BYTE 0xA5

/* ------------------------------------------------------------------------
 * Helpers
 * --------------------------------------------------------------------- */

/* Code points as "U+0041 U+00FC ..." for messages (static buffer). */
static const char *cps_text(const uint32_t *cp, size_t n)
{
    static char buf[400];
    size_t o = 0, i;
    buf[0] = '\0';
    for (i = 0; i < n && o + 16 < sizeof buf; i++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%sU+%04" PRIX32, i ? " " : "", cp[i]);
    if (i < n)
        snprintf(buf + o, sizeof buf - o, " ...(%zu)", n);
    return buf;
}

static const char *bytes_text(const char *s, size_t n)
{
    static char buf[400];
    return test_escape(buf, sizeof buf, s, n);
}

static bool guard_intact(const unsigned char *p)
{
    size_t i;
    for (i = 0; i < GUARD; i++)
        if (p[i] != GUARD_BYTE)
            return false;
    return true;
}

static bool round_trip(const uint32_t *cp0, size_t n, const unsigned char *flags0);

static bool is_upper_ascii(uint32_t c)
{
    return c >= 'A' && c <= 'Z';
}

static bool is_letter_ascii(uint32_t c)
{
    return (c | 0x20u) >= 'a' && (c | 0x20u) <= 'z';
}

/* ------------------------------------------------------------------------
 * Checked calls: one vector, both the result and every capacity below it
 * --------------------------------------------------------------------- */

/* Encodes cp[0..n) with flags (may be NULL) and checks the result against
 * expect (expect_len bytes), at every capacity. */
static void check_encode(const uint32_t *cp0, size_t n, const unsigned char *flags0,
                         const char *expect, size_t expect_len, const char *what)
{
    uint32_t *cp = (uint32_t *)test_exact_copy(cp0, n * sizeof *cp);
    unsigned char *flags = flags0 ? (unsigned char *)test_exact_copy(flags0, n) : NULL;
    size_t len = 12345, cap;
    int rc;
    char *out;

    /* The size query. */
    rc = xn_punycode_encode(cp, n, flags, NULL, 0, &len);
    CHECK_MSG(rc == (expect_len ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == expect_len,
              "%s: size query: rc %s, len %zu, want %zu", what, xn_strerror_name(rc), len,
              expect_len);

    /* Room for the NUL. */
    out = (char *)test_xmalloc(expect_len + 1);
    rc = xn_punycode_encode(cp, n, flags, out, expect_len + 1, &len);
    CHECK_MSG(rc == XN_OK && len == expect_len && memcmp(out, expect, len) == 0 &&
                  out[len] == '\0',
              "%s: encode: rc %s, got \"%s\" (%zu), want \"%s\"", what, xn_strerror_name(rc),
              rc == XN_OK ? bytes_text(out, len) : "", len,
              test_escape((char[400]){0}, 400, expect, expect_len));
    free(out);

    /* Every capacity up to the exact size: exact-size blocks (ASan sees any
     * write past them) and guarded blocks (the guard bytes must stay). */
    for (cap = 0; cap <= expect_len; cap++) {
        int mode;
        for (mode = 0; mode < 2; mode++) {
            unsigned char *blk = (unsigned char *)test_xmalloc(mode ? cap + GUARD : cap);
            if (mode)
                memset(blk, GUARD_BYTE, cap + GUARD);
            len = 12345;
            rc = xn_punycode_encode(cp, n, flags, (char *)blk, cap, &len);
            if (cap < expect_len)
                CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL && len == expect_len,
                          "%s: cap %zu: rc %s, len %zu, want %zu", what, cap,
                          xn_strerror_name(rc), len, expect_len);
            else
                CHECK_MSG(rc == XN_OK && len == expect_len && memcmp(blk, expect, len) == 0,
                          "%s: cap %zu (no room for NUL): rc %s", what, cap,
                          xn_strerror_name(rc));
            if (mode)
                CHECK_MSG(guard_intact(blk + cap), "%s: cap %zu: wrote past out_cap", what, cap);
            free(blk);
        }
    }
    free(cp);
    free(flags);
}

/* Decodes in[0..in_len) and checks the code points (and, when expect_flags
 * is not NULL, the case flags) at every capacity. */
static void check_decode(const char *in0, size_t in_len, const uint32_t *expect, size_t expect_n,
                         const unsigned char *expect_flags, const char *what)
{
    char *in = test_exact_copy(in0, in_len);
    size_t len = 12345, cap;
    int rc;
    uint32_t *out;
    unsigned char *fl;

    rc = xn_punycode_decode(in, in_len, NULL, 0, &len, NULL);
    CHECK_MSG(rc == (expect_n ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == expect_n,
              "%s: size query: rc %s, len %zu, want %zu", what, xn_strerror_name(rc), len,
              expect_n);

    /* Exact room, with and without flags. */
    out = (uint32_t *)test_xmalloc(expect_n * sizeof *out);
    fl = (unsigned char *)test_xmalloc(expect_n);
    rc = xn_punycode_decode(in, in_len, out, expect_n, &len, fl);
    CHECK_MSG(rc == XN_OK && len == expect_n && memcmp(out, expect, len * sizeof *out) == 0,
              "%s: decode \"%s\": rc %s, got %s", what, bytes_text(in, in_len),
              xn_strerror_name(rc), rc == XN_OK ? cps_text(out, len) : "-");
    if (rc == XN_OK && expect_flags)
        CHECK_MSG(memcmp(fl, expect_flags, expect_n) == 0, "%s: case flags differ", what);
    rc = xn_punycode_decode(in, in_len, out, expect_n, &len, NULL);
    CHECK_MSG(rc == XN_OK && len == expect_n && memcmp(out, expect, len * sizeof *out) == 0,
              "%s: decode without flags: rc %s", what, xn_strerror_name(rc));
    free(out);
    free(fl);

    for (cap = 0; cap <= expect_n; cap++) {
        int mode;
        for (mode = 0; mode < 2; mode++) {
            size_t ob = mode ? cap * sizeof *out + GUARD : cap * sizeof *out;
            size_t fb = mode ? cap + GUARD : cap;
            unsigned char *o = (unsigned char *)test_xmalloc(ob), *f = (unsigned char *)test_xmalloc(fb);
            if (mode) {
                memset(o, GUARD_BYTE, ob);
                memset(f, GUARD_BYTE, fb);
            }
            len = 12345;
            rc = xn_punycode_decode(in, in_len, (uint32_t *)(void *)o, cap, &len, f);
            if (cap < expect_n)
                CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL && len == expect_n,
                          "%s: cap %zu: rc %s, len %zu, want %zu", what, cap,
                          xn_strerror_name(rc), len, expect_n);
            else
                CHECK_MSG(rc == XN_OK && len == expect_n, "%s: cap %zu: rc %s", what, cap,
                          xn_strerror_name(rc));
            if (mode)
                CHECK_MSG(guard_intact(o + cap * sizeof *out) && guard_intact(f + cap),
                          "%s: cap %zu: wrote past out_cap", what, cap);
            free(o);
            free(f);
        }
    }
    free(in);
}

static void check_encode_fails(const uint32_t *cp0, size_t n, const unsigned char *flags,
                               int want, const char *what)
{
    uint32_t *cp = (uint32_t *)test_exact_copy(cp0, n * sizeof *cp);
    char buf[64];
    size_t len = 12345;
    int rc = xn_punycode_encode(cp, n, flags, NULL, 0, &len);
    CHECK_MSG(rc == want, "%s: size query: rc %s, want %s", what, xn_strerror_name(rc),
              xn_strerror_name(want));
    rc = xn_punycode_encode(cp, n, flags, buf, sizeof buf, &len);
    CHECK_MSG(rc == want, "%s: rc %s, want %s", what, xn_strerror_name(rc), xn_strerror_name(want));
    free(cp);
}

static void check_decode_fails(const char *in0, size_t in_len, int want, const char *what)
{
    char *in = test_exact_copy(in0, in_len);
    uint32_t out[XN_LABEL_LIMIT];
    unsigned char fl[XN_LABEL_LIMIT];
    size_t len = 12345;
    int rc = xn_punycode_decode(in, in_len, NULL, 0, &len, NULL);
    CHECK_MSG(rc == want, "%s \"%s\": size query: rc %s, want %s", what, bytes_text(in, in_len),
              xn_strerror_name(rc), xn_strerror_name(want));
    rc = xn_punycode_decode(in, in_len, out, XN_LABEL_LIMIT, &len, fl);
    CHECK_MSG(rc == want, "%s \"%s\": rc %s, want %s", what, bytes_text(in, in_len),
              xn_strerror_name(rc), xn_strerror_name(want));
    free(in);
}

/* ------------------------------------------------------------------------
 * Always run: crafted vectors, failure classes, arguments
 * --------------------------------------------------------------------- */

/* Decodes s (a C string) and expects one code point. */
static void check_decode_one(const char *s, uint32_t cp, const char *what)
{
    check_decode(s, strlen(s), &cp, 1, NULL, what);
    check_encode(&cp, 1, NULL, s, strlen(s), what);
}

static void test_crafted(void)
{
    static const uint32_t a_cp[] = {'a'}, dash_cp[] = {'-'}, nul_cp[] = {0};
    static const uint32_t ue[] = {0xFC};
    static const unsigned char flag1[] = {1}, flag0[] = {0};

    /* Basic-only strings: a trailing delimiter, none for the empty string. */
    check_encode(NULL, 0, NULL, "", 0, "empty");
    check_decode("", 0, a_cp, 0, NULL, "empty");
    check_encode(a_cp, 1, NULL, "a-", 2, "a");
    check_decode("a-", 2, a_cp, 1, flag0, "a-");
    check_encode(dash_cp, 1, NULL, "--", 2, "-");
    check_decode("--", 2, dash_cp, 1, NULL, "--");
    check_encode(nul_cp, 1, NULL, "\0-", 2, "NUL");
    check_decode("\0-", 2, nul_cp, 1, NULL, "NUL-");

    /* Scalar-value edges as the only code point (computed with the §6.3
     * arithmetic, bias 72: the delta is cp - 0x80). */
    check_decode_one("hb9b", 0xD7FF, "U+D7FF");
    check_decode_one("0y0c", 0xE000, "U+E000");
    check_decode_one("dn32g", 0x10FFFF, "U+10FFFF");

    /* Appendix A: the flag of a non-basic code point is the case of the last
     * digit of its delta ("tda" is U+00FC). */
    check_decode("TDA", 3, ue, 1, flag1, "TDA");
    check_decode("tdA", 3, ue, 1, flag1, "tdA");
    check_decode("TDa", 3, ue, 1, flag0, "TDa");
    check_encode(ue, 1, flag1, "tdA", 3, "U+00FC flagged");
    check_encode(ue, 1, flag0, "tda", 3, "U+00FC unflagged");
    {
        /* Basic letters take their flag's case when flags are given. */
        static const uint32_t mix[] = {'a', 'B', '1', 0xFC};
        static const unsigned char f[] = {1, 0, 1, 0};
        static const uint32_t back[] = {'A', 'b', '1', 0xFC};
        static const unsigned char back_f[] = {1, 0, 0, 0};
        check_encode(mix, 4, f, "Ab1-joa", 7, "forced case");
        check_encode(mix, 4, NULL, "aB1-joa", 7, "case kept");
        check_decode("Ab1-joa", 7, back, 4, back_f, "Ab1-joa");
    }
}

static void test_failure_classes(void)
{
    static const uint32_t sur1[] = {'a', 0xD800}, sur2[] = {0xDFFF}, big1[] = {0x110000},
                          big2[] = {0xFFFFFFFF, 'a'};
    uint32_t cps[XN_LABEL_LIMIT + 1];
    size_t len, i;

    /* A character after the last delimiter that is no base-36 digit.  A '-'
     * at position 0 is no delimiter (§6.2: the delimiter is consumed only
     * when code points came before it), so it is read as a digit. */
    check_decode_fails("-", 1, XN_E_PUNYCODE_BAD_DIGIT, "lone delimiter");
    check_decode_fails("-tda", 4, XN_E_PUNYCODE_BAD_DIGIT, "delimiter at 0");
    check_decode_fails("a-b!c", 5, XN_E_PUNYCODE_BAD_DIGIT, "'!'");
    check_decode_fails("ab-c d", 6, XN_E_PUNYCODE_BAD_DIGIT, "space");
    check_decode_fails("abc_", 4, XN_E_PUNYCODE_BAD_DIGIT, "no delimiter, '_'");
    check_decode_fails("a-\xC3\xBC", 4, XN_E_PUNYCODE_BAD_DIGIT, "non-ASCII digit");
    check_decode_fails("a-t\0a", 5, XN_E_PUNYCODE_BAD_DIGIT, "NUL digit");

    /* A non-basic byte before the last delimiter. */
    check_decode_fails("\xC3\xBC-tda", 6, XN_E_PUNYCODE_BAD_BASIC, "UTF-8 basic");
    check_decode_fails("a\x80z-", 4, XN_E_PUNYCODE_BAD_BASIC, "0x80 basic");
    check_decode_fails("\xFF-!", 3, XN_E_PUNYCODE_BAD_BASIC, "0xFF basic before a bad digit");

    /* Input ends inside a variable-length integer: with bias 72 the first
     * two thresholds are 1, so 'b' (1) and 'd' (3) continue. */
    check_decode_fails("b", 1, XN_E_PUNYCODE_TRUNCATED, "b");
    check_decode_fails("td", 2, XN_E_PUNYCODE_TRUNCATED, "td");
    check_decode_fails("ab-9", 4, XN_E_PUNYCODE_TRUNCATED, "ab-9");
    check_decode_fails("tda9", 4, XN_E_PUNYCODE_TRUNCATED, "second delta cut");

    /* Decoded values that fit 32 bits but are no scalar value.  "0000h":
     * digits 26,26,26,26,7 with weights 1,35,1225,12250,122500 give
     * i = 1208786, n = 0x80 + i = U+127252 (the CVE-class value). */
    check_decode_fails("0000h", 5, XN_E_PUNYCODE_BAD_CODE_POINT, "U+127252");
    check_decode_fails("en32g", 5, XN_E_PUNYCODE_BAD_CODE_POINT, "U+110000");
    check_decode_fails("ib9b", 4, XN_E_PUNYCODE_BAD_CODE_POINT, "U+D800");
    check_decode_fails("zy0c", 4, XN_E_PUNYCODE_BAD_CODE_POINT, "U+DFFF");
    /* After 'a', inserting at the end: i = (cp - 0x80) * 2 + 1. */
    check_decode_fails("a-rc4g", 6, XN_E_PUNYCODE_BAD_CODE_POINT, "U+D800 after 'a'");
    check_decode_fails("a-qo7g", 6, XN_E_PUNYCODE_BAD_CODE_POINT, "U+DFFF after 'a'");
    /* "ww902716a" is i = 0xFFFFFF7F: n = 0x80 + i = 0xFFFFFFFF still fits. */
    check_decode_fails("ww902716a", 9, XN_E_PUNYCODE_BAD_CODE_POINT, "n = maxint");

    /* §6.4 overflow.  "xw902716a" is i = 0xFFFFFF80: i fits, n + i does not.
     * "l0902716a" is i = 2^32: the last non-zero digit makes i overflow.
     * A run of '9' (35) overflows i on its 7th digit. */
    check_decode_fails("xw902716a", 9, XN_E_PUNYCODE_OVERFLOW, "n + i overflow");
    check_decode_fails("k0902716a", 9, XN_E_PUNYCODE_OVERFLOW, "i = maxint, n + i overflow");
    check_decode_fails("l0902716a", 9, XN_E_PUNYCODE_OVERFLOW, "i overflow");
    check_decode_fails("999999999999", 12, XN_E_PUNYCODE_OVERFLOW, "999999999999");
    check_decode_fails("a-99999999999999999999", 22, XN_E_PUNYCODE_OVERFLOW, "long 9s");
    /* Overflow comes before the bad digit that follows it. */
    check_decode_fails("99999999!", 9, XN_E_PUNYCODE_OVERFLOW, "overflow, then '!'");

    /* The encoder takes Unicode scalar values only. */
    check_encode_fails(sur1, 2, NULL, XN_E_PUNYCODE_BAD_CODE_POINT, "U+D800");
    check_encode_fails(sur2, 1, NULL, XN_E_PUNYCODE_BAD_CODE_POINT, "U+DFFF");
    check_encode_fails(big1, 1, NULL, XN_E_PUNYCODE_BAD_CODE_POINT, "0x110000");
    check_encode_fails(big2, 2, NULL, XN_E_PUNYCODE_BAD_CODE_POINT, "0xFFFFFFFF");

    /* XN_LABEL_LIMIT: 1024 passes, 1025 is too long (both ways). */
    for (i = 0; i <= XN_LABEL_LIMIT; i++)
        cps[i] = i % 2 ? 'a' : 0xE9;
    check_encode_fails(cps, XN_LABEL_LIMIT + 1, NULL, XN_E_TOO_LONG, "1025 code points");
    {
        char *big = (char *)test_xmalloc(8 * XN_LABEL_LIMIT);
        int rc = xn_punycode_encode(cps, XN_LABEL_LIMIT, NULL, big, 8 * XN_LABEL_LIMIT, &len);
        CHECK_MSG(rc == XN_OK, "1024 code points: %s", xn_strerror_name(rc));
        free(big);
    }
    /* Decoding: XN_LABEL_LIMIT code points come out, one more is too long,
     * whether basic (before the delimiter) or inserted (each 'a' a delta of
     * 0, inserting U+0080); the input may take up to XN_ACE_LIMIT bytes. */
    {
        char *t = (char *)test_xmalloc(XN_ACE_LIMIT + 2);
        uint32_t *out = (uint32_t *)test_xmalloc((XN_LABEL_LIMIT + 1) * sizeof *out);
        int rc;
        memset(t, 'a', XN_ACE_LIMIT + 2);
        rc = xn_punycode_decode(t, XN_LABEL_LIMIT, out, XN_LABEL_LIMIT, &len, NULL);
        CHECK_MSG(rc == XN_OK && len == XN_LABEL_LIMIT && out[0] == 0x80 &&
                      out[XN_LABEL_LIMIT - 1] == 0x80,
                  "1024 inserted: %s", xn_strerror_name(rc));
        check_decode_fails(t, XN_LABEL_LIMIT + 1, XN_E_TOO_LONG, "1025 inserted");
        t[XN_LABEL_LIMIT] = '-';
        rc = xn_punycode_decode(t, XN_LABEL_LIMIT + 1, out, XN_LABEL_LIMIT, &len, NULL);
        CHECK_MSG(rc == XN_OK && len == XN_LABEL_LIMIT && out[0] == 'a',
                  "1024 basic: %s", xn_strerror_name(rc));
        t[XN_LABEL_LIMIT] = 'a';
        t[XN_LABEL_LIMIT + 1] = '-';
        check_decode_fails(t, XN_LABEL_LIMIT + 2, XN_E_TOO_LONG, "1025 basic");
        t[XN_LABEL_LIMIT + 1] = 'a';
        check_decode_fails(t, XN_ACE_LIMIT + 1, XN_E_TOO_LONG, "XN_ACE_LIMIT + 1 bytes");
        rc = xn_punycode_decode(t, XN_ACE_LIMIT + 1, out, XN_LABEL_LIMIT + 1, &len, NULL);
        CHECK_MSG(rc == XN_E_TOO_LONG && len == 0, "XN_ACE_LIMIT + 1 bytes, big buffer: %s",
                  xn_strerror_name(rc));
        free(t);
        free(out);
    }
}

static void test_arguments(void)
{
    static const uint32_t cp[] = {'a'};
    char out[8];
    uint32_t dec[8];
    size_t len;

    CHECK_EQ_INT(xn_punycode_encode(NULL, 1, NULL, out, sizeof out, &len), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_encode(cp, 1, NULL, out, sizeof out, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_encode(cp, 1, NULL, NULL, 5, &len), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_encode(NULL, XN_LABEL_LIMIT + 1, NULL, out, 8, &len),
                 XN_E_INVALID_ARG);
    len = 99;
    CHECK_EQ_INT(xn_punycode_encode(NULL, 0, NULL, NULL, 0, &len), XN_OK);
    CHECK_EQ_INT(len, 0);
    out[0] = 'x';
    CHECK_EQ_INT(xn_punycode_encode(NULL, 0, NULL, out, 1, &len), XN_OK);
    CHECK(out[0] == '\0' && len == 0);
    /* A non-NULL buffer with out_cap 0 is a size query too. */
    CHECK_EQ_INT(xn_punycode_encode(cp, 1, NULL, out, 0, &len), XN_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(len, 2);

    CHECK_EQ_INT(xn_punycode_decode(NULL, 1, dec, 8, &len, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_decode("a-", 2, dec, 8, NULL, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_decode("a-", 2, NULL, 8, &len, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_decode(NULL, XN_LABEL_LIMIT + 1, dec, 8, &len, NULL),
                 XN_E_INVALID_ARG);
    len = 99;
    CHECK_EQ_INT(xn_punycode_decode(NULL, 0, NULL, 0, &len, NULL), XN_OK);
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_INT(xn_punycode_decode("a-", 2, dec, 0, &len, NULL), XN_E_BUFFER_TOO_SMALL);
    CHECK_EQ_INT(len, 1);
}

/* §6.4 for the encoder.  With maxint = 0xFFFFFFFF no input under the cap can
 * overflow (see lib/punycode.c); with a smaller maxint the same checks are
 * reachable, and must fail exactly where the RFC's arithmetic passes it. */
static void test_encoder_overflow(void)
{
    uint32_t cp[XN_LABEL_LIMIT];
    char *out = (char *)test_xmalloc(8 * XN_LABEL_LIMIT), *ref = (char *)test_xmalloc(8 * XN_LABEL_LIMIT);
    size_t k, len, ref_len;
    uint32_t m = 0x10FFFF, d_add, d;
    int rc;

    /* k 'a's, then m: the first delta is (m - 0x80) * (k + 1) (the add), plus
     * k for the 'a's before m (the increments). */
    for (k = 1; k < XN_LABEL_LIMIT; k = k * 3 + 1) {
        size_t n = k + 1;
        for (len = 0; len < k; len++)
            cp[len] = 'a';
        cp[k] = m;
        d_add = (m - 0x80) * (uint32_t)(k + 1);
        d = d_add + (uint32_t)k;
        rc = xn_punycode_encode(cp, n, NULL, ref, 8 * XN_LABEL_LIMIT, &ref_len);
        CHECK_MSG(rc == XN_OK, "k=%zu: public encode: %s", k, xn_strerror_name(rc));
        rc = xn__punycode_encode_bounded(cp, n, NULL, out, 8 * XN_LABEL_LIMIT, &len, d);
        CHECK_MSG(rc == XN_OK && len == ref_len && memcmp(out, ref, len) == 0,
                  "k=%zu: maxint = delta: %s", k, xn_strerror_name(rc));
        rc = xn__punycode_encode_bounded(cp, n, NULL, out, 8 * XN_LABEL_LIMIT, &len, d - 1);
        CHECK_MSG(rc == XN_E_PUNYCODE_OVERFLOW, "k=%zu: maxint = delta - 1: %s", k,
                  xn_strerror_name(rc));
        rc = xn__punycode_encode_bounded(cp, n, NULL, out, 8 * XN_LABEL_LIMIT, &len, d_add);
        CHECK_MSG(rc == XN_E_PUNYCODE_OVERFLOW, "k=%zu: maxint = delta - k: %s", k,
                  xn_strerror_name(rc));
        rc = xn__punycode_encode_bounded(cp, n, NULL, NULL, 0, &len, d_add - 1);
        CHECK_MSG(rc == XN_E_PUNYCODE_OVERFLOW, "k=%zu: add overflows: %s", k,
                  xn_strerror_name(rc));
    }
    /* A later round: 'a', U+0100, then U+10FFFF.  After U+0100 (delta 0x80*2
     * + 1 = 257) delta is reset, then incremented once at the end of the
     * round (n becomes 0x101); the next add is (0x10FFFF - 0x101) * 3, the
     * increments 'a' and U+0100, so the second delta is 1 + 3339774 + 2. */
    cp[0] = 'a';
    cp[1] = 0x100;
    cp[2] = 0x10FFFF;
    d = 1 + (0x10FFFFu - 0x101u) * 3u + 2;
    rc = xn__punycode_encode_bounded(cp, 3, NULL, out, 64, &len, d);
    CHECK_MSG(rc == XN_OK, "second delta = maxint: %s", xn_strerror_name(rc));
    rc = xn__punycode_encode_bounded(cp, 3, NULL, out, 64, &len, d - 1);
    CHECK_MSG(rc == XN_E_PUNYCODE_OVERFLOW, "second delta = maxint + 1: %s", xn_strerror_name(rc));
    rc = xn__punycode_encode_bounded(cp, 3, NULL, out, 64, &len, d - 3);
    CHECK_MSG(rc == XN_E_PUNYCODE_OVERFLOW, "second add overflows: %s", xn_strerror_name(rc));
    CHECK_EQ_INT(xn__punycode_encode_bounded(cp, 3, NULL, out, 64, &len, XN_LABEL_LIMIT),
                 XN_E_INVALID_ARG);

    /* The largest deltas under the cap encode (1023 'a' + U+10FFFF has the
     * largest, 0x10FF7F * 1024 + 1023) and decode back (1015 'a' + U+10FFFF
     * encodes to exactly 1024 characters). */
    for (k = 0; k < 4; k++) {
        size_t n = k == 3 ? 1016 : XN_LABEL_LIMIT;
        for (len = 0; len < n; len++)
            cp[len] = k == 0 || k == 3 ? (len + 1 < n ? 'a' : 0x10FFFF)
                      : k == 1         ? 0x10FFFF
                                       : (uint32_t)(0x10FFFF - len);
        rc = xn_punycode_encode(cp, n, NULL, out, 8 * XN_LABEL_LIMIT, &len);
        CHECK_MSG(rc == XN_OK, "worst case %zu: %s", k, xn_strerror_name(rc));
        CHECK_MSG(k != 3 || len == XN_LABEL_LIMIT, "worst case 3: length %zu", len);
        round_trip(cp, n, NULL);
    }
    free(out);
    free(ref);
}

/* ------------------------------------------------------------------------
 * Generated strings
 * --------------------------------------------------------------------- */

static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);

/* xorshift64* */
static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * UINT64_C(2685821657736338717)) >> 32);
}

static uint32_t rnd_below(uint32_t n)
{
    return (uint32_t)(((uint64_t)rnd() * n) >> 32);
}

static uint32_t rnd_scalar(uint32_t lo, uint32_t hi)
{
    uint32_t c;
    do
        c = lo + rnd_below(hi - lo + 1);
    while (c >= 0xD800 && c <= 0xDFFF);
    return c;
}

/* A random string of n scalar values: a mix of ASCII, BMP and astral code
 * points, sometimes drawn from a small alphabet so that values repeat. */
static void gen_string(uint32_t *cp, size_t n)
{
    uint32_t alphabet[8], kind = rnd_below(5), i;
    for (i = 0; i < 8; i++)
        alphabet[i] = rnd_below(4) == 0 ? rnd_scalar(0, 0x7F) : rnd_scalar(0x80, 0x10FFFF);
    for (i = 0; i < n; i++) {
        uint32_t r = rnd_below(100);
        if (kind == 0 || (kind == 1 && r < 50))
            cp[i] = alphabet[rnd_below(8)];
        else if (r < 35)
            cp[i] = rnd_below(0x80);
        else if (r < 50)
            cp[i] = rnd_scalar(0x80, 0x7FF);
        else if (r < 80)
            cp[i] = rnd_scalar(0x800, 0xFFFF);
        else if (r < 95)
            cp[i] = rnd_scalar(0x10000, 0x10FFFF);
        else
            cp[i] = rnd_scalar(0x10FF00, 0x10FFFF);
    }
}

/* Encodes and decodes cp[0..n) in exact-size buffers, with flags (NULL or
 * arbitrary), and checks what comes back: the code points with basic
 * letters in their flag's case, and flags that say upper case exactly for
 * upper-case basic letters and for flagged non-basic code points.  An
 * encoding longer than XN_ACE_LIMIT cannot be decoded (XN_E_TOO_LONG);
 * returns false for it. */
static bool round_trip(const uint32_t *cp0, size_t n, const unsigned char *flags0)
{
    uint32_t *cp = (uint32_t *)test_exact_copy(cp0, n * sizeof *cp), *dec;
    unsigned char *flags = flags0 ? (unsigned char *)test_exact_copy(flags0, n) : NULL, *dfl;
    size_t need = 0, len = 0, dn = 0, i;
    char *enc;
    int rc = xn_punycode_encode(cp, n, flags, NULL, 0, &need);
    bool ok;

    CHECK_MSG(rc == XN_E_BUFFER_TOO_SMALL || (rc == XN_OK && need == 0),
              "round trip %s: size query %s", cps_text(cp, n), xn_strerror_name(rc));
    enc = (char *)test_xmalloc(need);
    rc = xn_punycode_encode(cp, n, flags, enc, need, &len);
    CHECK_MSG(rc == XN_OK && len == need, "round trip %s: encode %s", cps_text(cp, n),
              xn_strerror_name(rc));
    if (len > XN_ACE_LIMIT) {
        rc = xn_punycode_decode(enc, len, NULL, 0, &dn, NULL);
        CHECK_MSG(rc == XN_E_TOO_LONG, "round trip %s: %zu bytes decode with %s",
                  cps_text(cp, n), len, xn_strerror_name(rc));
        free(enc);
        free(cp);
        free(flags);
        return false;
    }
    dec = (uint32_t *)test_xmalloc(n * sizeof *dec);
    dfl = (unsigned char *)test_xmalloc(n);
    rc = xn_punycode_decode(enc, len, dec, n, &dn, dfl);
    ok = rc == XN_OK && dn == n;
    for (i = 0; ok && i < n; i++) {
        uint32_t want = cp[i];
        bool upper;
        if (want < 0x80) {
            if (flags && is_letter_ascii(want))
                want = flags[i] ? (want & ~0x20u) : (want | 0x20u);
            upper = is_upper_ascii(want);
        } else {
            upper = flags && flags[i];
        }
        ok = dec[i] == want && (dfl[i] != 0) == upper;
    }
    CHECK_MSG(ok, "round trip %s%s: \"%s\" decodes with %s to %s", cps_text(cp, n),
              flags ? " (flags)" : "", bytes_text(enc, len), xn_strerror_name(rc),
              rc == XN_OK ? cps_text(dec, dn) : "-");
    free(enc);
    free(dec);
    free(dfl);
    free(cp);
    free(flags);
    return true;
}

static void test_round_trips(void)
{
    uint32_t cp[XN_LABEL_LIMIT];
    unsigned char flags[XN_LABEL_LIMIT];
    unsigned long count = 0, longest = 0, before = test_failures;
    int iter;
    for (iter = 0; iter < 40000; iter++) {
        size_t n = iter < 39000 ? rnd_below(81) : 81 + rnd_below(XN_LABEL_LIMIT - 80), i;
        gen_string(cp, n);
        for (i = 0; i < n; i++)
            flags[i] = (unsigned char)(rnd_below(3) == 0);
        /* Shorten long strings until their encoding can be decoded. */
        while (!round_trip(cp, n, NULL))
            n -= n / 8 + 1;
        while (!round_trip(cp, n, flags))
            n -= n / 8 + 1;
        count += 2;
        if (n > longest)
            longest = n;
    }
    printf("round trips: %lu strings (up to %lu code points), %lu failed\n", count, longest,
           test_failures - before);
}

/* ------------------------------------------------------------------------
 * The encoder's paths
 * --------------------------------------------------------------------- */

/* RFC 3492 §6.3 as written (no case flags, maxint 0xFFFFFFFF, which no
 * input here comes near): the reference for test_encoder_paths(). */
static size_t ref_encode(const uint32_t *cp, size_t n, char *out)
{
    static const char dig[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    uint64_t delta = 0;
    uint32_t m, cur = 0x80, bias = 72;
    size_t o = 0, h, b, j;

    for (j = 0; j < n; j++)
        if (cp[j] < 0x80)
            out[o++] = (char)cp[j];
    h = b = o;
    if (b > 0)
        out[o++] = '-';
    while (h < n) {
        m = UINT32_MAX;
        for (j = 0; j < n; j++)
            if (cp[j] >= cur && cp[j] < m)
                m = cp[j];
        delta += (uint64_t)(m - cur) * (h + 1);
        cur = m;
        for (j = 0; j < n; j++) {
            if (cp[j] < cur)
                delta++;
            if (cp[j] == cur) {
                uint32_t q = (uint32_t)delta, k, t, d;
                for (k = 36;; k += 36) {
                    t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
                    if (q < t)
                        break;
                    out[o++] = dig[t + (q - t) % (36 - t)];
                    q = (q - t) / (36 - t);
                }
                out[o++] = dig[q];
                /* adapt() */
                d = h == b ? (uint32_t)delta / 700 : (uint32_t)delta / 2;
                d += d / (uint32_t)(h + 1);
                for (k = 0; d > 455; k += 36)
                    d /= 35;
                bias = k + 36 * d / (d + 38);
                delta = 0;
                h++;
            }
        }
        delta++;
        cur++;
    }
    return o;
}

/* Labels of up to 63 code points are encoded from one sort, longer ones by
 * the RFC's scans, and a small label with room for its worst case without
 * bounds tests: each against ref_encode(), with a large buffer and one of
 * the exact size, across the 63/64 border, on shapes that stress the sort
 * (U+0080 first, repeats, descending values, interleaved ASCII). */
static void test_encoder_paths(void)
{
    static const uint32_t pool[] = {0x80, 0x81, 0xFC, 0x430, 0x431, 0x4E2D, 0x10FFFF, 'a', '-'};
    uint32_t cp[80];
    char *big = (char *)test_xmalloc(4096), ref[2048];
    unsigned long count = 0, before = test_failures;
    size_t n, i, shape;

    for (shape = 0; shape < 7; shape++) {
        for (n = 1; n <= 70; n++) {
            size_t ref_len, len, need = 0;
            char *exact;
            int rc;
            for (i = 0; i < n; i++) {
                switch (shape) {
                case 0: cp[i] = i == 0 ? 'a' : 0x80; break;          /* 'a', then U+0080s */
                case 1: cp[i] = i % 2 ? 0x80 : 'x'; break;           /* interleaved */
                case 2: cp[i] = 0x10FFFF - (uint32_t)i; break;       /* descending */
                case 3: cp[i] = 0x430 + (uint32_t)(i * 7 % 11); break; /* a few repeated */
                case 4: cp[i] = i + 1 == n ? 0x80 : 'a'; break;      /* U+0080 last */
                default: cp[i] = pool[rnd_below(sizeof pool / sizeof *pool)]; break;
                }
            }
            ref_len = ref_encode(cp, n, ref);
            rc = xn_punycode_encode(cp, n, NULL, big, 4096, &len);
            CHECK_MSG(rc == XN_OK && len == ref_len && memcmp(big, ref, len) == 0,
                      "paths %s: large buffer: %s \"%s\", want \"%s\"", cps_text(cp, n),
                      xn_strerror_name(rc), rc == XN_OK ? bytes_text(big, len) : "",
                      test_escape((char[400]){0}, 400, ref, ref_len));
            rc = xn_punycode_encode(cp, n, NULL, NULL, 0, &need);
            CHECK_MSG(need == ref_len, "paths %s: size query %zu, want %zu", cps_text(cp, n),
                      need, ref_len);
            exact = (char *)test_xmalloc(ref_len);
            rc = xn_punycode_encode(cp, n, NULL, exact, ref_len, &len);
            CHECK_MSG(rc == XN_OK && len == ref_len && memcmp(exact, ref, len) == 0,
                      "paths %s: exact buffer: %s", cps_text(cp, n), xn_strerror_name(rc));
            free(exact);
            count++;
        }
    }
    free(big);
    printf("encoder paths: %lu strings, %lu failed\n", count, test_failures - before);
}

/* ------------------------------------------------------------------------
 * GNU libidn differential
 * --------------------------------------------------------------------- */

#ifdef HAVE_LIBIDN
/* Compares the two encoders on cp[0..n); returns true when they agree. */
static bool diff_encode(const uint32_t *cp, size_t n, const unsigned char *flags, char *enc,
                        size_t *enc_len)
{
    static char ref[16 * XN_LABEL_LIMIT];
    size_t ref_len = sizeof ref, len;
    int rc = xn_punycode_encode(cp, n, flags, enc, 16 * XN_LABEL_LIMIT, &len);
    int rrc = punycode_encode(n, cp, flags, &ref_len, ref);
    bool same = rc == XN_OK && rrc == PUNYCODE_SUCCESS && len == ref_len &&
                memcmp(enc, ref, len) == 0;
    CHECK_MSG(same, "libidn encode %s%s: xn %s \"%s\", libidn %d \"%s\"", cps_text(cp, n),
              flags ? " (flags)" : "", xn_strerror_name(rc), rc ? "" : bytes_text(enc, len), rrc,
              rrc ? "" : test_escape((char[400]){0}, 400, ref, ref_len));
    *enc_len = len;
    return same;
}

/* Inputs where libidn 1.41 legitimately differs from RFC 3492, counted. */
static unsigned long lenient_digit, low_surrogate;

/* Compares the two decoders on s[0..n); returns 1 when both succeed, 0 when
 * both fail, and fails the check when they disagree.
 *
 * Two classes are not compared; on them we check our own result instead:
 * 1. libidn's decode_digit() works on a signed int, so bytes 0x16-0x2F
 *    (space, '!', ',', '-', '/' ...) get the digit values 0-25.  RFC 3492
 *    §5 gives digit values to A-Z, a-z and 0-9 only, and §6.2 fails on a
 *    code point with no digit value: we must fail (not necessarily with
 *    BAD_DIGIT: overflow or a bad value earlier in the input comes first).
 * 2. libidn rejects values above U+10FFFF and D800-DBFF, but returns
 *    DC00-DFFF, which are not Unicode scalar values either: where its result
 *    holds one, we must fail with XN_E_PUNYCODE_BAD_CODE_POINT. */
static int diff_decode(const char *s, size_t n)
{
    static uint32_t out[XN_LABEL_LIMIT + 1], ref[XN_LABEL_LIMIT + 1];
    static unsigned char fl[XN_LABEL_LIMIT + 1], rfl[XN_LABEL_LIMIT + 1];
    size_t len = 0, ref_len = XN_LABEL_LIMIT + 1, b = 0, i;
    int rc = xn_punycode_decode(s, n, out, XN_LABEL_LIMIT + 1, &len, fl);
    int rrc = punycode_decode(n, s, &ref_len, ref, rfl);
    for (i = 0; i < n; i++)
        if (s[i] == '-')
            b = i;
    for (i = b > 0 ? b + 1 : 0; i < n; i++) {
        if (s[i] >= 0x16 && s[i] <= 0x2F) {
            lenient_digit++;
            CHECK_MSG(rc < 0, "\"%s\": decoded, but holds a byte that is no digit",
                      bytes_text(s, n));
            return 0;
        }
    }
    for (i = 0; rrc == PUNYCODE_SUCCESS && i < ref_len; i++) {
        if (ref[i] >= 0xDC00 && ref[i] <= 0xDFFF) {
            low_surrogate++;
            CHECK_MSG(rc == XN_E_PUNYCODE_BAD_CODE_POINT, "\"%s\": libidn gives U+%04" PRIX32
                      ", xn %s", bytes_text(s, n), ref[i], xn_strerror_name(rc));
            return 0;
        }
    }
    if (rc == XN_OK && rrc == PUNYCODE_SUCCESS) {
        CHECK_MSG(len == ref_len && memcmp(out, ref, len * sizeof *out) == 0 &&
                      memcmp(fl, rfl, len) == 0,
                  "libidn decode \"%s\": results differ", bytes_text(s, n));
        return 1;
    }
    CHECK_MSG(rc != XN_OK && rrc != PUNYCODE_SUCCESS,
              "libidn decode \"%s\": xn %s, libidn %d", bytes_text(s, n), xn_strerror_name(rc),
              rrc);
    return 0;
}

static void test_libidn(void)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-";
    uint32_t cp[XN_LABEL_LIMIT];
    unsigned char flags[XN_LABEL_LIMIT];
    char *enc = (char *)test_xmalloc(16 * XN_LABEL_LIMIT);
    char s[XN_LABEL_LIMIT];
    unsigned long enc_n = 0, dec_n = 0, dec_ok = 0, before = test_failures;
    int iter;

    for (iter = 0; iter < 100000; iter++) {
        size_t n = iter < 99000 ? rnd_below(64) : rnd_below(XN_LABEL_LIMIT + 1), len, i;
        bool with_flags = rnd_below(2);
        gen_string(cp, n);
        for (i = 0; i < n; i++)
            flags[i] = (unsigned char)(rnd_below(3) == 0);
        enc_n++;
        if (!diff_encode(cp, n, with_flags ? flags : NULL, enc, &len))
            continue;
        /* The decoders on the encoding and on mutations of it (a replaced,
         * inserted or deleted character, or a case change). */
        if (len > sizeof s)
            continue;
        memcpy(s, enc, len);
        dec_n++;
        dec_ok += (unsigned long)diff_decode(s, len);
        for (i = rnd_below(4); i > 0; i--) {
            uint32_t r = rnd_below(100), at = len ? rnd_below((uint32_t)len) : 0;
            char c = r < 97 ? alphabet[rnd_below(sizeof alphabet - 1)]
                            : (char)(r < 99 ? rnd_below(0x80) : 0x80 + rnd_below(0x80));
            if (r < 40 && len > 0) {
                s[at] = c;
            } else if (r < 70 && len < sizeof s) {
                memmove(s + at + 1, s + at, len - at);
                s[at] = c;
                len++;
            } else if (r < 90 && len > 0) {
                memmove(s + at, s + at + 1, len - at - 1);
                len--;
            } else if (len > 0) {
                s[at] = (char)(isupper((unsigned char)s[at]) ? tolower((unsigned char)s[at])
                                                              : toupper((unsigned char)s[at]));
            }
            dec_n++;
            dec_ok += (unsigned long)diff_decode(s, len);
        }
    }
    /* Random strings over the digits, the delimiter and a little else. */
    for (iter = 0; iter < 100000; iter++) {
        size_t n = rnd_below(iter < 99000 ? 24 : XN_LABEL_LIMIT + 1), i;
        for (i = 0; i < n; i++) {
            uint32_t r = rnd_below(1000);
            s[i] = r < 990 ? alphabet[rnd_below(sizeof alphabet - 1)]
                           : (char)(r < 995 ? rnd_below(0x80) : 0x80 + rnd_below(0x80));
        }
        dec_n++;
        dec_ok += (unsigned long)diff_decode(s, n);
    }
    free(enc);
    printf("libidn differential: %lu encodings, %lu decodings (%lu valid; not compared: %lu "
           "with bytes libidn takes as digits, %lu where libidn returns a low surrogate), "
           "%lu failed\n",
           enc_n, dec_n, dec_ok, lenient_digit, low_surrogate, test_failures - before);
}
#endif

/* ------------------------------------------------------------------------
 * Test data: RFC 3492 §7.1 samples
 * --------------------------------------------------------------------- */

/* Splits the line s at tabs (test_split) into at most max NUL-terminated
 * fields, in place; returns the number of fields, max + 1 when more. */
static size_t split_tabs(char *s, char **field, size_t max)
{
    test_field f[8];
    size_t n = test_split(s, strlen(s), '\t', f, max < 8 ? max : 8), k;
    for (k = 0; k < n && k < max && k < 8; k++) {
        field[k] = s + (f[k].p - s);
        field[k][f[k].n] = '\0'; /* at or before the tab that ends it */
    }
    return n;
}

static void test_rfc3492(const char *dir)
{
    size_t size, samples = 0, before = test_failures;
    char *text = test_read_file(dir, "rfc3492/rfc3492-7.1-samples.tsv", &size), *line, *next;
    if (!text)
        return;
    for (line = text; *line; line = next) {
        char *f[6], *p, what[32];
        uint32_t cp[XN_LABEL_LIMIT], lower_cp[XN_LABEL_LIMIT];
        unsigned char flags[XN_LABEL_LIMIT] = {0}, zero[XN_LABEL_LIMIT] = {0};
        char lower[XN_LABEL_LIMIT];
        size_t n = 0, i, plen;

        next = strchr(line, '\n');
        next = next ? (*next = '\0', next + 1) : line + strlen(line);
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (split_tabs(line, f, 5) != 5) {
            CHECK_MSG(0, "rfc3492 tsv: bad line \"%s\"", line);
            continue;
        }
        snprintf(what, sizeof what, "RFC 3492 (%s)", f[0]);
        for (p = f[1]; *p && n < XN_LABEL_LIMIT;) {
            char *end;
            cp[n++] = (uint32_t)strtoul(p, &end, 16);
            if (end == p)
                break;
            p = end + strspn(end, " ");
        }
        CHECK_MSG(*p == '\0' && n > 0, "%s: bad code points", what);
        if (strcmp(f[2], "-") != 0) {
            for (p = f[2]; *p;) {
                char *end;
                unsigned long ix = strtoul(p, &end, 10);
                CHECK_MSG(end != p && ix < n, "%s: bad flag index", what);
                if (end == p || ix >= n)
                    break;
                flags[ix] = 1;
                p = end + (*end == ',');
            }
        }
        plen = strlen(f[3]);
        CHECK_MSG(plen == strlen(f[4]) && plen < sizeof lower, "%s: bad Punycode columns", what);
        if (plen != strlen(f[4]) || plen >= sizeof lower)
            continue;
        samples++;

        /* Encoding with the flags gives the RFC's string; without them,
         * the column without case flags. */
        check_encode(cp, n, flags, f[3], plen, what);
        check_encode(cp, n, NULL, f[4], plen, what);
        /* Decoding gives the code points and, as flags, the indices. */
        check_decode(f[3], plen, cp, n, flags, what);
        check_decode(f[4], plen, cp, n, NULL, what);
        /* The lower-cased string: the same code points with basic letters in
         * lower case, and no flags. */
        for (i = 0; i < plen; i++)
            lower[i] = (char)tolower((unsigned char)f[3][i]);
        for (i = 0; i < n; i++)
            lower_cp[i] = is_upper_ascii(cp[i]) ? cp[i] | 0x20u : cp[i];
        check_decode(lower, plen, lower_cp, n, zero, what);
    }
    CHECK_MSG(samples == 19, "RFC 3492 §7.1 has 19 samples, the file %zu", samples);
    printf("RFC 3492 samples: %zu, %lu failed\n", samples, test_failures - before);
    free(text);
}

/* ------------------------------------------------------------------------
 * Test data: rust-url JSON, through a small strict JSON reader
 * --------------------------------------------------------------------- */

/* Parses a whole document (json.h); false, and a failed check, when it is
 * not JSON. */
static bool json_parse(const char *text, size_t len, test_json *root, const char *name)
{
    test_json_error err = {0, NULL};
    bool ok = test_json_parse(text, len, root, &err);
    CHECK_MSG(ok, "%s:%u: not valid JSON: %s", name, err.line, err.msg);
    return ok;
}

/* A JSON string's code points (a lone surrogate escape stays one) in a
 * fresh array; their number in *n.  json.h keeps strings well-formed but
 * for such surrogates, so all of it decodes. */
static uint32_t *json_cps(const test_json *v, size_t *n)
{
    uint32_t *cp = (uint32_t *)test_xmalloc(v->text.n * sizeof *cp);
    test_utf8_to_cps(v->text.s, v->text.n, cp, n, true);
    return cp;
}

static void test_rust_url(const char *dir)
{
    size_t size, i, k, good = 0, bad = 0;
    unsigned long before = test_failures;
    char *text = test_read_file(dir, "rust-url-idna-tests/punycode_tests.json", &size);
    test_json root;
    if (text && json_parse(text, size, &root, "punycode_tests.json")) {
        CHECK(root.type == TEST_JSON_ARRAY);
        for (i = 0; root.type == TEST_JSON_ARRAY && i < root.n; i++) {
            const test_json *d = test_json_get(&root.items[i], "decoded");
            const test_json *e = test_json_get(&root.items[i], "encoded");
            char what[48];
            const char *enc;
            uint32_t *dec;
            size_t dec_n;
            bool ascii = true;
            CHECK_MSG(d && e && d->type == TEST_JSON_STRING && e->type == TEST_JSON_STRING &&
                          e->text.n < 4096,
                      "punycode_tests.json #%zu: no decoded/encoded strings", i);
            if (!d || !e || d->type != TEST_JSON_STRING || e->type != TEST_JSON_STRING ||
                e->text.n >= 4096)
                continue;
            enc = e->text.s;
            for (k = 0; k < e->text.n; k++)
                ascii &= (unsigned char)enc[k] < 0x80;
            CHECK_MSG(ascii, "punycode_tests.json #%zu: non-ASCII encoding", i);
            snprintf(what, sizeof what, "punycode_tests.json #%zu", i);
            dec = json_cps(d, &dec_n);
            check_encode(dec, dec_n, NULL, enc, e->text.n, what);
            check_decode(enc, e->text.n, dec, dec_n, NULL, what);
            free(dec);
            good++;
        }
        CHECK_MSG(good == 25, "punycode_tests.json: %zu vectors, want 25", good);
        test_json_free(&root);
    }
    free(text);

    text = test_read_file(dir, "rust-url-idna-tests/bad_punycode_tests.json", &size);
    if (text && json_parse(text, size, &root, "bad_punycode_tests.json")) {
        CHECK(root.type == TEST_JSON_ARRAY);
        for (i = 0; root.type == TEST_JSON_ARRAY && i < root.n; i++) {
            const test_json *d = test_json_get(&root.items[i], "decoded");
            char *out;
            uint32_t *dec;
            size_t len, dec_n;
            int rc;
            CHECK_MSG(d && d->type == TEST_JSON_STRING,
                      "bad_punycode_tests.json #%zu: no decoded string", i);
            if (!d || d->type != TEST_JSON_STRING)
                continue;
            out = (char *)test_xmalloc(16 * XN_LABEL_LIMIT);
            dec = json_cps(d, &dec_n);
            /* Encoding must fail cleanly.  The string (8204 code points)
             * overflows 32 bits, but is longer than the cap, which comes
             * first.  Its last XN_LABEL_LIMIT code points (U+E0037 among
             * about a thousand spaces) cannot overflow 32 bits and must
             * round-trip; with maxint = 2^26 - 1 (the width §6.4 says IDNA
             * labels need) their first delta overflows. */
            rc = xn_punycode_encode(dec, dec_n, NULL, out, 16 * XN_LABEL_LIMIT, &len);
            CHECK_MSG(rc < 0, "bad_punycode_tests.json #%zu: encoding succeeded", i);
            if (dec_n > XN_LABEL_LIMIT) {
                const uint32_t *tail = dec + dec_n - XN_LABEL_LIMIT;
                size_t n = XN_LABEL_LIMIT;
                CHECK_EQ_INT(rc, XN_E_TOO_LONG);
                while (!round_trip(tail, n, NULL)) /* until the encoding fits the cap */
                    n -= 16;
                rc = xn__punycode_encode_bounded(tail, XN_LABEL_LIMIT, NULL, out,
                                                 16 * XN_LABEL_LIMIT, &len, (1u << 26) - 1);
                CHECK_EQ_INT(rc, XN_E_PUNYCODE_OVERFLOW);
            }
            free(dec);
            free(out);
            bad++;
        }
        CHECK_MSG(bad == 1, "bad_punycode_tests.json: %zu vectors, want 1", bad);
        test_json_free(&root);
    }
    free(text);
    if (good || bad)
        printf("rust-url vectors: %zu good, %zu bad, %lu failed\n", good, bad,
               test_failures - before);
}

int main(int argc, char **argv)
{
    const char *dir;

    if (argc != 2) {
        fprintf(stderr, "usage: %s TESTDATA\n", argv[0]);
        return 2;
    }
    dir = argv[1];

    test_arguments();
    test_crafted();
    test_failure_classes();
    test_encoder_overflow();
    test_encoder_paths();
    test_round_trips();
#ifdef HAVE_LIBIDN
    test_libidn();
#else
    fprintf(stderr, "\n*** SKIP: libidn differential (libidn-dev not installed) ***\n\n");
#endif
    test_rfc3492(dir);
    test_rust_url(dir);

    return test_finish("punycode");
}
