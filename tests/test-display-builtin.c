/*
 * The display policy of issue 35: the built-in list of popular domains
 * (XN_DISPLAY_BUILTIN_KNOWN), the TLD rules, the lookalikes beyond ICU's
 * skeleton and the whole-script lists of more scripts, with the issue's
 * hosts; and every domain of the built-in lists (the arguments: Chromium's
 * top domains, data/known-domains.txt, data/known-domains-extra.txt) shown
 * as itself and caught with an accent, which checks the keys the build
 * computed without a skeleton against the library's skeletons.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>

#include "xn.h"
#include "test.h"
#include "display-check.h"

/* `in` is shown as `want` (NULL: its ToASCII form) with at least the
 * reasons `must` (0: with none). */
static void display_flags_is(const char *in, unsigned flags, const char *want, uint32_t must)
{
    char out[XN_DOMAIN_MAX * 4], esc[512], got[256], ascii[XN_DOMAIN_MAX];
    uint32_t bits = test_shown(in, NULL, flags, out, sizeof out);
    size_t alen = 0;
    if (!want) {
        CHECK(xn_to_ascii(in, strlen(in), ascii, sizeof ascii, &alen, 0, NULL) == XN_OK);
        want = ascii;
    }
    test_escape(esc, sizeof esc, in, strlen(in));
    xn_unsafe_format(bits, got, sizeof got);
    CHECK_MSG(strcmp(out, want) == 0 && (must ? (bits & must) == must : bits == 0),
              "display(%s, 0x%x) = \"%s\" [%s], want \"%s\" with 0x%x", esc, flags, out, got,
              want, (unsigned)must);
}

/* пример.орг */
#define PRIMER_ORG \
    "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.\xD0\xBE\xD1\x80\xD0\xB3"

