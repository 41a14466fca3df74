/*
 * Unit test for lib/validity.c: UTS #46 §4.1 steps 2-4 (hyphens), RFC 5892
 * appendix A (CONTEXTJ A.1-A.2, CONTEXTO A.3-A.9) and RFC 5893 §2 (Bidi).
 *
 * Each check has a row table {label, expected}; labels are UTF-8 literals,
 * decoded with xn__utf8_decode and handed over in heap blocks of exactly
 * their size so that AddressSanitizer sees any read past the end.  Rows
 * marked "IdnaTestV2" are labels taken from Unicode's IdnaTestV2.txt 17.0.0
 * with the codes that file gives them.
 */
#include <stdbool.h>
#include <stdint.h>

#include "utf8.h"
#include "xn.h"
#include "validity.h"
#include "normalize.h"
#include "props.h"
#include "rules.h"
#include "test.h"

#define NONE ((size_t)-1) /* a `where` that the row does not check */
#define MAXCP 256

#define V2 XN_ERR_V2
#define V3 XN_ERR_V3
#define V4 XN_ERR_V4
#define B1 XN_ERR_B1
#define B2 XN_ERR_B2
#define B3 XN_ERR_B3
#define B4 XN_ERR_B4
#define B5 XN_ERR_B5
#define B6 XN_ERR_B6
#define C1 XN_ERR_C1
#define C2 XN_ERR_C2

static char msgbuf[1024];

static const char *esc(const char *s)
{
    return test_escape(msgbuf, sizeof msgbuf, s, strlen(s));
}

/* Decodes the UTF-8 literal s into an exact-size heap block; *n gets the
 * number of code points.  A malformed literal is a bug in this file. */
static uint32_t *decode(const char *s, size_t *n)
{
    uint32_t tmp[MAXCP];
    size_t len = strlen(s), i = 0, k = 0;
    while (i < len) {
        size_t used = xn__utf8_decode((const unsigned char *)s + i, len - i, &tmp[k]);
        if (used == 0 || k + 1 >= MAXCP) {
            fprintf(stderr, "test-validity: bad test literal %s\n", esc(s));
            exit(99);
        }
        i += used;
        k++;
    }
    *n = k;
    return (uint32_t *)test_exact_copy(tmp, k * sizeof tmp[0]);
}

/* Room for n code points, uninitialized. */
static uint32_t *alloc_cps(size_t n)
{
    return (uint32_t *)test_xmalloc(n * sizeof(uint32_t));
}

/* The codes of the bits this file uses, e.g. "B2,B3", for messages. */
static void codes(uint64_t bits, char *buf, size_t cap)
{
    static const struct {
        uint64_t bit;
        const char *name;
    } names[] = {{V2, "V2"}, {V3, "V3"}, {V4, "V4"}, {B1, "B1"}, {B2, "B2"}, {B3, "B3"},
                 {B4, "B4"}, {B5, "B5"}, {B6, "B6"}, {C1, "C1"}, {C2, "C2"}};
    size_t i, o = 0;
    buf[0] = '\0';
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (bits & names[i].bit) {
            o += (size_t)snprintf(buf + o, cap - o, "%s%s", o ? "," : "", names[i].name);
            bits &= ~names[i].bit;
        }
    }
    if (bits)
        snprintf(buf + o, cap - o, "%s+0x%" PRIx64, o ? "," : "", bits);
}

/* A row of the checks that report where they stopped: the label, the
 * error bits and the offset of the first offender (the length when none). */
typedef struct check_row {
    const char *label;
    uint64_t want;
    size_t where;
} check_row;

typedef uint64_t (*label_check_fn)(const uint32_t *l, size_t n, size_t *at);

#define CHECK_BITS(label, got, want)                                              \
    do {                                                                          \
        char g_[64], w_[64];                                                      \
        codes((got), g_, sizeof g_);                                              \
        codes((want), w_, sizeof w_);                                             \
        CHECK_MSG((got) == (want), "%s: got [%s], want [%s]", esc(label), g_, w_); \
    } while (0)

/* Each row of rows[0..count) through check, with a place to report to and
 * without one: three checks a row. */
