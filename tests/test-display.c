/*
 * The display policy beyond UTS #39 (issue 27): each rule the browsers'
 * IDN display policies add, with the and the policies' examples,
 * the known-domain set, a curated list of hosts read whole from
 * tests/data/display-hosts.tsv (its path is the first argument), and
 * xn --display-known=FILE (the xn program is the second).
 *
 * No expectation here depends on one ICU's spoof data: the lookalikes are
 * of letters that confusables.txt has mapped since its first versions, and
 * each row names the reasons that must be among a kept host's, not all of
 * them (a newer ICU may add one, say RESTRICTED).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/wait.h>

#include "xn.h"
#include "test.h"
#include "display-check.h"

#define LEN(s) (sizeof(s) - 1)

/* `in` is shown as `want`, and its reasons are exactly `why`. */
static void display_is(const char *in, const xn_known_set *known, const char *want, uint32_t why)
{
    char out[XN_DOMAIN_MAX * 4], esc[512], got[256], wanted[256];
    uint32_t bits = test_shown(in, known, 0, out, sizeof out);
    test_escape(esc, sizeof esc, in, strlen(in));
    xn_unsafe_format(bits, got, sizeof got);
    xn_unsafe_format(why, wanted, sizeof wanted);
    CHECK_MSG(strcmp(out, want) == 0 && bits == why, "display(%s) = \"%s\" [%s], want \"%s\" [%s]",
              esc, out, got, want, wanted);
}

/* `in` stays all ASCII with at least the reasons `must` and none of
 * `must_not`. */
static void kept(const char *in, const xn_known_set *known, uint32_t must, uint32_t must_not)
{
    char out[XN_DOMAIN_MAX * 4], ascii[XN_DOMAIN_MAX], esc[512], got[256];
    size_t alen = 0;
    uint32_t bits = test_shown(in, known, 0, out, sizeof out);
    test_escape(esc, sizeof esc, in, strlen(in));
    CHECK_MSG(xn_to_ascii(in, strlen(in), ascii, sizeof ascii, &alen, 0, NULL) == XN_OK,
              "to_ascii(%s)", esc);
    xn_unsafe_format(bits, got, sizeof got);
    CHECK_MSG(strcmp(out, ascii) == 0 && (bits & must) == must && !(bits & must_not),
              "display(%s) = \"%s\" [%s], want \"%s\" with 0x%x, without 0x%x", esc, out, got,
              ascii, (unsigned)must, (unsigned)must_not);
}

/* ---- each rule ----------------------------------------------------------------- */

static void test_idna2008(void)
{
    /* UTS #46 takes U+00B7 and U+30FB anywhere; IDNA2008's CONTEXTO rules
     * (RFC 5892 A.3, A.7) only between two l's and beside kana or Han. */
    kept("google\xC2\xB7" "com.com", NULL, XN_UNSAFE_IDNA2008 | XN_UNSAFE_SEPARATOR, 0);
    kept("xn--googlecom-5pa.com", NULL, XN_UNSAFE_IDNA2008, 0);
    kept("abc\xE3\x83\xBB" "def.jp", NULL, XN_UNSAFE_IDNA2008 | XN_UNSAFE_SEPARATOR, 0);
    display_is("col\xC2\xB7lecci\xC3\xB3.cat", NULL, "col\xC2\xB7lecci\xC3\xB3.cat", 0);
    /* ... and l·l is Catalan under .cat only: elsewhere it is a dot. */
    kept("col\xC2\xB7lecci\xC3\xB3.es", NULL, XN_UNSAFE_SEPARATOR, XN_UNSAFE_IDNA2008);
    /* RFC 5892 A.4: U+0375 GREEK LOWER NUMERAL SIGN must be followed by
     * Greek ("͵α" is 1000 in Greek numerals). */
    kept("\xCE\xB1\xCD\xB5.gr", NULL, XN_UNSAFE_IDNA2008, 0);
    {
        char out[256];
        uint32_t bits = test_shown("\xCD\xB5\xCE\xB1.gr", NULL, 0, out, sizeof out);
        CHECK_MSG(bits != UINT32_MAX && !(bits & XN_UNSAFE_IDNA2008),
                  "U+0375 before Greek: IDNA2008 bit set (0x%x)", (unsigned)bits);
    }
    /* DISALLOWED in IDNA2008 (symbols), valid in UTS #46: U+2665. */
    kept("i\xE2\x99\xA5" "ny.com", NULL, XN_UNSAFE_IDNA2008, 0);
    /* U+2010 HYPHEN: UTS #46 valid (NV8), IDNA2008 DISALLOWED. */
    kept("abc\xE2\x80\x90" "def.com", NULL, XN_UNSAFE_IDNA2008 | XN_UNSAFE_SEPARATOR, 0);
}

