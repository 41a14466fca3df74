/*
 * Hostile input and the CVE classes of IDN libraries, as regression tests:
 * the Punycode codec, the CVE classes of UTS #46, long results, ill-formed
 * UTF-8, random bytes and arguments.  NUL, huge names, long labels,
 * expansion and dots are test-hostile-names.c's.
 * Each section names the class it keeps out; the vectors were written from
 * the public descriptions (the arithmetic behind each Punycode vector is in
 * its comment).  Results are asserted, never times: a quadratic path shows
 * in tests/fuzz/flatness.c and in the fuzzers' timeouts instead.
 *
 * Every UTS #46 call goes through fuzz_convert() (tests/fuzz/fuzz_util.c):
 * besides the result checked here, it checks the size query, capacities
 * 0, len/2, len - 1, len, len + 1 in exact-size heap buffers, the report at
 * each, and the *_alloc wrapper; a violation there aborts with the input.
 */
#include "hostile.h"

/* ---- the Punycode decoder: CVE-2017-14062, CVE-2022-3602, U+127252 ------- */

/* Decodes at every capacity from 0 to count + 1 in exact-size buffers (the
 * OpenSSL CVE-2022-3602/3786 class wrote 4 bytes past its buffer), with and
 * without case flags, expecting status (count when it succeeds). */