static void run_rows(const check_row *rows, size_t count, label_check_fn check)
{
    size_t r;
    for (r = 0; r < count; r++) {
        size_t n, at = NONE;
        uint32_t *l = decode(rows[r].label, &n);
        uint64_t got = check(l, n, &at);
        CHECK_BITS(rows[r].label, got, rows[r].want);
        CHECK_MSG(at == rows[r].where, "%s: where %zu, want %zu", esc(rows[r].label), at,
                  rows[r].where);
        CHECK(check(l, n, NULL) == got);
        free(l);
    }
}

/* ---- hyphens: UTS #46 §4.1 steps 2-4 ------------------------------------- */

static const struct {
    const char *label;
    bool check_hyphens;
    uint64_t want;
} hyphen_rows[] = {
    {"", true, 0},
    {"", false, 0},
    {"abc", true, 0},
    {"a-b", true, 0},
    {"ab--c", true, V2},
    {"ab--c", false, 0},
    {"a\u00E4--c", true, V2},
    {"-a", true, V3},
    {"a-", true, V3},
    {"-", true, V3},
    {"--", true, V3},
    {"-a", false, 0},
    {"a-", false, 0},
    {"ab--", true, V2 | V3},
    {"-b--c", true, V2 | V3},
    {"a--", true, V3}, /* "--" in positions 2-3, not 3-4 */
    {"abc--", true, V3}, /* positions 4-5 */
    {"a--b", true, 0},
    {"xn--abc", false, V4},
    {"xn--", false, V4},
    {"xn--\u00E9", false, V4},
    {"xn-", false, 0},
    {"xn-a", false, 0},
    {"axn--b", false, 0},
    {"XN--abc", false, 0}, /* case-sensitive, as UTS #46 writes it */
    {"xn--abc", true, V2 | V4},
    /* IdnaTestV2: "xn--xn--a--gua.pt" decodes to this label, [V2, V4]. */
    {"xn--a-\u00E4", true, V2 | V4},
    /* IdnaTestV2: "xn--xn---epa" → "xn--\u00E9", [V2, V4]. */
    {"xn--\u00E9", true, V2 | V4},
};

static void test_hyphens(void)
{
    size_t r;
    for (r = 0; r < sizeof hyphen_rows / sizeof hyphen_rows[0]; r++) {
        size_t n;
        uint32_t *l = decode(hyphen_rows[r].label, &n);
        uint64_t got = xn__check_hyphens(l, n, hyphen_rows[r].check_hyphens);
        CHECK_BITS(hyphen_rows[r].label, got, hyphen_rows[r].want);
        free(l);
    }
}

/* ---- joiners: RFC 5892 A.1 (C1), A.2 (C2) -------------------------------- */

/* Joining types used below (DerivedJoiningType.txt): U+0628 BEH D, U+0627
 * ALEF R, U+0644 LAM D, U+0647 HEH D, U+A872 PHAGS-PA SUPERFIXED LETTER RA
 * L, U+064E FATHA / U+0308 / U+0670 / U+06ED T, U+0915 DEVANAGARI KA U.
 * Viramas (ccc=9): U+094D, U+0BCD, U+0DCA. */