static void test_patterns(void)
{
    /* Dotless ı and ȷ with a mark above. */
    kept("xn--pxel-lza29y.com", NULL, XN_UNSAFE_DOTLESS_MARK, 0); /* pı̀xel */
    kept("na\xC4\xB1\xCC\x88ve.com", NULL, XN_UNSAFE_DOTLESS_MARK, 0);
    kept("d\xC4\xB1\xCC\x82ner.com", NULL, XN_UNSAFE_DOTLESS_MARK, 0);
    kept("\xC8\xB7\xCC\x81" "ava.com", NULL, XN_UNSAFE_DOTLESS_MARK, 0);
    /* ... while a plain dotless ı is Turkish. */
    display_is("\xC4\xB1s\xC4\xB1k.com.tr", NULL, "\xC4\xB1s\xC4\xB1k.com.tr", 0);

    /* Kana marks out of kana: U+30FC at the start, U+30FD after Han. */
    kept("\xE3\x83\xBC\xE6\x97\xA5\xE6\x9C\xAC.jp", NULL, XN_UNSAFE_KANA_MARK, 0);
    kept("\xE6\xBC\xA2\xE3\x83\xBD.jp", NULL, XN_UNSAFE_KANA_MARK, 0);
    /* ... and in kana: "コーヒー", "いすゞ"-like iteration "カヽ". */
    display_is("\xE3\x82\xB3\xE3\x83\xBC\xE3\x83\x92\xE3\x83\xBC.jp", NULL,
               "\xE3\x82\xB3\xE3\x83\xBC\xE3\x83\x92\xE3\x83\xBC.jp", 0);

    /* CJK lookalikes beside Latin: the 一 and 乀, and 丁 as T. */
    kept("google\xE4\xB8\x80" "com.com", NULL, XN_UNSAFE_CJK_LOOKALIKE, 0);
    kept("example.com\xE4\xB9\x80test", NULL, XN_UNSAFE_CJK_LOOKALIKE, 0);
    kept("\xE4\xB8\x81" "est.net", NULL, XN_UNSAFE_CJK_LOOKALIKE, 0);
    kept("abc\xE4\xB8\xA8" "def.com", NULL, XN_UNSAFE_CJK_LOOKALIKE, 0);
    kept("abc\xE3\x83\xBC" "def.jp", NULL, XN_UNSAFE_CJK_LOOKALIKE, 0);
    /* ... and among Han they are words: 一番, 丁目. */
    display_is("\xE4\xB8\x80\xE7\x95\xAA.jp", NULL, "\xE4\xB8\x80\xE7\x95\xAA.jp", 0);
    display_is("\xE4\xB8\x81\xE7\x9B\xAE.jp", NULL, "\xE4\xB8\x81\xE7\x9B\xAE.jp", 0);
    /* ノ between Latin letters is a slash, after Latin at the end it is not. */
    kept("abc\xE3\x83\x8E" "def.jp", NULL, XN_UNSAFE_CJK_LOOKALIKE, 0);

    /* Separators: the overlay solidus, ˬ, ⁄, ∕, the hyphens. */
    kept("google.xn--comabc-k8d", NULL, XN_UNSAFE_SEPARATOR, 0); /* com̸abc */
    kept("www\xCB\xAC" "test.com", NULL, XN_UNSAFE_SEPARATOR, 0);
    kept("xn--abcdef-dg0c.com", NULL, XN_UNSAFE_SEPARATOR, 0); /* abc‐def */

    /* Latin beside Han, kana or Hangul: ASCII only at Highly Restrictive
     * ("héllo中国"), any Latin at Moderately Restrictive. */
    kept("h\xC3\xA9llo\xE4\xB8\xAD\xE5\x9B\xBD.cn", NULL, XN_UNSAFE_MIXED_SCRIPT, 0);
    display_is("hello\xE4\xB8\xAD\xE5\x9B\xBD.cn", NULL, "hello\xE4\xB8\xAD\xE5\x9B\xBD.cn", 0);
    {
        char out[256];
        CHECK(test_shown("h\xC3\xA9llo\xE4\xB8\xAD\xE5\x9B\xBD.cn", NULL, XN_DISPLAY_MODERATE, out,
                    sizeof out) == 0 &&
              strcmp(out, "h\xC3\xA9llo\xE4\xB8\xAD\xE5\x9B\xBD.cn") == 0);
    }

    /* Latin letters that pass for others, but under their languages' TLDs:
     * ə (e) in Azerbaijani, þ (p) in Icelandic, ĸ (k) nowhere. */
    kept("\xC9\x99xample.com", NULL, XN_UNSAFE_RARE_LATIN, 0);
    display_is("\xC9\x99xample.az", NULL, "\xC9\x99xample.az", 0);
    kept("a\xC3\xBE" "cdef.com", NULL, XN_UNSAFE_RARE_LATIN, 0);
    display_is("\xC3\xBE\xC3\xB3r.is", NULL, "\xC3\xBE\xC3\xB3r.is", 0);
    kept("o\xC4\xB8.com", NULL, XN_UNSAFE_RARE_LATIN, 0);

    /* A combining acute on Han. */
    kept("\xE6\xBC\xA2\xCC\x81.com", NULL, XN_UNSAFE_FOREIGN_MARK, 0);
    display_is("caf\xC3\xA9.fr", NULL, "caf\xC3\xA9.fr", 0);
}

