/*
 * libidn2's own expectations, run through xn's libidn2-compatible library.
 *
 *   test-idn2 ROWS      ROWS: the table tables.py extracts from libidn2's
 *                       tests/test-lookup.c and tests/test-register.c
 *
 * Every row is run as libidn2's harness runs it: idn2_lookup_u8 with the
 * row's flags, and, as there, again with IDN2_NO_TR46 when the row names no
 * processing and with IDN2_NONTRANSITIONAL when it names neither
 * IDN2_NO_TR46 nor IDN2_TRANSITIONAL; a result of IDN2_ENCODING_ERROR where
 * another error is expected counts as libidn2's harness counts it (its
 * "utc bug": the row's input is then not text xn takes).  Registration rows
 * go through idn2_register_u8, and a successful one must agree with
 * idn2_lookup_u8 on the U-label.
 *
 * Where libidn2 is defective, xn does what the standards say: each such row
 * is listed in differences[] with the standards-correct result and the
 * reason (compat/idn2/README.md states each; test-vs-libidn2.py checks
 * its table against the system's libidn2), is checked for that
 * result, and fails the test if it no longer differs from libidn2's.
 * Then the API's edge cases: NULL arguments, flag checks, lengths, the
 * UTF-32 and locale forms, Punycode, strings and version.
 */
#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idn2.h"

static unsigned long checks, failures;

/* That call returns IDN2_OK with the string want in out; out is freed. */
#define CHECK_STR(call, out, want, ...)                                            \
    do {                                                                           \
        int rc_ = (call);                                                          \
        CHECK(rc_ == IDN2_OK && (out) != NULL && strcmp((out), (want)) == 0,      \
              __VA_ARGS__);                                                        \
        free(out);                                                                 \
    } while (0)

#define CHECK(cond, ...)                                           \
    do {                                                           \
        checks++;                                                  \
        if (!(cond)) {                                             \
            failures++;                                            \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);  \
            fprintf(stderr, __VA_ARGS__);                          \
            fputc('\n', stderr);                                   \
        }                                                          \
    } while (0)

/* ---- the differences from libidn2, each with its standards-correct result */

typedef struct difference {
    const char *in;    /* input (U-label for registration rows) */
    int flags;         /* the flags of the run that differs */
    int rc;            /* xn's result */
    const char *out;   /* and its output when rc is IDN2_OK */
    const char *why;
    bool seen;
} difference;