static const check_row joiner_rows[] = {
    {"", 0, 0},
    {"abc", 0, 3},
    /* A.2: ZWJ after a virama, and not. */
    {"\u0915\u094D\u200D", 0, 3},
    {"\u0915\u094D\u200D\u0937", 0, 4},
    {"\u200D", C2, 0},
    {"\u0915\u200D", C2, 1},
    {"a\u200Db", C2, 1},
    {"\u0628\u200D\u0628", C2, 1}, /* joining context does not help ZWJ */
    {"\u094D\u0308\u200D", C2, 2}, /* the virama must be right before */
    /* A.1, first clause: ZWNJ after a virama. */
    {"\u0915\u094D\u200C", 0, 3},
    {"\u200C\u094D", C1, 0},
    /* A.1, second clause: (L|D) T* ZWNJ T* (R|D). */
    {"\u0628\u200C\u0628", 0, 3},
    {"\u0628\u200C\u0627", 0, 3},
    {"\uA872\u200C\u0628", 0, 3},
    {"\u0628\u064E\u200C\u064E\u0628", 0, 5},
    {"\u0628\u064E\u064E\u200C\u064E\u064E\u0627", 0, 7},
    {"\u0628\u200C\u064E\u064E\u0628", 0, 5},
    {"\u0627\u200C\u0628", C1, 1}, /* R on the left */
    {"\u0628\u200C\uA872", C1, 1}, /* L on the right */
    {"\u0628\u200Ca", C1, 1}, /* U on the right */
    {"a\u200C\u0628", C1, 1}, /* U on the left */
    {"\u200C\u0628", C1, 0}, /* ZWNJ at the start */
    {"\u0628\u200C", C1, 1}, /* ZWNJ at the end */
    {"\u200C", C1, 0},
    {"\u064E\u200C\u0628", C1, 1}, /* only T to the left */
    {"\u0628\u200C\u064E", C1, 1}, /* only T to the right */
    {"\u0628\u200C\u200C\u0628", C1, 1}, /* each ZWNJ blocks the other */
    {"\u0628\u200C\u0628\u200C\u0628", 0, 5},
    {"\u0628\u200C\u0628\u200C", C1, 3},
    {"\u0628\u200D\u064E\u200C\u0628", C1 | C2, 1}, /* ZWJ is C, not T */
    {"\u200C\u200D", C1 | C2, 0},
    {"\u0915\u094D\u200C\u200D", C2, 3},
    {"\u0628\u200C\u0627\u200D", C2, 3},
    /* IdnaTestV2 */
    {"a\u200Cb", C1, 1},
    {"a\u094D\u200Cb", 0, 4},
    {"a\u094D\u200Db", 0, 4},
    {"\u0308\u200C\u0308\u0628b", C1, 1},
    {"a\u0628\u0308\u200C\u0308", C1, 3},
    {"a\u0628\u0308\u200C\u0308\u0628b", 0, 7},
    {"\u0DC1\u0DCA\u200D\u0DBB\u0DD3", 0, 5},
    {"\u0646\u0627\u0645\u0647\u200C\u0627\u06CC", 0, 7},
    {"\u0BB9\u0BCD\u200D", 0, 3},
    {"\u0BB9\u0BCD\u200C", 0, 3},
    {"\u0644\u0670\u200C\u06ED\u06EF", 0, 5},
    {"\u0644\u200C\u06ED\u06EF", 0, 4},
    {"ass\u200C\u200Db\u200C\u200Dc", C1 | C2, 3},
};

static void test_joiners(void)
{
    run_rows(joiner_rows, sizeof joiner_rows / sizeof joiner_rows[0], xn__check_joiners);
}

/* Many joiners and long runs of T.  The check is one pass (see validity.c),
 * so these only confirm the results; slowness would show in the fuzzers and
 * the benchmark, not here. */
static void test_joiners_long(void)
{
    enum { BIG = 100000 };
    uint32_t *l = alloc_cps(BIG);
    size_t n, i, k, at;

    /* BEH (ZWNJ BEH) x 1000: every ZWNJ valid. */
    n = 0;
    l[n++] = 0x0628;
    for (i = 0; i < 1000; i++) {
        l[n++] = 0x200C;
        l[n++] = 0x0628;
    }
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), 0);
    CHECK_EQ_INT(at, n);

    /* BEH, 1000 ZWNJ, BEH: all invalid, the first one is reported. */
    n = 0;
    l[n++] = 0x0628;
    for (i = 0; i < 1000; i++)
        l[n++] = 0x200C;
    l[n++] = 0x0628;
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), C1);
    CHECK_EQ_INT(at, 1);

    /* BEH (T x 500, ZWNJ, T x 500, BEH) x 90: long T runs on both sides of
     * every ZWNJ, all valid. */
    n = 0;
    l[n++] = 0x0628;
    for (k = 0; k < 90; k++) {
        for (i = 0; i < 500; i++)
            l[n++] = 0x064E;
        l[n++] = 0x200C;
        for (i = 0; i < 500; i++)
            l[n++] = 0x064E;
        l[n++] = 0x0628;
    }
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), 0);
    CHECK_EQ_INT(at, n);

    /* The same, but the final BEH is a T: the last ZWNJ has no right side. */
    l[n - 1] = 0x064E;
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), C1);
    CHECK_EQ_INT(at, n - 502);

    /* BEH, ZWNJ, then 99998 T: the scan to the right runs to the end once. */
    n = 0;
    l[n++] = 0x0628;
    l[n++] = 0x200C;
    while (n < BIG)
        l[n++] = 0x064E;
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), C1);
    CHECK_EQ_INT(at, 1);

    /* (KA VIRAMA ZWNJ KA VIRAMA ZWJ) x 1000. */
    n = 0;
    for (i = 0; i < 1000; i++) {
        l[n++] = 0x0915;
        l[n++] = 0x094D;
        l[n++] = 0x200C;
        l[n++] = 0x0915;
        l[n++] = 0x094D;
        l[n++] = 0x200D;
    }
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), 0);
    CHECK_EQ_INT(at, n);
    free(l);
}