static void test_confusables(void)
{
    /* Whole-script lookalikes whose skeleton is Latin but not ASCII: ск is
     * "cĸ", ικα "iĸa". */
    kept("xn--j1an.com", NULL, XN_UNSAFE_CONFUSABLE, 0);
    kept("xn--mxapd.com", NULL, XN_UNSAFE_CONFUSABLE, 0);
    /* Under a TLD of their script they are expected ... */
    display_is("\xD1\x81\xD0\xBA.ru", NULL, "\xD1\x81\xD0\xBA.ru", 0);
    display_is("\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.\xD1\x80\xD1\x84", NULL,
               "\xD0\xB0\xD1\x80\xD1\x80\xD3\x8F\xD0\xB5.\xD1\x80\xD1\x84", 0);
    display_is("\xCE\xB9\xCE\xBA\xCE\xB1.gr", NULL, "\xCE\xB9\xCE\xBA\xCE\xB1.gr", 0);
    display_is("\xCE\xB9\xCE\xBA\xCE\xB1.\xCE\xB5\xCE\xBB", NULL,
               "\xCE\xB9\xCE\xBA\xCE\xB1.\xCE\xB5\xCE\xBB", 0);
    /* Every Cyrillic and Greek TLD of the table: "сосо" (coco) and "ικα"
     * are shown under each. */
    {
        static const char *const cyrillic[] = {
            "ru", "su", "by", "ua", "kz", "kg", "tj", "mn", "rs", "bg", "mk",
            "\xD1\x80\xD1\x84", "\xD0\xB1\xD0\xB3", "\xD0\xB1\xD0\xB5\xD0\xBB",
            "\xD1\x83\xD0\xBA\xD1\x80", "\xD2\x9B\xD0\xB0\xD0\xB7",
            "\xD0\xBC\xD0\xBA\xD0\xB4", "\xD1\x81\xD1\x80\xD0\xB1",
            "\xD1\x80\xD1\x83\xD1\x81", "\xD0\xBC\xD0\xBE\xD0\xBD"};
        static const char *const greek[] = {"gr", "cy", "\xCE\xB5\xCE\xBB", "\xCE\xB5\xCF\x85"};
        char name[64], out[256];
        size_t i;
        for (i = 0; i < sizeof cyrillic / sizeof cyrillic[0]; i++) {
            snprintf(name, sizeof name, "\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.%s", cyrillic[i]);
            CHECK_MSG(test_shown(name, NULL, 0, out, sizeof out) == 0 && strcmp(out, name) == 0,
                      "coco in Cyrillic under TLD %zu: \"%s\"", i, out);
        }
        for (i = 0; i < sizeof greek / sizeof greek[0]; i++) {
            snprintf(name, sizeof name, "\xCE\xB9\xCE\xBA\xCE\xB1.%s", greek[i]);
            CHECK_MSG(test_shown(name, NULL, 0, out, sizeof out) == 0 && strcmp(out, name) == 0,
                      "Greek ika under TLD %zu: \"%s\"", i, out);
        }
        kept("\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.com", NULL, XN_UNSAFE_CONFUSABLE, 0);
        kept("\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.de", NULL, XN_UNSAFE_CONFUSABLE, 0);
    }
    /* ... also Armenian: the TLD .հայ itself. */
    display_is("\xD5\xB0\xD5\xA1\xD5\xB5", NULL, "\xD5\xB0\xD5\xA1\xD5\xB5", 0);
    /* ... and the root dot does not change the TLD. */
    {
        char out[256];
        size_t len = 0;
        xn_display_report d = XN_DISPLAY_REPORT_INIT;
        CHECK(xn_to_display("\xD1\x81\xD0\xBA.ru.", LEN("\xD1\x81\xD0\xBA.ru."), out, sizeof out,
                            &len, XN_ALLOW_ROOT_DOT, NULL, &d) == XN_OK &&
              d.unsafe == 0 && strcmp(out, "\xD1\x81\xD0\xBA.ru.") == 0);
    }
    /* ... but not under another script's, nor mixed with Latin. */
    kept("\xD1\x81\xD0\xBA.gr", NULL, XN_UNSAFE_CONFUSABLE, 0);
    kept("\xCE\xB9\xCE\xBA\xCE\xB1.ru", NULL, XN_UNSAFE_CONFUSABLE, 0);
    kept("p\xD0\xB0ypal.ru", NULL, XN_UNSAFE_MIXED_SCRIPT | XN_UNSAFE_CONFUSABLE, 0);
    /* Cyrillic that does not read as Latin stays shown anywhere. */
    display_is("\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.com", NULL,
               "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.com", 0);

    /* Digits and digit lookalikes: Bengali ০২ reads "02". */
    kept("xn--07be.com", NULL, XN_UNSAFE_DIGIT_LOOKALIKE, 0);
    kept("\xE0\xA7\xA6\xE0\xA7\xAD.com", NULL, XN_UNSAFE_DIGIT_LOOKALIKE, 0); /* ০৭ */
    kept("\xE0\xA5\xA6\xE0\xA5\xA7.com", NULL, XN_UNSAFE_DIGIT_LOOKALIKE, 0); /* ०१: "o" */
    /* Digits of another system alone read as a number too: Gurmukhi ੨੨੨
     * (222). */
    kept("\xE0\xA9\xA8\xE0\xA9\xA8\xE0\xA9\xA8.com", NULL, XN_UNSAFE_DIGIT_LOOKALIKE, 0);
    /* A word with a digit is none. */
    display_is("\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2\xE0\xB9\x91.th", NULL,
               "\xE0\xB9\x84\xE0\xB8\x97\xE0\xB8\xA2\xE0\xB9\x91.th", 0);
}