static void decode_sweep(int line, const char *s, size_t n, int status, size_t count)
{
    char *in = test_exact_copy(s, n);
    size_t cap, len;
    int rc = xn_punycode_decode(in, n, NULL, 0, &len, NULL);
    test_escape(esc, sizeof esc, s, n);
    if (status != XN_OK) {
        CHECK_MSG(rc == status && len == 0, "line %d: decode(\"%s\") = %s, want %s", line, esc,
                  xn_strerror_name(rc), xn_strerror_name(status));
        free(in);
        return;
    }
    CHECK_MSG(rc == (count ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == count,
              "line %d: decode(\"%s\") size query %s/%zu, want %zu", line, esc,
              xn_strerror_name(rc), len, count);
    for (cap = 0; cap <= count + 1; cap++) {
        uint32_t *out = (uint32_t *)test_xmalloc(cap * sizeof *out);
        unsigned char *cf = (unsigned char *)test_xmalloc(cap);
        len = 99999;
        rc = xn_punycode_decode(in, n, out, cap, &len, cap & 1 ? cf : NULL);
        CHECK_MSG(rc == (cap < count ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == count,
                  "line %d: decode(\"%s\") at cap %zu: %s/%zu", line, esc, cap,
                  xn_strerror_name(rc), len);
        free(out);
        free(cf);
    }
    free(in);
}

#define DECODE(s, status, count) decode_sweep(__LINE__, s, strlen(s), status, count)

static void test_punycode_decoder(void)
{
    test_buf b = {0};

    /* A decoder emitted U+127252 for "xn--0000h": n = 0x80 + 0x1271D2, which
     * fits 32 bits but is no scalar value. */
    DECODE("0000h", XN_E_PUNYCODE_BAD_CODE_POINT, 0);
    DECODE("0000000h", XN_E_PUNYCODE_BAD_CODE_POINT, 0); /* 0x48344A2E */
    DECODE("999999a", XN_E_PUNYCODE_BAD_CODE_POINT, 0);  /* 0x2D6DC39 */
    /* CVE-2017-14062 (libidn/libidn2): i + digit * w overflowed.  Weights
     * 1, 35, 35^2, then x10 per digit: eleven '9's (35) pass 2^32. */
    DECODE("99999999999a", XN_E_PUNYCODE_OVERFLOW, 0);
    DECODE("9999999999", XN_E_PUNYCODE_OVERFLOW, 0);
    DECODE("a-99999999", XN_E_PUNYCODE_OVERFLOW, 0);
    DECODE("ab-99999999", XN_E_PUNYCODE_OVERFLOW, 0);
    /* n + i div (length + 1) overflows while i itself fits: i = 2^32 - 51
     * and i = 2^32 - 1 exactly (digits solved for the weights above). */
    DECODE("4y902716a", XN_E_PUNYCODE_OVERFLOW, 0);
    DECODE("k0902716a", XN_E_PUNYCODE_OVERFLOW, 0);
    /* The integer never ends. */
    DECODE("zzzzzzzzzzzz", XN_E_PUNYCODE_TRUNCATED, 0);
    DECODE("a-zzzzzzzzzz", XN_E_PUNYCODE_TRUNCATED, 0);
    /* No digit, no basic code point. */
    DECODE("-", XN_E_PUNYCODE_BAD_DIGIT, 0);
    DECODE("-a", XN_E_PUNYCODE_BAD_DIGIT, 0);
    DECODE("a-!", XN_E_PUNYCODE_BAD_DIGIT, 0);
    DECODE("a-b.", XN_E_PUNYCODE_BAD_DIGIT, 0);
    DECODE("\xC3\xBC-a", XN_E_PUNYCODE_BAD_BASIC, 0);
    DECODE("a\x80-", XN_E_PUNYCODE_BAD_BASIC, 0);
    /* Valid ones, swept over every capacity. */
    DECODE("", XN_OK, 0);
    DECODE("a-", XN_OK, 1);
    DECODE("a.b-", XN_OK, 3); /* '.' is a basic code point here (CVE-2022-3786's input) */
    DECODE("wgv71a119e", XN_OK, 3);
    DECODE("egbpdaj6bu4bxfgehfvwxn", XN_OK, 17);
    DECODE("Proprostnemluvesky-uyb24dma41a", XN_OK, 22);
    /* The longest input: 1024 digits 'a' each insert U+0080. */
    repeat(&b, "a", XN_LABEL_LIMIT);
    decode_sweep(__LINE__, b.s, b.n, XN_OK, XN_LABEL_LIMIT);
    adds(&b, "a");
    decode_sweep(__LINE__, b.s, b.n, XN_E_TOO_LONG, 0);
    b.n = 0;
    repeat(&b, "9", XN_LABEL_LIMIT);
    decode_sweep(__LINE__, b.s, b.n, XN_E_PUNYCODE_OVERFLOW, 0);
    free(b.s);
}

static void test_punycode_encoder(void)
{
    static uint32_t cps[XN_LABEL_LIMIT + 1];
    size_t i, len = 0, need = 0, cap;
    char *out;
    int rc;

    for (i = 0; i <= XN_LABEL_LIMIT; i++)
        cps[i] = 0x10FFFF - (uint32_t)i * 977u; /* 1025 distinct values, large deltas */
    CHECK_EQ_INT(xn_punycode_encode(cps, XN_LABEL_LIMIT + 1, NULL, NULL, 0, &len),
                 XN_E_TOO_LONG);
    rc = xn_punycode_encode(cps, XN_LABEL_LIMIT, NULL, NULL, 0, &need);
    CHECK_EQ_INT(rc, XN_E_BUFFER_TOO_SMALL);
    /* Every capacity near the end and a spread below, exact-size. */
    for (cap = 0; cap <= need + 1; cap += cap + 16 < need ? 97 : 1) {
        out = (char *)test_xmalloc(cap);
        len = 0;
        rc = xn_punycode_encode(cps, XN_LABEL_LIMIT, NULL, out, cap, &len);
        CHECK_MSG(rc == (cap < need ? XN_E_BUFFER_TOO_SMALL : XN_OK) && len == need,
                  "encode 1024 at cap %zu: %s/%zu", cap, xn_strerror_name(rc), len);
        free(out);
    }
    {
        uint32_t bad[] = {0x61, 0xD800};
        uint32_t big[] = {0x110000};
        uint32_t huge[] = {0xFFFFFFFFu};
        CHECK_EQ_INT(xn_punycode_encode(bad, 2, NULL, NULL, 0, &len),
                     XN_E_PUNYCODE_BAD_CODE_POINT);
        CHECK_EQ_INT(xn_punycode_encode(big, 1, NULL, NULL, 0, &len),
                     XN_E_PUNYCODE_BAD_CODE_POINT);
        CHECK_EQ_INT(xn_punycode_encode(huge, 1, NULL, NULL, 0, &len),
                     XN_E_PUNYCODE_BAD_CODE_POINT);
    }
}

/* ---- UTS #46: the CVE classes ------------------------------------------------ */

/* "xn--" + the Punycode of cps. */
static void ace_of(const uint32_t *cps, size_t n, char *out, size_t cap)
{
    size_t len = 0;
    memcpy(out, "xn--", 4);
    if (xn_punycode_encode(cps, n, NULL, out + 4, cap - 4, &len) != XN_OK) {
        fprintf(stderr, "test-hostile: cannot encode a vector\n");
        exit(99);
    }
}

static void test_cve_classes(void)
{
    char ace[256];

    /* U+127252: the label must fail, with P4, and never be shown decoded. */
    EXPECT(ASCII_A, "xn--0000h", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(UNI, "xn--0000h", 0, BAD, "xn--0000h", XN_ERR_P4);
    EXPECT(ASCII_A, "xn--0000h.example", XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn--99999999999a", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn--4y902716a", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(UNI, "xn--k0902716a.example", 0, BAD, "xn--k0902716a.example", XN_ERR_P4);

    /* RUSTSEC-2024-0421: "xn--example-.org" was taken for "example.org".
     * The label decodes to ASCII only: P4 both ways. */
    EXPECT(ASCII_A, "xn--example-.org", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "XN--EXAMPLE-.ORG", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(UNI, "xn--example-.org", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn--example-", XN_NO_CHECK_HYPHENS, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn--a-", XN_IGNORE_INVALID_PUNYCODE, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn--", 0, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn--.org", XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_P4);
    EXPECT(ASCII_A, "xn---", 0, BAD, NULL, XN_ERR_P4);
    /* The URL Standard keeps a rejected ASCII name as it is, never as the
     * other name, and reports the strict run's validation errors. */
    EXPECT(ASCII_A, "xn--example-.org", XN_WHATWG, XN_OK, "xn--example-.org", XN_ERR_P4);
    EXPECT(UNI, "xn--example-.org", XN_WHATWG, BAD, NULL, XN_ERR_P4);

    /* CVE-2019-12290 (libidn2): an A-label whose U-label does not convert
     * back to it is a second spelling of another name.  Each A-label below
     * is the Punycode of a string that is not a valid U-label: it must fail
     * both ways rather than be accepted or shown as its look-alike. */
    {
        static const struct {
            int line;
            uint32_t cps[8];
            size_t n;
            uint64_t err;
        } twins[] = {
            {__LINE__, {0x62, 0xDC, 0x63, 0x68}, 4, XN_ERR_V7},  /* "bÜch": upper case maps */
            {__LINE__, {0x75, 0x308, 0x62}, 3, XN_ERR_V1},       /* u + U+0308: not NFC */
            {__LINE__, {0xFF41, 0xFC}, 2, XN_ERR_V7},            /* fullwidth a maps */
            {__LINE__, {0x61, 0xAD, 0xFC}, 3, XN_ERR_V7},        /* soft hyphen is ignored */
            {__LINE__, {0x61, 0x3002, 0xFC}, 3, XN_ERR_V7},      /* ideographic full stop */
            {__LINE__, {0x301, 0x61}, 2, XN_ERR_V6},             /* leading combining mark */
            {__LINE__, {0x61, 0x200D, 0xFC}, 3, XN_ERR_C2},      /* ZWJ out of context */
            {__LINE__, {0x78, 0x6E, 0x2D, 0x2D, 0xFC}, 5, XN_ERR_V2}, /* "xn--ü" */
            {__LINE__, {0x2126}, 1, XN_ERR_V7},                  /* OHM SIGN maps to omega */
            {__LINE__, {0x1E9E}, 1, XN_ERR_V7},                  /* capital sharp s maps */
        };
        size_t i;
        for (i = 0; i < sizeof twins / sizeof twins[0]; i++) {
            ace_of(twins[i].cps, twins[i].n, ace, sizeof ace);
            expect_n(twins[i].line, ASCII_A, ace, strlen(ace), 0, BAD, NULL, twins[i].err);
            expect_n(twins[i].line, UNI, ace, strlen(ace), 0, BAD, NULL, twins[i].err);
            /* The URL Standard's ASCII fallback keeps the rejected A-label
             * as it is: the same DNS name, never its look-alike; the
             * validation errors are reported. */
            expect_n(twins[i].line, ASCII_A, ace, strlen(ace), XN_WHATWG, XN_OK, ace,
                     twins[i].err);
            expect_n(twins[i].line, UNI, ace, strlen(ace), XN_WHATWG, BAD, NULL, 0);
        }
    }
    /* Case is no second spelling: upper-case A-labels come out lower case. */
    EXPECT(ASCII_A, "XN--BCHER-KVA.example", 0, XN_OK, "xn--bcher-kva.example", 0);
    EXPECT(ASCII_A, "xn--bcher-KVA", 0, XN_OK, "xn--bcher-kva", 0);
    EXPECT(UNI, "xn--Bcher-kva", 0, XN_OK, "bücher", 0);
    EXPECT(ASCII_A, "xn--A-bga", 0, XN_OK, "xn--a-bga", 0); /* the label of "aé" */

    /* Python idna CVE-2024-3651: quadratic time on labels of many CONTEXTO
     * or joining code points.  Results only; times are flatness.c's. */
    {
        test_buf b = {0};
        repeat(&b, "\xE3\x83\xBB", XN_LABEL_LIMIT); /* KATAKANA MIDDLE DOT x 1024 */
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
        adds(&b, "\xE3\x83\xBB");
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_E_TOO_LONG, NULL, 0);
        b.n = 0;
        repeat(&b, "\xD9\x84\xE2\x80\x8C", 511); /* (LAM ZWNJ) x 511, LAM */
        adds(&b, "\xD9\x84");
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_OK, NULL, 0);
        EXPECT_N(UNI, b.s, b.n, 0, XN_OK, NULL, 0);
        b.n = 0;
        repeat(&b, "a\xE2\x80\x8C", 512); /* ZWNJ x 512 with no joining context */
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_C1);
        b.n = 0;
        repeat(&b, "\xD9\xA0", XN_LABEL_LIMIT); /* ARABIC-INDIC DIGIT ZERO x 1024 */
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, BAD, NULL, XN_ERR_B1);
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH | XN_NO_CHECK_BIDI, XN_OK, NULL, 0);
        free(b.s);
    }
}