/* ---- Bidi: RFC 5893 §2 --------------------------------------------------- */

/* Classes used below: a-z L; 0-9 EN; '-' '+' ES; ':' ',' CS; '$' '%' ET;
 * '!' '~' ON; U+05D0/U+05D1 HEBREW LETTER R; U+0627 U+0628 U+06B9 AL;
 * U+0660-U+0669 AN; U+06F0-U+06F9 EN; U+0300 U+0308 U+05B7 U+064E NSM;
 * U+200C BN; U+02C7 CARON ON; U+2028 LINE SEPARATOR WS. */
static const check_row bidi_rows[] = {
    {"", 0, 0},
    /* Rule 1 alone.  A label that breaks it gets no other code. */
    {"1a", B1, 0},
    {"-a", B1, 0},
    {"!a", B1, 0},
    {"\u0308a", B1, 0},
    {"\u0660\u05D0", B1, 0},
    {"1\u05D0!", B1, 0},
    {"\u200C\u05D0", B1, 0},
    /* LTR labels that pass rules 5 and 6. */
    {"a", 0, 1},
    {"abc", 0, 3},
    {"a1", 0, 2},
    {"a\u0300", 0, 2},
    {"a\u0300\u0308", 0, 3},
    {"a-b", 0, 3},
    {"a:b", 0, 3},
    {"a,1", 0, 3},
    {"a$1", 0, 3},
    {"a!b", 0, 3},
    {"a\u200Cb", 0, 3},
    {"a\u06F1", 0, 2}, /* EXTENDED ARABIC-INDIC DIGIT is EN */
    /* Rule 5 alone. */
    {"a\u05D0b", B5, 1},
    {"a\u0660b", B5, 1},
    {"a\u2028b", B5, 1},
    /* Rule 6 alone. */
    {"a!", B6, 1},
    {"a-", B6, 1},
    {"a:", B6, 1},
    {"a$", B6, 1},
    {"a\u200C", B6, 1},
    {"a!\u0308", B6, 1},
    /* Rules 5 and 6 together. */
    {"a\u05D0", B5 | B6, 1},
    {"ab\u0660", B5 | B6, 2},
    /* RTL labels that pass rules 2-4. */
    {"\u05D0", 0, 1},
    {"\u05D0\u05D1", 0, 2},
    {"\u05D01", 0, 2},
    {"\u05D0\u0308", 0, 2},
    {"\u05D0\u05B7", 0, 2},
    {"\u05D0-\u05D1", 0, 3},
    {"\u05D0+1", 0, 3},
    {"\u05D0,\u05D1", 0, 3},
    {"\u05D0%1", 0, 3},
    {"\u05D0!\u05D1", 0, 3},
    {"\u05D0\u200C\u05D1", 0, 3},
    {"\u0628\u0660", 0, 2},
    {"\u0628\u0660\u0661\u064E", 0, 4},
    {"\u0627\u0644\u0639\u0631\u0628\u064A\u0629", 0, 7},
    {"\u05D012", 0, 3},
    {"\u0628\u06F1", 0, 2},
    /* Rule 2 alone. */
    {"\u05D0a\u05D1", B2, 1},
    {"\u05D0\u2028\u05D1", B2, 1},
    /* Rule 3 alone. */
    {"\u05D0!", B3, 1},
    {"\u05D0-", B3, 1},
    {"\u05D0:", B3, 1},
    {"\u05D0%", B3, 1},
    {"\u05D0!\u0308", B3, 1},
    {"\u05D0\u05D1\u200C", B3, 2},
    /* Rule 4 alone. */
    {"\u05D01\u0660\u05D0", B4, 2},
    {"\u0628\u0660\u06F1", B4, 2},
    {"\u0628\u06F1\u0660", B4, 2},
    /* Several rules. */
    {"\u05D0a", B2 | B3, 1},
    {"\u05D01\u0660!", B3 | B4, 2},
    {"\u05D0a1\u0660!", B2 | B3 | B4, 1},
    /* IdnaTestV2 */
    {"\u00E0\u05D0", B5 | B6, 1},
    {"0\u00E0", B1, 0},
    {"0a", B1, 0},
    {"\u05D0\u0308", 0, 2},
    {"\u05D00\u0660\u05D0", B4, 2},
    {"\u05D00\u0660", B4, 2},
    {"\u00E0\u02C7", B6, 1},
    {"\u0308\u200C\u0308\u0628b", B1, 0},
    {"\u0308\u0308\u0628b", B1, 0},
    {"\u06B9\u200C", B3, 1},
    {"\u200D", B1, 0},
    {"a\u0628\u0308\u200C\u0308", B5 | B6, 1},
    {"a\u0628\u0308\u200C\u0308\u0628b", B5, 1},
    {"\u0646\u0627\u0645\u0647\u200C\u0627\u06CC", 0, 7},
};