/* ---- known domains -------------------------------------------------------------- */

typedef struct shared {
    const xn_known_set *set;
    int failures;
} shared;

static void *display_with_set(void *arg)
{
    shared *s = arg;
    int i;
    for (i = 0; i < 200; i++) {
        char out[256];
        size_t len = 0;
        xn_display_report d = XN_DISPLAY_REPORT_INIT;
        if (xn_to_display_known("t\xC3\xA9st.net", LEN("t\xC3\xA9st.net"), out, sizeof out, &len,
                                0, s->set, NULL, &d) != XN_OK ||
            strcmp(out, "xn--tst-bma.net") != 0 || d.unsafe != XN_UNSAFE_KNOWN_DOMAIN)
            s->failures++;
        if (xn_to_display_known("b\xC3\xBC" "cher.de", LEN("b\xC3\xBC" "cher.de"), out,
                                sizeof out, &len, 0, s->set, NULL, &d) != XN_OK ||
            d.unsafe != 0)
            s->failures++;
    }
    return NULL;
}

static void test_known(void)
{
    static const char *const domains[] = {"test.net", "b\303\274cher.de", "xn--80ak6aa92e.com",
                                          "Example.COM", "paypal.com"};
    int status = -999;
    xn_known_set *set = xn_known_set_new(domains, sizeof domains / sizeof domains[0], &status);

    CHECK(set != NULL && status == XN_OK);
    if (!set)
        return;
    /* The issue's: tést.net beside test.net, at any depth. */
    display_is("t\xC3\xA9st.net", set, "xn--tst-bma.net", XN_UNSAFE_KNOWN_DOMAIN);
    display_is("www.t\xC3\xA9st.net", set, "www.xn--tst-bma.net", XN_UNSAFE_KNOWN_DOMAIN);
    display_is("t\xC3\xA8st.net", set, "xn--tst-6la.net", XN_UNSAFE_KNOWN_DOMAIN);
    /* Only the run that looks like it: the first label makes "test.test.net". */
    display_is("t\xC3\xA9st.t\xC3\xA9st.net", set, "t\xC3\xA9st.xn--tst-bma.net",
               XN_UNSAFE_KNOWN_DOMAIN);
    /* The known ones themselves, in any form, and names merely near one. */
    display_is("test.net", set, "test.net", 0);
    display_is("b\xC3\xBC" "cher.de", set, "b\xC3\xBC" "cher.de", 0);
    display_is("xn--bcher-kva.de", set, "b\xC3\xBC" "cher.de", 0);
    display_is("www.b\xC3\xBC" "cher.de", set, "www.b\xC3\xBC" "cher.de", 0);
    display_is("t\xC3\xA9st.org", set, "t\xC3\xA9st.org", 0);
    display_is("t\xC3\xA9st.net.example", set, "t\xC3\xA9st.net.example", 0);
    display_is("t\xC3\xA9sts.net", set, "t\xC3\xA9sts.net", 0);
    /* bucher.de looks like bücher.de but is ASCII: nothing to keep; búcher
     * is kept. */
    display_is("bucher.de", set, "bucher.de", 0);
    display_is("b\xC3\xBA" "cher.de", set, "xn--bcher-7ua.de", XN_UNSAFE_KNOWN_DOMAIN);
    /* exámple.com: the known one was given in capitals. */
    display_is("ex\xC3\xA1mple.com", set, "xn--exmple-qta.com", XN_UNSAFE_KNOWN_DOMAIN);
    /* NULL: exactly xn_to_display(). */
    display_is("t\xC3\xA9st.net", NULL, "t\xC3\xA9st.net", 0);
    /* The trailing root dot is no label of the key. */
    {
        char out[256];
        size_t len = 0;
        xn_display_report d = XN_DISPLAY_REPORT_INIT;
        CHECK(xn_to_display_known("t\xC3\xA9st.net.", LEN("t\xC3\xA9st.net."), out, sizeof out,
                                  &len, XN_ALLOW_ROOT_DOT, set, NULL, &d) == XN_OK &&
              strcmp(out, "xn--tst-bma.net.") == 0 && d.labels == 3 &&
              d.label_unsafe[0] == XN_UNSAFE_KNOWN_DOMAIN && d.label_unsafe[1] == 0 &&
              d.label_unsafe[2] == 0);
    }
    /* One set, many threads. */
    {
        pthread_t t[4];
        shared s = {set, 0};
        int i;
        for (i = 0; i < 4; i++)
            CHECK(pthread_create(&t[i], NULL, display_with_set, &s) == 0);
        for (i = 0; i < 4; i++)
            pthread_join(t[i], NULL);
        CHECK_MSG(s.failures == 0, "%d wrong displays with a shared set", s.failures);
    }
    xn_known_set_free(set);
    xn_known_set_free(NULL);

    /* Failures: no set, and the status says why. */
    {
        static const char *const bad[] = {"ok.com", "a_b.com"};
        static const char *const null_entry[] = {"ok.com", NULL};
        status = -999;
        CHECK(xn_known_set_new(bad, 2, &status) == NULL && status == XN_E_INVALID_DOMAIN);
        CHECK(xn_known_set_new(null_entry, 2, &status) == NULL && status == XN_E_INVALID_ARG);
        CHECK(xn_known_set_new(NULL, 1, &status) == NULL && status == XN_E_INVALID_ARG);
    }
    /* status may be NULL. */
    set = xn_known_set_new(domains, 1, NULL);
    CHECK(set != NULL);
    xn_known_set_free(set);
    /* An empty set is a set. */
    set = xn_known_set_new(NULL, 0, &status);
    CHECK(set != NULL && status == XN_OK);
    if (set)
        display_is("t\xC3\xA9st.net", set, "t\xC3\xA9st.net", 0);
    xn_known_set_free(set);
}