/* CVE-2019-18224 (libidn2): a long name overflowed a heap buffer.  Long
 * results at every capacity, in exact-size buffers. */
static void sweep_all_caps(int line, bool to_ascii, const char *in, size_t n, unsigned flags)
{
    fuzz_result r = conv(to_ascii, in, n, flags);
    char what[32];
    test_escape(esc, sizeof esc, in, n);
    CHECK_MSG(r.rc == XN_OK, "line %d: %s", line, xn_strerror_name(r.rc));
    snprintf(what, sizeof what, "line %d", line);
    if (r.rc == XN_OK)
        test_caps(what, to_ascii ? xn_to_ascii : xn_to_unicode, in, n, flags, r.len + 2, XN_OK,
                  r.out, r.len);
    fuzz_result_free(&r);
}

static void test_long_results(void)
{
    test_buf b = {0};
    repeat(&b, "b\xC3\xBC" "cher.", 99);
    adds(&b, "b\xC3\xBC" "cher");
    /* 100 labels of 13 bytes: 1399 bytes, past XN_DOMAIN_MAX. */
    EXPECT_N(ASCII_A, b.s, b.n, 0, BAD, NULL, XN_ERR_A4_1);
    sweep_all_caps(__LINE__, ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH);
    sweep_all_caps(__LINE__, UNI, b.s, b.n, 0);
    b.n = 0;
    repeat(&b, "xn--bcher-kva.", 40);
    sweep_all_caps(__LINE__, UNI, b.s, b.n, 0);
    /* Into the documented stack buffer: too small, with the size needed. */
    {
        char out[XN_DOMAIN_MAX];
        size_t len = 0;
        CHECK_EQ_INT(xn_to_ascii(b.s, b.n, out, sizeof out, &len, XN_NO_VERIFY_DNS_LENGTH,
                                 NULL),
                     XN_E_BUFFER_TOO_SMALL);
        CHECK_EQ_INT(len, b.n);
    }
    free(b.s);
}

