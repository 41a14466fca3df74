/*
 * Property: the libidn2-compatible entry points (compat/idn2) on any bytes
 * never crash, leak or read past their input, and:
 *  - on failure they hand out no string (the output pointer is NULL);
 *  - idn2_lookup_u8 and idn2_to_ascii_8z agree, and so do the UTF-32 form
 *    idn2_to_ascii_4z on the same text;
 *  - a successful default lookup gives ASCII, and looking that up again
 *    gives it back unchanged;
 *  - a successful idn2_to_unicode_8z8z gives well-formed UTF-8;
 *  - idn2_register_u8 of a label that succeeds agrees with the lookup
 *    without mapping (IDN2_NO_TR46);
 *  - in the locale the input picks (C, C.UTF-8 or en_US.ISO-8859-1), the
 *    locale forms never substitute or transliterate: idn2_lookup_ul is
 *    idn2_lookup_u8 (with IDN2_NFC_INPUT) of the text the bytes stand for
 *    in that charset, or IDN2_ICONV_FAIL when they stand for none;
 *    idn2_to_unicode_8zlz is idn2_to_unicode_8z8z's result in the
 *    locale's bytes, or IDN2_ENCODING_ERROR when the charset cannot carry
 *    it; idn2_to_unicode_lzlz is the two together;
 *  - the UTF-32 forms (idn2_to_unicode_8z4z, _4z4z, _44i) give
 *    idn2_to_unicode_8z8z's result as code points.
 * The first byte picks the flags (a libidn2 flag set, or the byte itself,
 * unknown bits included) and the locale; the rest, up to a NUL, is the
 * name.  A locale that cannot be set fails (CI makes the Latin-1 one).
 */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "idn2.h"

static const int flag_sets[] = {
    0,
    IDN2_NONTRANSITIONAL,
    IDN2_TRANSITIONAL,
    IDN2_NO_TR46,
    IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL,
    IDN2_USE_STD3_ASCII_RULES | IDN2_NONTRANSITIONAL,
    IDN2_USE_STD3_ASCII_RULES | IDN2_TRANSITIONAL,
    IDN2_NO_TR46 | IDN2_NFC_INPUT,
};

/* Text to UTF-32 the simple way (the fuzzer's text is checked by the
 * library, not here): NULL when it is not well-formed UTF-8. */
static uint32_t *to_u32(const char *s)
{
    size_t n = strlen(s), k = 0, i = 0;
    uint32_t *w = malloc((n + 1) * sizeof *w);
    if (!w)
        abort();
    while (i < n) {
        size_t len = test_utf8_get((const unsigned char *)s + i, n - i, &w[k], false);
        if (!len) {
            free(w);
            return NULL;
        }
        k++;
        i += len;
    }
    w[k] = 0;
    return w;
}

/* The locales a name may come in, and their charsets. */
typedef enum { LOC_UTF8, LOC_ASCII, LOC_LATIN1 } charset;
static const struct {
    const char *name;
    charset cs;
} locales[] = {{"C.UTF-8", LOC_UTF8}, {"C", LOC_ASCII}, {"en_US.ISO-8859-1", LOC_LATIN1}};

/* The bytes s in charset cs as UTF-8 (malloc()ed), or NULL when they are no
 * text in it. */
static char *locale_to_u8(const char *s, charset cs)
{
    size_t n = strlen(s), i, o = 0;
    char *u = malloc(2 * n + 1);
    if (!u)
        abort();
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 || cs == LOC_UTF8) {
            u[o++] = (char)c;
        } else if (cs == LOC_ASCII) {
            free(u);
            return NULL;
        } else { /* Latin-1: the byte is the code point */
            u[o++] = (char)(0xC0 | (c >> 6));
            u[o++] = (char)(0x80 | (c & 0x3F));
        }
    }
    u[o] = '\0';
    if (cs == LOC_UTF8 && !fuzz_utf8_valid(u, o)) {
        free(u);
        return NULL;
    }
    return u;
}

/* The well-formed UTF-8 s in charset cs (malloc()ed), or NULL when it holds
 * a character cs cannot carry. */
static char *u8_to_locale(const char *s, charset cs)
{
    size_t n = strlen(s), i = 0, o = 0;
    char *l = malloc(n + 1);
    if (!l)
        abort();
    while (i < n) {
        uint32_t c;
        size_t len = test_utf8_get((const unsigned char *)s + i, n - i, &c, false);
        if (!len || (cs == LOC_ASCII && c >= 0x80) || (cs == LOC_LATIN1 && c > 0xFF)) {
            free(l);
            return NULL;
        }
        if (cs == LOC_UTF8) {
            memcpy(l + o, s + i, len);
            o += len;
        } else {
            l[o++] = (char)c;
        }
        i += len;
    }
    l[o] = '\0';
    return l;
}