static void test_names(void)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {
        {XN_UNSAFE_IDNA2008, "IDNA2008"},           {XN_UNSAFE_DOTLESS_MARK, "DOTLESS_MARK"},
        {XN_UNSAFE_KANA_MARK, "KANA_MARK"},         {XN_UNSAFE_CJK_LOOKALIKE, "CJK_LOOKALIKE"},
        {XN_UNSAFE_SEPARATOR, "SEPARATOR"},         {XN_UNSAFE_DIGIT_LOOKALIKE, "DIGIT_LOOKALIKE"},
        {XN_UNSAFE_KNOWN_DOMAIN, "KNOWN_DOMAIN"},   {XN_UNSAFE_FOREIGN_MARK, "FOREIGN_MARK"},
        {XN_UNSAFE_RARE_LATIN, "RARE_LATIN"},       {XN_UNSAFE_UNDECIDED, "UNDECIDED"},
        {XN_UNSAFE_DEVIATION, "DEVIATION"},
    };
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK_MSG(strcmp(xn_unsafe_name(names[i].bit), names[i].name) == 0, "name of 0x%x: %s",
                  (unsigned)names[i].bit, xn_unsafe_name(names[i].bit));
    CHECK(strcmp(xn_unsafe_name(XN_UNSAFE_UNDECIDED << 1), "?") == 0);
    /* Every reason at once, lowest bit first, as --status shows them. */
    {
        static const char all[] = "MIXED_SCRIPT,RESTRICTED,CONFUSABLE,MIXED_NUMBERS,INVISIBLE,"
                                  "DEVIATION,IDNA2008,DOTLESS_MARK,KANA_MARK,CJK_LOOKALIKE,"
                                  "SEPARATOR,DIGIT_LOOKALIKE,KNOWN_DOMAIN,FOREIGN_MARK,RARE_LATIN,"
                                  "UNDECIDED";
        char buf[256];
        CHECK(xn_unsafe_format((XN_UNSAFE_UNDECIDED << 1) - 1, buf, sizeof buf) == LEN(all) &&
              strcmp(buf, all) == 0);
    }
}