static difference differences[] = {
    /* libidn2 deletes '_' under UseSTD3ASCIIRules (UTS #46 disallows it:
     * the name fails). */
    {"_443._tcp.example.com", IDN2_USE_STD3_ASCII_RULES | IDN2_NONTRANSITIONAL, IDN2_DISALLOWED,
     NULL, "UseSTD3ASCIIRules: '_' is disallowed, not deleted (UTS #46 section 4 step 1)", false},
    {"_443._tcp.example.com", IDN2_USE_STD3_ASCII_RULES | IDN2_TRANSITIONAL, IDN2_DISALLOWED,
     NULL, "UseSTD3ASCIIRules: '_' is disallowed, not deleted (UTS #46 section 4 step 1)", false},
    {"_\xc3\xbc", IDN2_USE_STD3_ASCII_RULES | IDN2_NONTRANSITIONAL, IDN2_DISALLOWED, NULL,
     "UseSTD3ASCIIRules: '_' is disallowed, not deleted (UTS #46 section 4 step 1)", false},
    {"_\xc3\xbc", IDN2_USE_STD3_ASCII_RULES | IDN2_TRANSITIONAL, IDN2_DISALLOWED, NULL,
     "UseSTD3ASCIIRules: '_' is disallowed, not deleted (UTS #46 section 4 step 1)", false},
    /* A U-label holding '_' under IDNA2008 lookup. */
    /* CONTEXTO at lookup. */
    {"\xc2\xb7", 0, IDN2_CONTEXTO, NULL,
     "RFC 5891 section 5.4 lets lookup test CONTEXTO rules and xn does (U+00B7 alone fails "
     "RFC 5892 A.3); libidn2 skips them",
     false},
    {"\xc2\xb7", IDN2_NO_TR46, IDN2_CONTEXTO, NULL,
     "RFC 5891 section 5.4 lets lookup test CONTEXTO rules and xn does", false},
    {"\xc2\xb7", IDN2_NONTRANSITIONAL, IDN2_CONTEXTO, NULL,
     "RFC 5891 section 5.4 lets lookup test CONTEXTO rules and xn does", false},
    /* Which rule is named first. */
    {"xn--\xc3\xaf" "dn.example", IDN2_NO_TR46, IDN2_ALABEL_ROUNDTRIP_FAILED, NULL,
     "an \"xn--\" label with non-ASCII characters is refused as no A-label (RFC 5891 section "
     "5.3); libidn2 names the \"--\" rule instead (both refuse the name)",
     false},
    {"\xc3\xa2\xcb\x9c\xc2\xba", IDN2_NONTRANSITIONAL, IDN2_DISALLOWED, NULL,
     "the UTS #46 mapping makes U+02DC a SPACE, which IDNA2008 disallows; libidn2 names its "
     "A-label round trip instead (both refuse the name)",
     false},
    /* Ill-formed UTF-8. */
    {"\xec\x80\x90\xed\x93\xec\x84\x93\x84\x93\xec\x84\xec\x84\x93\xec\x93\xec\x84\x93"
     "\x84\x93\xec\x84\xec\x84\x93\xec\x93\xec\x84\x93\x84\x93\xec\x84\xec\xbc\x93\xec"
     "\x93\xec\x84\x93\x84\x93\xec\x84\xec\x84\x93\xec\x93\xec\x84\x93\x84\x93\xec\x84"
     "\xec\x84\x93\xec\xbb\xe3\x84\x93\x84\x93\xec\x84\xeb\x84\x93\xec\x84\xe4\x84\x9f"
     "\x82\x8b\xec\x80",
     IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT, IDN2_ENCODING_ERROR, NULL,
     "the input is not well-formed UTF-8 (ED 93 EC: a truncated sequence); libidn2 converts it "
     "anyway",
     false},
    {"_\xc3\xbc", IDN2_NONTRANSITIONAL, IDN2_DISALLOWED, NULL,
     "IDNA2008 lookup: '_' in a U-label is DISALLOWED (RFC 5892); libidn2 lets it through "
     "after the UTS #46 mapping",
     false},
    /* U+206A INHIBIT SYMMETRIC SWAPPING: disallowed in UTS #46 up to 15.1,
     * ignored (mapped to nothing) from 16.0 on. */
    {"\xe2\x81\xaa\xc3\xad" "dn.example", 0, IDN2_OK, "xn--dn-mja.example",
     "UTS #46 16.0 and later map U+206A to nothing (ignored); libidn2's older tables "
     "disallow it",
     false},
    {"\xe2\x81\xaa\xc3\xad" "dn.example", IDN2_NONTRANSITIONAL, IDN2_OK, "xn--dn-mja.example",
     "UTS #46 16.0 and later map U+206A to nothing (ignored); libidn2's older tables "
     "disallow it",
     false},
};

static difference *find_difference(const char *in, int flags)
{
    size_t i;
    for (i = 0; i < sizeof differences / sizeof differences[0]; i++)
        if (strcmp(differences[i].in, in) == 0 && differences[i].flags == flags)
            return &differences[i];
    return NULL;
}

/* ---- reading the rows -------------------------------------------------- */

/* Decodes a hex field into a NUL-terminated malloc()ed string; "-" is NULL. */
static char *unhex(const char *f, size_t n)
{
    char *s;
    size_t i;
    if (n == 1 && f[0] == '-')
        return NULL;
    s = malloc(n / 2 + 1);
    if (!s) {
        fprintf(stderr, "out of memory\n");
        exit(99);
    }
    for (i = 0; i + 1 < n; i += 2) {
        unsigned v;
        if (sscanf(f + i, "%2x", &v) != 1)
            v = 0;
        s[i / 2] = (char)v;
    }
    s[n / 2] = '\0';
    return s;
}

/* Splits a line at tabs into at most max fields (in place). */
static size_t split(char *line, char **f, size_t *len, size_t max)
{
    size_t k = 0;
    char *p = line;
    while (k < max) {
        char *t = strchr(p, '\t');
        f[k] = p;
        len[k] = t ? (size_t)(t - p) : strlen(p);
        k++;
        if (!t)
            break;
        p = t + 1;
    }
    return k;
}

