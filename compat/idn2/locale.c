/*
 * The locale's charset: text in it to UTF-8 and back, and the entry points
 * that take or give text in it (libidn2's "l" forms).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <uniconv.h>
#include <unistr.h>

#include "idn2-locale.h"
#include "idn2-lookup.h"
#include "idn2-unicode.h"
#include "idn2.h"

/* No conversion here ever substitutes or transliterates: a character the
 * target charset cannot carry fails the call.  ASCII and UTF-8 are checked
 * and copied here; any other charset goes through libunistring with the
 * error handler, and the result must convert back to exactly the bytes it
 * came from (iconv may transliterate even then). */
typedef enum { CHARSET_ASCII, CHARSET_UTF8, CHARSET_OTHER } charset_kind;

static charset_kind locale_kind(const char **name)
{
    static const char *const ascii[] = {"ASCII", "ANSI_X3.4-1968", "US-ASCII", "646"};
    const char *cs = locale_charset();
    size_t i;
    *name = cs;
    if (strcmp(cs, "UTF-8") == 0)
        return CHARSET_UTF8;
    for (i = 0; i < sizeof ascii / sizeof ascii[0]; i++)
        if (strcmp(cs, ascii[i]) == 0)
            return CHARSET_ASCII;
    return CHARSET_OTHER;
}

/* A malloc()ed NUL-terminated copy of s[0..n); NULL when out of memory. */
static char *copy_z(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

/* The NUL-terminated string src, in the locale's charset, to UTF-8
 * (malloc()ed, NUL-terminated).  Text the charset does not hold, or a
 * character it cannot be converted from, is IDN2_ICONV_FAIL, as with
 * libidn2. */
int idn2__from_locale(const char *src, char **u8)
{
    const char *cs;
    size_t n = strlen(src), len = 0, back_len = 0;
    uint8_t *conv;
    char *back;
    bool same;

    *u8 = NULL;
    switch (locale_kind(&cs)) {
    case CHARSET_UTF8:
        if (u8_check((const uint8_t *)src, n))
            return IDN2_ICONV_FAIL;
        break;
    case CHARSET_ASCII:
        if (!idn2__all_ascii(src, n))
            return IDN2_ICONV_FAIL;
        break;
    case CHARSET_OTHER:
        if (idn2__all_ascii(src, n))
            break; /* glibc's locale charsets all spell ASCII as ASCII */
        conv = u8_conv_from_encoding(cs, iconveh_error, src, n, NULL, NULL, &len);
        if (!conv)
            return errno == ENOMEM ? IDN2_MALLOC : IDN2_ICONV_FAIL;
        back = u8_conv_to_encoding(cs, iconveh_error, conv, len, NULL, NULL, &back_len);
        same = back && back_len == n && memcmp(back, src, n) == 0;
        free(back);
        if (!same) {
            int rc = !back && errno == ENOMEM ? IDN2_MALLOC : IDN2_ICONV_FAIL;
            free(conv);
            return rc;
        }
        *u8 = copy_z((const char *)conv, len);
        free(conv);
        return *u8 ? IDN2_OK : IDN2_MALLOC;
    }
    *u8 = copy_z(src, n);
    return *u8 ? IDN2_OK : IDN2_MALLOC;
}

/* The NUL-terminated UTF-8 string *s to the locale's charset, replacing
 * *s (freed either way; NULL on failure).  A character the charset cannot
 * carry is IDN2_ENCODING_ERROR, as libidn2 answers for to_unicode. */
int idn2__to_locale(char **s)
{
    const char *cs, *u = *s;
    size_t n = strlen(u), len = 0, back_len = 0;
    char *conv = NULL;
    uint8_t *back;
    bool same;
    int rc = IDN2_OK;

    switch (locale_kind(&cs)) {
    case CHARSET_UTF8:
        return IDN2_OK; /* already well-formed UTF-8 */
    case CHARSET_ASCII:
        if (idn2__all_ascii(u, n))
            return IDN2_OK;
        rc = IDN2_ENCODING_ERROR;
        break;
    case CHARSET_OTHER:
        if (idn2__all_ascii(u, n))
            return IDN2_OK;
        conv = u8_conv_to_encoding(cs, iconveh_error, (const uint8_t *)u, n, NULL, NULL, &len);
        if (!conv) {
            rc = errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
            break;
        }
        back = u8_conv_from_encoding(cs, iconveh_error, conv, len, NULL, NULL, &back_len);
        same = back && back_len == n && memcmp(back, u, n) == 0;
        if (!same)
            rc = !back && errno == ENOMEM ? IDN2_MALLOC : IDN2_ENCODING_ERROR;
        free(back);
        break;
    }
    free(*s);
    *s = NULL;
    if (rc == IDN2_OK) {
        *s = copy_z(conv, len);
        if (!*s)
            rc = IDN2_MALLOC;
    }
    free(conv);
    return rc;
}

/* ---- entry points -------------------------------------------------------- */

/* What every locale form does first: *output (when not NULL) cleared, and
 * the text src, in the locale's charset, in UTF-8 in *u8 (malloc()ed; NULL
 * for NULL). */
static int locale_input(const char *src, char **u8, char **output)
{
    if (output)
        *output = NULL;
    *u8 = NULL;
    return src ? idn2__from_locale(src, u8) : IDN2_OK;
}

/* libidn2 documents that the locale forms normalize to NFC. */
int
idn2_lookup_ul(const char *src, char **lookupname, int flags)
{
    char *u8;
    int rc = locale_input(src, &u8, lookupname);
    if (rc == IDN2_OK)
        rc = idn2__lookup(u8, lookupname, flags | IDN2_NFC_INPUT);
    free(u8);
    return rc;
}

int
idn2_register_ul(const char *ulabel, const char *alabel, char **insertname, int flags)
{
    char *u8;
    int rc = locale_input(ulabel, &u8, insertname);
    if (rc == IDN2_OK)
        rc = idn2_register_u8((const uint8_t *)u8, (const uint8_t *)alabel,
                              (uint8_t **)insertname, flags | IDN2_NFC_INPUT);
    free(u8);
    return rc;
}

int
idn2_to_ascii_lz(const char *input, char **output, int flags)
{
    return idn2_lookup_ul(input, output, flags);
}

int
idn2_to_unicode_8zlz(const char *input, char **output, int flags)
{
    char *out = NULL;
    int rc = idn2_to_unicode_8z8z(input, &out, flags);
    if (rc == IDN2_OK && out)
        rc = idn2__to_locale(&out);
    return idn2__hand_over(rc, out, output);
}

int
idn2_to_unicode_lzlz(const char *input, char **output, int flags)
{
    char *u8;
    int rc = locale_input(input, &u8, output);
    if (rc == IDN2_OK)
        rc = idn2_to_unicode_8zlz(u8, output, flags);
    free(u8);
    return rc;
}
