/*
 * Tests of the display policy of UTS #39 (xn_to_display): the reasons a
 * label stays an A-label (restriction levels §5.2, whole-script
 * confusables §4, Identifier_Status §3.1, mixed numbers §5.3, marks §5.4,
 * UTS #46 deviations), buffers, arguments, the allocating form, the
 * display report's layout, and threads racing to create the checker.
 * Expected values come from UTS #39 and from the examples;
 * A-labels are those of RFC 3492 for the given text.  Every input is
 * copied into an exact-size heap block first.
 */
#include <pthread.h>
#include <stdbool.h>

#include "bytes.h"
#include "display_data.h"
#include "display_known.h"
#include "display_rules.h"
#include "idna2008.h"
#include "props.h"
#include "utf8.h"
#include "uts39.h"
#include "xn.h"
#include "test.h"

#define LEN(s) (sizeof(s) - 1)

/* ---- display ----------------------------------------------------------------- */

/* xn_to_display_alloc in the shape of test_alloc_fn for test_alloc_agrees():
 * its display report lands in alloc_display (single-threaded use only). */
static xn_display_report alloc_display = XN_DISPLAY_REPORT_INIT;

static int display_alloc(const char *in, size_t n, char **out, size_t *len, unsigned flags,
                         xn_report *rep)
{
    return xn_to_display_alloc(in, n, out, len, flags, rep, &alloc_display);
}

/* xn_to_display_alloc agrees with the buffer call that gave rc, *rep, *d
 * and out[0..len). */
static void display_alloc_agrees(const char *in, size_t n, unsigned flags, int rc,
                                 const xn_report *rep, const xn_display_report *d,
                                 const char *out, size_t len)
{
    size_t i;
    memset(&alloc_display, 0x5A, sizeof alloc_display);
    alloc_display.size = sizeof alloc_display;
    test_alloc_agrees("display", display_alloc, in, n, flags, rc, rep, rc == XN_OK, out, len);
    CHECK_MSG(alloc_display.labels == d->labels && alloc_display.unsafe == d->unsafe,
              "display_alloc: %zu labels, reasons 0x%x; the buffer call %zu, 0x%x",
              alloc_display.labels, (unsigned)alloc_display.unsafe, d->labels,
              (unsigned)d->unsafe);
    for (i = 0; i < d->labels && i < XN_DISPLAY_LABELS_MAX; i++)
        CHECK_MSG(alloc_display.label_unsafe[i] == d->label_unsafe[i],
                  "display_alloc: label %zu has reasons 0x%x, the buffer call 0x%x", i,
                  (unsigned)alloc_display.label_unsafe[i], (unsigned)d->label_unsafe[i]);
}

/* xn_to_display(in) == want with per-label reasons label_unsafe[0..n). */
static void display_is(const char *in, unsigned flags, const char *want,
                       const uint32_t *label_unsafe, size_t n)
{
    char out[512], esc[256], got_why[128], want_why[128];
    size_t len = 0, i;
    uint32_t all = 0;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    xn_report rep = XN_REPORT_INIT;
    char *p = test_exact_copy(in, strlen(in));
    int rc = xn_to_display(p, strlen(in), out, sizeof out, &len, flags, &rep, &d);

    test_escape(esc, sizeof esc, in, strlen(in));
    CHECK_MSG(rc == XN_OK && len == strlen(want) && strcmp(out, want) == 0,
              "display(%s, 0x%x): rc %d, got \"%s\", want \"%s\"", esc, flags, rc,
              rc == XN_OK ? out : "", want);
    CHECK_MSG(d.labels == n, "display(%s): %zu labels, want %zu", esc, d.labels, n);
    for (i = 0; i < n && i < d.labels; i++) {
        xn_unsafe_format(d.label_unsafe[i], got_why, sizeof got_why);
        xn_unsafe_format(label_unsafe[i], want_why, sizeof want_why);
        CHECK_MSG(d.label_unsafe[i] == label_unsafe[i], "display(%s) label %zu: [%s], want [%s]",
                  esc, i, got_why, want_why);
        all |= label_unsafe[i];
    }
    CHECK_MSG(d.unsafe == all, "display(%s): union 0x%x, want 0x%x", esc, (unsigned)d.unsafe,
              (unsigned)all);
    display_alloc_agrees(p, strlen(in), flags, rc, &rep, &d, out, len);
    free(p);
}

/* One reason (at least) makes label 0 of `in` stay an A-label, the one
 * ToASCII gives; the other labels are plain ASCII. */
static void kept_ascii(const char *in, unsigned flags, uint32_t must, uint32_t must_not)
{
    char ascii[XN_DOMAIN_MAX], out[XN_DOMAIN_MAX], esc[256], why[128];
    size_t alen = 0, len = 0;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    int rc;

    test_escape(esc, sizeof esc, in, strlen(in));
    rc = xn_to_ascii(in, strlen(in), ascii, sizeof ascii, &alen,
                     flags & ~(unsigned)(XN_DISPLAY_LEVEL_MASK | XN_DISPLAY_ALLOW_DEVIATIONS), NULL);
    CHECK_MSG(rc == XN_OK, "to_ascii(%s) = %d", esc, rc);
    rc = xn_to_display(in, strlen(in), out, sizeof out, &len, flags, NULL, &d);
    xn_unsafe_format(d.label_unsafe[0], why, sizeof why);
    CHECK_MSG(rc == XN_OK && len == alen && strcmp(out, ascii) == 0,
              "display(%s, 0x%x) = %d \"%s\", want the A-label form \"%s\"", esc, flags, rc, out,
              ascii);
    CHECK_MSG((d.label_unsafe[0] & must) == must && !(d.label_unsafe[0] & must_not),
              "display(%s, 0x%x): label 0 [%s], must have 0x%x, not 0x%x", esc, flags, why,
              (unsigned)must, (unsigned)must_not);
}

