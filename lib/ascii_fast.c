/*
 * The whole-name ASCII fast path of UTS #46 ToASCII / ToUnicode: SSE2 for
 * names of up to 64 bytes (the inline kernel of ascii.h), SWAR and SSE2
 * blocks for longer ones.  xn__ascii_fast() accepts only what the general
 * path would accept with the same output: tests/fuzz compares the two byte
 * for byte (xn__uts46_general()), and so does test-uts46.  It calls
 * nothing above bytes.h; the public entry points that try it are in
 * uts46.c.
 */
#include <stdint.h>
#include <string.h>

#include "ascii.h"
#include "compiler.h"
#include "rules.h"
#include "xn.h"


/* The whole-name fast path: a name of ASCII bytes that breaks no rule and
 * holds no "xn--" label is its own lower-cased copy, for ToASCII and
 * ToUnicode alike (an ASCII name is never a Bidi domain name, and every
 * ASCII character but A-Z is valid after the STD3 folding).  One pass
 * classifies and copies; anything unusual (non-ASCII, "--" at positions
 * 3-4, a hyphen at either end, an empty or over-long label, other ASCII
 * when STD3 or URL rules look at it, too small a buffer) returns false, and
 * the general path takes the name, errors and all. */

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SWAR 1
#define BYTES(x) (UINT64_C(0x0101010101010101) * (x))
/* For eight ASCII bytes (each < 0x80): bit 7 of each byte of the result is
 * set where the byte is >= lo.  No carry crosses bytes. */
static inline uint64_t swar_ge(uint64_t w, unsigned lo)
{
    return (w + BYTES(0x80u - lo)) & BYTES(0x80);
}
#endif

/* ascii_fast() for any length, a byte class or eight or sixteen bytes at a
 * time: the names over 64 bytes, and every name where SSE2 is missing. */
XN__NOINLINE static bool ascii_long(const char *in, size_t n, char *out, size_t cap,
                                    size_t *out_len, unsigned flags)
{
    const unsigned char *u = (const unsigned char *)in;
    bool dns = !(flags & XN_NO_VERIFY_DNS_LENGTH), hyphens = !(flags & XN_NO_CHECK_HYPHENS);
    /* A NUL is never taken (xn.h: U+0000 is refused in every profile): its
     * class, OTHER as well, then fails the name here. */
    unsigned special = XN__BC_DOT | XN__BC_NONASCII | XN__BC_HYPHEN | XN__BC_NUL;
    size_t i = 0, start = 0;

    if (!(flags & XN_NO_STD3_RULES) || (flags & XN_URL_RULES))
        special |= XN__BC_OTHER;
    if (n == 0 || n >= cap || (dns && !xn__name_length_ok(n)))
        return false;
    while (i < n) {
        size_t end = n - i >= 8 ? i + 8 : n;
#ifdef SWAR
#ifdef __SSE2__
        /* Sixteen bytes at once, when they are letters, digits and dots; the
         * last block of a name of 16 bytes or more overlaps the one before. */
        if (n >= 16) {
            size_t base = n - i >= 16 ? i : n - 16;
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(u + base));
            __m128i up = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('Z' + 1)));
            __m128i lo = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('a' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('z' + 1)));
            __m128i dg = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                       _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
            __m128i dt = _mm_cmpeq_epi8(v, _mm_set1_epi8('.'));
            /* Bytes >= 0x80 are negative: no compare above holds for them. */
            if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(up, lo), _mm_or_si128(dg, dt))) ==
                0xFFFF) {
                /* Only the dots not seen yet. */
                unsigned dots = (unsigned)_mm_movemask_epi8(dt) & (0xFFFFu << (i - base));
                v = _mm_or_si128(v, _mm_and_si128(up, _mm_set1_epi8(0x20)));
                _mm_storeu_si128((__m128i *)(void *)(out + base), v);
                while (dots) {
                    size_t at = base + (size_t)__builtin_ctz(dots);
                    if (at == start || (dns && !xn__label_length_ok(at - start)))
                        return false;
                    start = at + 1;
                    dots &= dots - 1;
                }
                i = base + 16;
                continue;
            }
        }
#endif
        /* Eight bytes at once, likewise. */
        if (end == i + 8) {
            size_t base = i;
            uint64_t w, x, upper, ok, dots;
            memcpy(&w, u + base, 8);
            if (w & BYTES(0x80))
                return false;
            x = w ^ BYTES('.');
            dots = ~(((x & BYTES(0x7F)) + BYTES(0x7F)) | x) & BYTES(0x80);
            upper = swar_ge(w, 'A') & ~swar_ge(w, 'Z' + 1);
            ok = upper | (swar_ge(w, 'a') & ~swar_ge(w, 'z' + 1)) |
                 (swar_ge(w, '0') & ~swar_ge(w, '9' + 1)) | dots;
            if (ok == BYTES(0x80)) {
                w |= upper >> 2; /* A-Z to a-z */
                memcpy(out + base, &w, 8);
                while (dots) {
                    size_t at = base + (size_t)__builtin_ctzll(dots) / 8;
                    if (at == start || (dns && !xn__label_length_ok(at - start)))
                        return false;
                    start = at + 1;
                    dots &= dots - 1;
                }
                i = end;
                continue;
            }
        }
#endif
        for (; i < end; i++) {
            unsigned b = u[i], c = xn__byte_class[b];
            out[i] = (char)(b | ((c & XN__BC_UPPER) << 4)); /* A-Z to a-z */
            if (c & special) {
                if (c & (XN__BC_NONASCII | XN__BC_OTHER))
                    return false;
                if (c & XN__BC_HYPHEN) {
                    if (i == start + 3 && u[i - 1] == '-') /* V2, or an ACE label */
                        return false;
                    if (hyphens && (i == start || i + 1 == n || u[i + 1] == '.'))
                        return false;
                } else { /* '.' */
                    if (i == start || (dns && !xn__label_length_ok(i - start)))
                        return false;
                    start = i + 1;
                }
            }
        }
    }
    if (i == start || (dns && !xn__label_length_ok(i - start)))
        return false;
    out[n] = '\0';
    *out_len = n;
    return true;
}

bool xn__ascii_fast(const char *in, size_t n, char *out, size_t cap, size_t *out_len,
                    unsigned flags)
{
    /* A name that starts with an A-label, as many do, is not for this path:
     * no need to classify it first. */
    if (xn__has_ace_prefix_bytes(in, n))
        return false;
#ifdef __SSE2__
    if (n - 1 < 64 && n < cap) {
        if (!xn__ascii_short((const unsigned char *)in, n, out, cap, flags))
            return false;
        out[n] = '\0';
        *out_len = n;
        return true;
    }
#endif
    return ascii_long(in, n, out, cap, out_len, flags);
}