static void test_bidi(void)
{
    run_rows(bidi_rows, sizeof bidi_rows / sizeof bidi_rows[0], xn__check_bidi);
}

/* xn__check_bidi_ascii equals xn__check_bidi on the decoded label: for every
 * string of 0 to 3 ASCII bytes, and for pseudo-random longer ones. */
static void test_bidi_ascii(void)
{
    static const char pick[] = "abzAZ09-+.,:/$%#!~ _\t";
    unsigned long compared = 0, mismatches = 0;
    uint32_t cps[64];
    char s[64];
    uint32_t x = 2463534242u; /* xorshift32 state */
    size_t len, i, k;

    for (len = 0; len <= 3; len++) {
        unsigned long total = 1, v;
        for (i = 0; i < len; i++)
            total *= 128;
        for (v = 0; v < total; v++) {
            unsigned long t = v;
            for (i = 0; i < len; i++, t /= 128) {
                s[i] = (char)(t % 128);
                cps[i] = (uint32_t)(t % 128);
            }
            compared++;
            if (xn__check_bidi_ascii(s, len) != xn__check_bidi(cps, len, NULL) &&
                mismatches++ < 5)
                CHECK_MSG(false, "ascii bidi differs on %s",
                          test_escape(msgbuf, sizeof msgbuf, s, len));
        }
    }
    for (k = 0; k < 200000; k++) {
        char *h;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        len = 4 + x % 40;
        for (i = 0; i < len; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            s[i] = (x & 1) ? pick[(x >> 1) % (sizeof pick - 1)] : (char)((x >> 1) % 128);
            cps[i] = (unsigned char)s[i];
        }
        h = test_exact_copy(s, len);
        compared++;
        if (xn__check_bidi_ascii(h, len) != xn__check_bidi(cps, len, NULL) && mismatches++ < 5)
            CHECK_MSG(false, "ascii bidi differs on %s", test_escape(msgbuf, sizeof msgbuf, s, len));
        free(h);
    }
    CHECK_EQ_INT(mismatches, 0);
    printf("bidi ascii: %lu labels compared\n", compared);
}

static const struct {
    const char *label;
    bool rtl;
} rtl_rows[] = {
    {"", false},
    {"abc", false},
    {"a1-b", false},
    {"\u0308", false},
    {"\u06F1", false}, /* EN */
    {"\u05D0", true},
    {"a\u05D0", true},
    {"\u0628", true},
    {"1\u0660", true}, /* AN */
    {"\u0660", true},
};