static void test_display_examples(void)
{
    static const uint32_t none2[] = {0, 0}, none1[] = {0};
    static const uint32_t confusable[] = {XN_UNSAFE_CONFUSABLE, 0};
    static const uint32_t mixed_confusable[] = {XN_UNSAFE_MIXED_SCRIPT | XN_UNSAFE_CONFUSABLE, 0};
    static const uint32_t three[] = {XN_UNSAFE_CONFUSABLE, 0, 0};

    /* The examples.  Cyrillic "аррӏе" is whole-script confusable
     * with Latin "apple" (UTS #39 §4); "pаypal" mixes Latin and Cyrillic,
     * which no restriction level short of Minimally Restrictive allows
     * (§5.2), and is a mixed-script confusable of "paypal". */
    display_is("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com", 0, "xn--80ak6aa92e.com",
               confusable, 2);
    display_is("p\xD0\xB0ypal.com", 0, "xn--pypal-4ve.com", mixed_confusable, 2);
    display_is("b\xC3\xBC" "cher.de", 0, "b\xC3\xBC" "cher.de", none2, 2);
    display_is("\xE4\xB8\xAD\xE5\x9B\xBD", 0, "\xE4\xB8\xAD\xE5\x9B\xBD", none1, 1);
    display_is("\xCE\xB4\xCE\xBF\xCE\xBA\xCE\xB9\xCE\xBC\xCE\xAE.\xCE\xB5\xCE\xBB", 0,
               "\xCE\xB4\xCE\xBF\xCE\xBA\xCE\xB9\xCE\xBC\xCE\xAE.\xCE\xB5\xCE\xBB", none2, 2);

    /* A-labels in, case and mapping as ToASCII / ToUnicode do them. */
    display_is("xn--bcher-kva.de", 0, "b\xC3\xBC" "cher.de", none2, 2);
    display_is("B\xC3\x9C" "CHER.DE", 0, "b\xC3\xBC" "cher.de", none2, 2);
    display_is("XN--80AK6AA92E.COM", 0, "xn--80ak6aa92e.com", confusable, 2);
    display_is("xn--fiqs8s", 0, "\xE4\xB8\xAD\xE5\x9B\xBD", none1, 1);
    /* Per label: only the unsafe one stays ASCII. */
    display_is("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.b\xC3\xBC" "cher.de", 0,
               "xn--80ak6aa92e.b\xC3\xBC" "cher.de", three, 3);
    /* ASCII labels are shown as they are, _service labels too. */
    display_is("Example.COM", 0, "example.com", none2, 2);
    {
        static const uint32_t none3[] = {0, 0, 0};
        display_is("_sip._tcp.example", XN_DNS_LABELS, "_sip._tcp.example", none3, 3);
    }
    /* Japanese: Latin with Han and Hiragana is Highly Restrictive. */
    display_is("abc\xE3\x81\xB2\xE3\x82\x89\xE6\xBC\xA2.jp", 0,
               "abc\xE3\x81\xB2\xE3\x82\x89\xE6\xBC\xA2.jp", none2, 2);
    /* The root label after a trailing dot counts. */
    {
        static const uint32_t none3[] = {0, 0, 0};
        display_is("b\xC3\xBC" "cher.de.", XN_ALLOW_ROOT_DOT, "b\xC3\xBC" "cher.de.", none3, 3);
    }
    /* XN_WHATWG: an ASCII name that only the URL Standard's fallback keeps
     * is shown as it is, not a label of it in Unicode: the first label is a
     * valid A-label, the second decodes to U+0080 (disallowed), and the name
     * with the first label in Unicode would no longer convert. */
    display_is("xn--bcher-kva.xn--a", XN_WHATWG, "xn--bcher-kva.xn--a", none2, 2);
    display_is("xn--bcher-kva.example", XN_WHATWG, "b\xC3\xBC" "cher.example", none2, 2);
    /* A kept label that decodes to no U-label stays as it is: U+0328, a
     * lone combining mark. */
    display_is("xn--pta", XN_WHATWG, "xn--pta", none1, 1);
}

