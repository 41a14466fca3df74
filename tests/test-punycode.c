/*
 * The Punycode codec (RFC 3492) on its own.
 *
 * No external data:
 *   - every failure class, with inputs crafted for this file (the arithmetic
 *     behind each is in its comment), and the argument checks;
 *   - the §6.4 overflow checks of the encoder at a smaller maxint;
 *   - the encoder's paths against a plain reference encoder;
 *   - round trips of generated strings, with and without case flags.
 * Every vector, both ways, is run at every capacity from 0 to the size
 * needed, in exact-size heap buffers (for ASan) and in guarded ones
 * (punycode-check.h).  Published vectors and the libidn differential are
 * test-punycode-data.c's.
 */
#include <ctype.h>
#include <stdbool.h>

#include "punycode-check.h"

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


/* xn__punycode_bound_of() of cp[0..n), from its basic code points and its
 * largest, as ToASCII counts them while it keeps a U-label. */
static size_t bound(const uint32_t *cp, size_t n)
{
    uint32_t max = 0;
    size_t basic = 0, i;
    for (i = 0; i < n; i++) {
        max = cp[i] > max ? cp[i] : max;
        basic += cp[i] < 0x80;
    }
    return xn__punycode_bound_of(n, basic, max);
}

/* xn__punycode_bound_of(), which lets ToASCII for the display policy leave
 * the U-labels it shows unencoded (rfc3492.h): never below the length of
 * the encoding, on random strings and on basic code points followed by
 * wide ones (U+0080 to U+10FFFF: the widest deltas); and
 * close enough on common labels that such a label needs no encoding to
 * prove that its A-label fits 63 octets. */
static void test_length_bound(void)
{
    static const uint32_t wide[] = {0x80, 0xFF, 0x7FF, 0xFFFF, 0x10FFFF};
    static const uint32_t common[][8] = {
        {'b', 0xFC, 'c', 'h', 'e', 'r'},                    /* bücher */
        {0x43F, 0x440, 0x438, 0x43C, 0x435, 0x440},         /* пример */
        {0x4E2D, 0x56FD},                                   /* 中国 */
        {0x3B1, 0x3B2, 0x3C2},                              /* αβς */
        {0x30C6, 0x30B9, 0x30C8, 0x30C9, 0x30E1, 0x30A4, 0x30F3}, /* テストドメイン */
    };
    static const size_t common_n[] = {6, 6, 2, 3, 7};
    uint32_t cp[XN_LABEL_LIMIT];
    char *out = (char *)test_xmalloc(16 * XN_LABEL_LIMIT);
    unsigned long count = 0, before = test_failures;
    size_t n, i, k, len;
    int iter;

    for (iter = 0; iter < 40500; iter++) {
        n = iter < 40000 ? rnd_below(64) : rnd_below(XN_LABEL_LIMIT + 1);
        if (iter % 3 == 0) {
            /* k basic code points, then one wide one */
            k = n ? rnd_below((uint32_t)n) : 0;
            for (i = 0; i < n; i++)
                cp[i] = i < k ? 'a' + (uint32_t)rnd_below(26) : wide[rnd_below(5)];
        } else {
            gen_string(cp, n);
        }
        len = 0;
        if (xn__punycode_encode_unchecked(cp, n, out, 16 * XN_LABEL_LIMIT, &len) != XN_OK)
            continue;
        CHECK_MSG(bound(cp, n) >= len, "bound of %s: %zu, encoding %zu", cps_text(cp, n),
                  bound(cp, n), len);
        count++;
    }
    for (i = 0; i < sizeof common_n / sizeof *common_n; i++) {
        size_t b = bound(common[i], common_n[i]);
        CHECK(xn__punycode_encode_unchecked(common[i], common_n[i], out, 64, &len) == XN_OK);
        CHECK_MSG(b >= len && b <= 63 - 4, "bound of %s: %zu, encoding %zu",
                  cps_text(common[i], common_n[i]), b, len);
        count++;
    }
    free(out);
    printf("length bound: %lu strings, %lu failed\n", count, test_failures - before);
}

int main(void)
{
    test_arguments();
    test_crafted();
    test_failure_classes();
    test_encoder_overflow();
    test_encoder_paths();
    test_round_trips();
    test_length_bound();
    return test_done("punycode");
}