static void show(char *buf, size_t cap, const char *s)
{
    size_t o = 0;
    if (!s) {
        snprintf(buf, cap, "(null)");
        return;
    }
    for (; *s && o + 5 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7F)
            buf[o++] = (char)c;
        else
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", c);
    }
    buf[o] = '\0';
}

static unsigned long rows_run, rows_excused, rows_differ;

/* One run of idn2_lookup_u8 against a row's expectation. */
static void lookup_case(const char *in, const char *want, int want_rc, int flags)
{
    uint8_t *out = NULL;
    int rc = idn2_lookup_u8((const uint8_t *)in, &out, flags);
    difference *d = find_difference(in, flags);
    char a[512], b[512];
    bool same;

    rows_run++;
    show(a, sizeof a, in);
    if (d) {
        d->seen = true;
        rows_differ++;
        CHECK(rc == d->rc && (rc != IDN2_OK || strcmp((char *)out, d->out) == 0),
              "difference %s flags %d: %s, want %s (%s)", a, flags, idn2_strerror_name(rc),
              idn2_strerror_name(d->rc), d->why);
        same = rc == want_rc && (rc != IDN2_OK || strcmp((char *)out, want) == 0);
        CHECK(!same, "listed difference %s flags %d is libidn2's result now: drop it", a, flags);
        free(out);
        return;
    }
    if (rc != want_rc && rc == IDN2_ENCODING_ERROR && want_rc != IDN2_OK) {
        rows_excused++; /* libidn2's harness: "utc bug" */
        free(out);
        return;
    }
    show(b, sizeof b, rc == IDN2_OK ? (const char *)out : "");
    CHECK((rc == want_rc || want_rc == -1) &&
              (rc != IDN2_OK || strcmp((char *)out, want) == 0),
          "lookup %s flags %d: %s \"%s\", want %s \"%s\"", a, flags, idn2_strerror_name(rc), b,
          idn2_strerror_name(want_rc), want ? want : "");
    CHECK(rc == IDN2_OK || out == NULL, "lookup %s: output on failure", a);
    free(out);
}

static void lookup_row(const char *in, const char *want, int want_rc, int flags)
{
    lookup_case(in, want, want_rc, flags);
    if (!(flags & (IDN2_NONTRANSITIONAL | IDN2_TRANSITIONAL)))
        lookup_case(in, want, want_rc, flags | IDN2_NO_TR46);
    if (!(flags & (IDN2_NO_TR46 | IDN2_TRANSITIONAL)))
        lookup_case(in, want, want_rc, flags | IDN2_NONTRANSITIONAL);
}

static void register_row(const char *alabel, const char *ulabel, const char *want, int want_rc,
                         int flags)
{
    uint8_t *out = (uint8_t *)&checks; /* must be replaced */
    int rc = idn2_register_u8((const uint8_t *)ulabel, (const uint8_t *)alabel, &out, flags);
    char a[256], u[256];

    rows_run++;
    show(a, sizeof a, alabel);
    show(u, sizeof u, ulabel);
    CHECK(rc == want_rc && (rc != IDN2_OK || strcmp((char *)out, want) == 0),
          "register A %s U %s: %s, want %s", a, u, idn2_strerror_name(rc),
          idn2_strerror_name(want_rc));
    if (rc == IDN2_OK) {
        uint8_t *l = NULL;
        if (ulabel) {
            int lrc = idn2_lookup_u8((const uint8_t *)ulabel, &l, flags);
            CHECK(lrc == IDN2_OK && strcmp((char *)l, (char *)out) == 0,
                  "register U %s: lookup gives %s", u, idn2_strerror_name(lrc));
        }
        free(l);
        free(out);
    } else {
        CHECK(out == NULL, "register A %s U %s: output on failure", a, u);
    }
}