static void test_display_reasons(void)
{
    char out[XN_DOMAIN_MAX];
    size_t len = 0;
    static const uint32_t none2[] = {0, 0};

    /* A TLD exempts its script only if it is a valid label under UTS #46's
     * defaults, whatever the name's flags: "аррӏе.рф" is shown, but "-рф",
     * which only CheckHyphens=false lets through, delegates nothing. */
    display_is("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.\xD1\x80\xD1\x84", XN_NO_CHECK_HYPHENS,
               "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.\xD1\x80\xD1\x84", none2, 2);
    {
        static const uint32_t confusable_first[] = {XN_UNSAFE_CONFUSABLE, 0};
        display_is("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.-\xD1\x80\xD1\x84",
                   XN_NO_CHECK_HYPHENS, "xn--80ak6aa92e.-\xD1\x80\xD1\x84", confusable_first, 2);
    }

    /* §5.2 restriction levels.  Latin + Thai: Moderately Restrictive. */
    kept_ascii("shop\xE0\xB8\x81.com", 0, XN_UNSAFE_MIXED_SCRIPT, 0);
    display_is("shop\xE0\xB8\x81.com", XN_DISPLAY_MODERATE, "shop\xE0\xB8\x81.com", none2, 2);
    display_is("shop\xE0\xB8\x81.com", XN_DISPLAY_MINIMAL, "shop\xE0\xB8\x81.com", none2, 2);
    /* Latin + Cyrillic is outside Moderately Restrictive too. */
    kept_ascii("p\xD0\xB0ypal.com", XN_DISPLAY_MODERATE, XN_UNSAFE_MIXED_SCRIPT, 0);
    /* Minimally Restrictive allows the mix; the confusable check remains. */
    kept_ascii("p\xD0\xB0ypal.com", XN_DISPLAY_MINIMAL, XN_UNSAFE_CONFUSABLE,
               XN_UNSAFE_MIXED_SCRIPT);
    /* Single Script: Latin beside Han and Hiragana is two scripts. */
    kept_ascii("abc\xE3\x81\xB2\xE3\x82\x89\xE6\xBC\xA2.jp", XN_DISPLAY_SINGLE_SCRIPT,
               XN_UNSAFE_MIXED_SCRIPT, 0);
    display_is("\xE3\x81\xB2\xE3\x82\x89\xE6\xBC\xA2.jp", XN_DISPLAY_SINGLE_SCRIPT,
               "\xE3\x81\xB2\xE3\x82\x89\xE6\xBC\xA2.jp", none2, 2);

    /* §4: whole-script confusables in any script mix of lookalikes:
     * Cyrillic "сосо" looks like "coco"; it stays ASCII under any level. */
    kept_ascii("\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.com", XN_DISPLAY_MINIMAL, XN_UNSAFE_CONFUSABLE,
               XN_UNSAFE_MIXED_SCRIPT);
    /* ... but Cyrillic that does not look Latin is shown: "рф". */
    display_is("\xD1\x80\xD1\x84", 0, "\xD1\x80\xD1\x84", none2, 1);

    /* §3.1: U+2603 SNOWMAN is valid in UTS #46 but Identifier_Status=
     * Restricted; so is U+1F642. */
    kept_ascii("\xE2\x98\x83.net", 0, XN_UNSAFE_RESTRICTED, 0);
    kept_ascii("\xF0\x9F\x99\x82.com", 0, XN_UNSAFE_RESTRICTED, 0);

    /* §5.3: DEVANAGARI DIGIT ONE next to DIGIT TWO. */
    kept_ascii("\xE0\xA5\xA7" "2.in", 0, XN_UNSAFE_MIXED_NUMBERS, XN_UNSAFE_MIXED_SCRIPT);

    /* §5.4: the same nonspacing mark twice (á + U+0301); more than four
     * nonspacing marks (a + U+0301 U+0300 U+0302 U+0303 U+0304); a dot
     * hidden on i (i + U+0307). */
    kept_ascii("a\xCC\x81\xCC\x81.com", 0, XN_UNSAFE_INVISIBLE, 0);
    kept_ascii("a\xCC\x81\xCC\x80\xCC\x82\xCC\x83\xCC\x84.com", 0, XN_UNSAFE_INVISIBLE, 0);
    kept_ascii("xi\xCC\x87.com", 0, XN_UNSAFE_INVISIBLE, 0);
    /* Four different marks are still shown (a + U+0301 composes, NFC). */
    display_is("a\xCC\x81\xCC\x80\xCC\x82\xCC\x83.com", 0,
               "\xC3\xA1\xCC\x80\xCC\x82\xCC\x83.com", none2, 2);

    /* UTS #46 §6 deviations: ß, ς, ZWJ (after a virama), ZWNJ. */
    kept_ascii("fa\xC3\x9F.de", 0, XN_UNSAFE_DEVIATION, 0);
    {
        char want[64];
        size_t n = 0;
        CHECK(xn_to_ascii("fa\xC3\x9F.de", LEN("fa\xC3\x9F.de"), want, sizeof want, &n, 0, NULL) ==
              XN_OK);
        CHECK(strcmp(want, "xn--fa-hia.de") == 0);
    }
    kept_ascii("\xCE\xB5\xCE\xBB\xCE\xBB\xCE\xB7\xCE\xBD\xCE\xB9\xCE\xBA\xCF\x8C\xCF\x82.gr", 0,
               XN_UNSAFE_DEVIATION, 0);
    kept_ascii("\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8D\xE0\xA4\xB7.in", 0, XN_UNSAFE_DEVIATION,
               XN_UNSAFE_RESTRICTED | XN_UNSAFE_INVISIBLE);
    kept_ascii("\xD9\x85\xDB\x8C\xE2\x80\x8C\xD8\xAE\xD9\x88\xD8\xA7\xD9\x87\xD9\x85.ir", 0,
               XN_UNSAFE_DEVIATION, XN_UNSAFE_RESTRICTED | XN_UNSAFE_INVISIBLE);
    display_is("fa\xC3\x9F.de", XN_DISPLAY_ALLOW_DEVIATIONS, "fa\xC3\x9F.de", none2, 2);
    display_is("\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8D\xE0\xA4\xB7.in", XN_DISPLAY_ALLOW_DEVIATIONS,
               "\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8D\xE0\xA4\xB7.in", none2, 2);
    /* Transitional processing maps ß before anything is shown. */
    display_is("fa\xC3\x9F.de", XN_TRANSITIONAL, "fass.de", none2, 2);
    /* ... but keeps an A-label's ß (found by fuzzing): shown as "faß", the
     * name would convert to "fass" under the caller's own profile, so the
     * A-label stays even when deviations may show. */
    kept_ascii("xn--fa-hia.de", XN_TRANSITIONAL | XN_DISPLAY_ALLOW_DEVIATIONS,
               XN_UNSAFE_DEVIATION, 0);
    kept_ascii("xn--zcanxxn", XN_TRANSITIONAL | XN_DISPLAY_ALLOW_DEVIATIONS | XN_DISPLAY_MODERATE,
               XN_UNSAFE_DEVIATION, 0);
    display_is("xn--fa-hia.de", XN_DISPLAY_ALLOW_DEVIATIONS, "fa\xC3\x9F.de", none2, 2);

    /* Names ToASCII rejects are not shown at all ("xn--a" decodes to
     * U+0080, a control: V7). */
    {
        xn_report rep = XN_REPORT_INIT;
        xn_display_report d = XN_DISPLAY_REPORT_INIT;
        memset(&d, 0xAB, sizeof d);
        d.size = sizeof d;
        CHECK_EQ_INT(xn_to_display("xn--a.com", 9, out, sizeof out, &len, 0, &rep, &d),
                     XN_E_INVALID_DOMAIN);
        CHECK(len == 0 && out[0] == '\0' && (rep.errors & XN_ERR_V7) && d.labels == 0 &&
              d.unsafe == 0);
        CHECK_EQ_INT(xn_to_display("a_b.com", 7, out, sizeof out, &len, 0, &rep, NULL),
                     XN_E_INVALID_DOMAIN);
        CHECK(rep.errors & XN_ERR_U1);
        CHECK_EQ_INT(xn_to_display("\xC3\x28.com", 6, out, sizeof out, &len, 0, NULL, NULL),
                     XN_E_BAD_UTF8);
    }
}

static const test_name unsafe_names[] = {
    {XN_UNSAFE_MIXED_SCRIPT, "MIXED_SCRIPT"}, {XN_UNSAFE_RESTRICTED, "RESTRICTED"},
    {XN_UNSAFE_CONFUSABLE, "CONFUSABLE"}, {XN_UNSAFE_MIXED_NUMBERS, "MIXED_NUMBERS"},
    {XN_UNSAFE_INVISIBLE, "INVISIBLE"}, {XN_UNSAFE_DEVIATION, "DEVIATION"},
    {0, "?"},
    {3, "?"},
    {0x80000000u, "?"},
};