/* ---- the curated hosts ------------------------------------------------------- */

/* The reason bit called name[0..n), or 0. */
static uint32_t reason_bit(const char *name, size_t n)
{
    unsigned k;
    for (k = 0; k < 32; k++) {
        const char *s = xn_unsafe_name(UINT32_C(1) << k);
        if (strlen(s) == n && memcmp(s, name, n) == 0)
            return UINT32_C(1) << k;
    }
    return 0;
}

/* Splits line into at most `max` TAB-separated fields; returns their count. */
static size_t split(char *line, char **field, size_t max)
{
    size_t n = 0;
    char *p = line;
    while (n < max) {
        char *tab = strchr(p, '\t');
        field[n++] = p;
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static void test_hosts(const char *path)
{
    size_t len = 0, rows = 0, shown_n = 0, kept_n = 0, nknown = 0, line_no = 0;
    char *text = test_slurp(path, &len), *p, *next;
    static char known_store[64][XN_DOMAIN_MAX];
    const char *known_names[64];
    bool ended = false;
    xn_known_set *set;
    int status;

    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text)
        return;
    /* First the known domains ("@known<TAB>name" lines). */
    for (p = text; *p; p = next) {
        char *nl = strchr(p, '\n');
        next = nl ? nl + 1 : p + strlen(p);
        if (strncmp(p, "@known\t", 7) == 0 && nknown < 64) {
            size_t k = (nl ? (size_t)(nl - p) : strlen(p)) - 7;
            CHECK_MSG(k < XN_DOMAIN_MAX, "%s: a known domain of %zu bytes", path, k);
            if (k >= XN_DOMAIN_MAX)
                continue;
            memcpy(known_store[nknown], p + 7, k);
            known_store[nknown][k] = '\0';
            known_names[nknown] = known_store[nknown];
            nknown++;
        }
    }
    set = xn_known_set_new(known_names, nknown, &status);
    CHECK_MSG(set != NULL, "the known set of %s: %s", path, xn_strerror_name(status));
    for (p = text; *p && !ended; p = next) {
        char *field[4], out[XN_DOMAIN_MAX * 4], want[XN_DOMAIN_MAX * 4], esc[512], got[256];
        char *nl = strchr(p, '\n');
        size_t nf;
        uint32_t bits, must = 0;
        bool ok;
        next = nl ? nl + 1 : p + strlen(p);
        line_no++;
        if (nl)
            *nl = '\0';
        if (strcmp(p, "# end") == 0)
            ended = true;
        if (*p == '#' || *p == '\0' || *p == '@')
            continue;
        nf = split(p, field, 4);
        CHECK_MSG(nf == 3, "%s:%zu: %zu fields, want 3", path, line_no, nf);
        if (nf != 3)
            continue;
        rows++;
        /* The expected form: "unicode" (ToUnicode's), "punycode" (ToASCII's)
         * or the form itself. */
        if (strcmp(field[1], "unicode") == 0 || strcmp(field[1], "punycode") == 0) {
            size_t wl = 0;
            int rc = field[1][0] == 'u'
                         ? xn_to_unicode(field[0], strlen(field[0]), want, sizeof want, &wl, 0, NULL)
                         : xn_to_ascii(field[0], strlen(field[0]), want, sizeof want, &wl, 0, NULL);
            CHECK_MSG(rc == XN_OK, "%s:%zu: %s is no valid name", path, line_no, field[0]);
        } else {
            snprintf(want, sizeof want, "%s", field[1]);
        }
        if (strcmp(field[2], "-") != 0) {
            char *r = field[2];
            while (*r) {
                size_t k = strcspn(r, ",");
                uint32_t b = reason_bit(r, k);
                CHECK_MSG(b != 0, "%s:%zu: unknown reason %.*s", path, line_no, (int)k, r);
                must |= b;
                r += k + (r[k] == ',');
            }
        }
        bits = test_shown(field[0], set, 0, out, sizeof out);
        test_escape(esc, sizeof esc, field[0], strlen(field[0]));
        xn_unsafe_format(bits, got, sizeof got);
        ok = strcmp(out, want) == 0 && (must ? (bits & must) == must : bits == 0);
        CHECK_MSG(ok, "%s:%zu: %s shown as \"%s\" [%s], want \"%s\" [%s]", path, line_no, esc, out,
                  got, want, field[2]);
        if (bits)
            kept_n++;
        else
            shown_n++;
    }
    CHECK_MSG(ended, "%s: no \"# end\" line: the file was not read whole", path);
    CHECK_MSG(rows >= 300, "%s: %zu hosts, want 300 at least", path, rows);
    printf("%s: %zu hosts, %zu shown in Unicode, %zu with a label kept as an A-label\n", path,
           rows, shown_n, kept_n);
    xn_known_set_free(set);
    free(text);
}

/* ---- xn --display-known=FILE ------------------------------------------------ */

/* Runs the shell command cmd; its standard output (and error, with 2>&1 in
 * cmd) in out; returns its exit status, or -1. */
static int run_cmd(const char *cmd, char *out, size_t cap)
{
    FILE *p = popen(cmd, "r");
    size_t n = 0;
    int st;
    if (!p)
        return -1;
    n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f)
        ok = fclose(f) == 0 && ok;
    return ok;
}