static void run_rows(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[65536];
    size_t i;
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        exit(99);
    }
    while (fgets(line, sizeof line, f)) {
        char *fld[6];
        size_t len[6], k;
        line[strcspn(line, "\n")] = '\0';
        k = split(line, fld, len, 6);
        if (k == 5 && strncmp(fld[0], "lookup", len[0]) == 0) {
            char *in = unhex(fld[1], len[1]), *out = unhex(fld[2], len[2]);
            lookup_row(in, out, atoi(fld[3]), atoi(fld[4]));
            free(in);
            free(out);
        } else if (k == 6 && strncmp(fld[0], "register", len[0]) == 0) {
            char *a = unhex(fld[1], len[1]), *u = unhex(fld[2], len[2]);
            char *out = unhex(fld[3], len[3]);
            register_row(a, u, out, atoi(fld[4]), atoi(fld[5]));
            free(a);
            free(u);
            free(out);
        } else {
            CHECK(false, "%s: a line that is no row", path);
        }
    }
    fclose(f);
    for (i = 0; i < sizeof differences / sizeof differences[0]; i++)
        CHECK(differences[i].seen, "listed difference %s (flags %d) matches no row",
              differences[i].in, differences[i].flags);
}

/* ---- the API around the tables ---------------------------------------- */