static void test_rtl(void)
{
    size_t r;
    for (r = 0; r < sizeof rtl_rows / sizeof rtl_rows[0]; r++) {
        size_t n;
        uint32_t *l = decode(rtl_rows[r].label, &n);
        CHECK_MSG(xn__is_rtl_label(l, n) == rtl_rows[r].rtl, "%s: is_rtl_label != %d",
                  esc(rtl_rows[r].label), rtl_rows[r].rtl);
        free(l);
    }
}

/* ---- CONTEXTO: RFC 5892 A.3-A.9 ------------------------------------------ */

#define CO XN_ERR_CONTEXTO

static const check_row contexto_rows[] = {
    {"", 0, 0},
    {"abc", 0, 3},
    /* A.3 MIDDLE DOT between two 'l'. */
    {"l\u00B7l", 0, 3},
    {"al\u00B7la", 0, 5},
    {"a\u00B7l", CO, 1},
    {"l\u00B7a", CO, 1},
    {"L\u00B7L", CO, 1},
    {"\u00B7l", CO, 0},
    {"l\u00B7", CO, 1},
    {"\u00B7", CO, 0},
    {"l\u00B7\u00B7l", CO, 1},
    /* A.4 GREEK LOWER NUMERAL SIGN before a Greek character. */
    {"\u0375\u03B1", 0, 2},
    {"\u03B1\u0375\u03B2", 0, 3},
    {"\u0375a", CO, 0},
    {"\u0375\u05D0", CO, 0},
    {"\u0375\u3042", CO, 0},
    {"\u0375\u0375\u03B1", 0, 3}, /* U+0375 is itself Script=Greek */
    {"\u03B1\u0375", CO, 1},
    {"\u0375", CO, 0},
    /* A.5, A.6 HEBREW GERESH / GERSHAYIM after a Hebrew character. */
    {"\u05D0\u05F3", 0, 2},
    {"\u05D0\u05F4", 0, 2},
    {"\u05D0\u05F4\u05D1", 0, 3},
    {"\u05F3\u05D0", CO, 0},
    {"\u05F4", CO, 0},
    {"a\u05F3", CO, 1},
    {"\u05D0\u05F3\u05F4", 0, 3}, /* GERESH is itself Script=Hebrew */
    /* A.7 KATAKANA MIDDLE DOT with Hiragana, Katakana or Han in the label. */
    {"\u30FB\u3042", 0, 2},
    {"\u30AB\u30FB", 0, 2},
    {"\u4E00\u30FB\u30FB", 0, 3},
    {"a\u30FBb\u4E00", 0, 4},
    {"a\u30FB", CO, 1},
    {"\u30FB", CO, 0},
    {"\u30FB\u30FB", CO, 0},
    /* A.8, A.9: the two sets of Arabic-Indic digits do not mix. */
    {"\u0660\u0669", 0, 2},
    {"\u06F0\u06F9", 0, 2},
    {"\u0628\u0661\u0662", 0, 3},
    {"\u0660\u06F0", CO, 0},
    {"\u06F0\u0660", CO, 0},
    {"\u0628\u0661\u06F5", CO, 1},
    {"\u0628\u06F5\u0661", CO, 1},
    /* Several rules: the first offender is reported. */
    {"\u30FBa\u00B7", CO, 0},
    {"a\u00B7\u30FB", CO, 1},
    {"a\u0660\u00B7\u06F0", CO, 1},
};

static void test_contexto(void)
{
    run_rows(contexto_rows, sizeof contexto_rows / sizeof contexto_rows[0], xn__check_contexto);
}

static bool has_contexto_rule(uint32_t c)
{
    return c == 0x00B7 || c == 0x0375 || c == 0x05F3 || c == 0x05F4 || c == 0x30FB ||
           (c >= 0x0660 && c <= 0x0669) || (c >= 0x06F0 && c <= 0x06F9);
}