/* ---- ill-formed UTF-8 -------------------------------------------------------- */

static const char *const ill_formed[] = {
    "\xC0\xAF",         /* overlong '/' */
    "\xC1\xBF",         /* overlong */
    "\xE0\x80\xAF",     /* overlong, 3 bytes */
    "\xE0\x9F\xBF",     /* overlong U+07FF */
    "\xF0\x80\x80\xAF", /* overlong, 4 bytes */
    "\xF0\x8F\xBF\xBF", /* overlong U+FFFF */
    "\xED\xA0\x80",     /* U+D800 */
    "\xED\xBF\xBF",     /* U+DFFF */
    "\xED\xA0\xBD\xED\xB8\x80", /* a surrogate pair in CESU-8 */
    "\xF4\x90\x80\x80", /* U+110000 */
    "\xF5\x80\x80\x80", "\xF7\xBF\xBF\xBF", "\xF8\x88\x80\x80\x80", "\xFC\x84\x80\x80\x80\x80",
    "\xFE", "\xFF",
    "\xC3",             /* truncated */
    "\xE2\x82",
    "\xF0\x9F\x98",
    "\x80", "\xBF",     /* stray continuation bytes */
    "\xC3\xBC\xBC",     /* one continuation byte too many */
    "\xE2\x28\xA1",     /* a lead byte followed by ASCII */
    "\xC3\x2E",         /* ... followed by the dot */
};

