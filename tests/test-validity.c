/*
 * Unit test for lib/validity.c: UTS #46 §4.1 steps 2-4 (hyphens), RFC 5892
 * appendix A (CONTEXTJ A.1-A.2, CONTEXTO A.3-A.9) and RFC 5893 §2 (Bidi).
 *
 * The rows, a label and what each check gives for it, are in
 * vectors/validity.txt (the folder is the first argument), a section per
 * check; labels are decoded with xn__utf8_decode and handed over in heap
 * blocks of exactly their size, so that AddressSanitizer sees any read past
 * the end.  The long labels, and every code point, are tested here.
 */
#include <stdbool.h>
#include <stdint.h>

#include "utf8.h"
#include "xn.h"
#include "validity.h"
#include "normalize.h"
#include "props.h"
#include "rules.h"
#include "rowfile.h"
#include "test.h"

#define NONE ((size_t)-1) /* a `where` that the row does not check */
#define MAXCP 256

static char msgbuf[1024];

static const char *esc(const char *s)
{
    return test_escape(msgbuf, sizeof msgbuf, s, strlen(s));
}

/* Decodes the UTF-8 label s into an exact-size heap block; *n gets the
 * number of code points.  A malformed label is a bug in the vectors. */
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

/* The codes of bits, e.g. "B2,B3", for messages. */
static void codes(uint64_t bits, char *buf, size_t cap)
{
    unsigned bit;
    size_t o = 0;
    buf[0] = '\0';
    for (bit = 0; bit < 64 && o < cap; bit++) {
        const char *name = xn_error_name(UINT64_C(1) << bit);
        if (bits & (UINT64_C(1) << bit))
            o += (size_t)snprintf(buf + o, cap - o, "%s%s", o ? "," : "", name ? name : "?");
    }
}

typedef uint64_t (*label_check_fn)(const uint32_t *l, size_t n, size_t *at);

/* The row's errors are want: a check that names the row when they are not. */
static void check_bits(test_rowfile *f, const char *label, uint64_t got, uint64_t want)
{
    char g[64], w[64];
    codes(got, g, sizeof g);
    codes(want, w, sizeof w);
    CHECK_MSG(got == want, "%s (%s): got [%s], want [%s]", test_rowfile_where(f), esc(label), g, w);
}

/* Every row of vectors/validity.txt, by its section:
 *   [hyphens]   label ; CheckHyphens ; errors of xn__check_hyphens()
 *   [rtl]       label ; whether xn__is_rtl_label()
 *   the others  label ; errors ; where: the check run with a place to report
 *               to (the offset of the first offender, the length when there
 *               is none) and without one, which must give the same errors */
static void test_rows(const char *vectors)
{
    enum { HYPHENS, JOINERS, BIDI, RTL, CONTEXTO };
    static const char *const sections[] = {"hyphens", "joiners", "bidi", "rtl", "contexto", NULL};
    static const label_check_fn checks[] = {NULL, xn__check_joiners, xn__check_bidi, NULL,
                                            xn__check_contexto};
    test_rowfile f;
    test_rowfile_open(&f, vectors, "validity.txt", sections);
    while (test_rowfile_next(&f)) {
        size_t n, len, at = NONE, where;
        const char *label;
        uint32_t *l;
        uint64_t got;
        bool rtl;
        test_rowfile_fields(&f, f.section_index == RTL ? 2 : 3);
        label = test_rowfile_text(&f, 0, &len);
        l = decode(label, &n);
        switch (f.section_index) {
        case HYPHENS:
            got = xn__check_hyphens(l, n, test_rowfile_bool(&f, 1));
            check_bits(&f, label, got, test_rowfile_errors(&f, 2));
            break;
        case RTL:
            rtl = test_rowfile_bool(&f, 1);
            CHECK_MSG(xn__is_rtl_label(l, n) == rtl, "%s (%s): is_rtl_label != %d",
                      test_rowfile_where(&f), esc(label), rtl);
            break;
        default:
            got = checks[f.section_index](l, n, &at);
            check_bits(&f, label, got, test_rowfile_errors(&f, 1));
            where = (size_t)test_rowfile_number(&f, 2);
            CHECK_MSG(at == where, "%s (%s): where %zu, want %zu", test_rowfile_where(&f),
                      esc(label), at, where);
            CHECK(checks[f.section_index](l, n, NULL) == got);
        }
        free(l);
    }
    test_rowfile_close(&f);
}

/* ---- joiners: RFC 5892 A.1 (C1), A.2 (C2) -------------------------------- */

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
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), XN_ERR_C1);
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
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), XN_ERR_C1);
    CHECK_EQ_INT(at, n - 502);

    /* BEH, ZWNJ, then 99998 T: the scan to the right runs to the end once. */
    n = 0;
    l[n++] = 0x0628;
    l[n++] = 0x200C;
    while (n < BIG)
        l[n++] = 0x064E;
    CHECK_EQ_INT(xn__check_joiners(l, n, &at), XN_ERR_C1);
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


/* ---- CONTEXTO: RFC 5892 A.3-A.9 ------------------------------------------ */


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

int main(int argc, char **argv)
{
    test_rows(argc > 1 ? argv[1] : NULL);
    test_joiners_long();
    test_bidi_ascii();
    test_contexto_all();
    test_code_point_summary();
    return test_done("validity");
}