/* Over every code point: a one-character label passes unless the character
 * is CONTEXTO; the code points the rules name are CONTEXTO in the table (or
 * the rules would never run); a CONTEXTO code point without a rule fails
 * (RFC 5891 §5.4).  Also long labels for the whole-label rules. */
static void test_contexto_all(void)
{
    unsigned long contexto = 0, ruled = 0, bad = 0;
    uint32_t c;
    uint32_t *l;
    size_t i, at;
    unsigned sc;

    for (c = 0; c <= 0x10FFFF; c++) {
        bool is_o = xn__idna2008(xn__props(c)) == XN_IDNA2008_CONTEXTO;
        bool got = xn__check_contexto(&c, 1, NULL) == 0;
        if (is_o)
            contexto++;
        /* Alone, every CONTEXTO character fails: each rule needs a neighbour
         * or another character; A.8/A.9 digits alone pass. */
        if (got != (!is_o || (c >= 0x0660 && c <= 0x0669) || (c >= 0x06F0 && c <= 0x06F9)))
            if (bad++ < 5)
                CHECK_MSG(false, "U+%04" PRIX32 " alone: contexto %d", c, got);
        if (has_contexto_rule(c)) {
            ruled++;
            CHECK_MSG(is_o, "U+%04" PRIX32 " is not CONTEXTO in the table", c);
        }
    }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(ruled, 25);
    printf("contexto: %lu CONTEXTO code points in the table, %lu named by a rule\n", contexto,
           ruled);

    /* A.7: U+30FB's own script is Common, so it never satisfies its rule. */
    sc = xn__script(xn__props(0x30FB));
    CHECK(sc != XN_SCRIPT_HIRAGANA && sc != XN_SCRIPT_KATAKANA && sc != XN_SCRIPT_HAN);
    /* A.5/A.6: GERESH and GERSHAYIM are Script=Hebrew themselves, so the
     * second of two in a row passes (a row above relies on it). */
    CHECK_EQ_INT(xn__script(xn__props(0x05F3)), XN_SCRIPT_HEBREW);

    l = alloc_cps(2001);
    for (i = 0; i < 2000; i++)
        l[i] = 0x30FB;
    l[2000] = 0x3042;
    CHECK_EQ_INT(xn__check_contexto(l, 2001, &at), 0);
    CHECK_EQ_INT(at, 2001);
    l[2000] = 'a';
    CHECK_EQ_INT(xn__check_contexto(l, 2001, &at), XN_ERR_CONTEXTO);
    CHECK_EQ_INT(at, 0);
    for (i = 0; i < 2000; i++)
        l[i] = 0x0660 + (uint32_t)(i % 10);
    l[2000] = 0x06F0;
    CHECK_EQ_INT(xn__check_contexto(l, 2001, &at), XN_ERR_CONTEXTO);
    CHECK_EQ_INT(at, 0);
    l[2000] = 0x0628;
    CHECK_EQ_INT(xn__check_contexto(l, 2001, &at), 0);
    CHECK_EQ_INT(at, 2001);
    free(l);
}

/* The code-point checks report what the Bidi rule needs: XN__FOUND_RTL
 * exactly when xn__is_rtl_label() holds, and XN__FOUND_LTR_OK only where
 * xn__check_bidi() finds nothing, so that skipping it changes no verdict;
 * and XN__FOUND_NFC_MAYBE exactly when xn__nfc_quick_yes() says no.  A
 * label the mapping pass calls simple (validity.h) must be one on which
 * the code-point checks find nothing and the LTR shortcut holds, with and
 * without transitional processing.
 * Over every code point c, alone and beside letters, digits and marks, in
 * both profiles.  Also that the shortcut is taken for plain LTR labels. */