static void api(void)
{
    char *s = (char *)&checks;
    uint8_t *u = NULL;
    uint32_t *w = NULL;
    static const uint32_t buecher[] = {'b', 0xFC, 'c', 'h', 'e', 'r', '.', 'd', 'e', 0};
    uint32_t out32[64];
    size_t n;
    char ace[64];

    /* With ICU at hand, IDN2_NFC keeps libidn2's text (without it, the
     * text names the missing library: tests/test-icu-missing.c). */
    CHECK(strcmp(idn2_strerror(IDN2_NFC), "string could not be NFC normalized") == 0,
          "idn2_strerror(IDN2_NFC)");

    /* NULL input is the empty name; NULL output only checks. */
    CHECK(idn2_lookup_u8(NULL, NULL, 0) == IDN2_OK, "lookup NULL");
    CHECK(idn2_lookup_u8((const uint8_t *)"b\xc3\xbc" "cher.de", NULL, 0) == IDN2_OK,
          "lookup without output");
    CHECK(idn2_lookup_ul(NULL, &s, 0) == IDN2_OK && s == NULL, "lookup_ul NULL");
    CHECK(idn2_register_u8(NULL, NULL, NULL, 0) == IDN2_OK, "register NULL");
    CHECK(idn2_register_u8(NULL, (const uint8_t *)"xn+-xxx", &u, 0) == IDN2_INVALID_ALABEL &&
              u == NULL,
          "register a non-A-label");
    CHECK(idn2_register_u8(NULL, (const uint8_t *)"xn--\xff", &u, 0) == IDN2_INVALID_ALABEL &&
              u == NULL,
          "register a non-ASCII A-label");
    CHECK(idn2_register_u8((const uint8_t *)"fa\xc3\x9f", NULL, NULL, IDN2_NFC_INPUT) == IDN2_OK,
          "register faß");
    CHECK(idn2_register_ul(NULL, NULL, NULL, 0) == IDN2_OK, "register_ul NULL");

    /* xn's Stream-Safe limit before NFC (issue 36): "a" + 20000 x (U+0345
     * U+0334), quadratic in ICU's canonical reordering, is refused with
     * IDN2_NFC at once; 30 marks in a row are normalized. */
    {
        static char marks[1 + 4 * 20000 + 1];
        size_t i;
        marks[0] = 'a';
        for (i = 0; i < 20000; i++)
            memcpy(marks + 1 + 4 * i, "\xCD\x85\xCC\xB4", 4);
        CHECK(idn2_lookup_u8((const uint8_t *)marks, &u, IDN2_NO_TR46 | IDN2_NFC_INPUT) ==
                      IDN2_NFC &&
                  u == NULL,
              "lookup NO_TR46|NFC_INPUT of 40000 marks in a row");
        CHECK(idn2_register_u8((const uint8_t *)marks, NULL, &u, IDN2_NFC_INPUT) == IDN2_NFC &&
                  u == NULL,
              "register NFC_INPUT of 40000 marks in a row");
        marks[1 + 4 * 15] = '\0'; /* 30 marks */
        CHECK(idn2_lookup_u8((const uint8_t *)marks, &u, IDN2_NO_TR46 | IDN2_NFC_INPUT) !=
                  IDN2_NFC,
              "lookup NO_TR46|NFC_INPUT of 30 marks: normalized");
        idn2_free(u);
        u = NULL;
    }

    /* Flags. */
    /* Bits libidn2 does not know it ignores (a program built for a later
     * libidn2 may pass them); the sets it refuses are refused. */
    CHECK(idn2_lookup_u8((const uint8_t *)"a", &u, 1 << 20) == IDN2_OK &&
              strcmp((char *)u, "a") == 0,
          "unknown flag");
    free(u);
    u = NULL;
    CHECK(idn2_lookup_u8((const uint8_t *)"a", &u,
                         IDN2_ALABEL_ROUNDTRIP | IDN2_NO_ALABEL_ROUNDTRIP) == IDN2_INVALID_FLAGS &&
              u == NULL,
          "ALABEL_ROUNDTRIP and NO_ALABEL_ROUNDTRIP");
    CHECK(idn2_lookup_u8((const uint8_t *)"a", &u, IDN2_TRANSITIONAL | IDN2_NONTRANSITIONAL) ==
              IDN2_INVALID_FLAGS,
          "T and N");

    /* A trailing root dot is kept; lengths as libidn2 holds them. */
    CHECK(idn2_lookup_u8((const uint8_t *)"b\xc3\xbc" "cher.de.", &u, 0) == IDN2_OK &&
              strcmp((char *)u, "xn--bcher-kva.de.") == 0,
          "root dot");
    free(u);
    u = NULL;
    CHECK(idn2_lookup_u8((const uint8_t *)"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.de",
                         &u, 0) == IDN2_TOO_BIG_LABEL && u == NULL,
          "64-byte label");
    /* Ill-formed UTF-8 is an error, not replaced. */
    CHECK(idn2_lookup_u8((const uint8_t *)"\xc0\xaf.de", &u, 0) == IDN2_ENCODING_ERROR,
          "overlong UTF-8");

    /* The UTF-32 forms. */
    CHECK_STR(idn2_to_ascii_4z(buecher, &s, 0), s, "xn--bcher-kva.de", "to_ascii_4z");
    CHECK_STR(idn2_to_ascii_4i2(buecher, 9, &s, 0), s, "xn--bcher-kva.de", "to_ascii_4i2");
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
    CHECK(idn2_to_ascii_4i(buecher, 9, ace, 0) == IDN2_OK && strcmp(ace, "xn--bcher-kva.de") == 0,
          "to_ascii_4i (deprecated, still exported)");
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    CHECK_STR(idn2_to_ascii_8z("B\xc3\x9c" "cher.de", &s, 0), s,
              "xn--bcher-kva.de", "to_ascii_8z maps case");
    CHECK_STR(idn2_to_unicode_8z8z("xn--bcher-kva.de", &s, 0), s,
              "b\xc3\xbc" "cher.de", "to_unicode_8z8z");
    CHECK(idn2_to_unicode_8z8z("xn--te_.de", &s, 0) == IDN2_PUNYCODE_BAD_INPUT && s == NULL,
          "to_unicode_8z8z bad Punycode");
    CHECK(idn2_to_unicode_8z4z("xn--bcher-kva.de", &w, 0) == IDN2_OK &&
              memcmp(w, buecher, sizeof buecher) == 0,
          "to_unicode_8z4z");
    free(w);
    CHECK(idn2_to_unicode_4z4z(buecher, &w, 0) == IDN2_OK && memcmp(w, buecher, sizeof buecher) == 0,
          "to_unicode_4z4z");
    free(w);
    n = 64;
    CHECK(idn2_to_unicode_44i(buecher, 9, out32, &n, 0) == IDN2_OK && n == 9 &&
              memcmp(out32, buecher, 9 * sizeof *out32) == 0,
          "to_unicode_44i");

    /* Punycode, as libidn2 exports it. */
    {
        extern int _idn2_punycode_encode(size_t, const uint32_t[], size_t *, char[]);
        extern int _idn2_punycode_decode(size_t, const char[], size_t *, uint32_t[]);
        uint32_t ue = 0xFC;
        char p[8];
        n = sizeof p;
        CHECK(_idn2_punycode_encode(1, &ue, &n, p) == IDN2_OK && n == 3 && memcmp(p, "tda", 3) == 0,
              "punycode encode");
        n = 1;
        CHECK(_idn2_punycode_encode(1, &ue, &n, p) == IDN2_PUNYCODE_BIG_OUTPUT, "encode small");
        n = 64;
        CHECK(_idn2_punycode_decode(3, "tda", &n, out32) == IDN2_OK && n == 1 && out32[0] == 0xFC,
              "punycode decode");
        n = 64;
        CHECK(_idn2_punycode_decode(4, "tda!", &n, out32) == IDN2_PUNYCODE_BAD_INPUT,
              "decode bad");
        /* The public names of libidn2 2.3.5, arguments in their order. */
        n = sizeof p;
        CHECK(idn2_punycode_encode(&ue, 1, p, &n) == IDN2_OK && n == 3 &&
                  memcmp(p, "tda", 3) == 0,
              "idn2_punycode_encode");
        n = 1;
        CHECK(idn2_punycode_encode(&ue, 1, p, &n) == IDN2_PUNYCODE_BIG_OUTPUT,
              "idn2_punycode_encode small");
        n = 64;
        CHECK(idn2_punycode_decode("tda", 3, out32, &n) == IDN2_OK && n == 1 &&
                  out32[0] == 0xFC,
              "idn2_punycode_decode");
        n = 64;
        CHECK(idn2_punycode_decode("tda!", 4, out32, &n) == IDN2_PUNYCODE_BAD_INPUT,
              "idn2_punycode_decode bad");
    }

    /* The locale forms never substitute or transliterate (the C locale is
     * ASCII; C.UTF-8 is UTF-8; en_US.ISO-8859-1 is Latin-1 where it is
     * installed: CI makes it). */
    CHECK(setlocale(LC_ALL, "C") != NULL, "setlocale C");
    CHECK(idn2_lookup_ul("b\xc3\xbc" "cher.example", &s, 0) == IDN2_ICONV_FAIL && s == NULL,
          "lookup_ul of UTF-8 in the C locale");
    CHECK(idn2_to_unicode_8zlz("xn--bcher-kva.example", &s, 0) == IDN2_ENCODING_ERROR &&
              s == NULL,
          "to_unicode_8zlz of b\xc3\xbc" "cher in the C locale");
    CHECK(idn2_to_unicode_8zlz("xn--jxalpdlp.xn--qxam", &s, 0) == IDN2_ENCODING_ERROR,
          "no transliteration of Greek in the C locale");
    CHECK(idn2_to_unicode_lzlz("xn--fa-hia.de", &s, 0) == IDN2_ENCODING_ERROR,
          "no transliteration of fa\xc3\x9f in the C locale");
    CHECK_STR(idn2_lookup_ul("example.COM", &s, 0), s,
              "example.com", "lookup_ul of ASCII in the C locale");
    if (setlocale(LC_ALL, "C.UTF-8")) {
        CHECK_STR(idn2_lookup_ul("e\xcc\x81.com", &s, IDN2_NO_TR46), s,
                  "xn--9ca.com", "lookup_ul normalizes to NFC");
        CHECK(idn2_lookup_ul("b\xfc" "cher.example", &s, 0) == IDN2_ICONV_FAIL,
              "lookup_ul of Latin-1 bytes in a UTF-8 locale");
    } else {
        CHECK(false, "setlocale C.UTF-8");
    }
    if (setlocale(LC_ALL, "en_US.ISO-8859-1")) {
        CHECK_STR(idn2_lookup_ul("b\xfc" "cher.example", &s, 0), s,
                  "xn--bcher-kva.example", "lookup_ul in Latin-1");
        CHECK_STR(idn2_to_unicode_8zlz("xn--bcher-kva.example", &s, 0), s,
                  "b\xfc" "cher.example", "to_unicode_8zlz in Latin-1");
        CHECK(idn2_to_unicode_8zlz("xn--jxalpdlp.xn--qxam", &s, 0) == IDN2_ENCODING_ERROR &&
                  s == NULL,
              "Greek cannot be Latin-1");
    } else {
        printf("note: no en_US.ISO-8859-1 locale here: its checks are not run\n");
    }
    setlocale(LC_ALL, "C");

    /* The transitional fallback of curl, wget and dig: no SPACE in an
     * A-label (U+00A8 maps to SPACE + U+0308). */
    CHECK(idn2_lookup_u8((const uint8_t *)"\xc3\xbc\xc2\xa8.example", &u, IDN2_TRANSITIONAL) ==
              IDN2_ALABEL_ROUNDTRIP_FAILED && u == NULL,
          "transitional: a SPACE in an A-label");
    CHECK(idn2_lookup_u8((const uint8_t *)"\xc3\xbc_.com", &u, IDN2_TRANSITIONAL) == IDN2_OK &&
              strcmp((char *)u, "xn--_-dha.com") == 0,
          "transitional: '_' in an A-label, as libidn2");
    free(u);
    u = NULL;

    /* Results longer than the name and without "--" in their first 32
     * bytes (U+2177 is three bytes and maps to "viii"), alone and before
     * an A-label: the default lookup reads its result in 32-byte blocks,
     * which must stay inside the block it hands out (ASan's build
     * checks). */
    {
        char in[64], want[96];
        size_t k, j;
        for (k = 1; k <= 15; k++) {
            int tail;
            for (tail = 0; tail < 2; tail++) {
                size_t ni = 0, nw = 0;
                for (j = 0; j < k; j++) {
                    memcpy(in + ni, "\xe2\x85\xb7", 3);
                    memcpy(want + nw, "viii", 4);
                    ni += 3;
                    nw += 4;
                }
                if (tail) {
                    memcpy(in + ni, ".\xc3\xbc", 3);
                    memcpy(want + nw, ".xn--tda", 8);
                    ni += 3;
                    nw += 8;
                }
                in[ni] = '\0';
                want[nw] = '\0';
                CHECK(idn2_lookup_u8((const uint8_t *)in, &u, 0) == IDN2_OK && u &&
                          strcmp((char *)u, want) == 0,
                      "lookup of %zu x U+2177%s: %s", k, tail ? " and an A-label" : "",
                      u ? (char *)u : "(null)");
                free(u);
                u = NULL;
            }
        }
    }

    /* to_unicode: A-labels decoded, every other label as given. */
    CHECK_STR(idn2_to_unicode_8z8z("B\xc3\xbc" "cher.xn--bcher-kva.EXAMPLE", &s, 0), s,
              "B\xc3\xbc" "cher.b\xc3\xbc" "cher.EXAMPLE",
              "to_unicode keeps what is no A-label");
    CHECK_STR(idn2_to_unicode_8z8z("\xe2\x85\xb7.com", &s, 0), s,
              "\xe2\x85\xb7.com", "to_unicode does not map");

    /* Codes as libidn2's. */
    CHECK(idn2_lookup_u8((const uint8_t *)"xn--a.de", &u, 0) == IDN2_INVALID_NONTRANSITIONAL,
          "an A-label of a code point UTS #46 disallows");
    CHECK(strcmp(idn2_strerror_name(IDN2_NO_CODESET), "IDN2_NO_NODESET") == 0,
          "libidn2's name for -101");

    /* Strings and version. */
    CHECK(strcmp(idn2_strerror_name(IDN2_DISALLOWED), "IDN2_DISALLOWED") == 0, "strerror_name");
    CHECK(strcmp(idn2_strerror_name(12345), "IDN2_UNKNOWN") == 0, "unknown name");
    CHECK(idn2_strerror(IDN2_OK) != NULL && idn2_strerror(-99999) != NULL, "strerror");
    CHECK(idn2_check_version(NULL) != NULL && idn2_check_version("2.3.3") != NULL &&
              idn2_check_version("2.0") != NULL && idn2_check_version("99.0.0") == NULL &&
              idn2_check_version("x") == NULL,
          "check_version");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s ROWS\n", argv[0]);
        return 2;
    }
    run_rows(argv[1]);
    api();
    printf("idn2: %lu runs of libidn2's rows (%lu as libidn2's harness excuses, %lu listed "
           "differences), %lu checks, %lu failed\n",
           rows_run, rows_excused, rows_differ, checks, failures);
    return failures ? 1 : 0;
}
