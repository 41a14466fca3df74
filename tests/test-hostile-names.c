/*
 * Hostile names, as regression tests: NUL anywhere, the URL Standard's
 * forbidden code points in A-labels, long A-labels, huge names, long
 * labels, expansion by the mapping, and dots (the rest of the hostile
 * input is test-hostile.c's).  Results are asserted, never times: a
 * quadratic path shows in tests/fuzz/flatness.c and in the fuzzers'
 * timeouts instead.  Every UTS #46 call goes through hostile.h's
 * expectations.
 */
#include "hostile.h"

/* FINDING: the URL Standard fails "domain to ASCII" when the result holds a
 * forbidden domain code point.  ToASCII with UseSTD3ASCIIRules off copies
 * the label's ASCII characters into the Punycode (the basic code points),
 * so "ü%" becomes "xn--%-dha": the check must look at those too, or a host
 * with '/', ':', '@', '%', NUL ... comes out of a "valid" conversion. */
static void test_url_forbidden(void)
{
    static const char *const names[] = {
        "\xC3\xBC%.com", "\xC3\xBC/x.com", "\xC3\xBC:80", "\xC3\xBC@evil.com",
        "a.\xC3\xBC?", "\xC3\xBC#", "\xC3\xBC\\x", "\xC3\xBC x", "\xC3\xBC|", "[\xC3\xBC]",
        "\xC3\xBC<", "\xC3\xBC^", "\xC3\xBC\x7F", "\xC3\xBC\t",
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        EXPECT(ASCII_A, names[i], XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    EXPECT_N(ASCII_A, "\xC3\xBC\0.com", 7, XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    /* The same in an A-label, in either case: its basic code points are the
     * label's ASCII, copied into the output.  Only a simple label (letters,
     * digits and '-' as its ASCII) goes unsearched: the last one passes. */
    EXPECT(ASCII_A, "xn--%-dha.com", XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    EXPECT(ASCII_A, "XN--A%-YKA.com", XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    EXPECT(ASCII_A, "a.xn--a/-yka", XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    EXPECT(ASCII_A, "xn--bcher-kva.com", XN_WHATWG, XN_OK, "xn--bcher-kva.com", 0);
    /* ToASCII without the URL rules may keep them (UseSTD3ASCIIRules off). */
    EXPECT(ASCII_A, "\xC3\xBC%.com", XN_NO_STD3_RULES, XN_OK, "xn--%-dha.com", 0);
}

/* FINDING: without VerifyDnsLength (XN_WHATWG, XN_NO_VERIFY_DNS_LENGTH)
 * ToASCII encodes labels of up to XN_LABEL_LIMIT code points, but their
 * Punycode may be longer than XN_LABEL_LIMIT characters, and an "xn--"
 * label that long is XN_E_TOO_LONG for ToASCII and ToUnicode: the result of
 * ToASCII cannot be converted again (not idempotent) nor shown.  Either
 * direction must accept what the other produces. */
static void test_long_ace(void)
{
    test_buf b = {0};
    fuzz_result a, again, u;
    repeat(&b, "\xE3\x8C\x80", 256); /* U+3300 x 256: 1024 katakana */
    a = conv(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH);
    CHECK_EQ_INT(a.rc, XN_OK);
    if (a.rc == XN_OK) {
        again = conv(ASCII_A, a.out, a.len, XN_NO_VERIFY_DNS_LENGTH);
        u = conv(UNI, a.out, a.len, XN_NO_VERIFY_DNS_LENGTH);
        CHECK_MSG(again.rc == XN_OK && again.len == a.len,
                  "ToASCII of its own %zu-byte result: %s", a.len, xn_strerror_name(again.rc));
        CHECK_MSG(u.rc == XN_OK, "ToUnicode of a %zu-byte ToASCII result: %s", a.len,
                  xn_strerror_name(u.rc));
        fuzz_result_free(&again);
        fuzz_result_free(&u);
    }
    fuzz_result_free(&a);
    /* 400 distinct CJK ideographs, as a browser would (XN_WHATWG). */
    {
        int i;
        b.n = 0;
        for (i = 0; i < 400; i++) {
            int c = 0x4E00 + i * 7;
            char u8[3] = {(char)(0xE0 | (c >> 12)), (char)(0x80 | ((c >> 6) & 0x3F)),
                          (char)(0x80 | (c & 0x3F))};
            test_buf_put(&b, u8, 3);
        }
    }
    a = conv(ASCII_A, b.s, b.n, XN_WHATWG);
    CHECK_EQ_INT(a.rc, XN_OK);
    if (a.rc == XN_OK) {
        u = conv(UNI, a.out, a.len, XN_WHATWG);
        CHECK_MSG(u.rc == XN_OK && u.len == b.n && memcmp(u.out, b.s, b.n) == 0,
                  "WHATWG: ToUnicode of a %zu-byte ToASCII result: %s", a.len,
                  xn_strerror_name(u.rc));
        fuzz_result_free(&u);
    }
    fuzz_result_free(&a);
    free(b.s);
}

/* One call of every conversion of entries.h (and its _alloc form), of the
 * display and of registration on in[0..n): a name holding U+0000 is an
 * error in every profile (xn.h), and no result that says XN_OK holds a
 * NUL byte.  Returns the number of calls made. */
static int nul_outputs; /* failed calls whose output nul_everywhere() read */

static int nul_everywhere(const char *in, size_t n, unsigned flags)
{
    int k, calls = 0;
    for (k = 0; k < TEST_ENTRIES; k++) {
        const test_entry *e = test_entry_of(k);
        char out[512], *a = NULL;
        size_t len = 0;
        xn_report rep = XN_REPORT_INIT;
        int rc;
        if (flags & ~e->known)
            continue;
        calls++;
        rc = e->fn(in, n, out, sizeof out, &len, flags, &rep);
        test_escape(esc, sizeof esc, in, n);
        CHECK_MSG(rc != XN_OK && (rc != XN_E_INVALID_DOMAIN ||
                                  (rep.errors & (XN_ERR_NUL | XN_ERR_URL_FORBIDDEN | XN_ERR_U1 |
                                                 XN_ERR_DISALLOWED))),
                  "%s(\"%s\", %#x): %s, errors %#llx", e->name, esc, flags,
                  xn_strerror_name(rc), (unsigned long long)rep.errors);
        /* What a call writes on failure (ToUnicode gives its output with
         * the violations) keeps the name's one NUL: never cut at it,
         * never dropped, never doubled. */
        if (rc == XN_E_INVALID_DOMAIN && len > 0 && len <= sizeof out) {
            size_t i, nuls = 0;
            for (i = 0; i < len; i++)
                nuls += out[i] == '\0';
            CHECK_MSG(nuls == 1, "%s(\"%s\", %#x): %zu NULs in its %zu-byte output", e->name,
                      esc, flags, nuls, len);
            nul_outputs++;
        }
        if (e->afn) {
            rc = e->afn(in, n, &a, &len, flags, NULL);
            CHECK_MSG(rc != XN_OK && (rc == XN_E_INVALID_DOMAIN || !a),
                      "%s_alloc(\"%s\", %#x): %s", e->name, esc, flags, xn_strerror_name(rc));
            /* On failure an _alloc form returns its output only where the
             * caller-buffer call writes one, and then with the NUL kept. */
            if (a) {
                size_t i, nuls = 0;
                for (i = 0; i < len; i++)
                    nuls += a[i] == '\0';
                CHECK_MSG(nuls == 1, "%s_alloc(\"%s\", %#x): %zu NULs in its output",
                          e->name, esc, flags, nuls);
            }
            xn_free(a);
            a = NULL;
        }
    }
    if (!(flags & ~(TEST_FLAGS_UTS46 | XN_DISPLAY_MINIMAL))) {
        char *a = NULL;
        size_t len = 0;
        int rc = test_display_alloc(in, n, &a, &len, flags, NULL);
        calls++;
        CHECK_MSG(rc != XN_OK, "xn_to_display_alloc(\"%s\", %#x): XN_OK (\"%s\")", esc, flags,
                  a ? a : "");
        xn_free(a);
    }
    if (flags == 0 && !memchr(in, '.', n)) {
        char out[256];
        size_t len = 0;
        calls++;
        CHECK_MSG(xn_idna2008_register(in, n, NULL, 0, out, sizeof out, &len, 0, NULL) != XN_OK,
                  "xn_idna2008_register(\"%s\"): XN_OK", esc);
    }
    return calls;
}

static void test_nul(void)
{
    /* An embedded NUL is never silently dropped or cut at: every profile
     * refuses it (xn.h), the default one with U1 as well, WHATWG as a
     * forbidden domain code point. */
    EXPECT_N(ASCII_A, "a\0b.com", 7, 0, BAD, NULL, XN_ERR_U1 | XN_ERR_NUL);
    EXPECT_N(ASCII_A, "a\0b.com", 7, XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    EXPECT_N(UNI, "a\0b.com", 7, 0, BAD, NULL, XN_ERR_U1 | XN_ERR_NUL);
    EXPECT_N(UNI, "a\0b.com", 7, XN_WHATWG, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    EXPECT_N(ASCII_A, "\0", 1, 0, BAD, NULL, XN_ERR_U1 | XN_ERR_NUL);
    EXPECT_N(ASCII_A, "a\0b.com", 7, XN_NO_STD3_RULES, BAD, NULL, XN_ERR_NUL);
    EXPECT_N(UNI, "example.com\0.evil.com", 21, XN_NO_STD3_RULES, BAD, NULL, XN_ERR_NUL);
    {
        /* The issue's reproducers: IDNA2003 ToUnicode gives the name back
         * as it was, with a status no caller can take for success. */
        char out[64];
        size_t len = 0;
        xn_report rep = XN_REPORT_INIT;
        CHECK_EQ_INT(xn_idna2003_to_unicode("example.com\0.evil.com", 21, out, sizeof out, &len,
                                            0, &rep),
                     XN_E_INVALID_DOMAIN);
        CHECK(len == 21 && memcmp(out, "example.com\0.evil.com", 21) == 0);
        CHECK(rep.errors == XN_ERR_NUL && rep.label == 1 && rep.offset == 11 &&
              rep.code_point == 0);
        CHECK_EQ_INT(xn_to_unicode("example.com\0.evil.com", 21, out, sizeof out, &len,
                                   XN_WHATWG, &rep),
                     XN_E_INVALID_DOMAIN);
        CHECK(rep.errors == XN_ERR_URL_FORBIDDEN && rep.label == 1 && rep.offset == 11);
    }
    {
        /* U+0000 at the start, in the middle and at the end of a label:
         * ASCII, non-ASCII and "xn--" labels, first, middle and last, with
         * flag sets that leave U+0000 valid in UTS #46 and IDNA2003. */
        static const struct {
            const char *s;
            size_t n;
        } names[] = {
#define NAME(lit) {lit, sizeof lit - 1}
            NAME("\0ab.example"), NAME("a\0b.example"), NAME("ab\0.example"),
            NAME("www.\0ab.example"), NAME("www.a\0b.example"), NAME("www.ab\0.example"),
            NAME("www.example.\0ab"), NAME("www.example.a\0b"), NAME("www.example.ab\0"),
            NAME("\0b\xC3\xBC" "cher.de"), NAME("b\xC3\xBC\0" "cher.de"),
            NAME("b\xC3\xBC" "cher\0.de"), NAME("a.\xE4\xBE\x8B\0"),
            NAME("\0xn--bcher-kva.de"), NAME("xn--bc\0her-kva.de"), NAME("xn--bcher-kva\0.de"),
            NAME("xn--\0-kva.de"), NAME("\0"), NAME("\0."), NAME(".\0"), NAME("a\0"),
            NAME("\xEF\xBC\xA1\0"), NAME("a\xE3\x80\x82\0"),
#undef NAME
        };
        static const unsigned flag_sets[] = {
            0,
            XN_NO_STD3_RULES,
            XN_WHATWG,
            XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_VERIFY_DNS_LENGTH,
            XN_NO_STD3_RULES | XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI | XN_NO_CHECK_JOINERS |
                XN_NO_VERIFY_DNS_LENGTH | XN_IGNORE_INVALID_PUNYCODE | XN_ALLOW_ROOT_DOT |
                XN_TRANSITIONAL,
            XN_NO_STD3_RULES | XN_DNS_LABELS,
            XN_IDNA2008_MAP | XN_NO_STD3_RULES,
            XN_IDNA2008_MAP | XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH | XN_ALLOW_ROOT_DOT,
            XN_ALLOW_UNASSIGNED | XN_NO_STD3_RULES,
            XN_NO_STD3_RULES | XN_DISPLAY_MINIMAL,
        };
        size_t i, f;
        int calls = 0;
        for (i = 0; i < sizeof names / sizeof names[0]; i++)
            for (f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; f++)
                calls += nul_everywhere(names[i].s, names[i].n, flag_sets[f]);
        /* Each entry point of entries.h met a NUL under several flag sets. */
        CHECK(calls >= (int)(sizeof names / sizeof names[0]) * 3 * TEST_ENTRIES);
        /* The ToUnicode entries wrote their output on failure, each read. */
        CHECK(nul_outputs >= (int)(sizeof names / sizeof names[0]));
    }
}

static void test_huge(void)
{
    test_buf b = {0};
    size_t mb = 1u << 20;

    /* 1 MB of ASCII labels. */
    while (b.n < mb)
        adds(&b, "Example.");
    adds(&b, "com");
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_A4_1);
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    EXPECT_N(UNI, b.s, b.n, XN_WHATWG, XN_OK, NULL, 0);
    /* 1 MB in one ASCII label (no limit on those without VerifyDnsLength). */
    b.n = 0;
    repeat(&b, "a", mb);
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_A4_2);
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_OK, NULL, XN_ERR_A4_2); /* validation error */
    /* ... or with an upper-case letter, a hyphen at the end. */
    b.s[mb / 2] = 'A';
    b.s[mb - 1] = '-';
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_V3);
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_OK, NULL, XN_ERR_V3 | XN_ERR_A4_2);
    /* 1 MB of non-ASCII labels. */
    b.n = 0;
    while (b.n < mb)
        adds(&b, "b\xC3\xBC" "cher.\xE4\xB8\xAD\xE5\x9B\xBD.");
    adds(&b, "x");
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    EXPECT_N(UNI, b.s, b.n, 0, XN_OK, NULL, 0);
    /* 1 MB of A-labels. */
    b.n = 0;
    while (b.n < mb)
        adds(&b, "xn--bcher-kva.XN--FIQS8S.");
    adds(&b, "x");
    EXPECT_N(UNI, b.s, b.n, 0, XN_OK, NULL, 0);
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_OK, NULL, XN_ERR_A4_1); /* 1 MB: a validation error */
    /* 1 MB in one non-ASCII label: past XN_LABEL_LIMIT. */
    b.n = 0;
    while (b.n < mb)
        adds(&b, "\xC3\xBC");
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_E_TOO_LONG, NULL, 0);
    EXPECT_N(UNI, b.s, b.n, XN_WHATWG, XN_E_TOO_LONG, NULL, 0);
    /* 1 MB of random bytes is no UTF-8 (or too long). */
    {
        uint32_t x = 12345;
        size_t i;
        for (i = 0; i < b.n; i++) {
            x ^= x << 13, x ^= x >> 17, x ^= x << 5;
            b.s[i] = (char)(x >> 24);
        }
        EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_E_BAD_UTF8, NULL, 0);
    }
    free(b.s);
}