static void test_ill_formed(void)
{
    static const unsigned flag_sets[] = {
        0, XN_WHATWG, XN_TRANSITIONAL, XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH,
        XN_IGNORE_INVALID_PUNYCODE, XN_NO_CHECK_HYPHENS | XN_NO_CHECK_BIDI,
    };
    static const char *const before[] = {"", "ab", "xn--", "b\xC3\xBC", "a.", "a.b",
                                         "\xD7\x90.", "xn--bcher-kva.", "-."};
    static const char *const after[] = {"", "cd", ".example", "\xC3\xBC", ".xn--zca", "."};
    size_t i, j, k, f;
    for (i = 0; i < sizeof ill_formed / sizeof ill_formed[0]; i++) {
        for (j = 0; j < sizeof before / sizeof before[0]; j++) {
            for (k = 0; k < sizeof after / sizeof after[0]; k++) {
                test_buf b = {0};
                adds(&b, before[j]);
                adds(&b, ill_formed[i]);
                adds(&b, after[k]);
                for (f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; f++) {
                    EXPECT_N(ASCII_A, b.s, b.n, flag_sets[f], XN_E_BAD_UTF8, NULL, 0);
                    EXPECT_N(UNI, b.s, b.n, flag_sets[f], XN_E_BAD_UTF8, NULL, 0);
                }
                free(b.s);
            }
        }
    }
    /* The same bytes inside an otherwise valid 300-byte name. */
    for (i = 0; i < sizeof ill_formed / sizeof ill_formed[0]; i++) {
        test_buf b = {0};
        repeat(&b, "\xC3\xBC", 100);
        adds(&b, ill_formed[i]);
        repeat(&b, "a", 100);
        EXPECT_N(ASCII_A, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_E_BAD_UTF8, NULL, 0);
        EXPECT_N(UNI, b.s, b.n, XN_NO_VERIFY_DNS_LENGTH, XN_E_BAD_UTF8, NULL, 0);
        free(b.s);
    }
    /* Boundary scalar values are well-formed. */
    EXPECT(UNI, "\xEF\xBF\xBF", XN_NO_STD3_RULES, BAD, NULL, XN_ERR_V7);      /* U+FFFF */
    EXPECT(UNI, "\xF4\x8F\xBF\xBF", XN_NO_STD3_RULES, BAD, NULL, XN_ERR_V7);  /* U+10FFFF */
    EXPECT(UNI, "\xEE\x80\x80", 0, BAD, NULL, XN_ERR_V7);                     /* U+E000 */
    EXPECT(ASCII_A, "\xF0\x90\x80\x80", 0, XN_OK, "xn--2n7c", 0);             /* U+10000 */
}

