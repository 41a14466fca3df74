/*
 * The one UTF-8 codec of the test programs and the fuzz targets, written
 * apart from lib/utf8.h (decode, then judge the value), so that it can
 * serve as their reference:
 *
 *   test_utf8_put(cp, o)             one code point as UTF-8 into o[0..4)
 *   test_utf8_get(s, n, &cp, sur)    one strict UTF-8 code point (surrogates
 *                                    only when sur is true); its length, or 0
 *                                    when the bytes are ill-formed
 *   test_utf8_to_cps(s, n, out, &count, sur)  a whole string's code points
 */
#ifndef XN_TEST_UTF8_H
#define XN_TEST_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes cp as UTF-8 to o[0..4) and returns its length.  A surrogate gets
 * the three (ill-formed) bytes its bit pattern gives: generalized UTF-8,
 * which the hostile-input tests and the conformance data's lone-surrogate
 * escapes want; a caller that must not produce them checks cp first. */
static inline size_t test_utf8_put(uint32_t cp, char *o)
{
    size_t n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4, k;
    static const unsigned char lead[5] = {0, 0x00, 0xC0, 0xE0, 0xF0};
    for (k = n - 1; k > 0; k--, cp >>= 6)
        o[k] = (char)(0x80 | (cp & 0x3F));
    o[0] = (char)(lead[n] | cp);
    return n;
}

/* Decodes one code point at s[0..n) (n > 0), strictly: shortest form only,
 * nothing past U+10FFFF, and surrogates (ED A0..BF xx) only when allow_sur.
 * Returns its length, or 0 when the bytes are ill-formed. */
static inline size_t test_utf8_get(const unsigned char *s, size_t n, uint32_t *cp,
                                   bool allow_sur)
{
    size_t len, k;
    uint32_t c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    if (c < 0xC2 || c > 0xF4)
        return 0;
    len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (len > n)
        return 0;
    c &= len == 2 ? 0x1Fu : len == 3 ? 0x0Fu : 0x07u;
    for (k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[k] & 0x3Fu);
    }
    if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10FFFF)))
        return 0;
    if (!allow_sur && c >= 0xD800 && c <= 0xDFFF)
        return 0;
    *cp = c;
    return len;
}

/* Decodes s[0..n) (test_utf8_get) into out, which has room for n code
 * points, and their number into *count; false when s is ill-formed (then
 * out[0..*count) holds the well-formed part before the bad bytes). */
static inline bool test_utf8_to_cps(const char *s, size_t n, uint32_t *out, size_t *count,
                                    bool allow_sur)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, k;
    *count = 0;
    while (i < n) {
        k = test_utf8_get(u + i, n - i, &out[*count], allow_sur);
        if (!k)
            return false;
        i += k;
        ++*count;
    }
    return true;
}

#endif