static void test_display_api(void)
{
    static const char name[] = "b\xC3\xBC" "cher.de"; /* displays as itself, 10 bytes */
    char out[64];
    size_t len = 0, cap;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;

    /* Every capacity below the size needed reports that size. */
    for (cap = 0; cap < LEN(name); cap++) {
        char *buf = (char *)test_xmalloc(cap);
        len = 0;
        CHECK_EQ_INT(xn_to_display(name, LEN(name), cap ? buf : NULL, cap, &len, 0, NULL, &d),
                     XN_E_BUFFER_TOO_SMALL);
        CHECK_EQ_INT(len, LEN(name));
        CHECK_EQ_INT(d.labels, 2);
        free(buf);
    }
    {
        char *buf = (char *)test_xmalloc(LEN(name));
        CHECK_EQ_INT(xn_to_display(name, LEN(name), buf, LEN(name), &len, 0, NULL, NULL), XN_OK);
        CHECK(len == LEN(name) && memcmp(buf, name, len) == 0);
        free(buf);
    }
    CHECK_EQ_INT(xn_to_display(name, LEN(name), out, sizeof out, &len, 0, NULL, NULL), XN_OK);
    CHECK(strcmp(out, name) == 0);

    /* Arguments and flags. */
    CHECK_EQ_INT(xn_to_display(name, LEN(name), out, sizeof out, NULL, 0, NULL, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_display(name, LEN(name), NULL, 5, &len, 0, NULL, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_display(NULL, 3, out, sizeof out, &len, 0, NULL, NULL), XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_display(name, LEN(name), out, sizeof out, &len, 0x10000u, NULL, NULL),
                 XN_E_INVALID_ARG);
    CHECK_EQ_INT(xn_to_display(name, LEN(name), out, sizeof out, &len, 0x80000000u, NULL, NULL),
                 XN_E_INVALID_ARG);
    /* Over-long ASCII forms (VerifyDnsLength off) are refused, not cut. */
    {
        char big[600];
        memset(big, 'a', sizeof big);
        CHECK_EQ_INT(xn_to_display(big, sizeof big, out, sizeof out, &len,
                                   XN_NO_VERIFY_DNS_LENGTH, NULL, NULL),
                     XN_E_TOO_LONG);
    }

    /* The allocating form.  A Unicode form longer than XN_DOMAIN_MAX bytes
     * (11 labels of 14 U+6F22: 230 bytes in ASCII, 472 in UTF-8), shown
     * in Unicode, takes its second conversion; a failure allocates nothing
     * and clears the reasons; a NULL out is refused the same way.  (A
     * common Han ideograph, which the spoof data of ICU 72, 76 and 78 all
     * let through; ICU 78 keeps U+20BB7 as an A-label.) */
    {
        char longname[700], shown[700];
        size_t n = 0, shown_len = 0, i;
        xn_report rep = XN_REPORT_INIT;
        int rc;
        for (i = 0; i < 11 * 14; i++) {
            if (i && i % 14 == 0)
                longname[n++] = '.';
            memcpy(longname + n, "\xE6\xBC\xA2", 3);
            n += 3;
        }
        rc = xn_to_display(longname, n, shown, sizeof shown, &shown_len, 0, &rep, &d);
        CHECK_MSG(rc == XN_OK && shown_len == n && memcmp(shown, longname, n) == 0 &&
                      d.labels == 11 && d.unsafe == 0,
                  "display of 11 labels of U+6F22: %s, %zu bytes", xn_strerror_name(rc),
                  shown_len);
        display_alloc_agrees(longname, n, 0, rc, &rep, &d, shown, shown_len);
        rc = xn_to_display("a..b", 4, shown, sizeof shown, &shown_len, 0, &rep, &d);
        display_alloc_agrees("a..b", 4, 0, rc, &rep, &d, shown, shown_len);
        memset(&alloc_display, 0x5A, sizeof alloc_display);
        alloc_display.size = sizeof alloc_display;
        CHECK_EQ_INT(xn_to_display_alloc(name, LEN(name), NULL, &len, 0, NULL, &alloc_display),
                     XN_E_INVALID_ARG);
        CHECK(alloc_display.labels == 0 && alloc_display.unsafe == 0);
        /* The display report's size field, as xn_report's: too small is
         * refused and left alone; a longer (later) one keeps its tail. */
        {
            struct {
                xn_display_report d;
                uint32_t later_field;
            } later;
            xn_display_report none = XN_DISPLAY_REPORT_INIT;
            none.size = 0;
            none.unsafe = 7;
            CHECK_EQ_INT(xn_to_display(name, LEN(name), shown, sizeof shown, &shown_len, 0,
                                       NULL, &none), XN_E_INVALID_ARG);
            CHECK(none.size == 0 && none.unsafe == 7);
            memset(&later, 0, sizeof later);
            later.d.size = sizeof later;
            later.later_field = 0xC0FFEEu;
            CHECK_EQ_INT(xn_to_display("b\xC3\xBC" "cher.de", 10, shown, sizeof shown,
                                       &shown_len, 0, NULL, &later.d), XN_OK);
            CHECK(later.d.size == sizeof later && later.d.labels == 2 &&
                  later.later_field == 0xC0FFEEu);
        }
    }

    /* Reason names. */
    CHECK_NAMES(xn_unsafe_name, uint32_t, unsafe_names);
    {
        char buf[64], small[8];
        CHECK_EQ_INT(xn_unsafe_format(XN_UNSAFE_MIXED_SCRIPT | XN_UNSAFE_CONFUSABLE, buf,
                                      sizeof buf),
                     LEN("MIXED_SCRIPT,CONFUSABLE"));
        CHECK(strcmp(buf, "MIXED_SCRIPT,CONFUSABLE") == 0);
        CHECK_EQ_INT(xn_unsafe_format(XN_UNSAFE_MIXED_SCRIPT, small, sizeof small), 12);
        CHECK(strcmp(small, "MIXED_S") == 0);
        CHECK_EQ_INT(xn_unsafe_format(0, buf, sizeof buf), 0);
        CHECK(buf[0] == '\0');
    }
}

/* Several threads race to create the shared checker and then use it: every
 * answer must equal the single-threaded one. */
#define THREADS 4
#define ROUNDS 50

static const char *const thread_names[] = {
    "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.com", "p\xD0\xB0ypal.com", "b\xC3\xBC" "cher.de",
    "\xE4\xB8\xAD\xE5\x9B\xBD", "fa\xC3\x9F.de", "\xE2\x98\x83.net", "\xE0\xA5\xA7" "2.in",
    "shop\xE0\xB8\x81.com", "a\xCC\x81\xCC\x81.com",
};
#define THREAD_NAMES (sizeof thread_names / sizeof thread_names[0])

struct answer {
    int rc;
    char out[XN_DOMAIN_MAX];
    uint32_t unsafe;
};

static struct answer thread_answers[THREADS][THREAD_NAMES];
static int thread_mismatch[THREADS];

static void answer(size_t i, struct answer *a)
{
    size_t len = 0;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    memset(a, 0, sizeof *a);
    a->rc = xn_to_display(thread_names[i], strlen(thread_names[i]), a->out, sizeof a->out, &len,
                          0, NULL, &d);
    a->unsafe = d.unsafe;
}

static void *thread_main(void *arg)
{
    size_t t = (size_t)(uintptr_t)arg, r, i;
    for (r = 0; r < ROUNDS; r++) {
        for (i = 0; i < THREAD_NAMES; i++) {
            size_t k = (i + t) % THREAD_NAMES; /* each thread its own order */
            struct answer a;
            answer(k, &a);
            if (r == 0)
                thread_answers[t][k] = a;
            else if (memcmp(&a, &thread_answers[t][k], sizeof a) != 0)
                thread_mismatch[t]++;
        }
    }
    return NULL;
}

static void test_display_threads(void)
{
    pthread_t th[THREADS];
    size_t t, i;
    int started[THREADS];

    for (t = 0; t < THREADS; t++)
        started[t] = pthread_create(&th[t], NULL, thread_main, (void *)(uintptr_t)t) == 0;
    for (t = 0; t < THREADS; t++)
        if (started[t])
            pthread_join(th[t], NULL);
    for (t = 0; t < THREADS; t++) {
        CHECK_MSG(started[t], "thread %zu did not start", t);
        CHECK_MSG(thread_mismatch[t] == 0, "thread %zu: %d answers changed", t,
                  thread_mismatch[t]);
        for (i = 0; i < THREAD_NAMES; i++) {
            struct answer a;
            answer(i, &a);
            CHECK_MSG(started[t] && memcmp(&a, &thread_answers[t][i], sizeof a) == 0,
                      "thread %zu, name %zu: answer differs from the main thread's", t, i);
        }
    }
}

/* What display.c counts on to skip UTS #39 §5.4's mark checks (uts39.h,
 * xn__u39_marks()) for a label with no mark of its own (General_Category
 * M): that no other code point's NFD begins with a non-starter or a
 * nonspacing mark (so it joins no run of the code point before it), and
 * that the checks find nothing in any such code point alone (no
 * decomposition holds more than four nonspacing marks, one twice, or
 * U+0307 over a dotted letter).  On xn's own tables, every code point a
 * U-label can hold (UTS #46 status valid or deviation: U+0130 İ, I with
 * U+0307, maps to i + U+0307, a mark of its own). */
static void test_marks_shortcut(void)
{
    uint32_t c;
    size_t decomposable = 0;
    for (c = 0; c <= 0x10FFFF; c++) {
        uint32_t small[16];
        xn__cps d;
        unsigned found = 0;
        unsigned status = xn__status(xn__props(c));
        if (xn__u39_is_mark(c) || (status != XN_STATUS_VALID && status != XN_STATUS_DEVIATION))
            continue;
        xn__cps_init(&d, small, 16);
        CHECK(xn__u39_nfd(&c, 1, &d) == XN_OK && d.len >= 1);
        decomposable += d.len > 1 || d.p[0] != c;
        CHECK_MSG(xn__u39_ccc(d.p[0]) == 0 && !xn__u39_is_nonspacing(d.p[0]),
                  "U+%04X: its NFD begins with a non-starter or a nonspacing mark", (unsigned)c);
        CHECK(xn__u39_marks(&c, 1, &found) == XN_OK);
        CHECK_MSG(found == 0, "U+%04X alone: the mark checks find 0x%x", (unsigned)c, found);
        xn__cps_free(&d);
    }
    CHECK_MSG(decomposable > 2000, "%zu code points decompose", decomposable);
}

/* The mark checks of §5.4 find what they are for. */
static void test_mark_checks(void)
{
    static const struct {
        uint32_t cp[8];
        size_t n;
        unsigned want;
    } rows[] = {
        {{'i', 0x0307}, 2, XN_U39_HIDDEN_OVERLAY},
        {{'l', 0x0323, 0x0307}, 3, XN_U39_HIDDEN_OVERLAY}, /* a dot below does not sit above */
        {{0x0131, 0x0307}, 2, XN_U39_HIDDEN_OVERLAY},
        {{'a', 0x0307}, 2, 0},
        {{'i', 0x0301, 0x0307}, 3, 0}, /* an acute between: the dot shows */
        {{'a', 0x0301, 0x0301}, 3, XN_U39_REPEATED_MARK},
        {{0x00E1, 0x0301}, 2, XN_U39_REPEATED_MARK}, /* á is a + U+0301 */
        {{'a', 0x0301, 0x0300, 0x0302, 0x0303, 0x0304}, 6, XN_U39_MARK_RUN},
        {{'a', 0x0301, 0x0300, 0x0302, 0x0303}, 5, 0},
    };
    size_t k;
    for (k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        unsigned found = 99;
        CHECK(xn__u39_marks(rows[k].cp, rows[k].n, &found) == XN_OK);
        CHECK_MSG(found == rows[k].want, "row %zu: found 0x%x, want 0x%x", k, found,
                  rows[k].want);
    }
}

/* A caller's set keeps each domain and each key once, however often it
 * is given (issue 45, F1: copies of one domain made building the set and
 * asking it quadratic): 200,000 copies of one domain and of a second with
 * the same key make one key and two domains, and the set answers as a
 * set of the two does. */
static void test_known_copies(void)
{
    enum { COPIES = 200000 };
    const char **list = malloc((COPIES + 1) * sizeof *list);
    xn_known_set *set;
    xn_display_report d = XN_DISPLAY_REPORT_INIT;
    char out[64];
    size_t i, n = 0;
    int rc = -1;

    CHECK(list != NULL);
    if (!list)
        return;
    for (i = 0; i < COPIES; i++)
        list[i] = i % 2 ? "PayPal.com" : "paypal.com";
    list[COPIES] = "paypa1.com"; /* the key of "paypal.com" too: "1" reads "l" */
    set = xn_known_set_new(list, COPIES + 1, &rc);
    CHECK_MSG(set && rc == XN_OK, "xn_known_set_new: %s", xn_strerror_name(rc));
    if (set) {
        CHECK_MSG(set->keys.count == 1 && set->domains.count == 2,
                  "%zu keys and %zu domains, want 1 and 2", set->keys.count,
                  set->domains.count);
        /* pаypal.com, with a Cyrillic а, looks like both. */
        CHECK(xn_to_display_known("xn--pypal-4ve.com", 17, out, sizeof out, &n, 0, set, NULL,
                                  &d) == XN_OK &&
              (d.unsafe & XN_UNSAFE_KNOWN_DOMAIN) && strcmp(out, "xn--pypal-4ve.com") == 0);
    }
    xn_known_set_free(set);
    free(list);
}

/* The same skeleton both ways: the built-in data's, which keeps its plain
 * code points as they are and makes the skeleton of the runs between
 * them alone, and the general way of any data, NFD, prototypes, NFD, on
 * the whole string (a copy of the built-in table goes that way).  On every
 * code point after a letter and before a letter and marks that reordering
 * moves, so that each run meets its neighbours. */
static bool skeleton_same(const uint32_t *cp, size_t n, const xn__u39_confusables *general)
{
    uint32_t sa[64], sb[64];
    xn__cps a, b;
    bool same;
    xn__cps_init(&a, sa, 64);
    xn__cps_init(&b, sb, 64);
    same = xn__u39_skeleton(&xn__u39_builtin, cp, n, &a) == XN_OK &&
           xn__u39_skeleton(general, cp, n, &b) == XN_OK && a.len == b.len &&
           memcmp(a.p, b.p, a.len * sizeof *a.p) == 0;
    xn__cps_free(&a);
    xn__cps_free(&b);
    return same;
}

static void test_skeleton_ways(void)
{
    const xn__u39_confusables general = xn__u39_builtin; /* not the same table */
    size_t differ = 0;
    uint32_t c;
    for (c = 0; c <= 0x10FFFF; c++) {
        /* Marks in canonical order after it, and out of it. */
        uint32_t s[6] = {'a', c, 0x0323, 0x0301, 0x0315, 'l'}, t[5] = {0x00E9, c, 0x0301, 0x0323, c};
        if (c >= 0xD800 && c <= 0xDFFF)
            continue;
        if (!skeleton_same(&c, 1, &general) || !skeleton_same(s, 6, &general) ||
            !skeleton_same(t, 5, &general)) {
            if (differ++ < 10)
                CHECK_MSG(false, "U+%04X: the built-in skeleton differs from the general one",
                          (unsigned)c);
        }
    }
    CHECK_MSG(differ == 0, "%zu code points whose skeletons differ", differ);
}

/* The skeletons of the ASCII digits are what display.c takes them for
 * (xn__display_digit_skeleton()): "0" is "O", "1" is "l", the others are
 * themselves, and no other code point is one. */
static void test_digit_skeletons(void)
{
    uint32_t c, d, sk[10];
    for (d = 0; d < 10; d++) {
        uint32_t small[8], digit = '0' + d;
        xn__cps out;
        xn__cps_init(&out, small, 8);
        CHECK(xn__u39_skeleton(&xn__u39_builtin, &digit, 1, &out) == XN_OK && out.len == 1);
        sk[d] = out.len ? out.p[0] : 0;
        xn__cps_free(&out);
    }
    for (c = 0; c <= 0x10FFFF; c++) {
        bool is = false;
        for (d = 0; d < 10; d++)
            is = is || sk[d] == c;
        CHECK_MSG(is == xn__display_digit_skeleton(c),
                  "U+%04X: the skeleton of an ASCII digit is %s", (unsigned)c,
                  is ? "it, display.c says not" : "not it, display.c says so");
        if (is != xn__display_digit_skeleton(c))
            break;
    }
}

/* The word's quick answers for the display policy hold on the library's
 * own skeleton of every code point: XN_U39_LATIN_SKELETON when its
 * skeleton, nonspacing marks aside, is letters that read as Latin,
 * XN_U39_DIGIT_SKELETON when it is the ASCII digits' skeletons, '-' and
 * decimal digits. */
static void test_skeleton_bits(void)
{
    size_t latin_n = 0, digit_n = 0, wrong = 0;
    uint32_t c;
    for (c = 0; c <= 0x10FFFF; c++) {
        uint32_t small[64], w = xn__u39_word(c);
        xn__cps sk;
        bool latin = true, digit = true;
        size_t i;
        xn__cps_init(&sk, small, 64);
        CHECK(xn__u39_skeleton(&xn__u39_builtin, &c, 1, &sk) == XN_OK);
        for (i = 0; i < sk.len; i++) {
            uint32_t z = sk.p[i];
            latin = latin && (xn__u39_is_nonspacing(z) || xn__display_latin_looking(z));
            digit = digit && (xn__display_digit_skeleton(z) || z == '-' || xn__u39_is_digit(z));
        }
        xn__cps_free(&sk);
        latin_n += latin;
        digit_n += digit;
        if (latin != !!(w & XN_U39_LATIN_SKELETON) || digit != !!(w & XN_U39_DIGIT_SKELETON)) {
            if (wrong++ < 10)
                CHECK_MSG(false, "U+%04X: its skeleton is%s Latin, is%s digits; the word says "
                                 "0x%08X", (unsigned)c, latin ? "" : " not", digit ? "" : " not",
                          (unsigned)w);
        }
    }
    CHECK_MSG(wrong == 0, "%zu code points whose skeleton bits are wrong", wrong);
    /* Not vacuous: the Latin letters, the digits of every system. */
    CHECK_MSG(latin_n > 1000 && digit_n > 600, "%zu Latin, %zu digit skeletons", latin_n,
              digit_n);
}

/* display.c takes a label whose letters are of one Script, beside
 * characters whose Script_Extensions hold Common or Inherited, for a
 * single script without xn__u39_level(): that needs each character's
 * Script_Extensions to hold its Script (UAX #24), and the level to say so
 * on such labels. */
static void test_scx_holds_script(void)
{
    size_t wrong = 0;
    uint32_t c;
    for (c = 0; c <= 0x10FFFF; c++) {
        uint32_t w = xn__u39_word(c);
        int sc = (int)(w & XN_U39_SCRIPT_MASK);
        if (sc == XN_SC_COMMON || sc == XN_SC_INHERITED || sc == XN_SC_UNKNOWN)
            continue;
        if (!xn__u39_set_has(xn__u39_set(w), sc) && wrong++ < 10)
            CHECK_MSG(false, "U+%04X: its Script_Extensions lack its Script", (unsigned)c);
    }
    CHECK_MSG(wrong == 0, "%zu code points", wrong);
    {
        /* кот, "кот-1", and Katakana with the prolonged sound mark (Common,
         * Script_Extensions Hiragana and Katakana). */
        static const uint32_t kot[] = {0x043A, 0x043E, 0x0442, '-', '1'}, kana[] = {0x30AB, 0x30FC};
        CHECK(xn__u39_level(kot, 5, XN_U39_DISPLAY) == XN_U39_SINGLE_SCRIPT);
        CHECK(xn__u39_level(kana, 2, XN_U39_DISPLAY) == XN_U39_SINGLE_SCRIPT);
    }
}

/* display.c skips IDNA2008 lookup's tests (xn__idna2008_check_ulabel())
 * for a label of PVALID code points with no right-to-left character, no
 * mark first and no "--" in its third and fourth positions: such a label
 * passes them all.  Checked on each such code point alone, after a letter,
 * between letters and twice. */
static void test_idna2008_shortcut(void)
{
    size_t tried = 0, wrong = 0;
    uint32_t c;
    for (c = 0x80; c <= 0x10FFFF; c++) {
        uint32_t p = xn__props(c);
        uint32_t labels[4][3] = {{c}, {'a', c}, {'a', c, 'b'}, {c, c}};
        static const size_t lens[4] = {1, 2, 3, 2};
        size_t k;
        if (xn__idna2008(p) != XN_IDNA2008_PVALID ||
            (xn__bidi_bit(xn__bidi(p)) & XN_BIDI_SET_RTL_CLASSES) || xn__u39_is_mark(c))
            continue;
        tried++;
        for (k = 0; k < 4; k++) {
            bool refused = true;
            CHECK(xn__idna2008_check_ulabel(labels[k], lens[k], &refused) == XN_OK);
            if (refused && wrong++ < 10)
                CHECK_MSG(false, "U+%04X (form %zu): IDNA2008 lookup refuses it", (unsigned)c, k);
        }
    }
    CHECK_MSG(wrong == 0 && tried > 100000, "%zu of %zu code points refused", wrong, tried);
    /* The display looks no UTS #46 word up for an ASCII letter, digit or
     * '-': each is PVALID, of no right-to-left class, and no deviation. */
    for (c = 0; c < 0x80; c++) {
        uint32_t p = xn__props(c);
        bool ldh = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        CHECK_MSG(ldh == ((xn__byte_class[c] & XN__BC_LDH) != 0), "U+%04X: LDH class",
                  (unsigned)c);
        if (ldh)
            CHECK_MSG(xn__idna2008(p) == XN_IDNA2008_PVALID &&
                          !(xn__bidi_bit(xn__bidi(p)) & XN_BIDI_SET_RTL_CLASSES) &&
                          xn__status(p) != XN_STATUS_DEVIATION,
                      "U+%04X: an ASCII LDH code point the display passes unread", (unsigned)c);
    }
    {
        /* And what the shortcut leaves to the tests: "--" at 3-4, a leading
         * mark, a right-to-left letter after a digit. */
        static const uint32_t hyphens[] = {'a', 0x00E9, '-', '-', 'b'}, mark[] = {0x0301, 'a'},
                              rtl[] = {'1', 0x05D0};
        bool refused = false;
        CHECK(xn__idna2008_check_ulabel(hyphens, 5, &refused) == XN_OK && refused);
        CHECK(xn__idna2008_check_ulabel(mark, 2, &refused) == XN_OK && refused);
        CHECK(xn__idna2008_check_ulabel(rtl, 2, &refused) == XN_OK && refused);
    }
}

/* XN_E_TOO_LONG when the ASCII form takes XN_DOMAIN_MAX bytes or more
 * (xn.h), whether the name has a U-label or not: an ASCII form of exactly
 * XN_DOMAIN_MAX bytes fits a buffer of that size only without its NUL. */
static void test_display_length_limit(void)
{
    size_t total, with_u;
    for (with_u = 0; with_u < 2; with_u++) {
        for (total = XN_DOMAIN_MAX - 2; total <= XN_DOMAIN_MAX + 1; total++) {
            /* "ü." (ASCII form "xn--tda.", 8 bytes) or "a.", then labels of
             * 'b' of at most 59 bytes and their dots up to total bytes. */
            char in[2 * XN_DOMAIN_MAX], out[2 * XN_DOMAIN_MAX];
            size_t len = 0, ascii_len = with_u ? 8 : 2, n = 0;
            xn_display_report d = XN_DISPLAY_REPORT_INIT;
            int rc, want;
            memcpy(in, with_u ? "\xC3\xBC." : "a.", with_u ? 3 : 2);
            len = with_u ? 3 : 2;
            while (ascii_len < total) {
                size_t k = total - ascii_len > 60 ? 60 : total - ascii_len;
                memset(in + len, 'b', k);
                len += k;
                ascii_len += k;
                if (ascii_len < total) {
                    in[len - 1] = '.';
                }
            }
            want = total >= XN_DOMAIN_MAX ? XN_E_TOO_LONG : XN_OK;
            rc = xn_to_display(in, len, out, sizeof out, &n, XN_NO_VERIFY_DNS_LENGTH, NULL, &d);
            CHECK_MSG(rc == want, "display of a name of %zu ASCII bytes%s: %s, want %s", total,
                      with_u ? " with a U-label" : "", xn_strerror_name(rc),
                      xn_strerror_name(want));
            CHECK(rc != XN_OK || n == total - (with_u ? 5 : 0));
        }
    }
}

/* The IDN TLDs of the table of scripts: each U-label's A-label is the one
 * beside it, and either form finds the entry's script (a TLD whose
 * A-label the display call did not make is looked up by its U-label). */
static void test_idn_tld_table(void)
{
    const char *alabel, *ulabel;
    int script;
    size_t i;
    for (i = 0; xn__display_idn_tld(i, &alabel, &ulabel, &script); i++) {
        char a[XN_DOMAIN_MAX];
        uint32_t cp[64];
        size_t n = 0, cn = 0, k = 0;
        xn__tld t;
        CHECK_MSG(xn_label_to_ascii(ulabel, strlen(ulabel), a, sizeof a, &n, 0, NULL) == XN_OK &&
                      n == strlen(alabel) && memcmp(a, alabel, n) == 0,
                  "IDN TLD %s: ToASCII gives %.*s, the table %s", ulabel, (int)n, a, alabel);
        xn__display_tld(alabel, strlen(alabel), &t);
        CHECK_MSG(t.script == script, "IDN TLD %s by its A-label: script %d, want %d", alabel,
                  t.script, script);
        while (k < strlen(ulabel) && cn < 64) {
            size_t step = xn__utf8_decode((const unsigned char *)ulabel + k, strlen(ulabel) - k,
                                          &cp[cn++]);
            CHECK(step > 0);
            k += step ? step : strlen(ulabel);
        }
        xn__display_tld_ulabel(cp, cn, &t);
        CHECK_MSG(t.script == script && t.n == 0, "IDN TLD %s by its U-label: script %d, want %d",
                  ulabel, t.script, script);
    }
    CHECK(i >= 17);
}

/* A display call leaves the U-labels it shows unencoded and counts them
 * at a bound of their A-labels' length (uts46.h): a name whose true ASCII
 * form is as long as DNS allows still converts, one a byte longer fails
 * with ToASCII's own report. */
static void test_display_unencoded_lengths(void)
{
    size_t total;
    for (total = XN_DNS_NAME_MAX - 1; total <= XN_DNS_NAME_MAX + 1; total++) {
        /* "bücher." (ASCII form "xn--bcher-kva.", 14 bytes) while room
         * remains, then one label of 'b' to total bytes. */
        char in[2 * XN_DOMAIN_MAX], out[2 * XN_DOMAIN_MAX], a[2 * XN_DOMAIN_MAX];
        size_t len = 0, ascii_len = 0, n = 0, an = 0;
        xn_display_report d = XN_DISPLAY_REPORT_INIT;
        xn_report r = XN_REPORT_INIT, ra = XN_REPORT_INIT;
        int rc, rca;
        while (total - ascii_len > 14 + 30) {
            memcpy(in + len, "b\xC3\xBC" "cher.", 8);
            len += 8;
            ascii_len += 14;
        }
        memset(in + len, 'b', total - ascii_len);
        len += total - ascii_len;
        rc = xn_to_display(in, len, out, sizeof out, &n, 0, &r, &d);
        rca = xn_to_ascii(in, len, a, sizeof a, &an, 0, &ra);
        CHECK_MSG(rca == (total <= XN_DNS_NAME_MAX ? XN_OK : XN_E_INVALID_DOMAIN) &&
                      (rca != XN_OK || an == total),
                  "ToASCII of a name of %zu bytes: %s, %zu bytes", total, xn_strerror_name(rca),
                  an);
        CHECK_MSG(rc == rca && r.errors == ra.errors && r.label == ra.label &&
                      r.offset == ra.offset && r.code_point == ra.code_point,
                  "display of a name of %zu ASCII bytes: %s errors %llx, ToASCII %s %llx", total,
                  xn_strerror_name(rc), (unsigned long long)r.errors, xn_strerror_name(rca),
                  (unsigned long long)ra.errors);
        CHECK(rc != XN_OK || (n == len && memcmp(out, in, len) == 0));
    }
}

/* The skeleton of cp[0..n) without nonspacing marks, by the library's
 * general way (xn__display_bases()), as ASCII bytes into out (room for
 * 2n): its length, or SIZE_MAX when some code point of it is no ASCII. */
static size_t general_ascii_bases(const uint32_t *cp, size_t n, char *out)
{
    uint32_t small[64];
    xn__cps sk;
    size_t len = SIZE_MAX;
    xn__cps_init(&sk, small, 64);
    if (xn__display_bases(cp, NULL, n, &sk) == XN_OK) {
        for (len = 0; len < sk.len && sk.p[len] > 0 && sk.p[len] < 0x80; len++)
            out[len] = (char)sk.p[len];
        if (len < sk.len || len > 2 * n)
            len = SIZE_MAX;
    }
    xn__cps_free(&sk);
    return len;
}

/* The table of ASCII skeletons (xn__u39_ascii_skeleton()), which makes the
 * key of a Latin label without the general skeleton: each entry is the
 * general way's answer for its code point (one or two ASCII characters),
 * no code point whose skeleton is such lacks one, and a label's skeleton
 * is its code points' entries in turn (labels of random code points of
 * the table). */
static void test_ascii_skeletons(void)
{
    uint32_t c, with[XN_U39_ASCII_SKELETON_END], label[12];
    size_t n_with = 0, differ = 0, iter;
    char a[64], b[64];
    for (c = 0; c < XN_U39_ASCII_SKELETON_END + 16; c++) {
        unsigned k = xn__u39_ascii_skeleton(c), want = 0;
        size_t len = general_ascii_bases(&c, 1, a);
        if (len >= 1 && len <= 2)
            want = (unsigned char)a[0] | (len == 2 ? (unsigned)(unsigned char)a[1] << 8 : 0);
        if (c >= XN_U39_ASCII_SKELETON_END)
            want = 0;
        if (k != want && differ++ < 10)
            CHECK_MSG(false, "U+%04X: ASCII skeleton 0x%04X in the table, 0x%04X by the "
                             "general way", (unsigned)c, k, want);
        if (k && c < XN_U39_ASCII_SKELETON_END)
            with[n_with++] = c;
    }
    CHECK_MSG(differ == 0, "%zu code points whose ASCII skeletons differ", differ);
    CHECK(n_with > 300); /* ASCII letters, Latin-1 and Extended-A letters with accents */
    for (iter = 0; iter < 20000 && n_with; iter++) {
        size_t n = 1 + (size_t)rand() % 12, i, len = 0, glen;
        for (i = 0; i < n; i++) {
            unsigned k;
            label[i] = with[(size_t)rand() % n_with];
            k = xn__u39_ascii_skeleton(label[i]);
            a[len++] = (char)(k & 0xFF);
            if (k >> 8)
                a[len++] = (char)(k >> 8);
        }
        glen = general_ascii_bases(label, n, b);
        if ((glen != len || memcmp(a, b, len) != 0) && differ++ < 10)
            CHECK_MSG(false, "a label of %zu code points from U+%04X: the table's skeleton "
                             "differs from the general one", n, (unsigned)label[0]);
    }
    CHECK_MSG(differ == 0, "%zu labels whose ASCII skeletons differ", differ);
}

/* xn__display_ascii_key() says what xn__display_map() (without wsc) and
 * xn__display_bases() say, whenever it answers: on every code point
 * alone, and on 20,000 labels of code points it answers for (the extra
 * mappings' letters among them); and it answers for a label of Latin
 * letters with accents and those letters ("bjørnæs"). */
static void test_ascii_key(void)
{
    static const uint32_t bjornaes[] = {'b', 'j', 0xF8, 'r', 'n', 0xE6, 's'};
    uint32_t c, *with = (uint32_t *)test_xmalloc(0x110000 * sizeof *with), label[12];
    size_t n_with = 0, differ = 0, iter, len = 0;
    char a[64], b[64];
    for (c = 0; c <= 0x10FFFF; c++) {
        uint32_t mapped[4];
        size_t mn;
        if (!xn__display_ascii_key(&c, 1, a, &len))
            continue;
        with[n_with++] = c;
        mn = xn__display_map(&c, 1, false, mapped);
        if ((general_ascii_bases(mapped, mn, b) != len || memcmp(a, b, len) != 0) &&
            differ++ < 10)
            CHECK_MSG(false, "U+%04X: the ASCII key differs from the general one", (unsigned)c);
    }
    CHECK_MSG(differ == 0, "%zu code points whose ASCII keys differ", differ);
    for (iter = 0; iter < 20000 && n_with; iter++) {
        uint32_t mapped[24];
        size_t n = 1 + (size_t)rand() % 12, i, mn;
        for (i = 0; i < n; i++)
            label[i] = with[(size_t)rand() % n_with];
        CHECK(xn__display_ascii_key(label, n, a, &len));
        mn = xn__display_map(label, n, false, mapped);
        if ((general_ascii_bases(mapped, mn, b) != len || memcmp(a, b, len) != 0) &&
            differ++ < 10)
            CHECK_MSG(false, "a label of %zu code points from U+%04X: the ASCII key differs "
                             "from the general one", n, (unsigned)label[0]);
    }
    CHECK_MSG(differ == 0, "%zu labels whose ASCII keys differ", differ);
    CHECK(xn__display_ascii_key(bjornaes, 7, a, &len) && len == 8 &&
          memcmp(a, "bjornaes", 8) == 0);
    free(with);
}

int main(void)
{
    test_display_threads(); /* first: the threads race to create the checker */
    test_display_examples();
    test_display_reasons();
    test_display_api();
    test_marks_shortcut();
    test_mark_checks();
    test_known_copies();
    test_skeleton_ways();
    test_digit_skeletons();
    test_skeleton_bits();
    test_scx_holds_script();
    test_idna2008_shortcut();
    test_display_length_limit();
    test_idn_tld_table();
    test_ascii_skeletons();
    test_ascii_key();
    test_display_unencoded_lengths();
    return test_done("uts39");
}