/* ---- random bytes through every profile ---------------------------------------- */

static void test_random(void)
{
    static const unsigned flag_sets[] = {
        0, XN_WHATWG, XN_TRANSITIONAL, XN_NO_STD3_RULES | XN_NO_VERIFY_DNS_LENGTH,
        XN_IGNORE_INVALID_PUNYCODE | XN_ALLOW_ROOT_DOT, XN_NO_CHECK_HYPHENS, 0x200u,
        0x80000000u,
    };
    static const char *const pieces[] = {
        "xn--", "XN--", ".", "\xE3\x80\x82", "-", "a", "Z", "0", "\xC3\xBC", "\xC3\x9F",
        "\xD7\x90", "\xD9\x84", "\xE2\x80\x8C", "\xE2\x80\x8D", "\xCC\x81", "\xEF\xB7\xBA",
        "\xE3\x8C\x80", "\xE2\x89\xA0", "\xF0\x9F\x98\x80", "\xE0\xA5\x8D", "_", "\x00",
        "\xC3", "\x80", "\xED\xA0\x80", "9", "zca", "kva", "\xC2\xAD", "\xE2\x92\x88",
    };
    uint32_t x = 0x9E3779B9u;
    int it;
    for (it = 0; it < 3000; it++) {
        test_buf b = {0};
        size_t len, i;
        fuzz_result r;
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        len = x % 40;
        for (i = 0; i < len; i++) {
            x ^= x << 13, x ^= x >> 17, x ^= x << 5;
            if (x & 1) {
                char c = (char)(x >> 24);
                test_buf_put(&b, &c, 1);
            } else {
                adds(&b, pieces[(x >> 8) % (sizeof pieces / sizeof pieces[0])]);
            }
        }
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        r = conv(x & 1, b.s ? b.s : "", b.n, flag_sets[(x >> 1) % 8]);
        CHECK(r.rc != XN_E_INTERNAL && r.rc != XN_E_NOMEM);
        fuzz_result_free(&r);
        free(b.s);
    }
}

/* ---- arguments ------------------------------------------------------------------ */

static void test_args(void)
{
    char out[16];
    size_t len = 7;
    unsigned bit;
    /* Every bit a conversion does not take is refused: test-api.c checks
     * each conversion of entries.h; here, XN_WHATWG with any other bit. */
    for (bit = 0; bit < 32; bit++) {
        if (FUZZ_KNOWN_FLAGS & (1u << bit))
            continue;
        CHECK_EQ_INT(xn_to_ascii("a", 1, out, sizeof out, &len, XN_WHATWG | (1u << bit), NULL),
                     XN_E_INVALID_ARG);
    }
    CHECK_EQ_INT(xn_punycode_decode(NULL, 3, NULL, 0, &len, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_decode("a", 1, NULL, 3, &len, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_decode("a", 1, NULL, 0, NULL, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_punycode_encode(NULL, 3, NULL, NULL, 0, &len), XN_E_INVALID_ARG);
}
int main(void)
{
    test_punycode_decoder();
    test_punycode_encoder();
    test_cve_classes();
    test_long_results();
    test_ill_formed();
    test_random();
    test_args();
    return test_done("test-hostile");
}