static void test_cli(const char *xn)
{
    static const char file[] = "test-display-known.txt"; /* in the build folder */
    char cmd[1024], out[1024];
    int st;

    /* Comments, blank lines and trailing blanks are no domains. */
    CHECK(write_file(file, "# top sites\ntest.net\n\nb\303\274cher.de  \n"));
    snprintf(cmd, sizeof cmd,
             "'%s' --display-known=%s --status t\303\251st.net www.t\303\251st.net test.net "
             "b\303\274cher.de b\303\272cher.de 2>&1",
             xn, file);
    st = run_cmd(cmd, out, sizeof out);
    CHECK_MSG(st == 0 && strcmp(out, "KNOWN_DOMAIN\txn--tst-bma.net\n"
                                     "KNOWN_DOMAIN\twww.xn--tst-bma.net\n"
                                     "OK\ttest.net\n"
                                     "OK\tb\303\274cher.de\n"
                                     "KNOWN_DOMAIN\txn--bcher-7ua.de\n") == 0,
              "xn --display-known: status %d, output:\n%s", st, out);
    /* Without --status the reason goes to standard error. */
    snprintf(cmd, sizeof cmd, "'%s' --display-known=%s t\303\251st.net 2>&1 >/dev/null", xn,
             file);
    st = run_cmd(cmd, out, sizeof out);
    CHECK_MSG(st == 0 && strstr(out, "KNOWN_DOMAIN") != NULL, "xn --display-known: %d %s", st,
              out);
    /* A line that is no name: a usage error naming the line. */
    CHECK(write_file(file, "test.net\na_b.com\n"));
    snprintf(cmd, sizeof cmd, "'%s' --display-known=%s test.net 2>&1", xn, file);
    st = run_cmd(cmd, out, sizeof out);
    CHECK_MSG(st == 2 && strstr(out, ":2: a_b.com") != NULL, "bad known file: %d %s", st, out);
    remove(file);
    /* A file that is not there. */
    snprintf(cmd, sizeof cmd, "'%s' --display-known=%s test.net 2>&1", xn, file);
    st = run_cmd(cmd, out, sizeof out);
    CHECK_MSG(st == 2 && strstr(out, file) != NULL, "missing known file: %d %s", st, out);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s display-hosts.tsv xn\n", argv[0]);
        return 2;
    }
    test_idna2008();
    test_patterns();
    test_confusables();
    test_known();
    test_names();
    test_hosts(argv[1]);
    test_cli(argv[2]);
    return test_done("display");
}