/* The locale forms against the UTF-8 ones, in the locale picked. */
static void locale_forms(const char *in, int flags, charset cs)
{
    char *u8 = locale_to_u8(in, cs), *got = NULL, *want = NULL, *uni = NULL;
    int rc, rc2;

    rc = idn2_lookup_ul(in, &got, flags);
    if (!u8) {
        FUZZ_ASSERT(rc == IDN2_ICONV_FAIL && got == NULL,
                    "lookup_ul of bytes that are no text in the locale: %s",
                    idn2_strerror_name(rc));
    } else {
        rc2 = idn2_lookup_u8((const uint8_t *)u8, (uint8_t **)&want, flags | IDN2_NFC_INPUT);
        FUZZ_ASSERT(rc == rc2 && (rc != IDN2_OK || strcmp(got, want) == 0),
                    "lookup_ul %s \"%s\", lookup_u8 of its text %s \"%s\"",
                    idn2_strerror_name(rc), got ? fuzz_show(got, strlen(got)) : "",
                    idn2_strerror_name(rc2), want ? fuzz_show(want, strlen(want)) : "");
    }
    free(got);
    free(want);
    got = want = NULL;

    /* to_unicode from UTF-8 to the locale: 8z8z's result in its bytes. */
    rc2 = idn2_to_unicode_8z8z(in, &uni, 0);
    rc = idn2_to_unicode_8zlz(in, &got, 0);
    if (rc2 != IDN2_OK) {
        FUZZ_ASSERT(rc == rc2 && got == NULL, "to_unicode_8zlz %s where 8z8z gives %s",
                    idn2_strerror_name(rc), idn2_strerror_name(rc2));
    } else {
        want = u8_to_locale(uni, cs);
        if (!want)
            FUZZ_ASSERT(rc == IDN2_ENCODING_ERROR && got == NULL,
                        "to_unicode_8zlz of \"%s\", which the locale cannot carry: %s",
                        fuzz_show(uni, strlen(uni)), idn2_strerror_name(rc));
        else
            FUZZ_ASSERT(rc == IDN2_OK && strcmp(got, want) == 0,
                        "to_unicode_8zlz %s \"%s\", want \"%s\"", idn2_strerror_name(rc),
                        got ? fuzz_show(got, strlen(got)) : "", fuzz_show(want, strlen(want)));
    }
    free(got);
    free(want);
    free(uni);
    got = want = uni = NULL;

    /* to_unicode from the locale to the locale. */
    rc = idn2_to_unicode_lzlz(in, &got, 0);
    if (!u8) {
        FUZZ_ASSERT(rc == IDN2_ICONV_FAIL && got == NULL, "to_unicode_lzlz of no text: %s",
                    idn2_strerror_name(rc));
    } else {
        rc2 = idn2_to_unicode_8zlz(u8, &want, 0);
        FUZZ_ASSERT(rc == rc2 && (rc != IDN2_OK || strcmp(got, want) == 0),
                    "to_unicode_lzlz %s, 8zlz of its text %s", idn2_strerror_name(rc),
                    idn2_strerror_name(rc2));
    }
    free(got);
    free(want);
    free(u8);
}

/* The UTF-32 form `form` of to_unicode gave rc2 and got[0..n) where
 * idn2_to_unicode_8z8z gave rc and want[0..n) (n counts the 0). */
static void same_as_8z8z(const char *form, int rc2, const uint32_t *got, int rc,
                         const uint32_t *want, size_t n)
{
    FUZZ_ASSERT(rc2 == rc && (rc != IDN2_OK || memcmp(got, want, n * sizeof *got) == 0),
                "to_unicode_%s %s differs from 8z8z %s", form, idn2_strerror_name(rc2),
                idn2_strerror_name(rc));
}