static void test_long_labels(void)
{
    test_buf b = {0};
    /* 20,000 code points in one label. */
    repeat(&b, "\xC3\xBC", 20000);
    EXPECT_N(ASCII_A, b.s, b.n, 0, XN_E_TOO_LONG, NULL, 0);
    EXPECT_N(UNI, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_E_TOO_LONG, NULL, 0);
    b.n = 0;
    adds(&b, "xn--");
    repeat(&b, "a", 20000);
    EXPECT_N(ASCII_A, b.s, b.n, 0, XN_E_TOO_LONG, NULL, 0);
    EXPECT_N(UNI, b.s, b.n, 0, XN_E_TOO_LONG, NULL, 0);
    b.n = 0;
    repeat(&b, "a", 19999);
    adds(&b, "\xC3\xBC");
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_E_TOO_LONG, NULL, 0);
    /* Exactly at the limit, and one past it. */
    b.n = 0;
    repeat(&b, "\xC3\xBC", XN_LABEL_LIMIT);
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_A4_2);
    adds(&b, "\xC3\xBC");
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_E_TOO_LONG, NULL, 0);
    free(b.s);
}

static void test_expansion(void)
{
    test_buf b = {0};
    /* U+FDFA maps to 18 code points, among them two spaces (U1 with STD3). */
    repeat(&b, "\xEF\xB7\xBA", 56); /* 1008 code points */
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_U1);
    EXPECT_N(UNI, b.s, b.n, XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_B2);
    EXPECT_N(UNI, b.s, b.n, XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH | XN_NO_CHECK_BIDI,
             XN_OK, NULL, 0);
    adds(&b, "\xEF\xB7\xBA"); /* 1026 */
    EXPECT_N(ASCII_A, b.s, b.n, 0, XN_E_TOO_LONG, NULL, 0);
    EXPECT_N(UNI, b.s, b.n, XN_WHATWG, XN_E_TOO_LONG, NULL, 0);
    /* Many short U+FDFA labels: each expands 6 times in bytes. */
    b.n = 0;
    repeat(&b, "\xEF\xB7\xBA.", 5000);
    EXPECT_N(UNI, b.s, b.n, XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH | XN_NO_CHECK_BIDI,
             XN_OK, NULL, 0);
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG | XN_NO_CHECK_BIDI, BAD, NULL, XN_ERR_URL_FORBIDDEN);
    /* U+3300 SQUARE APAATO maps to four katakana: 256 fill the label. */
    b.n = 0;
    repeat(&b, "\xE3\x8C\x80", 256);
    EXPECT_N(UNI, b.s, b.n, 0, XN_OK, NULL, 0);
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_A4_2);
    adds(&b, "\xE3\x8C\x80");
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_E_TOO_LONG, NULL, 0);
    /* U+3300-U+3357, each once, a few times over. */
    b.n = 0;
    {
        int i, k;
        for (k = 0; k < 3; k++) {
            for (i = 0x3300; i <= 0x3357; i++) {
                char u[3] = {(char)0xE3, (char)(0x80 | ((i >> 6) & 0x3F)),
                             (char)(0x80 | (i & 0x3F))};
                test_buf_put(&b, u, 3);
            }
            adds(&b, ".");
        }
    }
    EXPECT_N(UNI, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    /* Ligatures and the like in a long label. */
    b.n = 0;
    repeat(&b, "\xEF\xAC\x81\xE2\x85\xA5\xC2\xBD", 100); /* ﬁ Ⅵ ½: 7 code points */
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    free(b.s);
}