static void test_builtin(void)
{
    const unsigned b = XN_DISPLAY_BUILTIN_KNOWN;
    /* The issue's: accented and dotless lookalikes of popular domains. */
    display_flags_is("googl\xC3\xA9.com", b, "xn--googl-fsa.com", XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("tw\xC4\xB1tter.com", b, "xn--twtter-q9a.com", XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("g\xC4\xB1thub.com", b, "xn--gthub-n4a.com", XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("\xC4\xA3oogle.com", b, "xn--oogle-71a.com", XN_UNSAFE_KNOWN_DOMAIN);
    /* Issue 44's: banks and exchanges of Chromium's top domains. */
    display_flags_is("chas\xC3\xA9.com", b, "xn--chas-epa.com", XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("coinbas\xC3\xA9.com", b, "xn--coinbas-hya.com", XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("wellsfarg\xC3\xB3.com", b, "xn--wellsfarg-e7a.com",
                     XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("bankofamer\xC4\xB1" "ca.com", b, "xn--bankofamerca-b5b.com",
                     XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("binanc\xC3\xA9.com", b, "xn--binanc-gva.com", XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("hdfcb\xC3\xA1nk.com", b, NULL, XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("kr\xC3\xA1ken.com", b, NULL, XN_UNSAFE_KNOWN_DOMAIN); /* xn's list */
    /* Trailing dots change nothing in the verdict: one root dot, or more
     * where empty labels are allowed (the WHATWG profile). */
    display_flags_is("googl\xC3\xA9.com.", b | XN_ALLOW_ROOT_DOT, "xn--googl-fsa.com.",
                     XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("googl\xC3\xA9.com..", b | XN_WHATWG, "xn--googl-fsa.com..",
                     XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("tw\xC4\xB1tter.com...", b | XN_WHATWG, "xn--twtter-q9a.com...",
                     XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("google.\xD1\x81\xD0\xBE\xD0\xBC..", b | XN_WHATWG, "google.xn--l1adi..",
                     XN_UNSAFE_CONFUSABLE | XN_UNSAFE_KNOWN_DOMAIN); /* google.сом.. */
    display_flags_is("b\xC3\xBC" "cher.de..", b | XN_WHATWG, "b\xC3\xBC" "cher.de..", 0);
    /* ... and what a browser shows: deviations under nontransitional
     * processing when the caller allows them, a Cyrillic name under a
     * Cyrillic TLD. */
    display_flags_is("fu\xC3\x9F.de", b | XN_DISPLAY_ALLOW_DEVIATIONS, "fu\xC3\x9F.de", 0);
    display_flags_is("\xCE\xB1\xCE\xB2\xCF\x82.gr", b | XN_DISPLAY_ALLOW_DEVIATIONS,
                     "\xCE\xB1\xCE\xB2\xCF\x82.gr", 0); /* αβς.gr */
    display_flags_is("fu\xC3\x9F.de", b, "xn--fu-hia.de", XN_UNSAFE_DEVIATION);
    display_flags_is(PRIMER_ORG, b, PRIMER_ORG, 0);
    display_flags_is("www.googl\xC3\xA9.com", b, "www.xn--googl-fsa.com",
                     XN_UNSAFE_KNOWN_DOMAIN);
    /* ... the lookalikes beyond ICU's skeleton: ø, ł (amazon has an m,
     * whose skeleton is "rn"). */
    display_flags_is("amaz\xC3\xB8n.com", b, NULL, XN_UNSAFE_KNOWN_DOMAIN);
    display_flags_is("goog\xC5\x82" "e.com", b, NULL, XN_UNSAFE_KNOWN_DOMAIN);
    /* ... without the flag the library knows no domain, */
    display_flags_is("googl\xC3\xA9.com", 0, "googl\xC3\xA9.com", 0);
    /* ... and the popular domains themselves, their subdomains and names
     * merely near them are shown. */
    display_flags_is("google.com", b, "google.com", 0);
    display_flags_is("www.google.com", b, "www.google.com", 0);
    display_flags_is("googl\xC3\xA9s.com", b, "googl\xC3\xA9s.com", 0);
    display_flags_is("b\xC3\xBC" "cher.de", b, "b\xC3\xBC" "cher.de", 0);
    display_flags_is("\xD0\xBA\xD1\x83\xD1\x80\xD1\x81.com", b,
                     "\xD0\xBA\xD1\x83\xD1\x80\xD1\x81.com", 0); /* курс */
    display_flags_is("fu\xC3\x9F.de", b | XN_DISPLAY_ALLOW_DEVIATIONS, "fu\xC3\x9F.de", 0);
    display_flags_is("\xCE\xB1\xCE\xB2\xCF\x82.gr", b | XN_DISPLAY_ALLOW_DEVIATIONS,
                     "\xCE\xB1\xCE\xB2\xCF\x82.gr", 0); /* αβς */
    display_flags_is("www.google.com.", b | XN_ALLOW_ROOT_DOT, "www.google.com.", 0);
    display_flags_is("\xE6\xB3\xA8\xE9\x9F\xB3\xE3\x84\x85\xE3\x84\x86.tw", b,
                     "\xE6\xB3\xA8\xE9\x9F\xB3\xE3\x84\x85\xE3\x84\x86.tw", 0); /* 注音ㄅㄆ */
    /* A caller's set adds to the built-in one. */
    {
        static const char *const mine[] = {"test.net"};
        xn_known_set *set = xn_known_set_new(mine, 1, NULL);
        char out[256];
        CHECK(set != NULL);
        CHECK(test_shown("t\xC3\xA9st.net", set, b, out, sizeof out) == XN_UNSAFE_KNOWN_DOMAIN);
        CHECK(test_shown("googl\xC3\xA9.com", set, b, out, sizeof out) == XN_UNSAFE_KNOWN_DOMAIN);
        CHECK(test_shown("googl\xC3\xA9.com", set, 0, out, sizeof out) == 0);
        xn_known_set_free(set);
    }

    /* The TLD: one that reads as an ASCII TLD keeps the name ("сом",
     * "соm"); a real IDN TLD exempts its script (".орг", ".рф"). */
    display_flags_is("google.\xD1\x81\xD0\xBE\xD0\xBC", 0, "google.xn--l1adi",
                     XN_UNSAFE_CONFUSABLE);
    display_flags_is("google.\xD1\x81\xD0\xBEm", 0, "google.xn--m-0tbi", XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.\xD1\x81\xD0\xBE"
                     "\xD0\xBC", 0, "xn--e1afmkfd.xn--l1adi", XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.\xD0\xBE\xD1\x80"
                     "\xD0\xB3", b, "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80.\xD0"
                     "\xBE\xD1\x80\xD0\xB3", 0); /* пример.орг */
    display_flags_is("\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.\xD0\xBE\xD1\x80\xD0\xB3", 0,
                     "\xD1\x81\xD0\xBE\xD1\x81\xD0\xBE.\xD0\xBE\xD1\x80\xD0\xB3", 0);
    display_flags_is("\xE4\xBE\x8B\xE5\xAD\x90.\xE4\xB8\xAD\xE5\x9B\xBD", b,
                     "\xE4\xBE\x8B\xE5\xAD\x90.\xE4\xB8\xAD\xE5\x9B\xBD", 0); /* 例子.中国 */

    /* Beyond ICU's skeleton: Cyrillic ҏ н к т ь read "phktb", Cyrillic з
     * "3", Thai ฟ ร "ws"; letters of one script that all read as Latin
     * (Armenian, Georgian, Hebrew, Devanagari, Malayalam, Tamil). */
    display_flags_is("\xD2\x8F\xD0\xBD\xD0\xBA\xD1\x82\xD1\x8C.com", 0, "xn--j1afq4bxw.com",
                     XN_UNSAFE_CONFUSABLE);
    display_flags_is("12\xD0\xB7" "4567890.com", 0, "xn--124567890-10h.com",
                     XN_UNSAFE_DIGIT_LOOKALIKE);
    display_flags_is("\xD0\xB7" "9.com", 0, "xn--9-mtb.com", XN_UNSAFE_DIGIT_LOOKALIKE);
    display_flags_is("\xE0\xB8\x9F\xE0\xB8\xA3\xE0\xB8\x9F\xE0\xB8\xA3.com", 0,
                     "xn--w3calb.com", XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xD5\xB8\xD5\xBD\xD6\x82\xD6\x85.com", 0, "xn--mbbkpm.com",
                     XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xD5\xB8\xD5\xBD\xD6\x82\xD6\x85.am", 0,
                     "\xD5\xB8\xD5\xBD\xD6\x82\xD6\x85.am", 0);
    display_flags_is("\xE1\x83\xBD\xE1\x83\xBF\xE1\x83\xAE.com", 0, "xn--gpd3ag.com",
                     XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xD7\x97\xD7\xA1\xD7\x93.com", 0, "xn--7dbh4a.com", XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xD7\x97\xD7\xA1\xD7\x93.il", 0, "\xD7\x97\xD7\xA1\xD7\x93.il", 0);
    display_flags_is("\xE0\xA4\xBD\xE0\xA5\xA6\xE0\xA4\xBD.com", 0, "xn--62ba6j.com",
                     XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xE0\xB4\x9F\xE0\xB4\xA0\xE0\xB4\xA7.com", 0, "xn--lwccv.com",
                     XN_UNSAFE_CONFUSABLE);
    display_flags_is("\xE0\xAE\x9F\xE0\xAE\xAA\xE0\xAE\x9F\xE0\xAE\xAA.com", 0,
                     "xn--mlca6ab.com", XN_UNSAFE_CONFUSABLE);
    /* ... while words of the basic Russian alphabet read as themselves. */
    display_flags_is("\xD1\x89\xD1\x83\xD0\xBA\xD0\xB0.com", b,
                     "\xD1\x89\xD1\x83\xD0\xBA\xD0\xB0.com", 0); /* щука */
    display_flags_is("\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0.com", b,
                     "\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0.com", 0); /* москва */
}

/* Every domain of a built-in list is shown itself, and with an accent on
 * its first vowel is kept: the keys the build computed without a skeleton
 * are the skeleton's.  A domain with an A-label is not in the built-in
 * set (data/gen_known.py leaves those out): counted, not asked. */
static size_t test_builtin_list(const char *path)
{
    size_t len = 0, n = 0;
    char *text = test_slurp(path, &len), *p, *next;

    CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!text)
        return 0;
    for (p = text; *p; p = next) {
        char *nl = strchr(p, '\n'), accented[XN_DOMAIN_MAX + 8], out[XN_DOMAIN_MAX * 4];
        size_t k, v;
        uint32_t bits;
        next = nl ? nl + 1 : p + strlen(p);
        if (nl)
            *nl = '\0';
        if (*p == '#' || *p == '\0' || strncmp(p, "xn--", 4) == 0 || strstr(p, ".xn--"))
            continue;
        n++;
        bits = test_shown(p, NULL, XN_DISPLAY_BUILTIN_KNOWN, out, sizeof out);
        CHECK_MSG(bits == 0 && strcmp(out, p) == 0, "built-in %s shown as %s", p, out);
        v = strcspn(p, "aeiou");
        if (v >= strlen(p) || v >= XN_DOMAIN_MAX - 4)
            continue;
        k = 0;
        memcpy(accented, p, v);
        k = v;
        accented[k++] = p[v];
        accented[k++] = '\xCC'; /* U+0301 COMBINING ACUTE ACCENT */
        accented[k++] = '\x81';
        snprintf(accented + k, sizeof accented - k, "%s", p + v + 1);
        bits = test_shown(accented, NULL, XN_DISPLAY_BUILTIN_KNOWN, out, sizeof out);
        CHECK_MSG(bits != UINT32_MAX && (bits & XN_UNSAFE_KNOWN_DOMAIN),
                  "an accent on %s: shown as %s", p, out);
    }
    free(text);
    return n;
}

int main(int argc, char **argv)
{
    size_t n = 0;
    int i;
    if (argc < 2) {
        fprintf(stderr, "usage: %s LIST...\n", argv[0]);
        return 2;
    }
    test_builtin();
    for (i = 1; i < argc; i++)
        n += test_builtin_list(argv[i]);
    CHECK_MSG(n >= 8000, "%zu domains in the lists", n);
    return test_done("display-builtin");
}