/* The UTF-32 forms of to_unicode against idn2_to_unicode_8z8z. */
static void utf32_forms(const char *in, const uint32_t *w)
{
    char *uni = NULL;
    uint32_t *got = NULL, *want = NULL, buf[64];
    size_t k = 0, room = sizeof buf / sizeof buf[0];
    int rc = idn2_to_unicode_8z8z(in, &uni, 0), rc2;

    if (rc == IDN2_OK) {
        want = to_u32(uni);
        FUZZ_ASSERT(want != NULL, "to_unicode_8z8z output is no UTF-8");
        while (want[k])
            k++;
    }
    rc2 = idn2_to_unicode_8z4z(in, &got, 0);
    same_as_8z8z("8z4z", rc2, got, rc, want, k + 1);
    free(got);
    got = NULL;
    if (w) {
        size_t n = 0;
        while (w[n])
            n++;
        rc2 = idn2_to_unicode_4z4z(w, &got, 0);
        same_as_8z8z("4z4z", rc2, got, rc, want, k + 1);
        rc2 = idn2_to_unicode_44i(w, n, buf, &room, 0);
        FUZZ_ASSERT(rc2 == rc && (rc != IDN2_OK ||
                                  (room == (k < 64 ? k : 64) &&
                                   memcmp(buf, want, room * sizeof *buf) == 0)),
                    "to_unicode_44i %s differs from 8z8z %s", idn2_strerror_name(rc2),
                    idn2_strerror_name(rc));
    }
    free(got);
    free(want);
    free(uni);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int current = -1;
    int pick;
    int flags, rc, rc2;
    char *in, *a = NULL, *b = NULL;
    uint8_t *l = NULL, *again = NULL, *reg = NULL;
    uint32_t *w;

    fuzz_set_input(data, size);
    if (size == 0)
        return 0;
    flags = data[0] < 0xF0 ? flag_sets[data[0] % (sizeof flag_sets / sizeof flag_sets[0])]
                           : (int)data[0] - 0xF0 + 0x100; /* unknown bits */
    pick = (data[0] / 8) % 3;
    if (pick != current) {
        FUZZ_ASSERT(setlocale(LC_ALL, locales[pick].name) != NULL, "locale %s cannot be set",
                    locales[pick].name);
        current = pick;
    }
    /* The name ends at a NUL, as libidn2's strings do: an exact-size
     * NUL-terminated copy, so that ASan sees any read past it. */
    in = malloc(size);
    if (!in)
        abort();
    memcpy(in, data + 1, size - 1);
    in[size - 1] = '\0';

    rc = idn2_lookup_u8((const uint8_t *)in, &l, flags);
    FUZZ_ASSERT((rc == IDN2_OK) == (l != NULL) || (rc == IDN2_OK && in[0] == '\0'),
                "lookup %s: output %s", idn2_strerror_name(rc), l ? "on failure" : "missing");
    rc2 = idn2_to_ascii_8z(in, &a, flags);
    FUZZ_ASSERT(rc2 == rc && (rc != IDN2_OK || strcmp(a, (char *)l) == 0),
                "to_ascii_8z %s differs from lookup_u8 %s", idn2_strerror_name(rc2),
                idn2_strerror_name(rc));
    w = to_u32(in);
    if (w) {
        char *c = NULL;
        rc2 = idn2_to_ascii_4z(w, &c, flags);
        FUZZ_ASSERT(rc2 == rc && (rc != IDN2_OK || strcmp(c, (char *)l) == 0),
                    "to_ascii_4z %s differs from lookup_u8 %s", idn2_strerror_name(rc2),
                    idn2_strerror_name(rc));
        free(c);
    }
    utf32_forms(in, w);
    free(w);
    locale_forms(in, flags, locales[pick].cs);
    if (rc == IDN2_OK && (flags == 0 || flags == IDN2_NONTRANSITIONAL)) {
        size_t i;
        for (i = 0; l[i]; i++)
            FUZZ_ASSERT(l[i] < 0x80, "lookup output \"%s\" is not ASCII",
                        fuzz_show(l, strlen((char *)l)));
        rc2 = idn2_lookup_u8(l, &again, flags);
        FUZZ_ASSERT(rc2 == IDN2_OK && strcmp((char *)again, (char *)l) == 0,
                    "lookup of its own output \"%s\": %s", fuzz_show(l, strlen((char *)l)),
                    idn2_strerror_name(rc2));
        if (!strchr(in, '.') && in[0]) {
            /* Registration maps nothing: it agrees with lookup without
             * the UTS #46 mapping. */
            uint8_t *plain = NULL;
            int rc3 = idn2_lookup_u8((const uint8_t *)in, &plain, IDN2_NO_TR46);
            rc2 = idn2_register_u8((const uint8_t *)in, NULL, &reg, 0);
            if (rc2 == IDN2_OK)
                FUZZ_ASSERT(rc3 == IDN2_OK && strcmp((char *)reg, (char *)plain) == 0,
                            "register \"%s\" and lookup (NO_TR46) %s differ", (char *)reg,
                            idn2_strerror_name(rc3));
            else
                FUZZ_ASSERT(reg == NULL, "register output on failure");
            free(plain);
        }
    }
    rc2 = idn2_to_unicode_8z8z(in, &b, flags);
    if (rc2 == IDN2_OK && b)
        FUZZ_ASSERT(fuzz_utf8_valid(b, strlen(b)), "to_unicode output is no UTF-8");
    else
        FUZZ_ASSERT(b == NULL, "to_unicode output on failure");
    free(l);
    free(a);
    free(b);
    free(again);
    free(reg);
    free(in);
    return 0;
}