static void test_dots(void)
{
    test_buf b = {0};
    repeat(&b, ".", 5000);
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_A4_2);
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    EXPECT_N(ASCII_A, b.s, b.n, XN_WHATWG, XN_OK, NULL, XN_ERR_A4_2);
    EXPECT_N(UNI, b.s, b.n, 0, BAD, NULL, XN_ERR_X4_2);
    EXPECT_N(UNI, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    b.n = 0;
    repeat(&b, "\xE3\x80\x82", 5000); /* IDEOGRAPHIC FULL STOP */
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    b.n = 0;
    repeat(&b, "\xE2\x92\x88", 500); /* DIGIT ONE FULL STOP: disallowed, one label */
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_V7);
    b.n = 0;
    repeat(&b, "a.", 100000);
    EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
    EXPECT_N(ASCII_A, b.s, b.n, XN_ALLOW_ROOT_DOT, BAD, NULL, XN_ERR_A4_1);
    b.n = 0;
    repeat(&b, "\xC3\xBC.", 100000);
    EXPECT_N(UNI, b.s, b.n, 0, XN_OK, NULL, 0);
    free(b.s);
}

int main(void)
{
    test_nul();
    test_url_forbidden();
    test_long_ace();
    test_huge();
    test_long_labels();
    test_expansion();
    test_dots();
    return test_done("test-hostile-names");
}
