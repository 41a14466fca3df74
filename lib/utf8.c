/* Strict UTF-8 (RFC 3629 §3, Unicode §3.9 table 3-7). */
#include "internal.h"

size_t xn__utf8_decode(const unsigned char *s, size_t len, uint32_t *cp)
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

size_t xn__utf8_length(uint32_t cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}
