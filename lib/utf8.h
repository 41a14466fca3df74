/*
 * Strict UTF-8 (RFC 3629 §3, Unicode §3.9 table 3-7): the one decoder and
 * encoder of the library, inline because every conversion runs them per
 * code point.
 */
#ifndef XN_UTF8_H
#define XN_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* Decodes one scalar value from s[0..len) (len > 0).  Returns the number of
 * bytes used (1-4) and sets *cp, or 0 for an ill-formed sequence (overlong,
 * surrogate, above U+10FFFF, truncated, stray continuation byte). */
static inline size_t xn__utf8_decode(const unsigned char *s, size_t len, uint32_t *cp)
{
    unsigned char b0 = s[0];
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    if (b0 < 0xC2) /* continuation byte, or overlong 2-byte lead */
        return 0;
    if (b0 < 0xE0) {
        if (len < 2 || (s[1] & 0xC0) != 0x80)
            return 0;
        *cp = ((uint32_t)(b0 & 0x1F) << 6) | (uint32_t)(s[1] & 0x3F);
        return 2;
    }
    if (b0 < 0xF0) {
        /* E0 needs A0..BF (no overlong), ED needs 80..9F (no surrogate). */
        unsigned char lo = b0 == 0xE0 ? 0xA0 : 0x80;
        unsigned char hi = b0 == 0xED ? 0x9F : 0xBF;
        if (len < 3 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80)
            return 0;
        *cp = ((uint32_t)(b0 & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) |
              (uint32_t)(s[2] & 0x3F);
        return 3;
    }
    if (b0 < 0xF5) {
        /* F0 needs 90..BF (no overlong), F4 needs 80..8F (<= U+10FFFF). */
        unsigned char lo = b0 == 0xF0 ? 0x90 : 0x80;
        unsigned char hi = b0 == 0xF4 ? 0x8F : 0xBF;
        if (len < 4 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80 ||
            (s[3] & 0xC0) != 0x80)
            return 0;
        *cp = ((uint32_t)(b0 & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) |
              ((uint32_t)(s[2] & 0x3F) << 6) | (uint32_t)(s[3] & 0x3F);
        return 4;
    }
    return 0;
}

/* The number of bytes cp takes in UTF-8 (1-4); cp must be a scalar value. */
static inline size_t xn__utf8_length(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* Writes cp (a scalar value) to out, which has room for 4 bytes; returns the
 * number of bytes written. */
static inline size_t xn__utf8_put(uint32_t cp, char *out)
{
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | (cp >> 6));
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (unsigned char)(0xF0 | (cp >> 18));
    o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The code point at s[*i] of well-formed UTF-16 of n units (ICU's output:
 * a lead surrogate is followed by its trail), *i moved past it: the one
 * UTF-16 reader of the library (xn__to_utf16() in normalize.c writes). */
static inline uint32_t xn__utf16_next(const uint16_t *s, int32_t n, int32_t *i)
{
    uint32_t c = s[(*i)++];
    if (c >= 0xD800 && c < 0xDC00 && *i < n)
        c = (c << 10) + s[(*i)++] - ((0xD800u << 10) + 0xDC00u - 0x10000u);
    return c;
}

#endif