static void test_code_point_summary(void)
{
    static const uint32_t shapes[][3] = {
        {0, 0, 0},
        {'a', 0, 0},
        {0, 'a', 0},
        {'a', 0, '1'},
        {0, 0x0301, 0},
        {0x05D0, 0, 0},
    };
    static const size_t shape_len[] = {1, 2, 2, 3, 2, 2};
    unsigned long wrong = 0, ltr_ok = 0, simple_n = 0;
    uint32_t c, l[3];
    size_t k, i, at;
    unsigned f8, f46;

    for (c = 0; c <= 0x10FFFF; c++) {
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        for (k = 0; k < sizeof shape_len / sizeof shape_len[0]; k++) {
            size_t n = shape_len[k];
            bool rtl, clean, quick_nfc;
            for (i = 0; i < n; i++)
                l[i] = shapes[k][i] ? shapes[k][i] : c;
            rtl = xn__is_rtl_label(l, n);
            clean = xn__check_bidi(l, n, NULL) == 0;
            quick_nfc = xn__nfc_quick_yes(l, n);
            xn__check_uts46_code_points(l, n, false, true, &at, &f46);
            xn__check_idna2008_code_points(l, n, &at, &f8);
            if (((f46 & XN__FOUND_RTL) != 0) != rtl || ((f8 & XN__FOUND_RTL) != 0) != rtl ||
                ((f46 & XN__FOUND_LTR_OK) && !clean) || ((f8 & XN__FOUND_LTR_OK) && !clean) ||
                ((f46 ^ f8) & XN__FOUND_LTR_OK) ||
                ((f46 & XN__FOUND_NFC_MAYBE) != 0) == quick_nfc ||
                ((f8 & XN__FOUND_NFC_MAYBE) != 0) == quick_nfc) {
                if (wrong++ < 5)
                    CHECK_MSG(false, "U+%04" PRIX32 " in shape %zu: rtl %d, bidi clean %d, "
                              "NFC quick yes %d, found 0x%x (UTS #46) 0x%x (IDNA2008)", c, k,
                              rtl, clean, quick_nfc, f46, f8);
            }
            if (f46 & XN__FOUND_LTR_OK)
                ltr_ok++;
            for (i = 0; i < 2; i++) {
                uint32_t all = ~UINT32_C(0);
                size_t j;
                uint64_t bits;
                unsigned f;
                for (j = 0; j < n; j++)
                    all &= xn__props(l[j]);
                if (!xn__simple_verdict(all, xn__props(l[0]), xn__props(l[n - 1]), i == 1))
                    continue;
                simple_n++;
                bits = xn__check_uts46_code_points(l, n, i == 1, true, &at, &f);
                if (bits || (f & (XN__FOUND_RTL | XN__FOUND_JOINER)) || !(f & XN__FOUND_LTR_OK) ||
                    !clean) {
                    if (wrong++ < 5)
                        CHECK_MSG(false, "U+%04" PRIX32 " in shape %zu: simple, yet bits 0x%" PRIx64
                                  " found 0x%x (transitional %zu)", c, k, bits, f, i);
                }
            }
        }
    }
    CHECK_EQ_INT(wrong, 0);
    /* The shortcut must fire where it should: plain LTR labels. */
    l[0] = 'b';
    l[1] = 0xFC; /* ü */
    l[2] = '9';
    xn__check_uts46_code_points(l, 3, false, true, &at, &f46);
    CHECK(f46 & XN__FOUND_LTR_OK);
    l[2] = 0x0301; /* ends with NSM: the full rule looks past it */
    xn__check_uts46_code_points(l, 3, false, true, &at, &f46);
    CHECK(!(f46 & XN__FOUND_LTR_OK));
    CHECK(ltr_ok > 1000000);
    CHECK(simple_n > 100000);
    printf("code points: LTR shortcut on %lu of the labels tried, %lu simple\n", ltr_ok,
           simple_n);
}

int main(void)
{
    test_hyphens();
    test_joiners();
    test_joiners_long();
    test_bidi();
    test_bidi_ascii();
    test_rtl();
    test_contexto();
    test_contexto_all();
    test_code_point_summary();
    printf("rows: %zu hyphens, %zu joiners, %zu bidi, %zu rtl, %zu contexto\n",
           sizeof hyphen_rows / sizeof hyphen_rows[0], sizeof joiner_rows / sizeof joiner_rows[0],
           sizeof bidi_rows / sizeof bidi_rows[0], sizeof rtl_rows / sizeof rtl_rows[0],
           sizeof contexto_rows / sizeof contexto_rows[0]);
    return test_done("validity");
}
